import { eq, inArray } from "drizzle-orm";
import { issuedDocuments } from "#app/db/schema/clients.ts";
import type { IntegrityEvent } from "#app/db/schema/integrity.ts";
import { invoicePayments, invoices, retentionReleases } from "#app/db/schema/invoices.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { quoteDecisions, quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions } from "#app/db/schema/receptions.ts";
import type { DbExecutor } from "../outbox.server.ts";
import { canonicalJson, sha256Of } from "./canonical.ts";

/**
 * What an entry of the register fingerprints, read from the live rows: the facts that
 * never change once issued (the columns the database's freeze triggers guard, or the
 * whole row of a proof or a payment), the document's number, and the stored file. The
 * same reader serves the entry's writing and its verification, so an untouched record
 * always gives the same fingerprint.
 */
export type IssuedRecord = {
  number: string;
  /** SHA-256 of the facts in canonical JSON. */
  recordSha256: string;
  file: { key: string; sha256: string } | null;
  xmlSha256: string | null;
  /** When it happened and who did it (for the register's first filling). */
  at: Date;
  authorId: string | null;
};

export type RecordRef = { event: IntegrityEvent; subjectId: string };

/** One key per record: the same uuid may not stand for two kinds of records, but be safe. */
export function recordKey(ref: RecordRef): string {
  return `${TABLE_OF[ref.event]}:${ref.subjectId}`;
}

type Table = "quote" | "decision" | "invoice" | "payment" | "release" | "reception";

const TABLE_OF: Record<IntegrityEvent, Table> = {
  devis_envoye: "quote",
  devis_accepte: "decision",
  devis_refuse: "decision",
  facture_emise: "invoice",
  avoir_emis: "invoice",
  paiement: "payment",
  retenue_liberee: "release",
  pv_signe: "reception",
};

const CHUNK = 2_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

const fingerprint = (facts: Record<string, unknown>) => sha256Of(canonicalJson(facts));

/** The file a record keeps: its storage key and SHA-256, when it has both. */
const storedFile = (key: string | null, sha256: string | null) => (key && sha256 ? { key, sha256 } : null);

async function quoteRecords(db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) {
  for (const part of chunks(ids)) {
    const rows = await db
      .select({
        id: quotes.id,
        number: quotes.number,
        version: quotes.version,
        seriesId: quotes.seriesId,
        clientId: quotes.clientId,
        title: quotes.title,
        content: quotes.content,
        totalHtCents: quotes.totalHtCents,
        totalVatCents: quotes.totalVatCents,
        totalTtcCents: quotes.totalTtcCents,
        validUntil: quotes.validUntil,
        sentAt: quotes.sentAt,
        issuedDocumentId: quotes.issuedDocumentId,
        pdfSha256: quotes.pdfSha256,
        pdfStorageKey: quotes.pdfStorageKey,
        pdfIdentity: quotes.pdfIdentity,
        updatedBy: quotes.updatedBy,
        registered: issuedDocuments.number,
      })
      .from(quotes)
      .leftJoin(issuedDocuments, eq(issuedDocuments.id, quotes.issuedDocumentId))
      .where(inArray(quotes.id, part));
    for (const { updatedBy, registered, ...facts } of rows) {
      if (!facts.sentAt) continue;
      out.set(`quote:${facts.id}`, {
        number: registered ?? facts.number ?? "",
        recordSha256: fingerprint(facts),
        file: storedFile(facts.pdfStorageKey, facts.pdfSha256),
        xmlSha256: null,
        at: facts.sentAt,
        authorId: updatedBy,
      });
    }
  }
}

async function decisionRecords(db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) {
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ decision: quoteDecisions, registered: issuedDocuments.number, number: quotes.number })
      .from(quoteDecisions)
      .innerJoin(quotes, eq(quotes.id, quoteDecisions.quoteId))
      .leftJoin(issuedDocuments, eq(issuedDocuments.id, quotes.issuedDocumentId))
      .where(inArray(quoteDecisions.id, part));
    for (const { decision, registered, number } of rows) {
      out.set(`decision:${decision.id}`, {
        number: registered ?? number ?? "",
        recordSha256: fingerprint(decision),
        file: storedFile(decision.signedCopyStorageKey, decision.signedCopySha256),
        xmlSha256: null,
        at: decision.decidedAt,
        authorId: decision.recordedBy,
      });
    }
  }
}

