import { afterEach, describe, expect, it, vi } from "vitest";
import { setAnalyticsSink, track } from "./analytics.ts";

afterEach(() => {
  setAnalyticsSink(null);
});

describe("analytics", () => {
  it("sends nothing anywhere until a sink is set, and keeps nothing for later", () => {
    // Every way a page could send an event out: none is used before consent.
    const requests: unknown[] = [];
    vi.stubGlobal("fetch", (...args: unknown[]) => {
      requests.push(["fetch", ...args]);
      return Promise.resolve(new Response(null));
    });
    vi.stubGlobal("navigator", { sendBeacon: (...args: unknown[]) => requests.push(["beacon", ...args]) });
    vi.stubGlobal(
      "XMLHttpRequest",
      class {
        open(...args: unknown[]) {
          requests.push(["xhr", ...args]);
        }
        send() {}
      },
    );
    try {
      track("devis_form_view", { source: "modal" });
      track("cta_call_mobile");
      expect(requests).toEqual([]);
      // A sink set later receives what happens from then on, never the events from before.
      const seen: unknown[] = [];
      expect(setAnalyticsSink((event) => seen.push(event))).toBeNull();
      track("cta_devis_modal_open", {});
      expect(seen).toEqual(["cta_devis_modal_open"]);
      expect(requests).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("hands every event and its properties to the sink", () => {
    const seen: unknown[] = [];
    setAnalyticsSink((event, props) => seen.push([event, props]));
    track("devis_form_view", { source: "modal" });
    track("devis_form_submit_success", { work_type: "Extension", source: "page" });
    track("cta_call_mobile");
    expect(seen).toEqual([
      ["devis_form_view", { source: "modal" }],
      ["devis_form_submit_success", { work_type: "Extension", source: "page" }],
      ["cta_call_mobile", {}],
    ]);
  });

  it("a failing tracker never breaks the page", () => {
    setAnalyticsSink(() => {
      throw new Error("pixel en panne");
    });
    expect(() => track("devis_form_submit_start", { source: "modal" })).not.toThrow();
  });
});
