import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import subsetFont from "subset-font";

/**
 * `npm run fonts:subset`: writes the two "core" fonts the pages preload,
 * app/assets/fonts/montserrat-core.woff2 and open-sans-core.woff2, cut from the
 * Fontsource "latin" files down to the characters of French text.
 *
 * The latin files hold about 230 characters each, with their hinting and every
 * OpenType feature: 38 KB and 48 KB, both in the way of the first paint on a phone.
 * The core files keep the characters below, the features a browser applies by itself
 * (kerning, ligatures, accents), no hinting (iOS, macOS and Android do not use it;
 * only Windows may draw stems a little softer), and the weights the site draws them
 * in: Montserrat, the headings, 600 to 800; Open Sans, the text, 400 to 700. About
 * 15 KB each. A heavier or lighter weight asked of either is drawn at the nearest
 * one kept (measured on the public pages and the sign-in page: no text asks for one).
 *
 * It also writes app/assets/fonts/fonts.css, which app/app.css imports in place of
 * Fontsource's own CSS: Fontsource's faces for the other scripts as they are, its
 * latin face narrowed to the characters the core lacks and the font does draw, and
 * the core face. The ranges do not overlap, so a page of French text fetches the two
 * core files and nothing else; a rarer character (ß, ñ in a client's name in the
 * Espace Pro) fetches Fontsource's latin file, only then. A character no file draws
 * (the narrow no-break space of French numbers) is in no range and fetches nothing.
 * scripts/fonts-subset.test.ts holds the files, the CSS and this list together.
 * Run again after a Fontsource upgrade; commit what it writes.
 */

/**
 * Code point ranges of the core set: ASCII and what French text uses (accents, «», ’,
 * –, …, €). Ÿ and the narrow no-break space are not in Fontsource's latin files (Ÿ is
 * in latin-ext; neither font draws U+202F), so they are not here either.
 */
export const CORE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xab, 0xab], // «
  [0xb0, 0xb0], // °
  [0xb2, 0xb3], // ² ³
  [0xb7, 0xb7], // ·
  [0xbb, 0xbb], // »
  [0xc0, 0xc0], // À
  [0xc2, 0xc2], // Â
  [0xc6, 0xcb], // Æ Ç È É Ê Ë
  [0xce, 0xcf], // Î Ï
  [0xd4, 0xd4], // Ô
  [0xd9, 0xd9], // Ù
  [0xdb, 0xdc], // Û Ü
  [0xe0, 0xe0], // à
  [0xe2, 0xe2], // â
  [0xe6, 0xeb], // æ ç è é ê ë
  [0xee, 0xef], // î ï
  [0xf4, 0xf4], // ô
  [0xf9, 0xf9], // ù
  [0xfb, 0xfc], // û ü
  [0xff, 0xff], // ÿ
  [0x152, 0x153], // Œ œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
];

/** Every code point of the core set, in order. */
export function coreCodePoints(): number[] {
  return CORE_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, index) => first + index),
  );
}

/** A CSS unicode-range of code points: "U+0020-007E, U+00A0, ...". */
export function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(4, "0");
  const parts: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    const first = sorted[index] ?? 0;
    let last = first;
    while (sorted[index + 1] === last + 1) {
      last += 1;
      index += 1;
    }
    index += 1;
    parts.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
  }
  return parts.join(", ");
}

/** The code points of a CSS unicode-range ("U+0020-007E, U+00A0"). */
export function codePointsOf(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [first = "", last] = part.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(first, 16);
    const end = last ? Number.parseInt(last, 16) : start;
    return Array.from({ length: end - start + 1 }, (_, index) => start + index);
  });
}

/** The code points a font file draws (its cmap), from 0x20 up. */
export async function fontCodePoints(file: string): Promise<number[]> {
  const sfnt = await fontverter.convert(readFileSync(file), "truetype");
  const face = new Face(new Blob(sfnt), 0);
  return [...face.collectUnicodes()].filter((codePoint) => codePoint >= 0x20).sort((a, b) => a - b);
}

/** OpenType features browsers turn on by themselves for Latin text; the others go. */
export const KEPT_FEATURES = ["kern", "liga", "clig", "calt", "ccmp", "locl", "mark", "mkmk", "rlig"];

