import { inflateSync } from "node:zlib";

/*
 * The files embedded in a PDF (the XML of a Factur-X or ZUGFeRD invoice), found without a
 * PDF library (decision 030). An embedded file is always a stream object of its own,
 * « N G obj << /Type /EmbeddedFile … >> stream … endstream », at the top level of the file
 * (a stream never sits inside an object stream), so it is found by scanning the objects,
 * whatever the name tree, /AF array or object streams that point to it. Its file name is
 * read from the file specification that names it when that one is written in the clear.
 */

export type PdfAttachment = { name?: string; subtype?: string; content: Uint8Array };

export type PdfAttachmentsResult =
  | { ok: true; attachments: PdfAttachment[] }
  | { ok: false; reason: "malformed" | "encrypted" | "too-large" };

const OBJECT = /(\d+)\s+(\d+)\s+obj\b/g;
const MAX_DICTIONARY = 8192;

function dictionaryText(text: string, from: number): { dictionary: string; end: number } | null {
  const open = text.indexOf("<<", from);
  if (open < 0 || open > from + 32) return null;
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_DICTIONARY);
  for (let index = open; index < limit - 1; index += 1) {
    if (text[index] === "<" && text[index + 1] === "<") {
      depth += 1;
      index += 1;
    } else if (text[index] === ">" && text[index + 1] === ">") {
      depth -= 1;
      index += 1;
      if (depth === 0) return { dictionary: text.slice(open, index + 1), end: index + 1 };
    }
  }
  return null;
}

function pdfString(value: string): string {
  return value.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_whole, sequence: string) => {
    const simple: Record<string, string> = {
      n: "\n",
      r: "\r",
      t: "\t",
      b: "\b",
      f: "\f",
      "(": "(",
      ")": ")",
      "\\": "\\",
    };
    return simple[sequence] ?? String.fromCharCode(Number.parseInt(sequence, 8));
  });
}

/** Embedded file streams of `pdf`, inflated; each at most `maxFileBytes` once decoded. */
export function pdfAttachments(pdf: Uint8Array, maxFileBytes: number): PdfAttachmentsResult {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  // latin1 keeps one character per byte: offsets in the text are offsets in the file.
  const text = bytes.toString("latin1");
  // A complete PDF ends with %%EOF (within its last kilobyte, as readers allow).
  if (!text.slice(-1024).includes("%%EOF")) return { ok: false, reason: "malformed" };
  if (/\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text)) {
    return { ok: false, reason: "encrypted" };
  }

  // File specifications written in the clear: « /F (factur-x.xml) … /EF << /F 12 0 R >> ».
  const names = new Map<string, string>();
  for (const match of text.matchAll(
    /\/(?:UF|F)\s*\(((?:[^()\\]|\\.)*)\)[\s\S]{0,2000}?\/EF\s*<<[^>]*?\/(?:UF|F)\s+(\d+)\s+(\d+)\s+R/g,
  )) {
    names.set(`${match[2]} ${match[3]}`, pdfString(match[1] ?? ""));
  }

  const attachments: PdfAttachment[] = [];
  for (const match of text.matchAll(OBJECT)) {
    const found = dictionaryText(text, (match.index ?? 0) + match[0].length);
    if (!found || !/\/Type\s*\/EmbeddedFile\b/.test(found.dictionary)) continue;
    const { dictionary } = found;
    const streamKeyword = /^\s*stream\r?\n/.exec(text.slice(found.end, found.end + 64));
    if (!streamKeyword) return { ok: false, reason: "malformed" };
    const start = found.end + streamKeyword[0].length;
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let end = declared ? start + Number(declared[1]) : -1;
    if (end < 0 || end > text.length || !/^\s*endstream/.test(text.slice(end, end + 32))) {
      // An indirect or wrong /Length: the data runs to « endstream », less its end of line.
      end = text.indexOf("endstream", start);
      if (end < 0) return { ok: false, reason: "malformed" };
      if (text[end - 1] === "\n") end -= 1;
      if (text[end - 1] === "\r") end -= 1;
    }
    const raw = bytes.subarray(start, end);
    const filters = [
      ...(/\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1]?.matchAll(/\/(\w+)/g) ?? []),
    ].map((filter) => filter[1]);
    let content: Uint8Array;
    if (filters.length === 0) {
      if (raw.length > maxFileBytes) return { ok: false, reason: "too-large" };
      content = raw;
    } else if (filters.length === 1 && filters[0] === "FlateDecode" && !/\/DecodeParms/.test(dictionary)) {
      try {
        content = inflateSync(raw, { maxOutputLength: maxFileBytes });
      } catch (error) {
        if (error instanceof RangeError) return { ok: false, reason: "too-large" };
        return { ok: false, reason: "malformed" };
      }
    } else {
      continue; // a filter no invoice producer uses: this file is not read
    }
    const subtype = /\/Subtype\s*\/([^\s/<>[\]]+)/
      .exec(dictionary)?.[1]
      ?.replace(/#([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    attachments.push({ name: names.get(`${match[1]} ${match[2]}`), subtype, content });
  }
  return { ok: true, attachments };
}