async function invoiceRecords(db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) {
  for (const part of chunks(ids)) {
    const rows = await db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        clientId: invoices.clientId,
        quoteId: invoices.quoteId,
        creditedInvoiceId: invoices.creditedInvoiceId,
        sequence: invoices.sequence,
        content: invoices.content,
        issuedOn: invoices.issuedOn,
        dueOn: invoices.dueOn,
        issuedAt: invoices.issuedAt,
        totalHtCents: invoices.totalHtCents,
        totalVatCents: invoices.totalVatCents,
        totalTtcCents: invoices.totalTtcCents,
        prepaidCents: invoices.prepaidCents,
        retentionCents: invoices.retentionCents,
        netToPayCents: invoices.netToPayCents,
        issuedDocumentId: invoices.issuedDocumentId,
        pdfSha256: invoices.pdfSha256,
        pdfStorageKey: invoices.pdfStorageKey,
        facturxSha256: invoices.facturxSha256,
        createdBy: invoices.createdBy,
      })
      .from(invoices)
      .where(inArray(invoices.id, part));
    for (const { createdBy, ...facts } of rows) {
      if (!facts.issuedAt || !facts.number) continue;
      out.set(`invoice:${facts.id}`, {
        number: facts.number,
        recordSha256: fingerprint(facts),
        file: storedFile(facts.pdfStorageKey, facts.pdfSha256),
        xmlSha256: facts.facturxSha256 || null,
        at: facts.issuedAt,
        authorId: createdBy,
      });
    }
  }
}

/** A receipt (a payment, a retention released), under the number of its invoice or quote; no file of its own. */
function receiptRecord(
  receipt: Record<string, unknown> & { createdAt: Date; createdBy: string | null },
  number: string | null,
): IssuedRecord {
  return {
    number: number ?? "",
    recordSha256: fingerprint(receipt),
    file: null,
    xmlSha256: null,
    at: receipt.createdAt,
    authorId: receipt.createdBy,
  };
}

async function paymentRecords(db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) {
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ payment: invoicePayments, number: invoices.number })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(inArray(invoicePayments.id, part));
    for (const { payment, number } of rows) {
      out.set(`payment:${payment.id}`, receiptRecord(payment, number));
    }
  }
}

async function releaseRecords(db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) {
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ release: retentionReleases, number: quotes.number })
      .from(retentionReleases)
      .innerJoin(quotes, eq(quotes.id, retentionReleases.quoteId))
      .where(inArray(retentionReleases.id, part));
    for (const { release, number } of rows) {
      out.set(`release:${release.id}`, receiptRecord(release, number));
    }
  }
}

/** The PV number as printed: « CH-2026-0007 PV de réception », « CH-2026-0007 PV de levée des réserves ». */
export function receptionNumber(siteNumber: string, kind: "reception" | "levee"): string {
  return `${siteNumber} ${kind === "reception" ? "PV de réception" : "PV de levée des réserves"}`;
}

/** A signed PV: its row as signed (the proof), and the signed copy (the signed PDF or the scan). */
async function receptionRecords(db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) {
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ reception: jobSiteReceptions, siteNumber: jobSites.number })
      .from(jobSiteReceptions)
      .innerJoin(jobSites, eq(jobSites.id, jobSiteReceptions.jobSiteId))
      .where(inArray(jobSiteReceptions.id, part));
    for (const { reception, siteNumber } of rows) {
      if (reception.status !== "signe" || !reception.signedAt) continue;
      // What may change after the signature (the row's last update) is not fingerprinted.
      const { updatedAt: _updatedAt, ...facts } = reception;
      out.set(`reception:${reception.id}`, {
        number: receptionNumber(siteNumber, reception.kind),
        recordSha256: fingerprint(facts),
        file: storedFile(
          reception.signedPdfStorageKey ?? reception.paperScanStorageKey,
          reception.signedCopySha256,
        ),
        xmlSha256: null,
        at: reception.signedAt,
        authorId: reception.recordedBy,
      });
    }
  }
}

