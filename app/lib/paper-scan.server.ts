import { fileTypeFromBuffer } from "file-type";

/*
 * A document signed on paper and scanned at the office: a quote's « accord signé », a PV de
 * réception or de levée des réserves. PDF, JPEG or PNG, checked on its content, 10 MB at
 * most; a file whose name or declared type says one kind while its bytes are another (an
 * image named « .pdf ») is refused too: what is filed as a signed PDF must be one. Each
 * refusal has its status (400 none, 413 too large, 415 another kind of file), its one-line
 * message and the message under the file field.
 */

const SCAN_MAX_BYTES = 10 * 1024 * 1024;
const SCAN_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

export type PaperScan =
  | { ok: true; bytes: Buffer; type: ScanType }
  | { ok: false; status: 400 | 413 | 415; message: string; fieldErrors: { scan: string[] } };

const KIND_LABELS: Record<ScanType, string> = {
  "application/pdf": "un PDF",
  "image/jpeg": "une image JPEG",
  "image/png": "une image PNG",
};

const EXTENSIONS: Record<string, ScanType> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** What the file says it is, by its name's extension, else by its declared type; null when it says nothing we know. */
function claimedType(file: File): ScanType | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (extension && extension in EXTENSIONS) return EXTENSIONS[extension] ?? null;
  const declared = file.type.toLowerCase() as ScanType;
  return SCAN_TYPES.includes(declared) ? declared : null;
}

/**
 * The posted `scan` → its bytes and type, or why it is refused. `document` names what was
 * signed, after « copie numérisée »: « du devis signé », « du PV signé ».
 */
export async function readPaperScan(
  scan: FormDataEntryValue | null,
  document = "du devis signé",
): Promise<PaperScan> {
  if (!(scan instanceof File) || scan.size === 0) {
    return {
      ok: false,
      status: 400,
      message: `Joignez la copie numérisée ${document}.`,
      fieldErrors: { scan: [`Joignez la copie numérisée ${document} (PDF, JPEG ou PNG).`] },
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
  const claimed = claimedType(scan);
  if (claimed && claimed !== type && !(claimed.startsWith("image/") && type.startsWith("image/"))) {
    const message = `Ce fichier se présente comme ${KIND_LABELS[claimed]} mais son contenu est ${KIND_LABELS[type]}.`;
    return {
      ok: false,
      status: 415,
      message,
      fieldErrors: { scan: [`${message} Joignez le fichier tel que numérisé, sans le renommer.`] },
    };
  }
  return { ok: true, bytes, type };
}
