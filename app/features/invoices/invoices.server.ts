import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, ne, or } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import {
  type InvoiceRow,
  invoicePayments,
  invoices,
  type PaymentMethod,
  retentionReleases,
} from "#app/db/schema/invoices.ts";
import { type QuoteContent, type QuoteRow, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { type ActivityActor, recordActivities } from "#app/lib/activity.server.ts";
import { issueDocument } from "#app/lib/documents.server.ts";
import { contractRetention } from "#app/lib/guarantee-retention.ts";
import { type Cents, formatCents, MoneyError } from "#app/lib/money.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { addDays, formatDate, parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { messagesOf, type Problem, problem } from "#app/lib/problems.ts";
import { foldText } from "#app/lib/search-text.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, type PercentOrAmount } from "#app/lib/vat.ts";
import {
  type BillingInvoice,
  type BillingResult,
  type BillingSummary,
  billingQuoteFromContent,
  type CorrectableLines,
  type CreditNoteReason,
  type CreditNoteRequest,
  computeCreditNote,
  computeDepositInvoice,
  computeFinalInvoice,
  computeProgressInvoice,
  computeStandaloneInvoice,
  correctableLines,
  type IssuedInvoice,
  type ProgressEntry,
  quoteBillingSummary,
  retentionReleaseDate,
  STANDALONE_MESSAGES,
  standaloneProblems,
} from "./billing.ts";
import {
  documentFigures,
  type InvoiceDocumentInput,
  issueProblems,
  renderInvoiceDocument,
} from "./document.server.ts";
import { PAYMENT_METHOD_LABELS } from "./labels.ts";
import { amountOwed, totalOwed } from "./owed.ts";
import { computeSaleInvoice, type SaleLine, saleCreditNote } from "./sale-billing.ts";

/*
 * Invoices drawn from an accepted quote, on the server: a draft is computed by
 * ./billing.ts against the invoices already issued on the quote (never more than the
 * quote); « Émettre » computes it again inside the issuing transaction (another invoice
 * may have been issued meanwhile), checks every mention (./document.server.ts), takes
 * FAC-YYYY-NNNN (AV- for a credit note), renders the Factur-X PDF once and registers it
 * with its SHA-256; the database then refuses any change to it. Payments move its status.
 */

export type InvoiceActor = { id: string | null; email: string };

export class InvoiceNotFoundError extends Error {
  override name = "InvoiceNotFoundError";
  constructor(message = "Cette facture n'existe pas ou a été supprimée.") {
    super(message);
  }
}

/** What the quote, the invoice's state or the figures forbid: 409 with the reason. */
export class InvoiceStateError extends Error {
  override name = "InvoiceStateError";
}

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

/** What « Facturer » asks for on an accepted quote. */
export type InvoiceRequest =
  | { kind: "acompte"; deposit: PercentOrAmount }
  | { kind: "situation"; lots: readonly ProgressEntry[] }
  | { kind: "solde" };

export function isInvoiceId(id: string | null | undefined): id is string {
  return isUuid(id);
}

/** The stored JSON of an invoice: the computed document and what it was computed from. */
type InvoiceContent = { billing: BillingInvoice };

function contentOf(row: Pick<InvoiceRow, "content">): InvoiceContent {
  return row.content as unknown as InvoiceContent;
}

function activityActor(actor: InvoiceActor): ActivityActor {
  return { id: actor.id, email: actor.email };
}

/** A standalone invoice's lines, header and site, as stored with its draft. */
function standaloneContent(row: Pick<InvoiceRow, "content">): QuoteContent {
  const source = (row.content as { source?: QuoteContent }).source;
  if (!source) throw new InvoiceStateError("Cette facture n'a pas de lignes : recréez-la.");
  return source;
}

/** A standalone invoice and its credit notes issued, in issue order, as billing reads them. */
async function issuedOnStandalone(
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
async function issuedOnQuote(
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

async function acceptedQuote(db: DbExecutor, quoteId: string): Promise<QuoteRow> {
  if (!isUuid(quoteId)) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  if (quote.status !== "accepte") {
    throw new InvoiceStateError("Seul un devis accepté par le client peut être facturé.");
  }
  return quote;
}

/** The accepted quote's billing figures, with the retention its terms provide. */
function quoteFigures(quote: Pick<QuoteRow, "content">) {
  return billingQuoteFromContent(quote.content, contractRetention(quote.content.terms));
}

/**
 * Where an accepted quote's billing stands, for its page: invoiced, paid, left to invoice,
 * owed, and the retention held with its release date (one year after the handover). Null
 * when the stored figures do not add up (they always should: billing.ts computed them).
 */
export async function quoteBillingOverview(
  db: DbExecutor,
  quote: Pick<QuoteRow, "id" | "content" | "handoverOn">,
): Promise<BillingSummary | null> {
  const [issued, releases] = await Promise.all([
    issuedOnQuote(db, quote.id),
    db
      .select({ amount: retentionReleases.amountCents })
      .from(retentionReleases)
      .where(eq(retentionReleases.quoteId, quote.id)),
  ]);
  try {
    const summary = quoteBillingSummary(
      quoteFigures(quote),
      issued,
      [
        ...issued
          .filter((invoice) => invoice.row.paidCents > 0)
          .map((invoice) => ({ amount: invoice.row.paidCents })),
        ...releases.map((release) => ({ amount: release.amount, retentionRelease: true })),
      ],
      quote.handoverOn,
    );
    // What the client owes is the rule of every other « Reste dû » (owed.ts), summed over
    // the quote's invoices: never a figure of its own.
    return { ...summary, outstanding: totalOwed(issued.map((invoice) => invoice.row)) };
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/**
 * What « Faire un avoir » may take back from an issued invoice by « Correction »: its lots
 * (a quote's invoice) or its lines (a standalone invoice), each with what is left of it.
 * Null on a draft, a credit note, a shop order's invoice or anything else billing refuses.
 */
export async function creditNoteChoices(
  db: DbExecutor,
  row: Pick<InvoiceRow, "id" | "status" | "kind" | "quoteId" | "content">,
): Promise<CorrectableLines | null> {
  if (row.status === "brouillon" || row.kind === "avoir" || isSaleInvoice(row)) return null;
  try {
    if (row.quoteId) {
      const [quote] = await db.select().from(quotes).where(eq(quotes.id, row.quoteId));
      if (!quote) return null;
      return correctableLines(quoteFigures(quote), await issuedOnQuote(db, quote.id), row.id);
    }
    const source = (row.content as { source?: QuoteContent }).source;
    if (!source) return null;
    return correctableLines(
      billingQuoteFromContent(source, null),
      await issuedOnStandalone(db, row.id),
      row.id,
    );
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

function compute(quote: QuoteRow, issued: readonly IssuedInvoice[], request: InvoiceRequest): BillingResult {
  const figures = quoteFigures(quote);
  if (request.kind === "acompte") return computeDepositInvoice(figures, issued, { deposit: request.deposit });
  if (request.kind === "situation") return computeProgressInvoice(figures, issued, { lots: request.lots });
  return computeFinalInvoice(figures, issued);
}

function totalsColumns(billing: BillingInvoice) {
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

/** A draft invoice drawn from an accepted quote; refused (409) with billing's reason when it would exceed the quote. */
export async function createInvoiceDraft(
  db: Database,
  quoteId: string,
  request: InvoiceRequest,
  actor: InvoiceActor,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const quote = await acceptedQuote(tx, quoteId);
    const result = compute(quote, await issuedOnQuote(tx, quote.id), request);
    if (!result.ok) throw new InvoiceStateError(result.message);
    const id = randomUUID();
    await tx.insert(invoices).values({
      id,
      kind: request.kind,
      clientId: quote.clientId,
      quoteId: quote.id,
      sequence: result.invoice.sequence,
      content: { billing: result.invoice, request } as unknown as Record<string, unknown>,
      ...totalsColumns(result.invoice),
      searchText: foldText(`${result.invoice.title} ${quote.number ?? ""} ${quote.title}`),
      createdBy: actor.id,
    });
    await recordActivities(tx, [
      {
        subjectType: "facture",
        subjectId: id,
        kind: "created",
        summary: `${result.invoice.title} en brouillon (${formatCents(result.invoice.totals.ttc)} TTC)`,
        data: { quoteId: quote.id },
        actor: activityActor(actor),
      },
    ]);
    return { id };
  });
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

/** The lines of a new standalone invoice: one lot, no line; the client's address as the site. */
function newStandaloneContent(client: typeof clients.$inferSelect): QuoteContent {
  return {
    title: "",
    description: "",
    site: {
      street: client.billingStreet ?? "",
      postalCode: client.billingPostalCode ?? "",
      city: client.billingCity ?? "",
    },
    reverseCharge: client.kind === "entreprise" && client.mainContractor,
    offPremises: false,
    lots: [{ id: randomUUID().replaceAll("-", "").slice(0, 20), title: "Prestations", lines: [] }],
    discount: null,
    travel: null,
    // The editor's terms are a quote's; a standalone invoice ignores them.
    terms: {
      validityDays: 30,
      startOn: null,
      duration: "",
      deposit: null,
      depositSchedule: "",
      paymentTerms: "",
      paid: false,
      priceCents: null,
      noteToClient: "",
      retention: null,
    },
  };
}

/** A standalone draft's stored JSON and figures: its billing when its lines add up, else none yet. */
function standaloneDraftValues(content: QuoteContent) {
  const result = computeStandaloneInvoice(content);
  const billing = result.ok ? result.invoice : null;
  return {
    content: { billing, request: { kind: "facture" }, source: content } as unknown as Record<string, unknown>,
    ...(billing
      ? totalsColumns(billing)
      : {
          totalHtCents: 0,
          totalVatCents: 0,
          totalTtcCents: 0,
          prepaidCents: 0,
          retentionCents: 0,
          netToPayCents: 0,
        }),
  };
}

/** A standalone invoice (a small job without a quote), as a draft with no line yet. */
export async function createStandaloneDraft(
  db: Database,
  clientId: string,
  actor: InvoiceActor,
): Promise<{ id: string }> {
  if (!isUuid(clientId)) throw new InvoiceNotFoundError("Ce client n'existe pas.");
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    if (!client) throw new InvoiceNotFoundError("Ce client n'existe pas.");
    if (client.anonymisedAt)
      throw new InvoiceStateError("Ce client a été anonymisé : il ne peut plus être facturé.");
    const id = randomUUID();
    await tx.insert(invoices).values({
      id,
      kind: "facture",
      clientId,
      quoteId: null,
      ...standaloneDraftValues(newStandaloneContent(client)),
      searchText: foldText(`facture ${client.name}`),
      createdBy: actor.id,
    });
    await recordActivities(tx, [
      {
        subjectType: "facture",
        subjectId: id,
        kind: "created",
        summary: "Facture sans devis en brouillon",
        actor: activityActor(actor),
      },
    ]);
    return { id };
  });
}

/**
 * What a standalone draft's page edits: its lines, header and site, its revision, the
 * client's kind and the hourly cost (for the margin). Null for any other invoice.
 */
export async function standaloneDraftEditor(
  db: DbExecutor,
  row: InvoiceRow,
): Promise<{
  content: QuoteContent;
  revision: number;
  clientKind: "particulier" | "entreprise";
  hourlyCostCents: Cents;
} | null> {
  if (row.kind !== "facture" || row.quoteId || row.status !== "brouillon") return null;
  const [[client], [settings]] = await Promise.all([
    db.select({ kind: clients.kind }).from(clients).where(eq(clients.id, row.clientId)),
    db
      .select({ hourlyCostCents: companySettings.hourlyCostCents })
      .from(companySettings)
      .where(eq(companySettings.id, 1)),
  ]);
  return {
    content: standaloneContent(row),
    revision: row.revision,
    clientKind: client?.kind ?? "particulier",
    hourlyCostCents: settings?.hourlyCostCents ?? 0,
  };
}

/**
 * Saves a standalone draft's lines over the revision it was loaded at (an older one is
 * refused, not merged). Refused: a document discount, travel costs or optional lines.
 */
export async function saveStandaloneDraft(
  db: Database,
  id: string,
  input: { revision: number; content: QuoteContent },
  actor: InvoiceActor,
): Promise<{ revision: number }> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw new InvoiceNotFoundError();
    if (row.kind !== "facture" || row.quoteId)
      throw new InvoiceStateError("Seule une facture sans devis se modifie ainsi.");
    if (row.status !== "brouillon")
      throw new InvoiceStateError("Cette facture est émise : elle ne se modifie plus.");
    if (row.revision !== input.revision) throw new InvoiceConflictError();
    const result = computeStandaloneInvoice(input.content);
    if (!result.ok && result.message !== STANDALONE_MESSAGES.empty)
      throw new InvoiceStateError(result.message);
    const [client] = await tx
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    const revision = row.revision + 1;
    await tx
      .update(invoices)
      .set({
        ...standaloneDraftValues(input.content),
        searchText: foldText(`facture ${input.content.title} ${client?.name ?? ""}`),
        revision,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    await recordActivities(tx, [
      {
        subjectType: "facture",
        subjectId: id,
        kind: "saved",
        summary: "Brouillon enregistré",
        actor: activityActor(actor),
      },
    ]);
    return { revision };
  });
}

/** A draft credit note of an issued invoice: total, a percentage or an amount TTC. */
export async function createCreditNoteDraft(
  db: Database,
  invoiceId: string,
  amount: CreditNoteRequest["amount"],
  actor: InvoiceActor,
  reason?: CreditNoteReason,
): Promise<{ id: string }> {
  if (!isInvoiceId(invoiceId)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx) => {
    const [credited] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!credited) throw new InvoiceNotFoundError();
    if (credited.status === "brouillon" || credited.kind === "avoir") {
      throw new InvoiceStateError("Un avoir corrige une facture émise.");
    }
    if (isSaleInvoice(credited)) {
      throw new InvoiceStateError(
        "Cette facture est celle d'une commande de la boutique : son avoir est établi en annulant la commande.",
      );
    }
    const [quote] = credited.quoteId
      ? await tx.select().from(quotes).where(eq(quotes.id, credited.quoteId))
      : [];
    if (credited.quoteId && !quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    const result = quote
      ? computeCreditNote(quoteFigures(quote), await issuedOnQuote(tx, quote.id), {
          invoiceId,
          amount,
          reason,
        })
      : computeCreditNote(
          billingQuoteFromContent(standaloneContent(credited), null),
          await issuedOnStandalone(tx, credited.id),
          { invoiceId, amount, reason },
        );
    if (!result.ok) throw new InvoiceStateError(result.message);
    const id = randomUUID();
    await tx.insert(invoices).values({
      id,
      kind: "avoir",
      clientId: credited.clientId,
      quoteId: quote?.id ?? null,
      creditedInvoiceId: credited.id,
      sequence: result.invoice.sequence,
      content: { billing: result.invoice, request: { kind: "avoir", amount, reason } } as unknown as Record<
        string,
        unknown
      >,
      ...totalsColumns(result.invoice),
      searchText: foldText(`avoir ${credited.number ?? ""} ${quote?.title ?? credited.searchText}`),
      createdBy: actor.id,
    });
    await recordActivities(tx, [
      {
        subjectType: "facture",
        subjectId: id,
        kind: "created",
        summary: `Avoir en brouillon sur ${credited.number} (${formatCents(result.invoice.totals.ttc)} TTC)`,
        data: { creditedInvoiceId: credited.id },
        actor: activityActor(actor),
      },
    ]);
    return { id };
  });
}

type IssuedRow = IssuedInvoice & { row: InvoiceRow };

/** Whether an invoice is a shop order's (a sale of goods at prices TTC). */
export function isSaleInvoice(row: Pick<InvoiceRow, "content">): boolean {
  return (row.content as { request?: { kind?: string } }).request?.kind === "vente";
}

export type SaleInvoiceInput = {
  clientId: string;
  /** « Commande CMD-000042 ». */
  title: string;
  /** Where the goods were delivered or collected. */
  site: QuoteContent["site"];
  lines: SaleLine[];
  /** The payment terms printed: when and how the buyer paid. */
  paymentText: string;
  /** The payment to record on it at once (the buyer has paid). */
  payment: { method: PaymentMethod; reference: string | null };
  /** Words of the search (the order's number, the buyer). */
  search: string;
};

/** A sale's source as stored with its invoice: the header and site the document prints. */
function saleSource(input: SaleInvoiceInput): QuoteContent {
  const content = newStandaloneContent({
    billingStreet: input.site.street,
    billingPostalCode: input.site.postalCode,
    billingCity: input.site.city,
    kind: "particulier",
    mainContractor: false,
  } as typeof clients.$inferSelect);
  return { ...content, title: input.title, lots: [] };
}

/**
 * The invoice of a paid shop order, inside the caller's transaction: created, issued
 * (FAC-YYYY-NNNN, Factur-X, due on issue) and paid in full at once. Throws
 * InvoiceNotIssuableError (the list of what is missing) or InvoiceStateError: the caller
 * runs it in a savepoint, so that the order's payment stands when its invoice cannot.
 */
export async function issueSaleInvoice(
  tx: DbTransaction,
  deps: IssueDeps,
  input: SaleInvoiceInput,
  actor: InvoiceActor,
): Promise<{ id: string; number: string; pdfStorageKey: string }> {
  const result = computeSaleInvoice(input.title, input.lines);
  if (!result.ok) throw new InvoiceStateError(result.message);
  const id = randomUUID();
  const request: StoredRequest = { kind: "vente", lines: input.lines, paymentText: input.paymentText };
  await tx.insert(invoices).values({
    id,
    kind: "facture",
    clientId: input.clientId,
    quoteId: null,
    content: { billing: result.invoice, request, source: saleSource(input) } as unknown as Record<
      string,
      unknown
    >,
    ...totalsColumns(result.invoice),
    searchText: foldText(`facture ${input.search}`),
    createdBy: actor.id,
  });
  await recordActivities(tx, [
    {
      subjectType: "facture",
      subjectId: id,
      kind: "created",
      summary: `Facture de la ${input.title.toLowerCase()}`,
      actor: activityActor(actor),
    },
  ]);
  const issued = await issueInTransaction(tx, deps, id, actor);
  const now = deps.now ?? new Date();
  await tx.insert(invoicePayments).values({
    invoiceId: id,
    paidOn: parisDay(now),
    amountCents: result.invoice.totals.netToPay,
    method: input.payment.method,
    reference: input.payment.reference,
    createdBy: actor.id,
  });
  await tx
    .update(invoices)
    .set({ paidCents: result.invoice.totals.netToPay, status: "payee", updatedAt: now })
    .where(eq(invoices.id, id));
  await recordActivities(tx, [
    {
      subjectType: "facture",
      subjectId: id,
      kind: "payment",
      summary: `Paiement de ${formatCents(result.invoice.totals.netToPay)} (${PAYMENT_METHOD_LABELS[input.payment.method].toLowerCase()}) : payée`,
      actor: activityActor(actor),
    },
  ]);
  const [row] = await tx
    .select({ pdfStorageKey: invoices.pdfStorageKey })
    .from(invoices)
    .where(eq(invoices.id, id));
  return { id, number: issued.number, pdfStorageKey: row?.pdfStorageKey ?? "" };
}

/**
 * The total credit note of a shop order's invoice (the order is cancelled), issued at
 * once inside the caller's transaction: AV-YYYY-NNNN, the invoice « Annulée par avoir ».
 */
export async function issueSaleCreditNote(
  tx: DbTransaction,
  deps: IssueDeps,
  invoiceId: string,
  actor: InvoiceActor,
): Promise<{ id: string; number: string; pdfStorageKey: string }> {
  const [credited] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!credited || !isSaleInvoice(credited) || credited.status === "brouillon") {
    throw new InvoiceStateError("Cette commande n'a pas de facture émise à annuler.");
  }
  const result = saleCreditNote(contentOf(credited).billing, credited.id);
  if (!result.ok) throw new InvoiceStateError(result.message);
  const id = randomUUID();
  await tx.insert(invoices).values({
    id,
    kind: "avoir",
    clientId: credited.clientId,
    quoteId: null,
    creditedInvoiceId: credited.id,
    sequence: 1,
    content: {
      billing: result.invoice,
      request: { kind: "avoir", amount: { kind: "total" } },
    } as unknown as Record<string, unknown>,
    ...totalsColumns(result.invoice),
    searchText: foldText(`avoir ${credited.number ?? ""} ${credited.searchText}`),
    createdBy: actor.id,
  });
  const issued = await issueInTransaction(tx, deps, id, actor);
  const [row] = await tx
    .select({ pdfStorageKey: invoices.pdfStorageKey })
    .from(invoices)
    .where(eq(invoices.id, id));
  return { id, number: issued.number, pdfStorageKey: row?.pdfStorageKey ?? "" };
}

/** What a draft is computed from, at issue: its quote, or the lines of a standalone invoice. */
type IssueSource = {
  quote: QuoteRow | null;
  /** The lines, header and site: the quote's, or the standalone invoice's. */
  content: QuoteContent;
  issued: IssuedRow[];
  compute: () => BillingResult;
  /** What the draft lacks to be issued, beyond the mentions. */
  problems: () => string[];
  /** A sale already paid (a shop order): due on issue, with its own payment text. */
  paid?: { termsText: string };
};

async function issueSource(tx: DbTransaction, row: InvoiceRow): Promise<IssueSource> {
  const stored = (row.content as { request?: StoredRequest }).request;
  if (!stored) throw new InvoiceStateError("Brouillon incomplet : recréez-le.");
  if (row.quoteId) {
    // The quote row is locked: two invoices of one quote are issued one after the other.
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.quoteId)).for("update");
    if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    const issued = await issuedOnQuote(tx, quote.id);
    const figures = quoteFigures(quote);
    return {
      quote,
      content: quote.content,
      issued,
      compute: () =>
        stored.kind === "avoir"
          ? computeCreditNote(figures, issued, {
              invoiceId: row.creditedInvoiceId ?? "",
              amount: stored.amount,
              ...(stored.reason ? { reason: stored.reason } : {}),
            })
          : stored.kind === "facture" || stored.kind === "vente"
            ? { ok: false, message: "Une facture d'un devis se prépare depuis le devis." }
            : compute(quote, issued, stored),
      problems: () => [],
    };
  }
  if (stored.kind === "vente") {
    const content = standaloneContent(row);
    return {
      quote: null,
      content,
      issued: [],
      compute: () => computeSaleInvoice(content.title, stored.lines),
      problems: () => [],
      paid: { termsText: stored.paymentText },
    };
  }
  if (stored.kind === "facture") {
    const content = standaloneContent(row);
    return {
      quote: null,
      content,
      issued: [],
      compute: () => computeStandaloneInvoice(content),
      problems: () => [
        ...(content.title.trim() ? [] : ["Indiquez l'objet de la facture."]),
        ...standaloneProblems(content),
      ],
    };
  }
  if (stored.kind !== "avoir" || !row.creditedInvoiceId) {
    throw new InvoiceStateError("Brouillon incomplet : recréez-le.");
  }
  // A credit note of a standalone invoice: the invoice and its earlier credit notes, locked.
  const [credited] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, row.creditedInvoiceId))
    .for("update");
  if (!credited) throw new InvoiceNotFoundError();
  const content = standaloneContent(credited);
  if ((credited.content as { request?: StoredRequest }).request?.kind === "vente") {
    // A shop order's invoice: only its total credit note, the mirror of what it billed.
    return {
      quote: null,
      content,
      issued: [],
      compute: () => saleCreditNote(contentOf(credited).billing, credited.id),
      problems: () => [],
    };
  }
  const issued = await issuedOnStandalone(tx, credited.id);
  return {
    quote: null,
    content,
    issued,
    compute: () =>
      computeCreditNote(billingQuoteFromContent(content, null), issued, {
        invoiceId: credited.id,
        amount: stored.amount,
        ...(stored.kind === "avoir" && stored.reason ? { reason: stored.reason } : {}),
      }),
    problems: () => [],
  };
}

