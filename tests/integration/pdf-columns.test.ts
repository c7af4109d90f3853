import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "#app/db/schema/invoices.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import type { BillingInvoice } from "#app/features/invoices/billing-model.ts";
import type { QuoteDraftInput } from "#app/features/quotes/content.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { billingSteps, fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { brokenPhrases, readPdf } from "#tests/helpers/pdf-text.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The PDFs as issued and stored (a quote sent, a progress invoice and a credit note drawn
// from it), read back as text: no column header and no amount of their tables is broken
// inside a word. The progress invoice printed « Avanceme / nt cumulé » before the columns
// took their width from their content.

let services: AppServices;
let close: () => Promise<void>;
let steps: ReturnType<typeof billingSteps>;
const ids: Record<string, string> = {};

const LINE_HEADERS = ["N°", "Désignation", "Unité", "Quantité", "Prix unitaire HT", "TVA", "Total HT"];
const LOT_HEADERS = [
  "Lot",
  "TVA",
  "Montant du lot HT",
  "Avancement cumulé",
  "Cumul HT",
  "Déjà facturé HT",
  "Cette facture HT",
];
const VAT_HEADERS = ["Taux", "Base HT", "TVA", "Montant TTC"];

/** The filled draft with a lot of six-figure amounts: a typical extension. */
function withExtension(draft: QuoteDraftInput): QuoteDraftInput {
  return {
    ...draft,
    lots: [
      ...draft.lots,
      {
        id: "lot3",
        title: "Extension",
        lines: [
          {
            id: "l4",
            kind: "item",
            designation: "Extension en ossature bois",
            description: "",
            unit: "forfait",
            quantity: "1",
            unitPriceHt: "123456,78",
            vatCode: "20",
            optional: false,
            libraryItemId: null,
            cost: null,
          },
        ],
      },
    ],
  };
}

async function storedPdf(key: string | null): Promise<string[]> {
  return (await readPdf(await services.storage.get(key ?? ""))).pages;
}

async function invoicePdf(id: string): Promise<{ pages: string[]; billing: BillingInvoice }> {
  const [row] = await services.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error("facture introuvable");
  const billing = (row.content as { billing?: BillingInvoice }).billing;
  if (!billing) throw new Error("facture sans calcul");
  return { pages: await storedPdf(row.pdfStorageKey), billing };
}

/** Every amount and percentage the lots and VAT tables print. */
function tableAmounts(billing: BillingInvoice): string[] {
  return [
    ...billing.lines.flatMap((line) =>
      line.kind === "lot"
        ? [
            formatCents(line.contractHt),
            formatPercent(line.cumulativePercent),
            formatCents(line.cumulativeHt),
            formatCents(line.previousHt),
            formatCents(line.ht),
          ]
        : [formatCents(line.ht)],
    ),
    ...billing.byRate.flatMap((rate) => [formatCents(rate.ht), formatCents(rate.ttc)]),
  ];
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("pdf-columns-"));
  const staff = await signedInStaff(services, "owner", "colonnes@batirade.test");
  await fillInvoiceSettings(services.db);
  steps = billingSteps(services, { id: staff.userId, email: staff.email });
  ids.quote = await steps.acceptedQuote({ name: "Élodie Garnier" }, withExtension);
  ids.situation = await steps.invoice(ids.quote, {
    kind: "situation",
    lots: [
      { lotId: "lot1", percent: 10000 },
      { lotId: "lot2", percent: 5000 },
      { lotId: "lot3", percent: 3333 },
    ],
  });
  ids.creditNote = await steps.creditNote(ids.situation, { kind: "total" });
});
afterAll(() => close());

describe("the tables of the issued PDFs", () => {
  it("the quote: every header reads whole, every price and total on one line", async () => {
    const [quote] = await services.db
      .select()
      .from(quotes)
      .where(eq(quotes.id, ids.quote ?? ""));
    const pages = await storedPdf(quote?.pdfStorageKey ?? null);
    const amounts = ["350,00", "45,50", "568,75", "123 456,78"].map((euros) => `${euros} €`);
    expect(brokenPhrases(pages, { headers: LINE_HEADERS, amounts })).toEqual([]);
  });

  it("the progress invoice: « Avancement cumulé » and every amount whole", async () => {
    const { pages, billing } = await invoicePdf(ids.situation ?? "");
    expect(billing.kind).toBe("situation");
    expect(
      brokenPhrases(pages, { headers: [...LOT_HEADERS, ...VAT_HEADERS], amounts: tableAmounts(billing) }),
    ).toEqual([]);
  });

  it("the credit note: the same table, its negative amounts whole", async () => {
    const { pages, billing } = await invoicePdf(ids.creditNote ?? "");
    expect(billing.kind).toBe("avoir");
    expect(
      brokenPhrases(pages, { headers: [...LOT_HEADERS, ...VAT_HEADERS], amounts: tableAmounts(billing) }),
    ).toEqual([]);
  });
});
