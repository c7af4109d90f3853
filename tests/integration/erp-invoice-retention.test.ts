import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes } from "#app/db/schema/quotes.ts";
import { BANK_GUARANTEE_MENTION } from "#app/features/invoices/billing-model.ts";
import { invoicesDashboard } from "#app/features/invoices/dashboard.server.ts";
import { quoteBillingOverview } from "#app/features/invoices/detail.server.ts";
import { createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { recordPayment, recordRetentionRelease } from "#app/features/invoices/payments.server.ts";
import { QUOTE_MESSAGES, QuoteDraftSchema, toDraftInput } from "#app/features/quotes/content.ts";
import {
  createQuote,
  getQuote,
  QuoteInputError,
  QuoteStateError,
  setQuoteHandover,
} from "#app/features/quotes/quotes.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as quoteRoute from "#app/routes/erp/devis/detail.tsx";
import { fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { acceptedQuote, filledDraft, insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The retention (« retenue de garantie ») written in the quote's terms and withheld by the
// invoices drawn from it; the handover date entered on the accepted quote and the release
// date it gives; the quote's page summing up invoiced, paid and left.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-invoice-retention-"));
  staff = await signedInStaff(services, "staff", "retenue@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillInvoiceSettings(services.db);
});
afterAll(() => close());

type Handler = (args: never) => Promise<unknown>;
const call = routeCaller(() => ({ services, cookie: staff.cookie }));
function post(quoteId: string, fields: Record<string, string>) {
  return call(quoteRoute.action as Handler, `http://localhost/erp/devis/${quoteId}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    params: { id: quoteId },
  });
}

async function issue(id: string) {
  return issueInvoice(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db) },
    id,
    actor,
  );
}
const row = (id: string) => readInvoiceRow(services.db, id);

const withRetention =
  (percent: string, bankGuarantee = false) =>
  (draft: ReturnType<typeof filledDraft>) => ({
    ...draft,
    terms: { ...draft.terms, retentionPercent: percent, retentionBankGuarantee: bankGuarantee },
  });

describe("the quote's retention terms", () => {
  it("are stored in basis points, read back into the editor, and refused above 5 % or without a rate", async () => {
    const base = filledDraft(
      toDraftInput((await getQuote(services.db, await acceptedQuote(services, actor))).quote.content),
    );
    const parsed = QuoteDraftSchema.parse(withRetention("2,5")(base));
    expect(parsed.terms.retention).toEqual({ basisPoints: 250, bankGuarantee: false });
    expect(toDraftInput(parsed).terms).toMatchObject({
      retentionPercent: "2,5",
      retentionBankGuarantee: false,
    });
    expect(QuoteDraftSchema.parse(withRetention("")(base)).terms.retention).toBeNull();

    const tooMuch = QuoteDraftSchema.safeParse(withRetention("6")(base));
    expect(tooMuch.success).toBe(false);
    expect(tooMuch.error?.issues).toContainEqual(
      expect.objectContaining({ path: ["terms", "retentionPercent"], message: QUOTE_MESSAGES.retention }),
    );
    const guaranteeAlone = QuoteDraftSchema.safeParse(withRetention("", true)(base));
    expect(guaranteeAlone.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ["terms", "retentionPercent"],
        message: QUOTE_MESSAGES.retentionGuarantee,
      }),
    );
    // An editor loaded before the fields existed posts none: no retention, no refusal.
    const { retentionPercent: _p, retentionBankGuarantee: _b, ...olderTerms } = base.terms;
    expect(QuoteDraftSchema.parse({ ...base, terms: olderTerms }).terms.retention).toBeNull();
  });
});

describe("invoices withholding the retention", () => {
  it("withholds 5 % on the progress and final invoices, none on the deposit, and the quote's page says what is held", async () => {
    const quoteId = await acceptedQuote(services, actor, withRetention("5"));
    const [quote] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.content.terms.retention).toEqual({ basisPoints: 500, bankGuarantee: false });
    const quoteTtc = quote?.totalTtcCents ?? 0;
    expect(quoteTtc).toBe(101_063);

    const deposit = await createInvoiceDraft(
      services.db,
      quoteId,
      { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
      actor,
    );
    await issue(deposit.id);
    expect((await row(deposit.id)).retentionCents).toBe(0);

    const progress = await createInvoiceDraft(
      services.db,
      quoteId,
      {
        kind: "situation",
        lots: [
          { lotId: "lot1", percent: 5000 },
          { lotId: "lot2", percent: 5000 },
        ],
      },
      actor,
    );
    await issue(progress.id);
    const progressRow = await row(progress.id);
    expect(progressRow.retentionCents).toBeGreaterThan(0);
    expect(progressRow.netToPayCents).toBe(progressRow.totalTtcCents - progressRow.retentionCents);

    const final = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);
    await issue(final.id);
    const finalRow = await row(final.id);
    const depositRow = await row(deposit.id);
    // Invoiced = the quote; withheld = 5 % of it, spread over the progress and final invoices.
    expect(depositRow.totalTtcCents + progressRow.totalTtcCents + finalRow.totalTtcCents).toBe(quoteTtc);
    expect(progressRow.retentionCents + finalRow.retentionCents).toBe(5053);

    await recordPayment(
      services.db,
      deposit.id,
      { paidOn: parisDay(), amount: depositRow.netToPayCents, method: "virement" },
      actor,
    );
    const [current] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    if (!current) throw new Error("devis introuvable");
    const overview = await quoteBillingOverview(services.db, current);
    expect(overview).toMatchObject({
      invoicedTtc: quoteTtc,
      remainingTtc: 0,
      paid: depositRow.netToPayCents,
      outstanding: quoteTtc - 5053 - depositRow.netToPayCents,
      retention: { basisPoints: 500, bankGuarantee: false, withheld: 5053, held: 5053, releaseOn: null },
    });

    const page = await call(quoteRoute.loader as Handler, `http://localhost/erp/devis/${quoteId}`, {
      params: { id: quoteId },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ billing: { retention: { held: 5053 } } });

    // The client pays the retention at its release, in two goes; never more than held.
    const today = parisDay();
    await expect(
      recordRetentionRelease(
        services.db,
        quoteId,
        { releasedOn: addDays(today, 1), amount: 100, method: "virement" },
        actor,
      ),
    ).rejects.toThrow("La date du versement ne peut pas être dans le futur.");
    const first = await post(quoteId, {
      intent: "retenue",
      releasedOn: today,
      amount: "20,00",
      method: "virement",
      reference: "VIR 0425",
    });
    expect(first.status).toBe(303);
    const tooMuch = await post(quoteId, {
      intent: "retenue",
      releasedOn: today,
      amount: "40,00",
      method: "cheque",
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.data).toMatchObject({
      message: "La retenue encore détenue est de 30,53\u00a0€ : vérifiez le montant versé.",
    });
    const badMethod = await post(quoteId, {
      intent: "retenue",
      releasedOn: today,
      amount: "1",
      method: "bitcoin",
    });
    expect(badMethod.status).toBe(400);
    const [afterRelease] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    if (!afterRelease) throw new Error("devis introuvable");
    expect((await quoteBillingOverview(services.db, afterRelease))?.retention).toMatchObject({
      withheld: 5053,
      released: 2000,
      held: 3053,
    });
    const dashboard = await invoicesDashboard(services.db);
    expect(dashboard.retentions.items.find((item) => item.quoteId === quoteId)?.held).toBe(3053);
  });

  it("withholds nothing when a bank guarantee replaces it, and the invoice says so", async () => {
    const quoteId = await acceptedQuote(services, actor, withRetention("5", true));
    const final = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);
    await issue(final.id);
    const finalRow = await row(final.id);
    expect(finalRow.retentionCents).toBe(0);
    expect(finalRow.netToPayCents).toBe(finalRow.totalTtcCents);
    expect((finalRow.content as { billing: { mentions: string[] } }).billing.mentions).toContain(
      BANK_GUARANTEE_MENTION,
    );
  });
});

