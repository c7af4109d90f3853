import { createHash } from "node:crypto";
import type { FileStorage } from "#app/lib/storage.server.ts";

/** A rendered document as stored: where, and the fingerprint of its exact bytes. */
export interface StoredPdf {
  key: string;
  /** SHA-256 of the stored bytes, lower-case hex: what an acceptance or an archive refers to. */
  sha256: string;
  bytes: number;
}

/** SHA-256 of exactly these bytes, lower-case hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const PDF_HEADER = "%PDF-";

/**
 * Writes a rendered PDF through the file storage and returns its fingerprint. A legal
 * document is rendered once and stored; whoever needs it later reads these bytes
 * back rather than rendering again.
 */
export async function storeRenderedPdf(
  storage: FileStorage,
  key: string,
  pdf: Uint8Array,
): Promise<StoredPdf> {
  if (Buffer.from(pdf.subarray(0, PDF_HEADER.length)).toString("latin1") !== PDF_HEADER) {
    throw new Error("Le fichier à enregistrer n'est pas un PDF.");
  }
  const sha256 = sha256Hex(pdf);
  await storage.put(key, pdf, "application/pdf");
  return { key, sha256, bytes: pdf.byteLength };
}
