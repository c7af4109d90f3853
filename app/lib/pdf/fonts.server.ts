import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

/**
 * The brand fonts, embedded (subset) in every PDF: Open Sans for text, Montserrat for
 * headings, the same families as the website. The files are the static WOFF files of
 * @fontsource (a production dependency), resolved from the package at run time rather
 * than from a path relative to this file: the server code is bundled into
 * build/server, where this file's folder no longer exists, while node_modules is still
 * beside it (dependencies stay external in the server build). WOFF rather than WOFF2:
 * fontkit decodes WOFF with zlib, WOFF2 with a JavaScript Brotli decoder.
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

/** The font files' bytes, read once per process. */
function loadFontData(): Record<PdfFontName, Buffer> {
  if (!fontData) {
    fontData = Object.fromEntries(
      Object.entries(fontFilePaths()).map(([name, file]) => [name, readFileSync(file)]),
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
