import { randomUUID } from "node:crypto";
import { and, asc, eq, ne, or } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import type { QuoteContent, QuoteRow } from "#app/db/schema/quotes.ts";
import { type ActivityActor, type ActivityInput, recordActivities } from "#app/lib/activity.server.ts";
import { contractRetention } from "#app/lib/guarantee-retention.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { messagesOf, type Problem, problem } from "#app/lib/problems.ts";
import { foldText } from "#app/lib/search-text.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { PercentOrAmount } from "#app/lib/vat.ts";
import { billingQuoteFromContent } from "./billing.ts";
import type {
  BillingInvoice,
  CreditNoteReason,
  CreditNoteRequest,
  IssuedInvoice,
  ProgressEntry,
} from "./billing-model.ts";
import type { SaleLine } from "./sale-billing.ts";

/*
 * What the invoices' server modules share: who acts, the errors the screens turn into
 * French messages, the stored JSON of an invoice and the invoices already issued on a
 * quote or a standalone invoice, as billing reads them.
 */

export type InvoiceActor = { id: string | null; email: string };

export class InvoiceNotFoundError extends namedError(
  "InvoiceNotFoundError",
  "Cette facture n'existe pas ou a été supprimée.",
) {}

/** What the quote, the invoice's state or the figures forbid: 409 with the reason. */
export class InvoiceStateError extends namedError("InvoiceStateError") {}

/** « Émettre » refused: what is missing, one French reason a line, each with where it is fixed (if anywhere). */
export class InvoiceNotIssuableError extends Error {
  override name = "InvoiceNotIssuableError";
  readonly problems: Problem[];
  readonly missing: string[];
  constructor(reasons: readonly (string | Problem)[]) {
    const problems = reasons.map((reason) => (typeof reason === "string" ? problem(reason) : reason));
    const missing = messagesOf(problems);
    super(`La facture ne peut pas être émise : ${missing.join(" ")}`);
    this.problems = problems;
    this.missing = missing;
  }
}

/** Another save went through since the page was loaded: refused, not merged. */
export class InvoiceConflictError extends Error {
  override name = "InvoiceConflictError";
  constructor() {
    super(
      "Ce brouillon a été modifié ailleurs depuis l'ouverture de la page : rechargez-la (vos saisies restent affichées jusque-là).",
    );
  }
}

/** What « Facturer » asks for on an accepted quote. */
export type InvoiceRequest =
  | { kind: "acompte"; deposit: PercentOrAmount }
  | { kind: "situation"; lots: readonly ProgressEntry[] }
  | { kind: "solde" };

export type StoredRequest =
  | InvoiceRequest
  | { kind: "avoir"; amount: CreditNoteRequest["amount"]; reason?: CreditNoteReason }
  | { kind: "facture" }
  | { kind: "vente"; lines: SaleLine[]; paymentText: string };

export function isInvoiceId(id: string | null | undefined): id is string {
  return isUuid(id);
}

/** An invoice's row, locked until the transaction ends; an unknown id is `InvoiceNotFoundError`. */
export async function lockedInvoice(tx: DbExecutor, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!row) throw new InvoiceNotFoundError();
  return row;
}

/** Runs `work` in one transaction on the invoice's row, locked; an unknown id is `InvoiceNotFoundError`. */
export async function withLockedInvoice<T>(
  db: Database,
  invoiceId: string,
  work: (tx: DbTransaction, row: InvoiceRow) => Promise<T>,
): Promise<T> {
  if (!isInvoiceId(invoiceId)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx) => work(tx, await lockedInvoice(tx, invoiceId)));
}

/** The stored JSON of an invoice: the computed document and what it was computed from. */
type InvoiceContent = { billing: BillingInvoice };

export function contentOf(row: Pick<InvoiceRow, "content">): InvoiceContent {
  return row.content as unknown as InvoiceContent;
}

export function activityActor(actor: InvoiceActor): ActivityActor {
  return { id: actor.id, email: actor.email };
}

/** Writes one line of an invoice's history, by who acted. */
export async function recordInvoiceActivity(
  tx: DbExecutor,
  invoiceId: string,
  actor: InvoiceActor,
  event: Pick<ActivityInput, "kind" | "summary" | "data">,
): Promise<void> {
  await recordActivities(tx, [
    { subjectType: "facture", subjectId: invoiceId, ...event, actor: activityActor(actor) },
  ]);
}

/** A standalone invoice's lines, header and site, as stored with its draft. */
export function standaloneContent(row: Pick<InvoiceRow, "content">): QuoteContent {
  const source = (row.content as { source?: QuoteContent }).source;
  if (!source) throw new InvoiceStateError("Cette facture n'a pas de lignes : recréez-la.");
  return source;
}

export type IssuedRow = IssuedInvoice & { row: InvoiceRow };

/** A standalone invoice and its credit notes issued, in issue order, as billing reads them. */
export async function issuedOnStandalone(
  db: DbExecutor,
  invoiceId: string,
): Promise<(IssuedInvoice & { row: InvoiceRow })[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        or(eq(invoices.id, invoiceId), eq(invoices.creditedInvoiceId, invoiceId)),
        ne(invoices.status, "brouillon"),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((row) => ({ ...contentOf(row).billing, id: row.id, row }));
}

/** The invoices issued on a quote, in issue order, as billing reads them. */
export async function issuedOnQuote(
  db: DbExecutor,
  quoteId: string,
): Promise<(IssuedInvoice & { row: InvoiceRow })[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.quoteId, quoteId), ne(invoices.status, "brouillon")))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((row) => ({ ...contentOf(row).billing, id: row.id, row }));
}

/** The accepted quote's billing figures, with the retention its terms provide. */
export function quoteFigures(quote: Pick<QuoteRow, "content">) {
  return billingQuoteFromContent(quote.content, contractRetention(quote.content.terms));
}

export function totalsColumns(billing: BillingInvoice) {
  return {
    totalHtCents: billing.totals.ht,
    totalVatCents: billing.totals.vat,
    totalTtcCents: billing.totals.ttc,
    // Deposits are deducted from the base, HT: no prepaid amount (decision 018).
    prepaidCents: 0,
    retentionCents: billing.totals.retention,
    netToPayCents: billing.totals.netToPay,
  };
}

/**
 * A credit note's draft on the issued invoice `credited`, its figures computed by billing;
 * returns its id. `about` is what the lists search besides « avoir » and the number.
 */
export async function insertCreditNoteDraft(
  tx: DbExecutor,
  credited: InvoiceRow,
  note: {
    quoteId: string | null;
    sequence: number;
    billing: BillingInvoice;
    request: Extract<StoredRequest, { kind: "avoir" }>;
    about: string;
  },
  actor: InvoiceActor,
): Promise<string> {
  const id = randomUUID();
  await tx.insert(invoices).values({
    id,
    kind: "avoir",
    clientId: credited.clientId,
    quoteId: note.quoteId,
    creditedInvoiceId: credited.id,
    sequence: note.sequence,
    content: { billing: note.billing, request: note.request } as unknown as Record<string, unknown>,
    ...totalsColumns(note.billing),
    searchText: foldText(`avoir ${credited.number ?? ""} ${note.about}`),
    createdBy: actor.id,
  });
  return id;
}

/** Whether an invoice is a shop order's (a sale of goods at prices TTC). */
export function isSaleInvoice(row: Pick<InvoiceRow, "content">): boolean {
  return (row.content as { request?: { kind?: string } }).request?.kind === "vente";
}
