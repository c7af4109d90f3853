import { and, eq, sql } from "drizzle-orm";
import { documentCounters, type NumberedKind } from "#app/db/schema/documents.ts";
import type { DbTransaction } from "./outbox.server.ts";
import { formatDate, parisDay } from "./paris-time.ts";

/**
 * Numbers of legal documents: DEV-2026-0001, FAC-2026-0001, AV-2026-0001, BC-2026-0001,
 * and of job sites: CH-2026-0001.
 * One sequence per kind and Europe/Paris year of the issue instant, with no gap and no
 * duplicate (docs/decisions/013-document-numbering.md).
 *
 * The number is taken inside the transaction that issues the document:
 *
 *   await db.transaction(async (tx) => {
 *     const issuedAt = new Date();
 *     const { number } = await takeNextNumber(tx, "facture", issuedAt);
 *     await tx.update(factures).set({ number, issuedAt, status: "emise" })...;
 *   });
 *
 * The counter row stays locked until that transaction ends: a second issuer of the same
 * kind and year waits for it; a rollback gives the number back to the next one.
 */

export type { DocumentKind, NumberedKind } from "#app/db/schema/documents.ts";

export const DOCUMENT_PREFIXES: Record<NumberedKind, string> = {
  devis: "DEV",
  facture: "FAC",
  avoir: "AV",
  bon_commande: "BC",
  chantier: "CH",
};

export type DocumentNumber = {
  /** "FAC-2026-0042" */
  number: string;
  kind: NumberedKind;
  /** Europe/Paris year of the issue. */
  year: number;
  /** 42: the position in the year's sequence, from 1. */
  sequence: number;
};

/** "FAC-2026-0042": four digits at least, more beyond 9999 ("FAC-2026-10000"). */
export function formatDocumentNumber(kind: NumberedKind, year: number, sequence: number): string {
  return `${DOCUMENT_PREFIXES[kind]}-${year}-${String(sequence).padStart(4, "0")}`;
}

/** A document dated before the last one of its sequence: its number would break the chronology. */
export class NumberingOrderError extends Error {
  constructor(kind: NumberedKind, year: number, issuedOn: string, lastIssuedOn: string) {
    super(
      `Numérotation impossible : ce document serait daté du ${formatDate(issuedOn)}, avant le dernier ` +
        `de la série ${DOCUMENT_PREFIXES[kind]}-${year} (${formatDate(lastIssuedOn)}). ` +
        "Les numéros doivent suivre l'ordre des dates.",
    );
    this.name = "NumberingOrderError";
  }
}

/**
 * Gives the next number of `kind` for the Paris year of `issuedAt`, inside the caller's
 * transaction (a plain `db` is refused by the type: its number would be committed even
 * if the document then failed). One statement: the upsert creates the year's counter at
 * 1 or increments it, and locks the row until the transaction ends.
 *
 * Refuses (NumberingOrderError, nothing consumed) a document whose Paris day comes
 * before the last one of the same sequence: a later number never carries an earlier date.
 */
export async function takeNextNumber(
  tx: DbTransaction,
  kind: NumberedKind,
  issuedAt: Date,
): Promise<DocumentNumber> {
  if (!(kind in DOCUMENT_PREFIXES)) throw new Error(`Type de document inconnu : ${String(kind)}`);
  const issuedOn = parisDay(issuedAt);
  const year = Number(issuedOn.slice(0, 4));
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, lastNumber: 1, lastIssuedOn: issuedOn })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: {
        lastNumber: sql`${documentCounters.lastNumber} + 1`,
        lastIssuedOn: sql`excluded.last_issued_on`,
        updatedAt: sql`now()`,
      },
      // A row that fails this condition is still locked, but neither changed nor returned.
      setWhere: sql`${documentCounters.lastIssuedOn} <= excluded.last_issued_on`,
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  if (!row) {
    const [counter] = await tx
      .select({ lastIssuedOn: documentCounters.lastIssuedOn })
      .from(documentCounters)
      .where(and(eq(documentCounters.kind, kind), eq(documentCounters.year, year)));
    throw new NumberingOrderError(kind, year, issuedOn, counter?.lastIssuedOn ?? issuedOn);
  }
  return {
    number: formatDocumentNumber(kind, year, row.lastNumber),
    kind,
    year,
    sequence: row.lastNumber,
  };
}
