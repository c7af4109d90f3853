import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "#app/db/schema/clients.ts";
import { invoicePayments, invoices } from "#app/db/schema/invoices.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { shopOrders, shopVariants } from "#app/db/schema/shop.ts";
import { createCreditNoteDraft } from "#app/features/invoices/drafts.server.ts";
import { salesExport } from "#app/features/invoices/export.server.ts";
import { GOODS_MENTION } from "#app/features/invoices/mentions.server.ts";
import { InvoiceStateError } from "#app/features/invoices/query.server.ts";
import { SALE_PRICES_MENTION } from "#app/features/invoices/sale-billing.ts";
import { orderReference } from "#app/features/shop/admin/labels.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { percentOf } from "#app/lib/money.ts";
import * as orderRoute from "#app/routes/erp/boutique/commandes/detail.tsx";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { pdfAttachments, validateAgainstXsd } from "#tests/helpers/facturx.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { flattenSpaces, readPdf } from "#tests/helpers/pdf-text.ts";
import { type RouteCallInit, routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { placeTestOrder } from "#tests/helpers/shop.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// A paid shop order gets its invoice (FAC-YYYY-NNNN, Factur-X, a sale of goods at prices
// TTC to a private person, paid), attached to the payment's e-mail; an invoice that cannot
// be issued leaves the payment standing and says why, until the staff issue it. The card
// orders (webhook, refund and credit note) are in erp-shop-orders.test.ts.

const MANAGED = "perforateur-sds-plus--standard";
const UNMANAGED = "visseuse-chocs-18v--seule";

let database: TestDatabase;
let dataDir: string;
let services: AppServices;
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-shop-invoices-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  await seedDemoContent(database.db);
  await database.db.update(shopVariants).set({ inventoryQuantity: 100 }).where(eq(shopVariants.id, MANAGED));
  staff = await signedInStaff(services, "staff", "factures-boutique@batirade.test");
  await fillInvoiceSettings(database.db);
});
afterAll(async () => {
  services.mailer.close();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

function act(id: string, intent: string, fields: Record<string, string> = {}) {
  const init: RouteCallInit = { cookie: staff.cookie, params: { id }, form: { intent, ...fields } };
  return routeOutcome(() =>
    orderRoute.action(routeArgs(services, `/erp/boutique/commandes/${id}`, init) as never),
  );
}

async function orderRow(id: string) {
  const [order] = await database.db.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!order) throw new Error("commande absente");
  return order;
}

async function invoiceRow(id: string | null) {
  const [row] = await database.db
    .select()
    .from(invoices)
    .where(eq(invoices.id, id ?? "00000000-0000-0000-0000-000000000000"));
  return row;
}

async function mailsOf(order: { number: number; customerEmail: string }) {
  const rows = await database.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt));
  return rows.filter(
    (row) =>
      row.payload.to === order.customerEmail && row.payload.subject.includes(orderReference(order.number)),
  );
}

