import { fileTypeFromBuffer } from "file-type";

/*
 * « Accord signé sur papier »: the scan of the quote signed at the office. PDF, JPEG or
 * PNG (checked on its content, not its name), 10 MB at most. Each refusal has its status
 * (400 none, 413 too large, 415 another kind of file), its one-line message and the
 * message under the file field.
 */

const SCAN_MAX_BYTES = 10 * 1024 * 1024;
const SCAN_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

export type PaperScan =
  | { ok: true; bytes: Buffer; type: ScanType }
  | { ok: false; status: 400 | 413 | 415; message: string; fieldErrors: { scan: string[] } };

/** The posted `scan` → its bytes and type, or why it is refused. */
export async function readPaperScan(scan: FormDataEntryValue | null): Promise<PaperScan> {
  if (!(scan instanceof File) || scan.size === 0) {
    return {
      ok: false,
      status: 400,
      message: "Joignez la copie numérisée du devis signé.",
      fieldErrors: { scan: ["Joignez la copie numérisée du devis signé (PDF, JPEG ou PNG)."] },
    };
  }
  if (scan.size > SCAN_MAX_BYTES) {
    return {
      ok: false,
      status: 413,
      message: "La copie numérisée dépasse 10 Mo.",
      fieldErrors: { scan: ["Le fichier dépasse 10 Mo : numérisez-le en qualité moindre."] },
    };
  }
  const bytes = Buffer.from(await scan.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected?.mime as ScanType | undefined;
  if (!type || !SCAN_TYPES.includes(type)) {
    return {
      ok: false,
      status: 415,
      message: "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
      fieldErrors: {
        scan: ["Ce fichier n'est ni un PDF, ni une image JPEG ou PNG (vérifié sur son contenu)."],
      },
    };
  }
  return { ok: true, bytes, type };
}