const READERS: Record<
  Table,
  (db: DbExecutor, ids: string[], out: Map<string, IssuedRecord>) => Promise<void>
> = {
  quote: quoteRecords,
  decision: decisionRecords,
  invoice: invoiceRecords,
  payment: paymentRecords,
  release: releaseRecords,
  reception: receptionRecords,
};

/**
 * The records of these events as they are now, by `recordKey`; a record that no longer
 * exists (or was never issued) is absent from the map.
 */
export async function readIssuedRecords(
  db: DbExecutor,
  refs: readonly RecordRef[],
): Promise<Map<string, IssuedRecord>> {
  const ids = new Map<Table, Set<string>>();
  for (const ref of refs) {
    const table = TABLE_OF[ref.event];
    const set = ids.get(table) ?? new Set<string>();
    set.add(ref.subjectId);
    ids.set(table, set);
  }
  const out = new Map<string, IssuedRecord>();
  for (const [table, set] of ids) await READERS[table](db, [...set], out);
  return out;
}

/**
 * Every record that the register should hold, oldest first: the sent quote versions, the
 * clients' answers, the issued invoices and credit notes, the payments and the released
 * retentions. What the verification expects and what the first filling writes.
 */
export async function issuedRecordRefs(db: DbExecutor): Promise<(RecordRef & { at: Date })[]> {
  const [sent, decisions, issued, payments, releases, signedPvs] = await Promise.all([
    db.select({ id: quotes.id, at: quotes.sentAt }).from(quotes).where(inArray(quotes.status, SENT_STATUSES)),
    db
      .select({ id: quoteDecisions.id, at: quoteDecisions.decidedAt, decision: quoteDecisions.decision })
      .from(quoteDecisions),
    db
      .select({ id: invoices.id, at: invoices.issuedAt, kind: invoices.kind })
      .from(invoices)
      .where(inArray(invoices.status, ISSUED_STATUSES)),
    db.select({ id: invoicePayments.id, at: invoicePayments.createdAt }).from(invoicePayments),
    db.select({ id: retentionReleases.id, at: retentionReleases.createdAt }).from(retentionReleases),
    db
      .select({ id: jobSiteReceptions.id, at: jobSiteReceptions.signedAt })
      .from(jobSiteReceptions)
      .where(eq(jobSiteReceptions.status, "signe")),
  ]);
  const refs: (RecordRef & { at: Date })[] = [
    ...sent.flatMap((row) =>
      row.at ? [{ event: "devis_envoye" as const, subjectId: row.id, at: row.at }] : [],
    ),
    ...decisions.map((row) => ({
      event: row.decision === "accepte" ? ("devis_accepte" as const) : ("devis_refuse" as const),
      subjectId: row.id,
      at: row.at,
    })),
    ...issued.flatMap((row) =>
      row.at
        ? [
            {
              event: row.kind === "avoir" ? ("avoir_emis" as const) : ("facture_emise" as const),
              subjectId: row.id,
              at: row.at,
            },
          ]
        : [],
    ),
    ...payments.map((row) => ({ event: "paiement" as const, subjectId: row.id, at: row.at })),
    ...releases.map((row) => ({ event: "retenue_liberee" as const, subjectId: row.id, at: row.at })),
    ...signedPvs.flatMap((row) =>
      row.at ? [{ event: "pv_signe" as const, subjectId: row.id, at: row.at }] : [],
    ),
  ];
  return refs.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const SENT_STATUSES = ["envoye", "accepte", "refuse", "expire", "remplace"] as const;
const ISSUED_STATUSES = ["emise", "partiellement_payee", "payee", "en_retard", "annulee"] as const;
