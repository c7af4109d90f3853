import { afterEach, describe, expect, it } from "vitest";
import { setAnalyticsSink, track } from "./analytics.ts";

afterEach(() => {
  setAnalyticsSink(null);
});

describe("analytics", () => {
  it("sends nothing anywhere until a sink is set", () => {
    expect(() => track("cta_call_mobile")).not.toThrow();
    expect(setAnalyticsSink(null)).toBeNull();
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
