import { isCiiInvoice, readCii } from "./cii.ts";
import { pdfAttachments } from "./pdf-attachments.server.ts";
import {
  type EInvoiceFormat,
  MAX_SUPPLIER_INVOICE_BYTES,
  READ_FAILURE_MESSAGES,
  type ReadResult,
} from "./supplier-invoice.ts";
import { isUblInvoice, readUbl } from "./ubl.ts";
import { parseXml } from "./xml.ts";

/*
 * Reads the file a supplier sent (a Factur-X or ZUGFeRD PDF, a CII or UBL XML) into a
 * `ReadSupplierInvoice` (decision 030). Never throws: any file gives a result, and a
 * refusal carries a reason and a French message for the staff.
 */

/** An embedded XML is a few hundred kilobytes at most; beyond this it is refused. */
const MAX_XML_BYTES = 10 * 1024 * 1024;

/** The names under which Factur-X, ZUGFeRD 2 and XRechnung embed their XML, preferred in this order. */
const INVOICE_XML_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

const IMAGE_SIGNATURES: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x49, 0x49, 0x2a, 0x00], // TIFF
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF
  [0x42, 0x4d], // BMP
];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function isImage(bytes: Uint8Array): boolean {
  if (IMAGE_SIGNATURES.some((signature) => startsWith(bytes, signature))) return true;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return true;
  return ascii(4, 8) === "ftyp" && /^(heic|heix|mif1|avif)$/.test(ascii(8, 12)); // HEIC, AVIF
}

/** The PDF signature may follow up to 1 KB of junk, as readers allow. */
function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
}

function decodeXml(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  const latin = declared === "iso-8859-1" || declared === "latin1" || declared === "windows-1252";
  return new TextDecoder(latin ? "windows-1252" : "utf-8").decode(bytes).replace(/^\uFEFF/, "");
}

function looksLikeXml(bytes: Uint8Array): boolean {
  const head = decodeXml(bytes.subarray(0, 512)).trimStart();
  return head.startsWith("<");
}

function readXml(xml: string, format: (kind: "cii" | "ubl") => EInvoiceFormat): ReadResult {
  const parsed = parseXml(xml);
  if (!parsed.ok) {
    return {
      ok: false,
      reason: parsed.reason,
      message: {
        "unsafe-xml": READ_FAILURE_MESSAGES.unsafeXml,
        malformed: READ_FAILURE_MESSAGES.malformedXml,
        "too-large": READ_FAILURE_MESSAGES.tooManyElements,
      }[parsed.reason],
    };
  }
  const { root } = parsed;
  if (isCiiInvoice(root)) return { ok: true, invoice: readCii(root), format: format("cii"), xml };
  if (isUblInvoice(root)) return { ok: true, invoice: readUbl(root), format: format("ubl"), xml };
  if (root.local === "CrossIndustryDocument") {
    return { ok: false, reason: "unsupported", message: READ_FAILURE_MESSAGES.oldZugferd };
  }
  return { ok: false, reason: "not-invoice", message: READ_FAILURE_MESSAGES.notInvoice };
}

function readPdf(bytes: Uint8Array): ReadResult {
  const extracted = pdfAttachments(bytes, MAX_XML_BYTES);
  if (!extracted.ok) {
    if (extracted.reason === "encrypted") {
      return { ok: false, reason: "unsupported", message: READ_FAILURE_MESSAGES.encryptedPdf };
    }
    if (extracted.reason === "too-large") {
      return { ok: false, reason: "too-large", message: READ_FAILURE_MESSAGES.attachedXmlTooLarge };
    }
    return { ok: false, reason: "malformed", message: READ_FAILURE_MESSAGES.malformedPdf };
  }
  const rank = (name: string | undefined) => {
    const index = INVOICE_XML_NAMES.indexOf(name?.toLowerCase() ?? "");
    return index < 0 ? INVOICE_XML_NAMES.length : index;
  };
  const candidates = extracted.attachments
    .filter((file) => looksLikeXml(file.content))
    .sort((a, b) => rank(a.name) - rank(b.name));
  let firstRefusal: ReadResult | undefined;
  for (const file of candidates) {
    // A PDF whose attached XML is refused (a bomb, ill-formed) says so; one that carries an
    // XML that is no invoice (a timesheet…) goes on to the next attachment.
    const result = readXml(decodeXml(file.content), () => "facturx");
    if (result.ok) return result;
    if (result.reason !== "not-invoice") firstRefusal ??= result;
  }
  return firstRefusal ?? { ok: false, reason: "no-xml", message: READ_FAILURE_MESSAGES.noXml };
}

/** Reads a supplier's e-invoice. `fileName` only helps tell an XML from other text. */
export function readSupplierInvoice(bytes: Uint8Array, fileName: string): ReadResult {
  if (bytes.byteLength > MAX_SUPPLIER_INVOICE_BYTES) {
    return { ok: false, reason: "too-large", message: READ_FAILURE_MESSAGES.tooLarge };
  }
  if (bytes.byteLength === 0) return { ok: false, reason: "malformed", message: READ_FAILURE_MESSAGES.empty };
  if (isPdf(bytes)) return readPdf(bytes);
  if (isImage(bytes)) return { ok: false, reason: "unsupported", message: READ_FAILURE_MESSAGES.image };
  if (looksLikeXml(bytes) || /\.xml$/i.test(fileName)) {
    return readXml(decodeXml(bytes), (kind) => kind);
  }
  return { ok: false, reason: "unsupported", message: READ_FAILURE_MESSAGES.unknownFormat };
}