export type CoreFont = {
  family: string;
  /** Fontsource's CSS for the family. */
  css: string;
  /** The Fontsource latin file it is cut from. */
  source: string;
  /** The file the site preloads. */
  output: string;
  /** The weight range kept. */
  weights: { min: number; max: number };
};

export const CORE_FONTS: readonly CoreFont[] = [
  {
    family: "Montserrat Variable",
    css: "node_modules/@fontsource-variable/montserrat/wght.css",
    source: "node_modules/@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2",
    output: "app/assets/fonts/montserrat-core.woff2",
    weights: { min: 600, max: 800 },
  },
  {
    family: "Open Sans Variable",
    css: "node_modules/@fontsource-variable/open-sans/wght.css",
    source: "node_modules/@fontsource-variable/open-sans/files/open-sans-latin-wght-normal.woff2",
    output: "app/assets/fonts/open-sans-core.woff2",
    weights: { min: 400, max: 700 },
  },
];

export async function subsetCoreFont(font: CoreFont, root = process.cwd()): Promise<Buffer> {
  const text = String.fromCodePoint(...coreCodePoints());
  return subsetFont(readFileSync(path.join(root, font.source)), text, {
    targetFormat: "woff2",
    keepFeatures: KEPT_FEATURES,
    noHinting: true,
    variationAxes: { wght: font.weights },
  });
}

export const FONTS_CSS = "app/assets/fonts/fonts.css";

/** app/assets/fonts/fonts.css, from Fontsource's CSS and files and the core set. */
export async function fontsCss(root = process.cwd()): Promise<string> {
  const core = new Set(coreCodePoints());
  const out = ["/* Written by scripts/fonts-subset.ts (npm run fonts:subset): do not edit by hand. */", ""];
  for (const font of CORE_FONTS) {
    const css = readFileSync(path.join(root, font.css), "utf8");
    const cssDir = path.dirname(font.css);
    const faces = [...css.matchAll(/@font-face\s*{[^}]*}/g)].map((match) => match[0]);
    const latinFile = path.basename(font.source);
    for (const face of faces) {
      const url = /url\(\.\/([^)]+)\)/.exec(face)?.[1];
      if (!url) throw new Error(`${font.css} : @font-face sans url()`);
      const fromHere = path
        .relative(path.dirname(FONTS_CSS), path.join(cssDir, url))
        .split(path.sep)
        .join("/");
      const range = /unicode-range:([^;]*);/.exec(face)?.[1] ?? "";
      // The latin face keeps only what the core lacks and its file draws; the other
      // scripts' faces lose the few core characters they also name (Œ, œ in latin-ext).
      const kept = url.endsWith(latinFile)
        ? await fontCodePoints(path.join(root, font.source))
        : codePointsOf(range);
      const rest = kept.filter((codePoint) => !core.has(codePoint));
      const rewritten = face
        .replace(/url\(\.\/[^)]+\)/, `url("${fromHere}")`)
        .replace(/unicode-range:[^;]*;/, `unicode-range: ${unicodeRange(rest)};`);
      out.push(rewritten, "");
    }
    // The core face declares Fontsource's weight range, not the narrower one its file
    // draws (the font clamps a weight outside its axis): Chrome only falls back between
    // faces of a family that declare the same range, so a core face with its own range
    // would leave ß or ñ to the system font instead of Fontsource's latin face.
    const weights = /font-weight:\s*([^;]+);/.exec(faces[0] ?? "")?.[1]?.trim();
    if (!weights) throw new Error(`${font.css} : @font-face sans font-weight`);
    out.push(
      "@font-face {",
      `  font-family: '${font.family}';`,
      "  font-style: normal;",
      "  font-display: swap;",
      `  font-weight: ${weights};`,
      `  src: url("./${path.basename(font.output)}") format('woff2-variations');`,
      `  unicode-range: ${unicodeRange(core)};`,
      "}",
      "",
    );
  }
  return out.join("\n");
}

if (import.meta.main) {
  for (const font of CORE_FONTS) {
    const bytes = await subsetCoreFont(font);
    writeFileSync(font.output, bytes);
    const before = readFileSync(font.source).byteLength;
    console.log(
      `${font.output} : ${(bytes.byteLength / 1024).toFixed(1)} Kio (${(before / 1024).toFixed(1)} Kio avant)`,
    );
  }
  writeFileSync(FONTS_CSS, await fontsCss());
  console.log(`${FONTS_CSS} écrit.`);
}
