import { readFileSync } from "node:fs";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import {
  CORE_FONTS,
  codePointsOf,
  coreCodePoints,
  FONTS_CSS,
  fontCodePoints,
  fontsCss,
  subsetCoreFont,
  unicodeRange,
} from "./fonts-subset.ts";

function faces(css: string) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => {
    const body = match[1] ?? "";
    return {
      family: /font-family:\s*["']([^"']+)["']/.exec(body)?.[1],
      src: /url\("([^"]+)"\)/.exec(body)?.[1] ?? "",
      weight: /font-weight:\s*([^;]+);/.exec(body)?.[1]?.trim(),
      range: new Set(codePointsOf(/unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? "")),
    };
  });
}

describe("unicodeRange", () => {
  it("writes runs as ranges and lone code points alone", () => {
    expect(unicodeRange([0x41, 0x20, 0x42, 0x43, 0xe9, 0x20ac])).toBe("U+0020, U+0041-0043, U+00E9, U+20AC");
    expect(codePointsOf(unicodeRange(coreCodePoints()))).toEqual(coreCodePoints());
  });
});

describe("core fonts", () => {
  it.each(CORE_FONTS)("$output draws exactly the core characters", async (font) => {
    expect(await fontCodePoints(font.output)).toEqual(coreCodePoints());
  });

  it.each(CORE_FONTS)(
    "$output is what `npm run fonts:subset` makes of the installed Fontsource file",
    async (font) => {
      const committed = readFileSync(font.output);
      expect(
        committed.equals(await subsetCoreFont(font)),
        `relancez npm run fonts:subset (${font.output})`,
      ).toBe(true);
    },
  );

  it("Open Sans keeps the weights 400 to 700, Montserrat 600 to 800", async () => {
    const weight = async (file: string) => {
      const face = new Face(new Blob(await fontverter.convert(readFileSync(file), "truetype")), 0);
      return Object.entries(face.getAxisInfos()).find(([tag]) => tag === "wght")?.[1];
    };
    expect(await weight("app/assets/fonts/open-sans-core.woff2")).toMatchObject({ min: 400, max: 700 });
    expect(await weight("app/assets/fonts/montserrat-core.woff2")).toMatchObject({ min: 600, max: 800 });
  });
});

describe("fonts.css", () => {
  it("is what `npm run fonts:subset` writes from the installed Fontsource CSS", async () => {
    expect(readFileSync(FONTS_CSS, "utf8"), "relancez npm run fonts:subset").toBe(await fontsCss());
  });

  it.each(CORE_FONTS)(
    "a core character of $family comes from the core file and from no other face",
    (font) => {
      const family = faces(readFileSync(FONTS_CSS, "utf8")).filter((face) => face.family === font.family);
      expect(family.length).toBeGreaterThan(2);
      for (const codePoint of coreCodePoints()) {
        const matching = family.filter((face) => face.range.has(codePoint)).map((face) => face.src);
        expect(matching, `U+${codePoint.toString(16)}`).toEqual([`./${font.output.split("/").pop()}`]);
      }
    },
  );

  it.each(CORE_FONTS)(
    "every face of $family declares the same weight range (Chrome falls back only among those)",
    (font) => {
      const family = faces(readFileSync(FONTS_CSS, "utf8")).filter((face) => face.family === font.family);
      expect(family.length).toBeGreaterThan(2);
      expect(new Set(family.map((face) => face.weight)).size).toBe(1);
    },
  );

  it.each(CORE_FONTS)(
    "the narrowed latin face of $family names only characters its file draws",
    async (font) => {
      const latin = faces(readFileSync(FONTS_CSS, "utf8")).find((face) =>
        face.src.endsWith(font.source.split("/").pop() ?? "-"),
      );
      const drawn = new Set(await fontCodePoints(font.source));
      expect(latin).toBeDefined();
      expect([...(latin?.range ?? [])].filter((codePoint) => !drawn.has(codePoint))).toEqual([]);
      // The narrow no-break space of French numbers: no file draws it, no face names it.
      expect(latin?.range.has(0x202f)).toBe(false);
    },
  );

  it("app.css imports it instead of Fontsource's own CSS", () => {
    const css = readFileSync("app/app.css", "utf8");
    expect(css).toContain('@import "./assets/fonts/fonts.css";');
    expect(css).not.toContain("@fontsource");
  });
});
