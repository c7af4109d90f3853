import { and, eq, isNull, sql } from "drizzle-orm";
import { clients } from "#app/db/schema/clients.ts";
import type { PaymentMethod } from "#app/db/schema/invoices.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { MoneyError } from "#app/lib/money.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { foldText } from "#app/lib/search-text.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import {
  type InvoiceActor,
  InvoiceNotIssuableError,
  InvoiceStateError,
  issueSaleCreditNote,
  issueSaleInvoice,
} from "./invoices.server.ts";
import type { SaleLine } from "./sale-billing.ts";

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