export type IssueDeps = { storage: FileStorage; identity: DocumentIdentity; now?: Date };

type StoredRequest =
  | InvoiceRequest
  | { kind: "avoir"; amount: CreditNoteRequest["amount"]; reason?: CreditNoteReason }
  | { kind: "facture" }
  | { kind: "vente"; lines: SaleLine[]; paymentText: string };

/**
 * What a draft's document would be if issued at `now`: its billing recomputed against
 * the invoices issued since, and the document's input (without number). « Émettre » and
 * the draft's preview both go through it, so the preview is the document to be issued.
 */
async function draftDocument(
  tx: DbTransaction,
  identity: DocumentIdentity,
  row: InvoiceRow,
  now: Date,
): Promise<{
  source: IssueSource;
  billing: BillingInvoice;
  credited: InvoiceRow | undefined;
  input: Omit<InvoiceDocumentInput, "number" | "creationDate">;
}> {
  const issuedOn = parisDay(now);
  const source = await issueSource(tx, row);
  const result = source.compute();
  if (!result.ok) throw new InvoiceStateError(result.message);
  const billing = result.invoice;
  const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId));
  const [settings] = await tx.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!client || !settings) throw new InvoiceNotFoundError();
  // Locked: a payment recorded on it meanwhile waits, and its status is computed on both.
  const credited = row.creditedInvoiceId
    ? (await tx.select().from(invoices).where(eq(invoices.id, row.creditedInvoiceId)).for("update"))[0]
    : undefined;
  const rates = new Set(
    source.content.reverseCharge
      ? []
      : source.content.lots.flatMap((lot) =>
          lot.lines.flatMap((line) => (line.kind === "item" && !line.optional ? [line.vatCode] : [])),
        ),
  );
  const input: Omit<InvoiceDocumentInput, "number" | "creationDate"> = {
    identity,
    bank:
      settings.iban && settings.bic && settings.bankAccountHolder
        ? { holder: settings.bankAccountHolder, iban: settings.iban, bic: settings.bic }
        : null,
    issuedOn,
    dueOn: source.paid ? issuedOn : addDays(issuedOn, settings.paymentTermsDays),
    client: {
      kind: client.kind,
      name: client.name,
      legalName: client.legalName,
      siren: client.siren,
      vatNumber: client.vatNumber,
      email: client.email,
      billingStreet: client.billingStreet,
      billingPostalCode: client.billingPostalCode,
      billingCity: client.billingCity,
    },
    site: source.content.site,
    quote: source.quote
      ? {
          number: `${source.quote.number ?? ""}${source.quote.version > 1 ? `-V${source.quote.version}` : ""}`,
          title: source.quote.title,
          acceptedOn: source.quote.decidedAt ? parisDay(source.quote.decidedAt) : null,
        }
      : null,
    subject: source.quote ? null : { title: source.content.title, description: source.content.description },
    credited:
      credited?.number && credited.issuedOn ? { number: credited.number, issuedOn: credited.issuedOn } : null,
    depositInvoices: source.issued
      .filter((invoice) => invoice.kind === "acompte" && invoice.row.number && invoice.row.issuedOn)
      .map((invoice) => ({
        number: invoice.row.number as string,
        issuedOn: invoice.row.issuedOn as string,
      })),
    billing,
    paymentTermsText: source.paid ? source.paid.termsText : settings.paymentTermsText,
    latePaymentRateBp: settings.latePaymentRateBp,
    vatOnDebits: settings.vatOnDebits,
    certifications: [
      ...(rates.has("10") ? [CERTIFICATION_10] : []),
      ...(rates.has("5.5") ? [CERTIFICATION_5_5] : []),
    ],
    retentionReleaseOn: source.quote?.handoverOn ? retentionReleaseDate(source.quote.handoverOn) : null,
  };
  return { source, billing, credited, input };
}

