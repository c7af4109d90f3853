import { describe, expect, it } from "vitest";
import { safeErpRedirect } from "./schema.ts";

const SITE = "https://www.batirade.test";

describe("safeErpRedirect", () => {
  it.each([
    ["/erp", "/erp"],
    ["/erp/leads", "/erp/leads"],
    ["/erp/leads?statut=nouveau", "/erp/leads?statut=nouveau"],
    ["/erp/leads?statut=nouveau&page=2#liste", "/erp/leads?statut=nouveau&page=2#liste"],
    ["/erp?onglet=1", "/erp?onglet=1"],
    ["/erp/leads/./nouveau", "/erp/leads/nouveau"],
    ["/erp/leads/../comptes", "/erp/comptes"],
    ["/erp/leads/%C3%A9t%C3%A9", "/erp/leads/%C3%A9t%C3%A9"],
    ["https://www.batirade.test/erp/leads", "/erp/leads"],
  ])("keeps the Espace Pro page %j as %j", (target, expected) => {
    expect(safeErpRedirect(target, SITE)).toBe(expected);
  });

  it.each([
    // Other sites, however the address is spelt.
    "//evil.example",
    "//evil.example/erp",
    "/\\evil.example",
    "\\\\evil.example/erp",
    "/erp/..//evil.example",
    "/erp/../..//evil.example/erp",
    "/erp/%2e%2e//evil.example",
    "/erp/%2E%2E//evil.example/erp",
    "/erp/.%2e//evil.example",
    "/erp/..\\\\evil.example",
    "https://evil.example/erp",
    "http://www.batirade.test/erp",
    "https:evil.example/erp",
    "https://www.batirade.test@evil.example/erp",
    "https://user:pass@www.batirade.test/erp",
    "javascript:alert(1)//erp",
    "data:text/html,<script>alert(1)</script>",
    // Control characters, raw or encoded, which browsers drop or which break headers.
    "/erp/..//%09/evil.example",
    "/erp/..//\t/evil.example",
    "/erp/../%0a/x",
    "/erp/../\n/x",
    "/erp/leads\r\nSet-Cookie: x=1",
    "/erp/leads%0d%0aSet-Cookie:%20x=1",
    "/erp/leads\u0000",
    "/erp/leads%00",
    "/erp/leads%7f",
    "/erp/leads%C2%85",
    "/erp/leads%250a",
    "/erp/leads?q=%0A",
    "\t/erp",
    // Outside the Espace Pro, or its own doors.
    "/",
    "/devis",
    "/erpx",
    "/erp-faux",
    "/ERP/leads",
    "/erp/login",
    "/erp/login?redirectTo=/erp/leads",
    "/erp/logout",
    "/erp/%6cogin",
    "/erp/leads/../login",
    "/erp/%ZZ",
    "erp",
    "",
  ])("refuses %j", (target) => {
    expect(safeErpRedirect(target, SITE)).toBe("/erp");
  });

  it("gives /erp when there is no target, or an overlong one", () => {
    expect(safeErpRedirect(null, SITE)).toBe("/erp");
    expect(safeErpRedirect(undefined, SITE)).toBe("/erp");
    expect(safeErpRedirect(`/erp/leads?q=${"x".repeat(3000)}`, SITE)).toBe("/erp");
  });

  it("never returns something a browser would read as another host", () => {
    for (const target of ["/erp//evil.example", "/erp/.//evil.example", "/erp/leads//x"]) {
      const result = safeErpRedirect(target, SITE);
      expect(result.startsWith("/erp")).toBe(true);
      expect(new URL(result, SITE).origin).toBe(SITE);
    }
  });
});
