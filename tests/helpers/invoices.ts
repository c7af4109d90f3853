import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import type { InvoiceRequest } from "#app/features/invoices/query.server.ts";
import type { QuoteDraftInput } from "#app/features/quotes/content.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import type { Cents } from "#app/lib/money.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { seedCompliance } from "./compliance.ts";
import { acceptedQuoteFor, insertClient } from "./quotes.ts";

/**
 * What « Émettre » needs: a décennale valid for 300 more days in the compliance register,
 * and the settings' bank details (`extra` sets other settings fields too).
 */
export async function fillInvoiceSettings(
  db: Database,
  extra: Partial<typeof companySettings.$inferInsert> = {},
): Promise<void> {
  await seedCompliance(db, { decennaleUntil: addDays(parisDay(), 300) });
  await db
    .update(companySettings)
    .set({
      bankAccountHolder: "BATI RADE TOULON",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
      ...extra,
    })
    .where(eq(companySettings.id, 1));
}

/**
 * The steps of a billing scenario through the real functions: a quote sent and accepted
 * (on paper), invoices drawn from it and issued, credit notes, payments. Each returns the
 * id of what it made.
 */
export function billingSteps(services: AppServices, actor: { id: string; email: string }) {
  const issue = async (draftId: string, at?: string): Promise<string> => {
    await issueInvoice(
      services.db,
      {
        storage: services.storage,
        identity: await documentIdentity(services.db),
        ...(at ? { now: new Date(at) } : {}),
      },
      draftId,
      actor,
    );
    return draftId;
  };
  return {
    /** A quote for a new client with these fields, accepted by « Signataire » (quotes.ts `acceptedQuoteFor`). */
    async acceptedQuote(
      client: Parameters<typeof insertClient>[1],
      change: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
    ): Promise<string> {
      const clientId = await insertClient(services.db, client);
      return acceptedQuoteFor(services, actor, clientId, change, "Signataire");
    },
    issue,
    async invoice(quoteId: string, request: InvoiceRequest, at?: string): Promise<string> {
      const { id } = await createInvoiceDraft(services.db, quoteId, request, actor);
      return issue(id, at);
    },
    async creditNote(
      invoiceId: string,
      amount: Parameters<typeof createCreditNoteDraft>[2],
      at?: string,
    ): Promise<string> {
      const { id } = await createCreditNoteDraft(services.db, invoiceId, amount, actor);
      return issue(id, at);
    },
    async pay(invoiceId: string, amount: Cents, paidOn = parisDay()): Promise<void> {
      await recordPayment(services.db, invoiceId, { paidOn, amount, method: "virement" }, actor);
    },
  };
}

/** An invoice's row, read back from the database (throws when there is none). */
export async function readInvoiceRow(db: Database, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error("facture introuvable");
  return row;
}