/**
 * « Aperçu PDF » of a draft: the document « Émettre » would produce now, without a
 * number, marked « Brouillon – sans valeur » on every page. Rendered on each request,
 * never stored nor registered. Refused, with the list, when the draft could not be issued.
 */
export async function previewInvoiceDraft(
  db: Database,
  identity: DocumentIdentity,
  id: string,
  now: Date = new Date(),
): Promise<Buffer> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  const input = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new InvoiceNotFoundError();
    if (row.status !== "brouillon") {
      throw new InvoiceStateError("Cette facture est émise : son PDF est celui de l'émission.");
    }
    const draft = await draftDocument(tx, identity, row, now);
    const missing = [...draft.source.problems(), ...issueProblems(draft.input, row.clientId)];
    if (missing.length > 0) throw new InvoiceNotIssuableError(missing);
    return draft.input;
  });
  const { pdf } = await renderInvoiceDocument({ ...input, number: null, creationDate: now });
  return pdf;
}

/**
 * « Émettre »: recomputes the draft against the invoices issued since, refuses with the
 * list of what is missing, then numbers, renders the Factur-X PDF and freezes it.
 */
export async function issueInvoice(
  db: Database,
  deps: IssueDeps,
  id: string,
  actor: InvoiceActor,
): Promise<{ number: string; sha256: string; facturxSha256: string }> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  return db.transaction((tx) => issueInTransaction(tx, deps, id, actor));
}

