import { inflateSync } from "node:zlib";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

/** What a real PDF reader (pdfjs) finds in a PDF. */
export interface PdfContent {
  /** The text of each page, lines separated by "\n", runs on one line by a space. */
  pages: string[];
  /** The document information dictionary as pdfjs reports it (Title, Author, Language, …). */
  info: Record<string, unknown>;
  /** The XMP metadata packet, raw, or null. */
  xmp: string | null;
}

/**
 * Reads a PDF with pdfjs-dist (its Node build) and returns the text of every page.
 * Ligatures and compatibility characters are not normalised, but pdfjs always gives
 * white space (U+00A0 and U+202F included) as a plain space: to know which space
 * characters a PDF prints, use `printedCharacters`. Use `flattenSpaces` to search for
 * a phrase whatever its line breaks.
 */
export async function readPdf(pdf: Uint8Array): Promise<PdfContent> {
  // pdfjs takes ownership of the array it is given (it may detach it): hand it a copy.
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent({ disableNormalization: true });
      let text = "";
      for (const item of content.items) {
        if (!("str" in item)) continue;
        if (text && !text.endsWith("\n") && item.str && !/\s$/.test(text) && !/^\s/.test(item.str))
          text += " ";
        text += item.str;
        if (item.hasEOL) text += "\n";
      }
      pages.push(text);
      page.cleanup();
    }
    const metadata = await document.getMetadata();
    return {
      pages,
      info: (metadata.info ?? {}) as Record<string, unknown>,
      xmp: metadata.metadata ? metadata.metadata.getRaw() : null,
    };
  } finally {
    await loading.destroy();
  }
}

/** A run of text and the box it takes on its page, in points from the bottom left. */
export interface TextBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of every non-blank run of text, page by page: to check what overlaps what. */
export async function pageTextBoxes(pdf: Uint8Array): Promise<TextBox[][]> {
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages: TextBox[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items.flatMap((item) =>
          "str" in item && item.str.trim()
            ? [
                {
                  text: item.str,
                  x: item.transform[4],
                  y: item.transform[5],
                  width: item.width,
                  height: item.height,
                },
              ]
            : [],
        ),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}

/** An image XObject painted on a page: its pixel size and the box it takes, in points from the bottom left. */
export interface PaintedImage {
  name: string;
  pixelWidth: number;
  pixelHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

type Matrix = [number, number, number, number, number, number];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * The images each page paints (pdfjs's operator list: `paintImageXObject` under the
 * transformation in force), page by page: to check that an image is drawn, and where.
 */
export async function pageImages(pdf: Uint8Array): Promise<PaintedImage[][]> {
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages: PaintedImage[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const { fnArray, argsArray } = await page.getOperatorList();
      const images: PaintedImage[] = [];
      const stack: Matrix[] = [];
      let matrix: Matrix = [1, 0, 0, 1, 0, 0];
      fnArray.forEach((fn, index) => {
        const args = argsArray[index] as unknown[];
        if (fn === OPS.save) stack.push(matrix);
        else if (fn === OPS.restore) matrix = stack.pop() ?? [1, 0, 0, 1, 0, 0];
        else if (fn === OPS.transform) matrix = multiply(matrix, args as Matrix);
        else if (fn === OPS.paintImageXObject) {
          const [name, pixelWidth, pixelHeight] = args as [string, number, number];
          // The unit square under the matrix (pdfkit draws images without rotation).
          images.push({
            name,
            pixelWidth,
            pixelHeight,
            x: matrix[4],
            y: Math.min(matrix[5], matrix[5] + matrix[3]),
            width: Math.abs(matrix[0]),
            height: Math.abs(matrix[3]),
          });
        }
      });
      pages.push(images);
      page.cleanup();
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}

/** The text of every page of a PDF. */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  return (await readPdf(pdf)).pages;
}

/** Every run of white space (U+00A0 and U+202F included) as one plain space. */
export function flattenSpaces(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

/**
 * Every character the PDF's embedded fonts declare they print (their ToUnicode maps,
 * read from the raw file): what pdfjs's text cannot tell apart, such as U+00A0 from a
 * plain space, or a character drawn with the font's missing-glyph box (U+0000).
 * Handles the FlateDecode streams and bfrange arrays that pdfkit writes.
 */
export function printedCharacters(pdf: Uint8Array): Set<string> {
  const raw = Buffer.from(pdf);
  const characters = new Set<string>();
  let from = 0;
  for (;;) {
    const start = raw.indexOf("stream\n", from, "latin1");
    if (start < 0) break;
    const end = raw.indexOf("\nendstream", start, "latin1");
    if (end < 0) break;
    from = end + "\nendstream".length;
    let text: string;
    try {
      text = inflateSync(raw.subarray(start + "stream\n".length, end)).toString("latin1");
    } catch {
      continue;
    }
    if (!text.includes("beginbfrange")) continue;
    for (const [, entries] of text.matchAll(/\[([^\]]*)\]/g)) {
      for (const [, hex] of (entries ?? "").matchAll(/<([0-9a-fA-F ]+)>/g)) {
        const units = (hex ?? "").split(" ").map((unit) => Number.parseInt(unit, 16));
        characters.add(String.fromCharCode(...units));
      }
    }
  }
  return characters;
}

/**
 * The lines of a PDF's text, each with its white space flattened: a phrase found within
 * one line is printed whole, never wrapped. An amount « 1 234,56 € » wrapped before its
 * « € » is on two lines, which `flattenSpaces` of the whole text would hide.
 */
export function pdfLines(pages: readonly string[]): string[] {
  return pages.flatMap((page) => page.split("\n").map(flattenSpaces));
}

/**
 * The phrases (column headers, amounts) that a PDF breaks inside a word: a header must
 * read whole in the text (its lines joined, it may wrap between words), an amount must
 * sit on one line. [] when every one is whole.
 */
export function brokenPhrases(
  pages: readonly string[],
  { headers = [], amounts = [] }: { headers?: readonly string[]; amounts?: readonly string[] },
): string[] {
  const text = flattenSpaces(pages.join("\n"));
  const lines = pdfLines(pages);
  return [
    ...headers.filter((header) => !text.includes(flattenSpaces(header))),
    ...amounts.filter((amount) => !lines.some((line) => line.includes(flattenSpaces(amount)))),
  ];
}
