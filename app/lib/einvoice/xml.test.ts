import { describe, expect, it } from "vitest";
import { parseXml, select } from "./xml.ts";

describe("parseXml", () => {
  it("resolves prefixes to namespaces, the default one included", () => {
    const result = parseXml('<a:Root xmlns:a="urn:a" xmlns="urn:d"><Child a:x="1">v</Child></a:Root>');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.root).toMatchObject({ ns: "urn:a", local: "Root" });
    expect(select(result.root, { d: "urn:d" }, "d:Child")).toMatchObject({
      text: "v",
      attributes: { x: "1" },
    });
  });

  it("decodes the predefined entities and character references, once", () => {
    const result = parseXml('<r a="&quot;x&quot;">caf&#233; &amp;amp; &lt;b&gt; &#x263A; &apos;</r>');
    expect(result.ok && result.root.text).toBe("café &amp; <b> ☺ '");
    expect(result.ok && result.root.attributes.a).toBe('"x"');
  });

  it("refuses DOCTYPE and ENTITY declarations, ill-formed XML, undeclared prefixes and deep nesting", () => {
    expect(parseXml('<!DOCTYPE r SYSTEM "http://example.test/r.dtd"><r/>')).toEqual({
      ok: false,
      reason: "unsafe-xml",
    });
    expect(parseXml("<r><!ENTITY x 'y'></r>")).toEqual({ ok: false, reason: "unsafe-xml" });
    expect(parseXml("<r><s></r>")).toEqual({ ok: false, reason: "malformed" });
    expect(parseXml("<p:r/>")).toEqual({ ok: false, reason: "malformed" });
    expect(parseXml(`${"<a>".repeat(5000)}${"</a>".repeat(5000)}`)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("refuses more elements than an invoice has, before parsing (the parser would take seconds)", () => {
    const started = performance.now();
    expect(parseXml(`<r>${"<x/>".repeat(400_001)}</r>`)).toEqual({ ok: false, reason: "too-large" });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