/** « Émettre » inside the caller's transaction (a shop order's payment issues its invoice so). */
export async function issueInTransaction(
  tx: DbTransaction,
  deps: IssueDeps,
  id: string,
  actor: InvoiceActor,
): Promise<{ number: string; sha256: string; facturxSha256: string }> {
  const now = deps.now ?? new Date();
  {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw new InvoiceNotFoundError();
    if (row.status !== "brouillon") throw new InvoiceStateError("Cette facture est déjà émise.");
    const { source, billing, credited, input } = await draftDocument(tx, deps.identity, row, now);
    if (stableJson(billing) !== stableJson(contentOf(row).billing)) {
      throw new InvoiceStateError(
        row.quoteId
          ? "Une autre facture de ce devis a été émise depuis ce brouillon : supprimez-le et recréez-le pour qu'il en tienne compte."
          : "Ce brouillon a changé depuis son dernier calcul : rechargez la page.",
      );
    }
    const incomplete = source.problems();
    if (incomplete.length > 0) throw new InvoiceNotIssuableError(incomplete);
    const missing = issueProblems(input, row.clientId);
    if (missing.length > 0) throw new InvoiceNotIssuableError(missing);
    let facturxSha256 = "";
    const registered = await issueDocument(tx, {
      kind: row.kind === "avoir" ? "avoir" : "facture",
      clientId: row.clientId,
      issuedAt: now,
      actor,
      storage: deps.storage,
      render: async (number) => {
        const rendered = await renderInvoiceDocument({ ...input, number, creationDate: now });
        facturxSha256 = rendered.xmlSha256;
        return rendered.pdf;
      },
    });
    // What the document prints is what is stored: billing's figures, each rate's VAT =
    // round(base × rate) (EN 16931 BR-CO-17), checked by documentFigures (decision 018).
    const printed = documentFigures(billing);
    await tx
      .update(invoices)
      .set({
        status: "emise",
        totalHtCents: printed.ht,
        totalVatCents: printed.vat,
        totalTtcCents: printed.ttc,
        prepaidCents: 0,
        retentionCents: printed.retention,
        netToPayCents: printed.netToPay,
        number: registered.number,
        issuedOn: input.issuedOn,
        dueOn: input.dueOn,
        issuedAt: now,
        issuedDocumentId: registered.id,
        pdfSha256: registered.pdfSha256,
        pdfStorageKey: registered.pdfStorageKey,
        facturxSha256,
        searchText: foldText(`${registered.number} ${row.searchText}`),
        revision: row.revision + 1,
        updatedAt: now,
      })
      .where(eq(invoices.id, id));
    const events = [
      {
        subjectType: "facture" as const,
        subjectId: id,
        kind: "issued",
        summary: `${billing.title} ${registered.number} émise (${formatCents(billing.totals.ttc)} TTC)`,
        data: { number: registered.number, sha256: registered.pdfSha256, facturxSha256 },
        actor: activityActor(actor),
      },
    ];
    // A credit note lowers what its invoice still owes; one that cancels all that was left
    // of it closes it, a partial one that leaves nothing unpaid marks it paid.
    if (credited) {
      const creditedCents = credited.creditedCents - printed.netToPay;
      const settled = credited.netToPayCents - creditedCents - credited.paidCents <= 0;
      const status: InvoiceRow["status"] = billing.creditOf?.total
        ? "annulee"
        : settled && credited.status !== "annulee"
          ? "payee"
          : credited.status;
      await tx
        .update(invoices)
        .set({ creditedCents, status, updatedAt: now })
        .where(eq(invoices.id, credited.id));
    }
    await recordActivities(tx, events);
    return { number: registered.number, sha256: registered.pdfSha256, facturxSha256 };
  }
}

