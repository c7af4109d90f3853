import { readFileSync } from "node:fs";
// pdfkit's own font reader (its dependency, without type declarations): what the PDFs are made with.
// @ts-expect-error fontkit ships no types
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { fontFilePaths, woffToSfnt } from "./fonts.server.ts";

type Font = {
  numGlyphs: number;
  familyName: string;
  unitsPerEm: number;
  glyphForCodePoint: (code: number) => { id: number; advanceWidth: number };
};

describe("woffToSfnt", () => {
  it.each(Object.entries(fontFilePaths()))(
    "unpacks %s into the font the WOFF wraps, glyph for glyph",
    (_, file) => {
      const woff = readFileSync(file);
      const sfnt = woffToSfnt(woff);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
      const packed = fontkit.create(woff) as unknown as Font;
      const unpacked = fontkit.create(sfnt) as unknown as Font;
      expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
      expect(unpacked.familyName).toBe(packed.familyName);
      expect(unpacked.unitsPerEm).toBe(packed.unitsPerEm);
      for (const character of "Facture n° 12 : 1 234,56 € — Œuvre à Toulon") {
        const code = character.codePointAt(0) ?? 0;
        expect(unpacked.glyphForCodePoint(code)).toMatchObject({
          id: packed.glyphForCodePoint(code).id,
          advanceWidth: packed.glyphForCodePoint(code).advanceWidth,
        });
      }
    },
  );

  it("refuses what is not a WOFF file", () => {
    expect(() => woffToSfnt(Buffer.from("not a font at all, not even close to one........"))).toThrow(
      "Fichier WOFF invalide.",
    );
  });
});
