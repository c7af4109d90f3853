import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { jobSiteQuotes } from "#app/db/schema/job-sites.ts";
import { purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import { quoteDecisions, quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions } from "#app/db/schema/receptions.ts";
import { type RecordFileKind, recordFiles } from "#app/db/schema/record-files.ts";
import { type SupplierDocumentKind, supplierDocuments } from "#app/db/schema/subcontracts.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { type ActivityActor, recordActivity } from "#app/lib/activity.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { RECORD_FILE_KIND_LABELS, type RecordOwner } from "./record-files.ts";
import { ownerColumns } from "./upload.server.ts";

/*
 * A record's documents: its uploaded files (listed, served, deleted with a line in its
 * history) and the documents the product made for it, read from their own tables and
 * linked to their own PDF routes, never copied.
 */

function ownerCondition(owner: RecordOwner) {
  const columns = ownerColumns(owner);
  if (columns.clientId) return eq(recordFiles.clientId, columns.clientId);
  if (columns.jobSiteId) return eq(recordFiles.jobSiteId, columns.jobSiteId);
  return eq(recordFiles.supplierId, owner.id);
}

export type RecordFileItem = {
  id: string;
  kind: RecordFileKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  createdByEmail: string | null;
};

/** The record's uploaded files, the latest first. */
export async function recordFilesOf(db: DbExecutor, owner: RecordOwner): Promise<RecordFileItem[]> {
  return db
    .select({
      id: recordFiles.id,
      kind: recordFiles.kind,
      fileName: recordFiles.fileName,
      contentType: recordFiles.contentType,
      sizeBytes: recordFiles.sizeBytes,
      createdAt: recordFiles.createdAt,
      createdByEmail: authUsers.email,
    })
    .from(recordFiles)
    .leftJoin(authUsers, eq(authUsers.id, recordFiles.createdBy))
    .where(ownerCondition(owner))
    .orderBy(desc(recordFiles.createdAt), desc(recordFiles.id));
}

/** One file of the record, or null (unknown id, or another record's file). */
export async function recordFileOf(db: DbExecutor, owner: RecordOwner, fileId: string) {
  if (!isUuid(fileId) || !isUuid(owner.id)) return null;
  const [row] = await db
    .select()
    .from(recordFiles)
    .where(and(eq(recordFiles.id, fileId), ownerCondition(owner)));
  return row ?? null;
}

/** Deletes one file of the record: the history says who deleted what, then the row and its bytes go. */
export async function deleteRecordFile(
  services: { db: Database; storage: FileStorage },
  owner: RecordOwner,
  actor: ActivityActor,
  fileId: string,
): Promise<{ fileName: string } | null> {
  const deleted = await services.db.transaction(async (tx) => {
    if (!isUuid(fileId)) return null;
    const [row] = await tx
      .delete(recordFiles)
      .where(and(eq(recordFiles.id, fileId), ownerCondition(owner)))
      .returning({
        fileName: recordFiles.fileName,
        kind: recordFiles.kind,
        storageKey: recordFiles.storageKey,
      });
    if (!row) return null;
    await recordActivity(tx, {
      subjectType: owner.type,
      subjectId: owner.id,
      kind: "file_deleted",
      summary: `Fichier supprimé (${RECORD_FILE_KIND_LABELS[row.kind]}) : ${row.fileName}`.slice(0, 500),
      actor,
    });
    return row;
  });
  if (!deleted) return null;
  await services.storage.delete(deleted.storageKey);
  return { fileName: deleted.fileName };
}

/** A document the product made, linked to its own route. */
export type GeneratedDocument = {
  key: string;
  label: string;
  number: string;
  day: IsoDay | null;
  href: string;
};

const SUPPLIER_PAPER_LABELS: Record<SupplierDocumentKind, string> = {
  attestation_vigilance: "Attestation de vigilance URSSAF",
  kbis: "Extrait Kbis",
  decennale: "Attestation d'assurance décennale",
  autre: "Document du fournisseur",
};

const INVOICE_LABELS: Record<string, string> = {
  acompte: "Facture d'acompte",
  situation: "Facture de situation",
  solde: "Facture de solde",
  facture: "Facture",
  avoir: "Avoir",
};

async function quoteDocuments(
  db: DbExecutor,
  quoteIds: string[] | { clientId: string },
): Promise<GeneratedDocument[]> {
  const condition = Array.isArray(quoteIds)
    ? quoteIds.length > 0
      ? inArray(quotes.seriesId, quoteIds)
      : null
    : eq(quotes.clientId, quoteIds.clientId);
  if (!condition) return [];
  const rows = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      version: quotes.version,
      sentAt: quotes.sentAt,
      signedCopy: quoteDecisions.signedCopyStorageKey,
    })
    .from(quotes)
    .leftJoin(quoteDecisions, eq(quoteDecisions.quoteId, quotes.id))
    .where(and(condition, isNotNull(quotes.number), ne(quotes.status, "brouillon")))
    .orderBy(desc(quotes.sentAt));
  return rows.flatMap((row) => {
    const number = `${row.number}${row.version > 1 ? ` v${row.version}` : ""}`;
    const day = row.sentAt ? parisDay(row.sentAt) : null;
    const quote = { key: `devis-${row.id}`, label: "Devis", number, day, href: `/erp/devis/${row.id}/pdf` };
    return row.signedCopy
      ? [
          quote,
          {
            key: `accord-${row.id}`,
            label: "Devis signé (accord)",
            number,
            day,
            href: `/erp/devis/${row.id}/copie-signee`,
          },
        ]
      : [quote];
  });
}