/**
 * The retention of an accepted quote paid by the client at its release: never more than
 * what is still held, on a day that has come; in the quote's history.
 */
export async function recordRetentionRelease(
  db: Database,
  quoteId: string,
  release: { releasedOn: string; amount: Cents; method: PaymentMethod; reference?: string | null },
  actor: InvoiceActor,
  now = new Date(),
): Promise<{ held: Cents }> {
  if (!isUuid(quoteId)) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  const dayProblem = isoDayProblem(release.releasedOn);
  if (dayProblem) throw new InvoiceStateError(`Date du versement : ${dayProblem}`);
  if (release.releasedOn > parisDay(now)) {
    throw new InvoiceStateError("La date du versement ne peut pas être dans le futur.");
  }
  if (!Number.isSafeInteger(release.amount) || release.amount <= 0) {
    throw new InvoiceStateError("Le montant versé doit être positif.");
  }
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    if (quote.status !== "accepte")
      throw new InvoiceStateError("Seul un devis accepté a une retenue de garantie.");
    const overview = await quoteBillingOverview(tx, quote);
    const held = overview?.retention?.held ?? 0;
    if (held <= 0) throw new InvoiceStateError("Aucune retenue de garantie n'est détenue sur ce devis.");
    if (release.amount > held) {
      throw new InvoiceStateError(
        `La retenue encore détenue est de ${formatCents(held)} : vérifiez le montant versé.`,
      );
    }
    await tx.insert(retentionReleases).values({
      quoteId,
      releasedOn: release.releasedOn,
      amountCents: release.amount,
      method: release.method,
      reference: release.reference ?? null,
      createdBy: actor.id,
    });
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: quoteId,
        kind: "retention_release",
        summary: `Retenue de garantie versée : ${formatCents(release.amount)} (${PAYMENT_METHOD_LABELS[release.method]}) le ${formatDate(release.releasedOn)}`,
        actor: activityActor(actor),
      },
    ]);
    return { held: held - release.amount };
  });
}

