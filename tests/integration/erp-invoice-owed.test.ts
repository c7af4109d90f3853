import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, inArray } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import type { InvoiceRequest } from "#app/features/invoices/query.server.ts";
import { sendReminderNow } from "#app/features/invoices/reminders.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { createApp } from "#server/app.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { billingSteps, fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// « Reste dû » on every surface that shows it: the invoices list (each row and its
// footer), an invoice's page, the quote's « Facturer » panel, the dashboard, a reminder
// e-mail and the export's page, on invoices with partial payments and partial credit
// notes. Each is read from what the user receives (the HTML the production build
// renders, the e-mail written to the outbox), and compared with what is owed worked out
// here from the stored rows: net to pay + the credit notes' (negative) net to pay − the
// payments, never below 0, nothing on a paid or cancelled invoice.

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let build: ServerBuild;
let clientDir: string;
let staff: { cookie: string; userId: string; email: string };
let steps: ReturnType<typeof billingSteps>;

const ids: Record<string, string> = {};
const quoteIds: Record<string, string> = {};

const deposit = (basisPoints: number): InvoiceRequest => ({
  kind: "acompte",
  deposit: { kind: "percent", basisPoints },
});

async function rows(list: string[]): Promise<InvoiceRow[]> {
  return services.db.select().from(invoices).where(inArray(invoices.id, list));
}

async function row(id: string): Promise<InvoiceRow> {
  const [found] = await rows([id]);
  if (!found) throw new Error("facture introuvable");
  return found;
}

/** Worked out from the rows, not with the product's function: what the client owes on an invoice. */
async function expectedOwed(id: string): Promise<number> {
  const invoice = await row(id);
  if (invoice.kind === "avoir" || invoice.status === "annulee" || invoice.status === "brouillon") return 0;
  const credits = await services.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, id));
  const credited = credits.reduce((total, credit) => total + credit.netToPayCents, 0);
  return Math.max(0, invoice.netToPayCents + credited - invoice.paidCents);
}

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
/** Amounts compared as read: every kind of space (the narrow no-break space of « 1 234,56 € ») as one. */
const money = (cents: number) => formatCents(cents).replace(/\s+/g, " ");
const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

async function page(url: string): Promise<string> {
  const response = await createApp({ services, build, clientDir }).request(url, {
    headers: { cookie: staff.cookie },
  });
  expect(response.status, url).toBe(200);
  return decode(await response.text());
}

