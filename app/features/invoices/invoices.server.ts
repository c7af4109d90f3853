import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { type InvoiceRow, invoicePayments, invoices, type PaymentMethod } from "#app/db/schema/invoices.ts";
import { type QuoteRow, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { type ActivityActor, recordActivities } from "#app/lib/activity.server.ts";
import { issueDocument } from "#app/lib/documents.server.ts";
import { type Cents, formatCents } from "#app/lib/money.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { foldText } from "#app/lib/search-text.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, type PercentOrAmount } from "#app/lib/vat.ts";
import {
  type BillingInvoice,
  type BillingResult,
  billingQuoteFromContent,
  type CreditNoteRequest,
  computeCreditNote,
  computeDepositInvoice,
  computeFinalInvoice,
  computeProgressInvoice,
  type IssuedInvoice,
  type ProgressEntry,
} from "./billing.ts";
import {
  documentFigures,
  type InvoiceDocumentInput,
  missingForIssue,
  renderInvoiceDocument,
} from "./document.server.ts";
import { PAYMENT_METHOD_LABELS } from "./labels.ts";

/*
 * Invoices drawn from an accepted quote, on the server: a draft is computed by
 * ./billing.ts against the invoices already issued on the quote (never more than the
 * quote); « Émettre » computes it again inside the issuing transaction (another invoice
 * may have been issued meanwhile), checks every mention (./document.server.ts), takes
 * FAC-YYYY-NNNN (AV- for a credit note), renders the Factur-X PDF once and registers it
 * with its SHA-256; the database then refuses any change to it. Payments move its status.
 */

export type InvoiceActor = { id: string; email: string };

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

/** « Émettre » refused: what is missing, one French reason a line. */
export class InvoiceNotIssuableError extends Error {
  override name = "InvoiceNotIssuableError";
  readonly missing: string[];
  constructor(missing: string[]) {
    super(`La facture ne peut pas être émise : ${missing.join(" ")}`);
    this.missing = missing;
  }
}

/** What « Facturer » asks for on an accepted quote. */
export type InvoiceRequest =
  | { kind: "acompte"; deposit: PercentOrAmount }
  | { kind: "situation"; lots: readonly ProgressEntry[] }
  | { kind: "solde" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isInvoiceId(id: string | null | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}

/** The stored JSON of an invoice: the computed document and what it was computed from. */
type InvoiceContent = { billing: BillingInvoice };

function contentOf(row: Pick<InvoiceRow, "content">): InvoiceContent {
  return row.content as unknown as InvoiceContent;
}

function activityActor(actor: InvoiceActor): ActivityActor {
  return { id: actor.id, email: actor.email };
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
  if (!isInvoiceId(quoteId)) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  if (quote.status !== "accepte") {
    throw new InvoiceStateError("Seul un devis accepté par le client peut être facturé.");
  }
  return quote;
}

function compute(quote: QuoteRow, issued: readonly IssuedInvoice[], request: InvoiceRequest): BillingResult {
  // The quote's content has no retention terms yet: none is withheld.
  const figures = billingQuoteFromContent(quote.content, null);
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

/** A draft credit note of an issued invoice: total, a percentage or an amount TTC. */
export async function createCreditNoteDraft(
  db: Database,
  invoiceId: string,
  amount: CreditNoteRequest["amount"],
  actor: InvoiceActor,
): Promise<{ id: string }> {
  if (!isInvoiceId(invoiceId)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx) => {
    const [credited] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!credited) throw new InvoiceNotFoundError();
    if (credited.status === "brouillon" || credited.kind === "avoir" || !credited.quoteId) {
      throw new InvoiceStateError("Un avoir corrige une facture émise d'un devis.");
    }
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, credited.quoteId));
    if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    const figures = billingQuoteFromContent(quote.content, null);
    const result = computeCreditNote(figures, await issuedOnQuote(tx, quote.id), { invoiceId, amount });
    if (!result.ok) throw new InvoiceStateError(result.message);
    const id = randomUUID();
    await tx.insert(invoices).values({
      id,
      kind: "avoir",
      clientId: credited.clientId,
      quoteId: quote.id,
      creditedInvoiceId: credited.id,
      sequence: result.invoice.sequence,
      content: { billing: result.invoice, request: { kind: "avoir", amount } } as unknown as Record<
        string,
        unknown
      >,
      ...totalsColumns(result.invoice),
      searchText: foldText(`avoir ${credited.number ?? ""} ${quote.title}`),
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

export type IssueDeps = { storage: FileStorage; identity: DocumentIdentity; now?: Date };

type StoredRequest = InvoiceRequest | { kind: "avoir"; amount: CreditNoteRequest["amount"] };

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
  const now = deps.now ?? new Date();
  const issuedOn = parisDay(now);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw new InvoiceNotFoundError();
    if (row.status !== "brouillon") throw new InvoiceStateError("Cette facture est déjà émise.");
    if (!row.quoteId) throw new InvoiceStateError("Une facture sans devis ne s'émet pas encore ici.");
    // The quote row is locked: two invoices of one quote are issued one after the other.
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.quoteId)).for("update");
    if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    const issued = await issuedOnQuote(tx, quote.id);
    const stored = (row.content as { request?: StoredRequest }).request;
    if (!stored) throw new InvoiceStateError("Brouillon incomplet : recréez-le.");
    const figures = billingQuoteFromContent(quote.content, null);
    const result =
      stored.kind === "avoir"
        ? computeCreditNote(figures, issued, {
            invoiceId: row.creditedInvoiceId ?? "",
            amount: stored.amount,
          })
        : compute(quote, issued, stored);
    if (!result.ok) throw new InvoiceStateError(result.message);
    const billing = result.invoice;
    if (stableJson(billing) !== stableJson(contentOf(row).billing)) {
      throw new InvoiceStateError(
        "Une autre facture de ce devis a été émise depuis ce brouillon : supprimez-le et recréez-le pour qu'il en tienne compte.",
      );
    }
    const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId));
    const [settings] = await tx.select().from(companySettings).where(eq(companySettings.id, 1));
    if (!client || !settings) throw new InvoiceNotFoundError();
    const credited = row.creditedInvoiceId
      ? (await tx.select().from(invoices).where(eq(invoices.id, row.creditedInvoiceId)))[0]
      : undefined;
    const rates = new Set(
      quote.content.reverseCharge
        ? []
        : quote.content.lots.flatMap((lot) =>
            lot.lines.flatMap((line) => (line.kind === "item" ? [line.vatCode] : [])),
          ),
    );
    const input: Omit<InvoiceDocumentInput, "number" | "creationDate"> = {
      identity: deps.identity,
      bank:
        settings.iban && settings.bic && settings.bankAccountHolder
          ? { holder: settings.bankAccountHolder, iban: settings.iban, bic: settings.bic }
          : null,
      issuedOn,
      dueOn: addDays(issuedOn, settings.paymentTermsDays),
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
      site: quote.content.site,
      quote: {
        number: `${quote.number ?? ""}${quote.version > 1 ? `-V${quote.version}` : ""}`,
        title: quote.title,
        acceptedOn: quote.decidedAt ? parisDay(quote.decidedAt) : null,
      },
      credited:
        credited?.number && credited.issuedOn
          ? { number: credited.number, issuedOn: credited.issuedOn }
          : null,
      depositInvoices: issued
        .filter((invoice) => invoice.kind === "acompte" && invoice.row.number && invoice.row.issuedOn)
        .map((invoice) => ({
          number: invoice.row.number as string,
          issuedOn: invoice.row.issuedOn as string,
        })),
      billing,
      paymentTermsText: settings.paymentTermsText,
      latePaymentRateBp: settings.latePaymentRateBp,
      vatOnDebits: settings.vatOnDebits,
      certifications: [
        ...(rates.has("10") ? [CERTIFICATION_10] : []),
        ...(rates.has("5.5") ? [CERTIFICATION_5_5] : []),
      ],
      retentionReleaseOn: null,
    };
    const missing = missingForIssue(input);
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
    // A credit note that cancels all that was left of its invoice closes it.
    if (credited && billing.creditOf?.total) {
      await tx
        .update(invoices)
        .set({ status: "annulee", updatedAt: now })
        .where(eq(invoices.id, credited.id));
    }
    await recordActivities(tx, events);
    return { number: registered.number, sha256: registered.pdfSha256, facturxSha256 };
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
    const left = row.netToPayCents - row.paidCents;
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
      paid >= row.netToPayCents ? "payee" : row.status === "en_retard" ? "en_retard" : "partiellement_payee";
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
