import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import PDFDocument from "pdfkit";

/**
 * The brand fonts, embedded (subset) in every PDF: Open Sans for text, Montserrat for
 * headings, the same families as the website. The files are the static WOFF files of
 * @fontsource (a production dependency), resolved from the package at run time rather
 * than from a path relative to this file: the server code is bundled into
 * build/server, where this file's folder no longer exists, while node_modules is still
 * beside it (dependencies stay external in the server build). Each WOFF is unpacked
 * once per process into the plain font it wraps (`woffToSfnt`, with Node's zlib): given
 * the WOFF itself, fontkit inflated its tables again with a JavaScript inflater on every
 * document, about 300 ms per PDF.
 */
export const PDF_FONTS = {
  text: "text",
  textBold: "text-bold",
  textItalic: "text-italic",
  heading: "heading",
  headingRegular: "heading-regular",
} as const;

export type PdfFontName = (typeof PDF_FONTS)[keyof typeof PDF_FONTS];

const FONT_FILES: Record<PdfFontName, string> = {
  text: "@fontsource/open-sans/files/open-sans-latin-400-normal.woff",
  "text-bold": "@fontsource/open-sans/files/open-sans-latin-700-normal.woff",
  "text-italic": "@fontsource/open-sans/files/open-sans-latin-400-italic.woff",
  heading: "@fontsource/montserrat/files/montserrat-latin-700-normal.woff",
  "heading-regular": "@fontsource/montserrat/files/montserrat-latin-400-normal.woff",
};

const resolveFromHere = createRequire(import.meta.url).resolve;

/** Where each font file is on disk (resolved through the packages' `exports`). */
export function fontFilePaths(): Record<PdfFontName, string> {
  return Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, specifier]) => [name, resolveFromHere(specifier)]),
  ) as Record<PdfFontName, string>;
}

let fontData: Record<PdfFontName, Buffer> | undefined;

/**
 * A WOFF 1.0 file → the TrueType/OpenType font it wraps (W3C WOFF, section 5): the same
 * tables, inflated when compressed, in an sfnt with its table directory. Throws on a file
 * that is not WOFF or whose tables do not inflate to their declared length.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Fichier WOFF invalide.");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("Table WOFF de longueur inattendue.");
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const sfnt = Buffer.alloc(total);
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)));
  const searchRange = 2 ** entrySelector * 16;
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchRange, 6);
  sfnt.writeUInt16BE(entrySelector, 8);
  sfnt.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/** The fonts, read and unpacked once per process. */
function loadFontData(): Record<PdfFontName, Buffer> {
  if (!fontData) {
    fontData = Object.fromEntries(
      Object.entries(fontFilePaths()).map(([name, file]) => [name, woffToSfnt(readFileSync(file))]),
    ) as Record<PdfFontName, Buffer>;
  }
  return fontData;
}

/** Registers the brand fonts on a document under the names of `PDF_FONTS`. */
export function registerBrandFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, data] of Object.entries(loadFontData())) doc.registerFont(name, data);
}

/**
 * Characters that `Intl` and careful French typing produce but that a font may lack,
 * with what to print instead. The fontsource "latin" files have no U+202F (narrow
 * no-break space, the thousands separator of fr-FR since ICU 64): it becomes U+00A0, a
 * no-break space of normal width, so « 1 234,56 € » still never breaks across lines.
 */
const SUBSTITUTES: Record<string, string> = {
  "\u202f": "\u00a0",
  "\u2007": "\u00a0",
  "\u2009": " ",
  "\u2011": "-",
};

let lacking: { characters: ReadonlySet<string>; pattern: RegExp | null } | undefined;

/** The substitutes actually needed: those whose character one of the brand fonts lacks. */
function lackingCharacters(): { characters: ReadonlySet<string>; pattern: RegExp | null } {
  if (!lacking) {
    const probe = new PDFDocument({ autoFirstPage: false, font: null as unknown as undefined });
    registerBrandFonts(probe);
    const characters = new Set<string>();
    for (const name of Object.values(PDF_FONTS)) {
      probe.font(name);
      // pdfkit keeps the fontkit font of an embedded font on `_font.font`; if a later
      // version moves it, every substitute is applied, which is always printable.
      const font = (probe as unknown as { _font?: { font?: { hasGlyphForCodePoint?: unknown } } })._font
        ?.font;
      for (const character of Object.keys(SUBSTITUTES)) {
        const hasGlyph =
          typeof font?.hasGlyphForCodePoint === "function" &&
          font.hasGlyphForCodePoint(character.codePointAt(0)) === true;
        if (!hasGlyph) characters.add(character);
      }
    }
    const pattern = characters.size > 0 ? new RegExp(`[${[...characters].join("")}]`, "gu") : null;
    lacking = { characters, pattern };
  }
  return lacking;
}

/** The text with every character the brand fonts cannot print replaced by its substitute. */
export function fitText(text: string): string {
  const { pattern } = lackingCharacters();
  return pattern ? text.replace(pattern, (character) => SUBSTITUTES[character] ?? character) : text;
}

/**
 * The characters of the substitution table that the brand fonts lack (and that
 * `fitText` therefore replaces): U+202F with the fontsource files of today.
 */
export function substitutedCharacters(): ReadonlySet<string> {
  return lackingCharacters().characters;
}