/** The value of a fact (<dt>label</dt><dd>value</dd>) on a page. */
function fact(html: string, label: string): string {
  const match = new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>(.*?)</dd>`).exec(html);
  if (!match) throw new Error(`« ${label} » absent de la page`);
  return textOf(match[1] ?? "");
}

/** The cells of a table row, as text. */
const cells = (rowHtml: string) =>
  rowHtml
    .split(/<t[hd][\s>]/)
    .slice(1)
    .map((cell) => textOf(`<x ${cell}`));

/** The list's « Reste dû » column: each row's cell, by invoice number, and the footer's. */
async function listDue(): Promise<{ byNumber: Map<string, string>; footer: string }> {
  const html = await page("/erp/factures");
  const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
  const head = cells(/<thead[\s\S]*?<\/thead>/.exec(table)?.[0] ?? "");
  const column = head.indexOf("Reste dû");
  expect(column).toBeGreaterThan(0);
  const byNumber = new Map<string, string>();
  for (const rowHtml of (/<tbody[\s\S]*?<\/tbody>/.exec(table)?.[0] ?? "").split("<tr").slice(1)) {
    const rowCells = cells(rowHtml);
    const number = /(FAC|AV)-\d{4}-\d{4}/.exec(rowCells.join(" "))?.[0];
    if (number) byNumber.set(number, rowCells[column] ?? "");
  }
  // The footer's label cell spans the first columns: its cells line up from the right.
  const footerCells = cells(/<tfoot[\s\S]*?<\/tfoot>/.exec(table)?.[0] ?? "");
  return { byNumber, footer: footerCells.at(column - head.length) ?? "" };
}

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-invoice-owed-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  staff = await signedInStaff(services, "staff", "reste-du@batirade.test");
  await fillInvoiceSettings(services.db);
  steps = billingSteps(services, { id: staff.userId, email: staff.email });

  // A: deposit paid in full; a situation paid in part and partly credited; the final
  // invoice partly credited (a 100 € gesture) and paid in part.
  quoteIds.A = await steps.acceptedQuote({ name: "Amandine Arnaud", email: "a@example.fr" });
  ids.A1 = await steps.invoice(quoteIds.A, deposit(3000));
  await steps.pay(ids.A1, (await row(ids.A1)).netToPayCents);
  ids.A2 = await steps.invoice(quoteIds.A, {
    kind: "situation",
    lots: [
      { lotId: "lot1", percent: 5000 },
      { lotId: "lot2", percent: 5000 },
    ],
  });
  await steps.pay(ids.A2, 10_000);
  ids.A2c = await steps.creditNote(ids.A2, { kind: "amount", ttc: 5_000 });
  ids.A3 = await steps.invoice(quoteIds.A, { kind: "solde" });
  ids.A3c = await steps.creditNote(ids.A3, { kind: "amount", ttc: 10_000 });
  await steps.pay(ids.A3, 20_000);
  // B: a deposit paid in full, then partly credited: the client is owed, owes nothing.
  quoteIds.B = await steps.acceptedQuote({ name: "Bruno Benali", email: "b@example.fr" });
  ids.B1 = await steps.invoice(quoteIds.B, deposit(4000));
  await steps.pay(ids.B1, (await row(ids.B1)).netToPayCents);
  ids.B1c = await steps.creditNote(ids.B1, { kind: "amount", ttc: 2_000 });
  // C: a deposit cancelled by a total credit note.
  quoteIds.C = await steps.acceptedQuote({ name: "Chloé Caron", email: "c@example.fr" });
  ids.C1 = await steps.invoice(quoteIds.C, deposit(2000));
  ids.C1c = await steps.creditNote(ids.C1, { kind: "total" });
  // D: a deposit not paid at all, partly credited.
  quoteIds.D = await steps.acceptedQuote({ name: "Denis Durand", email: "d@example.fr" });
  ids.D1 = await steps.invoice(quoteIds.D, deposit(1000));
  ids.D1c = await steps.creditNote(ids.D1, { kind: "amount", ttc: 1_234 });
}, 600_000);

afterAll(async () => {
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const invoiceNames = ["A1", "A2", "A3", "B1", "C1", "D1"] as const;

describe("Reste dû: one rule on every surface", () => {
  it("the scenario owes something on some invoices and nothing on others", async () => {
    const owed = await Promise.all(invoiceNames.map((name) => expectedOwed(ids[name] ?? "")));
    // A1 paid, B1 paid then credited, C1 cancelled: nothing; A2, A3 and D1 partly.
    expect(owed.map((value) => value > 0)).toEqual([false, true, true, false, false, true]);
    const a3 = await row(ids.A3 ?? "");
    const a3c = await row(ids.A3c ?? "");
    expect(await expectedOwed(ids.A3 ?? "")).toBe(a3.netToPayCents + a3c.netToPayCents - 20_000);
  });

  it("the list's rows and footer, the invoice pages, the quote panels, the dashboard and the export agree", async () => {
    const expected = new Map<string, number>();
    for (const name of invoiceNames) expected.set(name, await expectedOwed(ids[name] ?? ""));
    const total = [...expected.values()].reduce((sum, value) => sum + value, 0);

    const list = await listDue();
    for (const name of invoiceNames) {
      const invoice = await row(ids[name] ?? "");
      const shown = list.byNumber.get(invoice.number ?? "");
      const want = invoice.status === "annulee" ? "—" : money(expected.get(name) ?? -1);
      expect(shown, `liste, ligne ${name}`).toBe(want);
      const pageHtml = await page(`/erp/factures/${invoice.id}`);
      expect(fact(pageHtml, "Reste dû"), `page de ${name}`).toBe(money(expected.get(name) ?? -1));
    }
    expect(list.footer, "pied de la liste").toBe(money(total));

    for (const [quote, names] of [
      ["A", ["A1", "A2", "A3"]],
      ["B", ["B1"]],
      ["C", ["C1"]],
      ["D", ["D1"]],
    ] as const) {
      const quoteHtml = await page(`/erp/devis/${quoteIds[quote]}`);
      const owed = names.reduce((sum, name) => sum + (expected.get(name) ?? 0), 0);
      expect(fact(quoteHtml, "Reste dû par le client"), `panneau Facturer du devis ${quote}`).toBe(
        money(owed),
      );
    }

    const dashboard = await page("/erp");
    const label = /aria-label="([^"]+?) restent à encaisser sur (\d+) /.exec(dashboard);
    expect(label?.[1]?.replace(/\s+/g, " "), "tableau de bord").toBe(money(total));
    expect(Number(label?.[2])).toBe([...expected.values()].filter((value) => value > 0).length);

    const today = parisDay();
    const exportHtml = await page(`/erp/factures/export?du=${today}&au=${today}`);
    expect(fact(exportHtml, "Reste dû aujourd'hui sur ces factures"), "export").toBe(money(total));
  });

  it("a reminder asks for what the invoice page shows", async () => {
    for (const name of ["A3", "D1"] as const) {
      const id = ids[name] ?? "";
      await sendReminderNow(services.db, id, { id: staff.userId, email: staff.email });
      const [message] = await services.db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      const text = message?.payload.text ?? "";
      const asked = /Reste à régler\s*:?\s*([^\n]+)/.exec(text)?.[1]?.trim().replace(/\s+/g, " ");
      expect(asked, `relance de ${name}`).toBe(money(await expectedOwed(id)));
      expect(fact(await page(`/erp/factures/${id}`), "Reste dû")).toBe(asked);
    }
  });
});
