import { createHash } from "node:crypto";
import { readPaperScan, type ScanType } from "./paper-scan.server.ts";
import { type FileStorage, newStorageKey } from "./storage.server.ts";

/*
 * The file of a document filed in a register (the company's documents, a supplier's
 * vigilance documents): a PDF, JPEG or PNG checked on its content (paper-scan.server.ts),
 * stored before the row that names it is written; the caller removes it if that row is
 * refused.
 */

const EXTENSIONS: Record<ScanType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** A file name as people read it: its last segment, printable characters only, 200 at most. */
function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed.
  const clean = last.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  return clean.slice(-200) || "document";
}

export type StoredDocumentFile = {
  ok: true;
  storageKey: string;
  contentType: ScanType;
  fileName: string;
  sizeBytes: number;
  /** SHA-256 of the stored bytes, lower-case hex. */
  sha256: string;
};

export type DocumentFileRefusal = {
  ok: false;
  status: 400 | 413 | 415;
  message: string;
  fieldErrors: { file: string[] };
};

/** The posted `file` checked and stored under `folder`; or why it is refused, at the `file` field. */
export async function storeDocumentFile(
  storage: FileStorage,
  file: FormDataEntryValue | null,
  folder: string,
): Promise<StoredDocumentFile | DocumentFileRefusal> {
  const scan = await readPaperScan(file, "du document");
  if (!scan.ok) {
    return {
      ok: false,
      status: scan.status,
      message: scan.message,
      fieldErrors: { file: scan.fieldErrors.scan },
    };
  }
  const storageKey = newStorageKey(folder, EXTENSIONS[scan.type]);
  const sha256 = createHash("sha256").update(scan.bytes).digest("hex");
  const fileName = cleanFileName(file instanceof File ? file.name : "");
  await storage.put(storageKey, scan.bytes, scan.type);
  return { ok: true, storageKey, contentType: scan.type, fileName, sizeBytes: scan.bytes.length, sha256 };
}