const values = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</${element}>`, "g"))].map((match) => match[1] ?? "");

describe("the invoice of a paid order", () => {
  it("is issued when the staff mark a pick-up order paid, paid by cheque, and goes with the e-mail", async () => {
    const email = "jeanne.bouvier@example.fr";
    const placed = await placeTestOrder(services.db, {
      fulfilment: "pickup",
      email,
      name: "Jeanne Bouvier",
      items: [
        { variant_id: MANAGED, quantity: 2 },
        { variant_id: UNMANAGED, quantity: 1 },
      ],
    });
    const paid = await act(placed.id, "payer", { paymentMethod: "cheque" });
    expect(paid.status, JSON.stringify(paid.data)).toBe(303);

    const order = await orderRow(placed.id);
    expect(order.invoiceProblem).toBeNull();
    const invoice = await invoiceRow(order.invoiceId);
    expect(invoice).toMatchObject({
      kind: "facture",
      status: "payee",
      totalTtcCents: order.totalCents,
      netToPayCents: order.totalCents,
      paidCents: order.totalCents,
      issuedOn: invoice?.dueOn,
    });
    expect(invoice?.number).toMatch(/^FAC-\d{4}-\d{4}$/);
    // VAT taken out of the TTC: within a cent of base × 20 %.
    expect((invoice?.totalHtCents ?? 0) + (invoice?.totalVatCents ?? 0)).toBe(order.totalCents);
    expect(
      Math.abs((invoice?.totalVatCents ?? 0) - percentOf(invoice?.totalHtCents ?? 0, 2000)),
    ).toBeLessThanOrEqual(1);
    const payments = await database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice?.id ?? ""));
    expect(payments.map((payment) => [payment.method, payment.amountCents])).toEqual([
      ["cheque", order.totalCents],
    ]);
    // The buyer became a private client, once.
    const buyers = await database.db.select().from(clients).where(eq(clients.email, email));
    expect(buyers).toHaveLength(1);
    expect(buyers[0]).toMatchObject({ kind: "particulier", name: "Jeanne Bouvier", billingStreet: null });
    expect(invoice?.clientId).toBe(buyers[0]?.id);

    // The payment's e-mail carries the stored PDF.
    const [mail] = (await mailsOf(order)).filter((row) => row.kind === "order.paid");
    expect(mail?.payload.text).toContain(`Votre facture ${invoice?.number} est jointe à cet e-mail.`);
    expect(mail?.payload.attachments).toEqual([
      {
        filename: `${invoice?.number?.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        storageKey: invoice?.pdfStorageKey,
      },
    ]);

    // The PDF: goods, delivery place (the workshop), paid, prices TTC; its XML valid, B1.
    const pdf = await services.storage.get(invoice?.pdfStorageKey ?? "");
    const text = flattenSpaces((await readPdf(pdf)).pages.join(" "));
    for (const expected of [
      GOODS_MENTION,
      "Lieu de livraison",
      "Facture acquittée : payée par chèque",
      `commande ${orderReference(order.number)}`,
      SALE_PRICES_MENTION,
      "Perforateur",
    ]) {
      expect(text).toContain(flattenSpaces(expected));
    }
    expect(text).not.toContain("Prestations de services");
    const files = await pdfAttachments(pdf);
    expect([...files.keys()]).toEqual(["factur-x.xml"]);
    const xml = files.get("factur-x.xml")?.toString("utf8") ?? "";
    const validation = await validateAgainstXsd(xml);
    expect(validation.errors).toEqual([]);
    expect(values(xml, "ram:ID")).toContain("B1");
    expect(values(xml, "ram:GrandTotalAmount")).toEqual([(order.totalCents / 100).toFixed(2)]);
    expect(values(xml, "ram:DuePayableAmount")).toEqual([(order.totalCents / 100).toFixed(2)]);
    // Goods are taxed at delivery (BT-8 = 29), whatever the option for debits of services.
    expect(values(xml, "ram:DueDateTypeCode")).toEqual(["29"]);
    // A buyer who gave no address: the country alone (BG-8 requires only BT-55).
    expect(xml).toMatch(
      /<ram:BuyerTradeParty>[\s\S]*?<ram:PostalTradeAddress>\s*<ram:CountryID>FR<\/ram:CountryID>\s*<\/ram:PostalTradeAddress>/,
    );
    // BR-CO-17 as the EN 16931 CII Schematron states it: |tax| within 1 of round(base × rate).
    const basis = Number(values(xml, "ram:BasisAmount")[0]);
    const tax = Number(values(xml, "ram:CalculatedAmount")[0]);
    expect(Math.abs(tax - Math.round(basis * 20) / 100)).toBeLessThanOrEqual(1);
    // The document's lines, quantity × unit price, add up to the base.
    const lineTotals = values(xml, "ram:LineTotalAmount").map(Number);
    expect(lineTotals.slice(0, -1).reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(basis, 2);

    // The sales journal books it on 707 (goods), balanced.
    const day = invoice?.issuedOn ?? "";
    const journal = await salesExport(services.db, { from: day, to: day });
    expect(journal.summary.journal.balanced).toBe(true);
    const booked = journal.lines.filter((line) => line.piece === invoice?.number);
    expect(booked.map((line) => line.account)).toEqual(["41100000", "70700200", "44571200"]);

    // The staff cannot make a credit note of it by hand: cancelling the order does.
    await expect(
      createCreditNoteDraft(
        services.db,
        invoice?.id ?? "",
        { kind: "total" },
        {
          id: staff.userId,
          email: staff.email,
        },
      ),
    ).rejects.toThrow(InvoiceStateError);
  });

  it("reuses the client of the same e-mail, and gives it the address the order was delivered to", async () => {
    const email = "marc.olivier@example.fr";
    const first = await placeTestOrder(services.db, { fulfilment: "pickup", email, name: "Marc Olivier" });
    expect((await act(first.id, "payer")).status).toBe(303);
    const second = await placeTestOrder(services.db, { fulfilment: "delivery", email, name: "Marc Olivier" });
    expect((await act(second.id, "payer", { paymentMethod: "especes" })).status).toBe(303);
    const buyers = await database.db.select().from(clients).where(eq(clients.email, email));
    expect(buyers).toHaveLength(1);
    expect(buyers[0]).toMatchObject({ billingStreet: "12 rue Picot", billingPostalCode: "83000" });
    const invoice = await invoiceRow((await orderRow(second.id)).invoiceId);
    expect(invoice?.clientId).toBe(buyers[0]?.id);
    const text = flattenSpaces(
      (await readPdf(await services.storage.get(invoice?.pdfStorageKey ?? ""))).pages.join(" "),
    );
    expect(text).toContain("12 rue Picot");
    expect(text).toContain("payée par espèces");
    expect(text).toContain("Livraison dans le Var");
  });

  it("refuses an unknown payment method, and changes nothing", async () => {
    const placed = await placeTestOrder(services.db, { email: "mode.inconnu@example.fr" });
    const refused = await act(placed.id, "payer", { paymentMethod: "bitcoin" });
    expect(refused.status).toBe(400);
    expect((refused.data as { message: string }).message).toBe(
      "Choisissez le mode de paiement : virement, chèque ou espèces.",
    );
    expect((await orderRow(placed.id)).status).toBe("awaiting_payment");
  });
});