async function invoiceDocuments(
  db: DbExecutor,
  condition: ReturnType<typeof eq>,
): Promise<GeneratedDocument[]> {
  const rows = await db
    .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, issuedOn: invoices.issuedOn })
    .from(invoices)
    .where(and(condition, isNotNull(invoices.number)))
    .orderBy(desc(invoices.issuedOn));
  return rows.map((row) => ({
    key: `facture-${row.id}`,
    label: INVOICE_LABELS[row.kind] ?? "Facture",
    number: row.number ?? "",
    day: row.issuedOn,
    href: `/erp/factures/${row.id}/pdf`,
  }));
}

async function orderDocuments(
  db: DbExecutor,
  condition: ReturnType<typeof eq>,
): Promise<GeneratedDocument[]> {
  const rows = await db
    .select({ id: purchaseOrders.id, number: purchaseOrders.number, sentAt: purchaseOrders.sentAt })
    .from(purchaseOrders)
    .where(and(condition, isNotNull(purchaseOrders.number)))
    .orderBy(desc(purchaseOrders.sentAt));
  return rows.map((row) => ({
    key: `commande-${row.id}`,
    label: "Bon de commande",
    number: row.number ?? "",
    day: row.sentAt ? parisDay(row.sentAt) : null,
    href: `/erp/achats/commandes/${row.id}/pdf`,
  }));
}

/** What the product made for the record, each with the link to its PDF. */
export async function generatedDocumentsOf(db: DbExecutor, owner: RecordOwner): Promise<GeneratedDocument[]> {
  if (owner.type === "client") {
    return [
      ...(await quoteDocuments(db, { clientId: owner.id })),
      ...(await invoiceDocuments(db, eq(invoices.clientId, owner.id))),
    ];
  }
  if (owner.type === "chantier") {
    const series = await db
      .select({ seriesId: jobSiteQuotes.quoteSeriesId })
      .from(jobSiteQuotes)
      .where(eq(jobSiteQuotes.jobSiteId, owner.id));
    const seriesIds = series.map((row) => row.seriesId);
    const quoteIds =
      seriesIds.length > 0
        ? (await db.select({ id: quotes.id }).from(quotes).where(inArray(quotes.seriesId, seriesIds))).map(
            (row) => row.id,
          )
        : [];
    const receptions = await db
      .select({
        id: jobSiteReceptions.id,
        kind: jobSiteReceptions.kind,
        receivedOn: jobSiteReceptions.receivedOn,
        status: jobSiteReceptions.status,
        signedAt: jobSiteReceptions.signedAt,
      })
      .from(jobSiteReceptions)
      .where(and(eq(jobSiteReceptions.jobSiteId, owner.id), ne(jobSiteReceptions.status, "brouillon")))
      .orderBy(desc(jobSiteReceptions.receivedOn));
    return [
      ...(await quoteDocuments(db, seriesIds)),
      ...(quoteIds.length > 0
        ? await invoiceDocuments(db, inArray(invoices.quoteId, quoteIds) as ReturnType<typeof eq>)
        : []),
      ...(await orderDocuments(db, eq(purchaseOrders.jobSiteId, owner.id))),
      ...receptions.flatMap((row) => {
        const base = `/erp/chantiers/${owner.id}/reception`;
        if (row.kind !== "reception") {
          return [
            {
              key: `levee-${row.id}`,
              label: "PV de levée des réserves",
              number: "",
              day: row.receivedOn,
              href: `${base}/pdf?levee=${row.id}`,
            },
          ];
        }
        const pv = {
          key: `pv-${row.id}`,
          label: "PV de réception",
          number: "",
          day: row.receivedOn,
          href: `${base}/pdf`,
        };
        return row.signedAt
          ? [
              pv,
              {
                key: `pv-signe-${row.id}`,
                label: "PV de réception signé",
                number: "",
                day: row.receivedOn,
                href: `${base}/copie-signee`,
              },
            ]
          : [pv];
      }),
    ];
  }
  const papers = await db
    .select({ id: supplierDocuments.id, kind: supplierDocuments.kind, issuedOn: supplierDocuments.issuedOn })
    .from(supplierDocuments)
    .where(eq(supplierDocuments.supplierId, owner.id))
    .orderBy(desc(supplierDocuments.issuedOn));
  const bills = await db
    .select({
      id: supplierInvoices.id,
      number: supplierInvoices.number,
      isCreditNote: supplierInvoices.isCreditNote,
      issueDate: supplierInvoices.issueDate,
    })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.supplierId, owner.id))
    .orderBy(desc(supplierInvoices.issueDate));
  return [
    ...(await orderDocuments(db, eq(purchaseOrders.supplierId, owner.id))),
    ...bills.map((row) => ({
      key: `facture-fournisseur-${row.id}`,
      label: row.isCreditNote ? "Avoir fournisseur" : "Facture fournisseur",
      number: row.number,
      day: row.issueDate,
      href: `/erp/achats/factures/${row.id}/original`,
    })),
    ...papers.map((row) => ({
      key: `vigilance-${row.id}`,
      label: SUPPLIER_PAPER_LABELS[row.kind],
      number: "",
      day: row.issuedOn,
      href: `/erp/achats/fournisseurs/${owner.id}/documents/${row.id}`,
    })),
  ];
}
