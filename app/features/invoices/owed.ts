import type { Cents } from "#app/lib/money.ts";

/**
 * What a client still owes on one document: the one rule behind every « Reste dû » of
 * the product (the invoices list, its footer, an invoice's page, a quote's « Facturer »
 * panel, the dashboard, the reminders and the export's page). Browser-safe: the list and
 * the pages compute it from the row they show; `owedSql` (owed.server.ts) is the same rule
 * for the sums PostgreSQL adds up, and a test holds the two equal.
 *
 * - Only an issued invoice still open owes: « Émise », « Partiellement payée » or « En
 *   retard ». A draft, a paid or a cancelled invoice owes nothing, and a credit note is
 *   never a receivable of its own: what it takes off is counted on its invoice.
 * - Owed = net to pay (TTC less the retention, which is held apart until its release)
 *   − what the issued credit notes take off (`creditedCents`) − the payments recorded.
 * - Never below 0: a credit note issued after the invoice was paid gives money back to the
 *   client; that is owed to him, not by him, and is never shown as a negative debt.
 */
export const OWING_STATUSES = ["emise", "partiellement_payee", "en_retard"] as const;

export type OwedFacts = {
  kind: string;
  status: string;
  netToPayCents: Cents;
  creditedCents: Cents;
  paidCents: Cents;
};

export function amountOwed(facts: OwedFacts): Cents {
  if (facts.kind === "avoir") return 0;
  if (!(OWING_STATUSES as readonly string[]).includes(facts.status)) return 0;
  return Math.max(0, facts.netToPayCents - facts.creditedCents - facts.paidCents);
}

/** What is owed on several documents (a quote's invoices, a period's). */
export function totalOwed(rows: readonly OwedFacts[]): Cents {
  return rows.reduce((total, row) => total + amountOwed(row), 0);
}