describe("an invoice that cannot be issued at payment", () => {
  it("leaves the order paid and says why; « Émettre la facture » issues it later and e-mails it", async () => {
    await database.db
      .update(companySettings)
      .set({ iban: null, bic: null, bankAccountHolder: null })
      .where(eq(companySettings.id, 1));
    const placed = await placeTestOrder(services.db, { email: "sans.iban@example.fr" });
    const paid = await act(placed.id, "payer");
    expect(paid.status).toBe(303);
    const order = await orderRow(placed.id);
    expect(order).toMatchObject({ status: "paid", invoiceId: null });
    expect(order.invoiceProblem).toContain("Les coordonnées bancaires (titulaire, IBAN, BIC)");
    // No invoice, no client left behind by the savepoint rolled back.
    expect(await database.db.select().from(clients).where(eq(clients.email, "sans.iban@example.fr"))).toEqual(
      [],
    );
    const [receipt] = (await mailsOf(order)).filter((row) => row.kind === "order.paid");
    expect(receipt?.payload.attachments).toBeUndefined();

    // Still missing: refused with the reason.
    const early = await act(placed.id, "facturer");
    expect(early.status).toBe(409);
    expect((early.data as { message: string }).message).toContain("La facture ne peut pas être émise");

    await fillInvoiceSettings(database.db);
    const issued = await act(placed.id, "facturer");
    expect(issued.status, JSON.stringify(issued.data)).toBe(303);
    const invoiced = await orderRow(placed.id);
    expect(invoiced.invoiceProblem).toBeNull();
    const invoice = await invoiceRow(invoiced.invoiceId);
    expect(invoice?.status).toBe("payee");
    const [sent] = (await mailsOf(order)).filter((row) => row.kind === "order.invoice");
    expect(sent?.payload.subject).toBe(
      `Votre facture ${invoice?.number} : commande ${orderReference(order.number)} — Bâti Rade Toulon`,
    );
    expect(sent?.payload.attachments?.map((attachment) => attachment.storageKey)).toEqual([
      invoice?.pdfStorageKey,
    ]);
    // Once is enough.
    const again = await act(placed.id, "facturer");
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toBe("Cette commande a déjà sa facture.");
  });

  it("cancels a paid order with a credit note, and its e-mail carries it", async () => {
    const placed = await placeTestOrder(services.db, { email: "annulation@example.fr" });
    expect((await act(placed.id, "payer")).status).toBe(303);
    const paid = await orderRow(placed.id);
    expect((await act(placed.id, "annuler", { reason: "Article abîmé" })).status).toBe(303);
    const cancelled = await orderRow(placed.id);
    const credit = await invoiceRow(cancelled.creditNoteId);
    expect(credit).toMatchObject({ kind: "avoir", creditedInvoiceId: paid.invoiceId });
    expect(credit?.totalTtcCents).toBe(-paid.totalCents);
    expect((await invoiceRow(paid.invoiceId))?.status).toBe("annulee");
    const [mail] = (await mailsOf(paid)).filter((row) => row.kind === "order.cancelled");
    expect(mail?.payload.attachments?.map((attachment) => attachment.storageKey)).toEqual([
      credit?.pdfStorageKey,
    ]);
    const xml =
      (await pdfAttachments(await services.storage.get(credit?.pdfStorageKey ?? "")))
        .get("factur-x.xml")
        ?.toString("utf8") ?? "";
    expect((await validateAgainstXsd(xml)).errors).toEqual([]);
    expect(values(xml, "ram:TypeCode")).toContain("381");
    const history = await database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.creditedInvoiceId, paid.invoiceId ?? ""), eq(invoices.kind, "avoir")));
    expect(history).toHaveLength(1);
  });
});
