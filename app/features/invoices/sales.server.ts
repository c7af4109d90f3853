import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { clients } from "#app/db/schema/clients.ts";
import { invoices, type PaymentMethod } from "#app/db/schema/invoices.ts";
import type { QuoteContent } from "#app/db/schema/quotes.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { formatCents, MoneyError } from "#app/lib/money.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { foldText } from "#app/lib/search-text.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { type IssueDeps, issueInTransaction } from "./issue.server.ts";
import { PAYMENT_METHOD_LABELS } from "./labels.ts";
import { insertPayment } from "./payments.server.ts";
import {
  contentOf,
  type InvoiceActor,
  InvoiceNotIssuableError,
  InvoiceStateError,
  insertCreditNoteDraft,
  isSaleInvoice,
  recordInvoiceActivity,
  type StoredRequest,
  totalsColumns,
} from "./query.server.ts";
import { computeSaleInvoice, type SaleLine, saleCreditNote } from "./sale-billing.ts";
import { newStandaloneContent } from "./standalone.server.ts";

/*
 * Invoicing for the shop: a paid order's invoice, a cancelled order's credit note. The
 * shop hands in what it sold (app/features/shop/admin/billing-port.ts); this finds or
 * creates the buyer's client record, issues the document in a savepoint of the caller's
 * transaction, and answers the French reason instead when it cannot be issued, so that
 * the payment or the cancellation stands and the order's page says what to fix.
 */

export type SaleRequest = {
  buyer: {
    name: string;
    email: string;
    phone: string;
    address: { street: string; postalCode: string; city: string } | null;
  };
  title: string;
  site: { street: string; postalCode: string; city: string };
  lines: SaleLine[];
  paymentText: string;
  payment: { method: PaymentMethod; reference: string | null };
  search: string;
};

export type SaleDeps = {
  storage: FileStorage;
  /** The seller as the documents print it (the company settings). */
  identity: (db: DbExecutor) => Promise<DocumentIdentity>;
  now?: () => Date;
};

const SYSTEM: InvoiceActor = { id: null, email: "boutique" };

/** The buyer's client record: the private client with this e-mail, or a new one. */
async function buyerClient(tx: DbTransaction, request: SaleRequest): Promise<string> {
  const email = request.buyer.email.trim().toLowerCase();
  const [existing] = await tx
    .select({ id: clients.id, street: clients.billingStreet })
    .from(clients)
    .where(
      and(
        eq(clients.kind, "particulier"),
        sql`lower(${clients.email}) = ${email}`,
        isNull(clients.anonymisedAt),
      ),
    )
    .orderBy(clients.createdAt)
    .limit(1);
  const address = request.buyer.address;
  if (existing) {
    if (!existing.street && address) {
      // A client with no address yet gets the one the order was delivered to.
      await tx
        .update(clients)
        .set({
          billingStreet: address.street,
          billingPostalCode: address.postalCode,
          billingCity: address.city,
          updatedAt: new Date(),
        })
        .where(eq(clients.id, existing.id));
      await recordActivity(tx, {
        subjectType: "client",
        subjectId: existing.id,
        kind: "updated",
        summary: `Adresse reprise de la ${request.title.toLowerCase()}`,
        actor: SYSTEM,
      });
    }
    return existing.id;
  }
  const postalCode = address && /^[0-9]{5}$/.test(address.postalCode) ? address.postalCode : null;
  const [created] = await tx
    .insert(clients)
    .values({
      kind: "particulier",
      name: request.buyer.name.trim() || email,
      email,
      phone: request.buyer.phone || null,
      billingStreet: address?.street ?? null,
      billingPostalCode: postalCode,
      billingCity: address?.city ?? null,
      notes: `Client créé par la ${request.title.toLowerCase()} de la boutique.`,
      searchText: foldText(
        [request.buyer.name, email, address?.street, postalCode, address?.city].filter(Boolean).join(" "),
      ),
    })
    .returning({ id: clients.id });
  if (!created) throw new Error("Client non enregistré.");
  await recordActivity(tx, {
    subjectType: "client",
    subjectId: created.id,
    kind: "created",
    summary: `Client créé par la ${request.title.toLowerCase()} de la boutique`,
    actor: SYSTEM,
  });
  return created.id;
}

function problemOf(error: unknown): { problem: string } | null {
  if (error instanceof InvoiceNotIssuableError) return { problem: error.missing.join(" ") };
  if (error instanceof InvoiceStateError || error instanceof MoneyError) return { problem: error.message };
  return null;
}

/** The shop's invoicing, bound to the storage and the seller's identity. */
export function saleInvoicing(deps: SaleDeps) {
  return {
    async invoice(tx: DbTransaction, request: SaleRequest) {
      try {
        return await tx.transaction(async (savepoint) => {
          const clientId = await buyerClient(savepoint, request);
          return issueSaleInvoice(
            savepoint,
            { storage: deps.storage, identity: await deps.identity(savepoint), now: deps.now?.() },
            { ...request, clientId },
            SYSTEM,
          );
        });
      } catch (error) {
        const problem = problemOf(error);
        if (problem) return problem;
        throw error;
      }
    },
    async credit(tx: DbTransaction, invoiceId: string) {
      try {
        return await tx.transaction(async (savepoint) =>
          issueSaleCreditNote(
            savepoint,
            { storage: deps.storage, identity: await deps.identity(savepoint), now: deps.now?.() },
            invoiceId,
            SYSTEM,
          ),
        );
      } catch (error) {
        const problem = problemOf(error);
        if (problem) return problem;
        throw error;
      }
    },
  };
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
  await recordInvoiceActivity(tx, id, actor, {
    kind: "created",
    summary: `Facture de la ${input.title.toLowerCase()}`,
  });
  const issued = await issueInTransaction(tx, deps, id, actor);
  const now = deps.now ?? new Date();
  await insertPayment(
    tx,
    {
      invoiceId: id,
      paidOn: parisDay(now),
      amount: result.invoice.totals.netToPay,
      method: input.payment.method,
      reference: input.payment.reference,
    },
    actor,
    now,
  );
  await tx
    .update(invoices)
    .set({ paidCents: result.invoice.totals.netToPay, status: "payee", updatedAt: now })
    .where(eq(invoices.id, id));
  await recordInvoiceActivity(tx, id, actor, {
    kind: "payment",
    summary: `Paiement de ${formatCents(result.invoice.totals.netToPay)} (${PAYMENT_METHOD_LABELS[input.payment.method].toLowerCase()}) : payée`,
  });
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
  const id = await insertCreditNoteDraft(
    tx,
    credited,
    {
      quoteId: null,
      sequence: 1,
      billing: result.invoice,
      request: { kind: "avoir", amount: { kind: "total" } },
      about: credited.searchText,
    },
    actor,
  );
  const issued = await issueInTransaction(tx, deps, id, actor);
  const [row] = await tx
    .select({ pdfStorageKey: invoices.pdfStorageKey })
    .from(invoices)
    .where(eq(invoices.id, id));
  return { id, number: issued.number, pdfStorageKey: row?.pdfStorageKey ?? "" };
}
