import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Database } from "#app/db/client.server.ts";
import { type CompanyDocumentKind, companyDocuments } from "#app/db/schema/company-documents.ts";
import { type RecordFileKind, recordFiles } from "#app/db/schema/record-files.ts";
import { type FileStorage, newStorageKey } from "#app/lib/file-storage.server.ts";

/*
 * What the share links' and the handover file's tests, e2e seeds and bench put in place
 * directly: PDFs of a few pages, a damaged and an encrypted PDF, documents of the
 * register and files of a job site (rows and stored bytes).
 */

/** A readable PDF of `pages` pages, each saying its title and number. */
export async function samplePdf(title: string, pages = 2): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`${title} - page ${index}`, { x: 60, y: 760, size: 14, font });
  }
  return pdf.save();
}

/** Bytes that start as a PDF and are not one. */
export const damagedPdf = (): Uint8Array => Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog \n garbage\n");

/** A PDF whose trailer names an encryption dictionary: readers refuse to open it without its key. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const plain = Buffer.from(await pdf.save({ useObjectStreams: false })).toString("latin1");
  return Buffer.from(plain.replace("trailer\n<<", "trailer\n<<\n/Encrypt 1 0 R"), "latin1");
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A document of the compliance register, stored, inserted as it would be filed. */
export async function fileRegisterDocument(
  services: { db: Database; storage: FileStorage },
  values: {
    kind: CompanyDocumentKind;
    validFrom: string;
    validUntil: string | null;
    label?: string;
    issuer?: string;
    number?: string;
    replacesId?: string | null;
    bytes?: Uint8Array;
    contentType?: string;
  },
): Promise<{ id: string; bytes: Uint8Array }> {
  const bytes = values.bytes ?? (await samplePdf(`${values.kind} ${values.number ?? ""}`, 1));
  const storageKey = newStorageKey(
    "documents-entreprise",
    values.contentType === "image/png" ? "png" : "pdf",
  );
  await services.storage.put(storageKey, bytes, values.contentType ?? "application/pdf");
  const [row] = await services.db
    .insert(companyDocuments)
    .values({
      kind: values.kind,
      label: values.label ?? "",
      issuer: values.issuer ?? "",
      number: values.number ?? "",
      validFrom: values.validFrom,
      validUntil: values.validUntil,
      storageKey,
      contentType: values.contentType ?? "application/pdf",
      fileName: `${values.kind}.pdf`,
      sizeBytes: bytes.length,
      sha256: sha(bytes),
      replacesId: values.replacesId ?? null,
    })
    .returning({ id: companyDocuments.id });
  if (!row) throw new Error("document not inserted");
  return { id: row.id, bytes };
}

/** A file uploaded for a job site (a technical sheet, a notice…), stored and inserted. */
export async function fileSiteUpload(
  services: { db: Database; storage: FileStorage },
  jobSiteId: string,
  values: { kind: RecordFileKind; fileName: string; contentType: string; bytes: Uint8Array },
): Promise<string> {
  const storageKey = newStorageKey("fichiers", values.fileName.split(".").pop() || "bin");
  await services.storage.put(storageKey, values.bytes, values.contentType);
  const [row] = await services.db
    .insert(recordFiles)
    .values({
      jobSiteId,
      kind: values.kind,
      fileName: values.fileName,
      contentType: values.contentType,
      sizeBytes: values.bytes.length,
      sha256: sha(values.bytes),
      storageKey,
    })
    .returning({ id: recordFiles.id });
  if (!row) throw new Error("file not inserted");
  return row.id;
}