/** Records a payment; an overpayment is refused. The status follows (partly paid, paid). */
export async function recordPayment(
  db: Database,
  id: string,
  payment: { paidOn: string; amount: Cents; method: PaymentMethod; reference?: string | null },
  actor: InvoiceActor,
): Promise<{ paid: Cents; status: InvoiceRow["status"] }> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx: DbTransaction) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw new InvoiceNotFoundError();
    if (row.kind === "avoir" || row.status === "brouillon" || row.status === "annulee") {
      throw new InvoiceStateError("Un paiement s'enregistre sur une facture émise et non annulée.");
    }
    const left = amountOwed(row);
    const dayProblem = isoDayProblem(payment.paidOn);
    if (dayProblem) throw new InvoiceStateError(`Date du paiement : ${dayProblem}`);
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
      throw new InvoiceStateError("Le montant du paiement doit être positif.");
    }
    if (payment.amount > left) {
      throw new InvoiceStateError(
        `Ce paiement dépasse le reste dû (${formatCents(left)}) : vérifiez le montant.`,
      );
    }
    await tx.insert(invoicePayments).values({
      invoiceId: id,
      paidOn: payment.paidOn,
      amountCents: payment.amount,
      method: payment.method,
      reference: payment.reference ?? null,
      createdBy: actor.id,
    });
    const paid = row.paidCents + payment.amount;
    // Paid in full: « Payée »; otherwise a late invoice stays « En retard ».
    const status =
      payment.amount >= left ? "payee" : row.status === "en_retard" ? "en_retard" : "partiellement_payee";
    await tx
      .update(invoices)
      .set({ paidCents: paid, status, updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await recordActivities(tx, [
      {
        subjectType: "facture",
        subjectId: id,
        kind: "payment",
        summary: `Paiement de ${formatCents(payment.amount)} (${PAYMENT_METHOD_LABELS[payment.method]}) reçu le ${payment.paidOn}`,
        actor: activityActor(actor),
      },
    ]);
    return { paid, status };
  });
}

/**
 * A value as JSON with its keys sorted: what `jsonb` gives back (it reorders keys) compares
 * equal to what was stored.
 */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The SHA-256 of bytes, lower-case hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
