import { describe, expect, it } from "vitest";
import { FLASH_COOKIE, readFlash, redirectWithFlash } from "./flash.server.ts";

function nextRequest(setCookie: string, url = "http://localhost/erp/leads"): Request {
  return new Request(url, { headers: { cookie: `autre=1; ${setCookie.split(";")[0]}` } });
}

describe("flash messages", () => {
  it("carries a message through a redirect, and clears it on the page that shows it", () => {
    const source = new Request("http://localhost/erp/leads/x", { method: "POST" });
    const response = redirectWithFlash(source, "/erp/leads", {
      tone: "success",
      message: "Les données du prospect ont été supprimées définitivement.",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/erp/leads");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Path=/erp");
    expect(setCookie).not.toContain("Secure");

    const { flash, clear } = readFlash(nextRequest(setCookie));
    expect(flash).toEqual({
      tone: "success",
      message: "Les données du prospect ont été supprimées définitivement.",
    });
    expect(clear).toContain(`${FLASH_COOKIE}=;`);
    expect(clear).toContain("Max-Age=0");
  });

  it("marks the cookie Secure on https", () => {
    const response = redirectWithFlash(new Request("https://www.example.test/erp"), "/erp", {
      tone: "info",
      message: "ok",
    });
    expect(response.headers.get("set-cookie")).toContain("Secure");
  });

  it("ignores a forged or broken cookie, and still clears it", () => {
    for (const raw of ["%7Bnope", encodeURIComponent('{"tone":"pirate","message":"x"}'), "%22%22"]) {
      const { flash, clear } = readFlash(
        new Request("http://localhost/erp", { headers: { cookie: `${FLASH_COOKIE}=${raw}` } }),
      );
      expect(flash).toBeNull();
      expect(clear).toContain("Max-Age=0");
    }
  });

  it("says nothing when there is no flash", () => {
    expect(readFlash(new Request("http://localhost/erp"))).toEqual({ flash: null, clear: null });
  });
});