describe("the handover of the works", () => {
  it("is entered on the accepted quote, gives the release date one year later, and refuses impossible days", async () => {
    const quoteId = await acceptedQuote(services, actor, withRetention("5"));
    const today = parisDay();
    await expect(setQuoteHandover(services.db, quoteId, addDays(today, 1), actor)).rejects.toThrow(
      "La date de réception ne peut pas être dans le futur.",
    );
    await expect(setQuoteHandover(services.db, quoteId, addDays(today, -400), actor)).rejects.toThrow(
      QuoteInputError,
    );
    await expect(setQuoteHandover(services.db, quoteId, "2026-02-30", actor)).rejects.toThrow(
      QuoteInputError,
    );

    const response = await post(quoteId, {
      intent: "reception",
      handoverOn: today,
    });
    expect(response.status).toBe(303);
    const [quote] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.handoverOn).toBe(today);
    if (!quote) throw new Error("devis introuvable");
    const overview = await quoteBillingOverview(services.db, quote);
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect(overview?.retention?.releaseOn).toBe(
      today.endsWith("-02-29") ? `${nextYear.slice(0, 8)}28` : nextYear,
    );

    const refused = await post(quoteId, {
      intent: "reception",
      handoverOn: addDays(today, 3),
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ message: "La date de réception ne peut pas être dans le futur." });

    const cleared = await post(quoteId, {
      intent: "reception",
      handoverOn: "",
    });
    expect(cleared.status).toBe(303);
    const [after] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(after?.handoverOn).toBeNull();
  });

  it("is refused on a quote that is not accepted", async () => {
    const clientId = await insertClient(services.db, { email: "brouillon-reception@example.fr" });
    const draft = await createQuote(services.db, { clientId }, actor);
    await expect(setQuoteHandover(services.db, draft.id, parisDay(), actor)).rejects.toThrow(QuoteStateError);
    const response = await post(draft.id, {
      intent: "reception",
      handoverOn: parisDay(),
    });
    expect(response.status).toBe(409);
    expect(response.data).toMatchObject({
      message: "La réception des travaux se saisit sur un devis accepté.",
    });
  });
});

describe("a progress invoice by cumulative amount", () => {
  it("takes each lot's cumulative amount HT, and refuses a negative or unreadable one", async () => {
    const quoteId = await acceptedQuote(services, actor);
    const refused = await post(quoteId, {
      intent: "facturer",
      kind: "situation",
      mode: "montant",
      "lot.lot1": "-5",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ message: "Le montant cumulé ne peut pas être négatif." });
    const unreadable = await post(quoteId, {
      intent: "facturer",
      kind: "situation",
      mode: "montant",
      "lot.lot1": "beaucoup",
    });
    expect(unreadable.status).toBe(400);

    const created = await post(quoteId, {
      intent: "facturer",
      kind: "situation",
      mode: "montant",
      "lot.lot1": "175",
    });
    expect(created.status).toBe(303);
    const id = (created.headers.get("location") ?? "").split("/").pop() ?? "";
    const draft = await row(id);
    const lot1 = (
      draft.content as { billing: { lines: { kind: string; lotId?: string; cumulativeHt?: number }[] } }
    ).billing.lines.find((line) => line.kind === "lot" && line.lotId === "lot1");
    // Lot 1 is 350,00 € HT: 175,00 € cumulated is half of it.
    expect(lot1).toMatchObject({ cumulativeHt: 17_500, cumulativePercent: 5_000 });
    expect(draft.totalHtCents).toBe(17_500);
  });
});
