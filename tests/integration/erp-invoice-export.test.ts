import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { clients } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import type { BillingInvoice } from "#app/features/invoices/billing-model.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { previousMonth } from "#app/features/invoices/export.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import type { InvoiceRequest } from "#app/features/invoices/query.server.ts";
import type { QuoteLotInput } from "#app/features/quotes/content.ts";
import { getQuote } from "#app/features/quotes/quotes.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as exportRoute from "#app/routes/erp/factures/export.tsx";
import * as exportFileRoute from "#app/routes/erp/factures/export-file.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { routeArgs, routeCaller, routeOutcome } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// « Export comptable » on real invoices issued through the real functions (PGlite here,
// PostgreSQL in CI's second pass): the sales journal balances for a period holding
// progress invoices with a retention, deposits, a final invoice deducting them, a credit
// note and reverse charge; the period filter; the CSV and the ZIP through their routes.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

const JANUARY = { du: "2027-01-01", au: "2027-01-31" };

/** The documents issued, by role in the scenario. */
const issued: Record<string, { id: string; number: string }> = {};
let draftId = "";

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-invoice-export-"));
  staff = await signedInStaff(services, "staff", "comptable@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillInvoiceSettings(services.db);
  await seedCompliance(services.db, { rge: { number: "E-E123456", validUntil: addDays(parisDay(), 300) } });
  await scenario();
}, 120_000);
afterAll(() => close());

function line(id: string, designation: string, euros: string, vatCode: "20" | "10" | "5.5") {
  return {
    id,
    kind: "item" as const,
    designation,
    description: "",
    unit: "forfait",
    quantity: "1",
    unitPriceHt: euros,
    vatCode,
    optional: false,
    libraryItemId: null,
    cost: null,
  };
}

let emails = 0;
async function acceptedQuote(options: {
  client?: Partial<typeof clients.$inferInsert>;
  lots?: QuoteLotInput[];
  reverseCharge?: boolean;
  retentionPercent?: string;
}): Promise<{ quoteId: string; lotIds: string[] }> {
  emails += 1;
  const clientId = await insertClient(services.db, {
    email: `export-${emails}@example.fr`,
    ...options.client,
  });
  const quoteId = await acceptedQuoteFor(
    services,
    actor,
    clientId,
    (filled) => ({
      ...filled,
      lots: options.lots ?? filled.lots,
      reverseCharge: options.reverseCharge ?? false,
      terms: { ...filled.terms, retentionPercent: options.retentionPercent ?? "" },
    }),
    "Signataire",
  );
  const { quote } = await getQuote(services.db, quoteId);
  return { quoteId, lotIds: quote.content.lots.map((lot) => lot.id) };
}

async function issueAt(role: string, id: string, instant: string) {
  const { number } = await issueInvoice(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db), now: new Date(instant) },
    id,
    actor,
  );
  issued[role] = { id, number };
}

async function invoiceAt(role: string, quoteId: string, request: InvoiceRequest, instant: string) {
  const { id } = await createInvoiceDraft(services.db, quoteId, request, actor);
  await issueAt(role, id, instant);
}

/**
 * Quote A (20 %, 10 % and 5,5 %, 5 % retention): deposit in December, two situations and
 * the final invoice in January. Quote B (reverse charge, a main contractor): deposit and
 * final invoice in January, the final at 23:30 in Paris on 31 January. Quote C (10 %):
 * deposit in January, a partial credit note in January, the rest credited at 00:30 in
 * Paris on 1 February. A draft is never issued.
 */
async function scenario() {
  const a = await acceptedQuote({
    lots: [
      { id: "go", title: "Gros œuvre", lines: [line("go1", "Dalle et murs", "8000", "20")] },
      {
        id: "iso",
        title: "Isolation et menuiseries",
        lines: [line("iso1", "Isolation des combles", "3000", "5.5"), line("iso2", "Fenêtres", "1500", "10")],
      },
    ],
    retentionPercent: "5",
  });
  const b = await acceptedQuote({
    client: {
      kind: "entreprise",
      name: "Bâtiments du Faron",
      legalName: "BATIMENTS DU FARON",
      siren: "912345675",
      vatNumber: "FR65912345675",
      mainContractor: true,
    },
    lots: [{ id: "mac", title: "Maçonnerie", lines: [line("mac1", "Murs de refend", "5000", "20")] }],
    reverseCharge: true,
  });
  const c = await acceptedQuote({});
  const percent = (basisPoints: number) => ({ kind: "percent" as const, basisPoints });
  const progress = (basisPoints: number): InvoiceRequest => ({
    kind: "situation",
    lots: a.lotIds.map((lotId) => ({ lotId, percent: basisPoints })),
  });

  await invoiceAt("depositA", a.quoteId, { kind: "acompte", deposit: percent(3000) }, "2026-12-15T09:00:00Z");
  await invoiceAt("situationA1", a.quoteId, progress(5000), "2027-01-05T09:00:00Z");
  await invoiceAt("depositB", b.quoteId, { kind: "acompte", deposit: percent(2000) }, "2027-01-08T09:00:00Z");
  await invoiceAt("depositC", c.quoteId, { kind: "acompte", deposit: percent(3000) }, "2027-01-10T09:00:00Z");
  await invoiceAt("situationA2", a.quoteId, progress(8000), "2027-01-12T09:00:00Z");
  await invoiceAt("finalA", a.quoteId, { kind: "solde" }, "2027-01-20T09:00:00Z");
  const partial = await createCreditNoteDraft(
    services.db,
    issued.depositC?.id ?? "",
    { kind: "amount", ttc: 5_000 },
    actor,
  );
  await issueAt("creditC1", partial.id, "2027-01-28T09:00:00Z");
  await invoiceAt("finalB", b.quoteId, { kind: "solde" }, "2027-01-31T22:30:00Z");
  const rest = await createCreditNoteDraft(services.db, issued.depositC?.id ?? "", { kind: "total" }, actor);
  await issueAt("creditC2", rest.id, "2027-01-31T23:30:00Z");
  draftId = (
    await createInvoiceDraft(services.db, c.quoteId, { kind: "acompte", deposit: percent(1000) }, actor)
  ).id;
}

// ─── Reading the files back ──────────────────────────────────────────────────────────

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

type Row = {
  date: string;
  journal: string;
  piece: string;
  account: string;
  label: string;
  debit: number;
  credit: number;
};

function splitRow(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < row.length; index += 1) {
    const char = row[index];
    if (quoted) {
      if (char === '"' && row[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** « 1234,56 » → 123456 cents; an empty side → 0. Anything else fails the test. */
function amount(text: string): number {
  if (text === "") return 0;
  expect(text).toMatch(/^\d+,\d{2}$/);
  return Number(text.replace(",", ""));
}

/** The CSV as an accounting package reads it: BOM, header, rows split on CRLF and « ; ». */
function parseJournal(text: string): Row[] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text.slice(1).split("\r\n");
  expect(rows.pop()).toBe("");
  expect(rows.shift()).toBe("Date;Journal;Pièce;Compte;Libellé;Débit;Crédit");
  return rows.map((row) => {
    expect(row).not.toMatch(/[\r\n]/);
    const cells = splitRow(row);
    expect(cells).toHaveLength(7);
    const [date = "", journal = "", piece = "", account = "", label = "", debit = "", credit = ""] = cells;
    expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    return { date, journal, piece, account, label, debit: amount(debit), credit: amount(credit) };
  });
}

/** The body as text, its byte-order mark kept (`Response.text()` drops it). */
async function textOf(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.clone().arrayBuffer());
}

async function journalOf(query: Record<string, string>): Promise<{ rows: Row[]; response: Response }> {
  const outcome = await call(
    exportFileRoute.loader,
    `/erp/factures/export.csv?${new URLSearchParams(query)}`,
  );
  expect(outcome.status).toBe(200);
  const response = outcome.data as Response;
  return { rows: parseJournal(await textOf(response)), response };
}

async function storedRows(numbers: readonly string[]) {
  const rows = await services.db
    .select()
    .from(invoices)
    .where(inArray(invoices.number, [...numbers]));
  return new Map(rows.map((row) => [row.number ?? "", row]));
}

const sum = (rows: readonly Row[], pick: (row: Row) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);
const owed = (rows: readonly Row[], prefix: string) =>
  sum(
    rows.filter((row) => row.account.startsWith(prefix)),
    (row) => row.debit - row.credit,
  );
const credited = (rows: readonly Row[], account: string) =>
  sum(
    rows.filter((row) => row.account === account),
    (row) => row.credit - row.debit,
  );

const VAT_SUFFIX = { "20": "200", "10": "100", "5.5": "055" } as const;

// ─── The journal ─────────────────────────────────────────────────────────────────────

describe("the sales journal of a period", () => {
  it("balances, entry by entry: deposits, situations with retention, a final invoice, a credit note, reverse charge", async () => {
    const { rows } = await journalOf(JANUARY);
    expect(rows.every((row) => row.journal === "VT")).toBe(true);
    const pieces = [...new Set(rows.map((row) => row.piece))];
    // In the order of issue (and so of the numbers of each series).
    expect(pieces).toEqual(
      ["situationA1", "depositB", "depositC", "situationA2", "finalA", "creditC1", "finalB"].map(
        (role) => issued[role]?.number,
      ),
    );
    expect(sum(rows, (row) => row.debit)).toBe(sum(rows, (row) => row.credit));
    const stored = await storedRows(pieces);
    const reverseCharge = new Set([issued.depositB?.number, issued.finalB?.number]);
    for (const piece of pieces) {
      const entry = rows.filter((row) => row.piece === piece);
      const row = stored.get(piece);
      if (!row?.issuedOn) throw new Error(`${piece} introuvable`);
      const billing = (row.content as { billing: BillingInvoice }).billing;
      expect(
        sum(entry, (line) => line.debit),
        piece,
      ).toBe(sum(entry, (line) => line.credit));
      expect(new Set(entry.map((line) => line.date))).toEqual(
        new Set([row.issuedOn.split("-").reverse().join("/")]),
      );
      // The client's accounts (411 and its retention receivable 4117) carry the TTC.
      expect(owed(entry, "411"), piece).toBe(row.totalTtcCents);
      expect(owed(entry, "41100000")).toBe(row.netToPayCents);
      expect(owed(entry, "41170000")).toBe(row.retentionCents);
      expect(entry.find((line) => line.account === "41100000")?.label).toMatch(
        reverseCharge.has(piece) ? /^BATIMENTS DU FARON – / : /^Élodie Garnier – /,
      );
      // Each rate's VAT as printed, in VAT collected (44571 per rate), though the option for
      // debits is off (the default): exigibility on receipts is the VAT return's matter.
      for (const rate of billing.byRate) {
        if (rate.code === "autoliquidation") continue;
        expect(credited(entry, `44571${VAT_SUFFIX[rate.code]}`), `${piece} ${rate.code}`).toBe(rate.vat);
      }
      expect(
        entry
          .filter((line) => line.account.startsWith("4457"))
          .every((line) => line.account.startsWith("44571")),
        piece,
      ).toBe(true);
      expect(owed(entry, "4457") + row.totalVatCents).toBe(0);
      if (reverseCharge.has(piece)) {
        expect(
          entry.filter((line) => line.account.startsWith("4457")),
          piece,
        ).toEqual([]);
        expect(
          entry.filter((line) => line.account.startsWith("706")).map((line) => line.account),
          piece,
        ).toEqual(billing.kind === "acompte" ? [] : ["70600000"]);
      }
    }
    // A retention was withheld on quote A's situations and final invoice, on 4117.
    expect(owed(rows, "41170000")).toBeGreaterThan(0);
    // The credit note is the mirror: it credits the client and debits the deposit and its VAT.
    const credit = rows.filter((row) => row.piece === issued.creditC1?.number);
    expect(credit.find((row) => row.account === "41100000")).toMatchObject({ debit: 0, credit: 5_000 });
    expect(credit.filter((row) => row.account !== "41100000").every((row) => row.credit === 0)).toBe(true);
  });

  it("the option for debits (Paramètres) changes nothing in the journal: 44571 per rate either way, never 44574", async () => {
    const setOption = (vatOnDebits: boolean) =>
      services.db.update(companySettings).set({ vatOnDebits }).where(eq(companySettings.id, 1));
    const csvOf = async () => textOf((await journalOf(JANUARY)).response);
    await setOption(false);
    const withoutOption = await csvOf();
    await setOption(true);
    try {
      const withOption = await csvOf();
      expect(withOption).toBe(withoutOption);
      const rows = parseJournal(withOption);
      expect(rows.filter((row) => row.account.startsWith("44574"))).toEqual([]);
      // 44571 per rate over the period = the VAT per rate printed on the period's documents.
      const stored = await storedRows([...new Set(rows.map((row) => row.piece))]);
      const printed = { "20": 0, "10": 0, "5.5": 0 };
      for (const row of stored.values()) {
        for (const rate of (row.content as { billing: BillingInvoice }).billing.byRate) {
          if (rate.code !== "autoliquidation") printed[rate.code] += rate.vat;
        }
      }
      expect(printed["20"] * printed["10"] * printed["5.5"]).not.toBe(0);
      for (const code of ["20", "10", "5.5"] as const) {
        expect(credited(rows, `44571${VAT_SUFFIX[code]}`), code).toBe(printed[code]);
      }
    } finally {
      await setOption(false);
    }
  });

  it("customer advances (4191) net to zero over a quote fully invoiced", async () => {
    const { rows } = await journalOf({ du: "2026-12-01", au: "2027-01-31" });
    const quoteA = ["depositA", "situationA1", "situationA2", "finalA"].map((role) => issued[role]?.number);
    const quoteB = ["depositB", "finalB"].map((role) => issued[role]?.number);
    const advances = (numbers: readonly (string | undefined)[]) =>
      rows.filter((row) => numbers.includes(row.piece) && row.account === "41910000");
    expect(advances(quoteA).length).toBeGreaterThan(3);
    expect(owed(advances(quoteA), "4191")).toBe(0);
    expect(owed(advances(quoteB), "4191")).toBe(0);
    // Quote A's deposit HT, credited in December, is deducted HT by the situations and the final.
    const deposit = advances([issued.depositA?.number]);
    expect(deposit.every((row) => row.debit === 0 && row.credit > 0)).toBe(true);
    // Quote C's deposit, credited in January, is still owed to the client (not credited back yet).
    expect(
      owed(
        rows.filter((row) => row.account === "41910000"),
        "4191",
      ),
    ).toBeLessThan(0);
  });

  it("keeps to the period: the Paris issue day decides, drafts never appear", async () => {
    const { rows } = await journalOf(JANUARY);
    const pieces = new Set(rows.map((row) => row.piece));
    // 15 December, and 00:30 on 1 February in Paris (23:30 UTC on 31 January): outside.
    expect(pieces.has(issued.depositA?.number ?? "")).toBe(false);
    expect(pieces.has(issued.creditC2?.number ?? "")).toBe(false);
    // 23:30 on 31 January in Paris: inside.
    expect(pieces.has(issued.finalB?.number ?? "")).toBe(true);
    const [draft] = await services.db.select().from(invoices).where(eq(invoices.id, draftId));
    expect(draft?.status).toBe("brouillon");
    expect(rows.every((row) => /^(FAC|AV)-\d{4}-\d{4}$/.test(row.piece))).toBe(true);
    expect(rows.every((row) => row.date.endsWith("/01/2027"))).toBe(true);
    const february = await journalOf({ du: "2027-02-01", au: "2027-02-28" });
    expect([...new Set(february.rows.map((row) => row.piece))]).toEqual([issued.creditC2?.number]);
  });
});

/** What the page under test renders: the loader's data of the current `renderPage` call. */
let renderedData: unknown = null;
function ExportPageWithData() {
  return createElement(exportRoute.default as ComponentType<never>, { loaderData: renderedData } as never);
}

/** The page rendered as the server would, around the loader's data. */
function renderPage(loaderData: unknown): string {
  renderedData = loaderData;
  const Stub = createRoutesStub([{ path: "/erp/factures/export", Component: ExportPageWithData }]);
  // React separates adjacent texts with `<!-- -->`: not part of what a browser reads.
  return renderToString(createElement(Stub, { initialEntries: ["/erp/factures/export"] })).replaceAll(
    "<!-- -->",
    "",
  );
}

// ─── The routes ──────────────────────────────────────────────────────────────────────

describe("the export's page and files", () => {
  it("summarises the period and links the two files", async () => {
    const outcome = await call(exportRoute.loader, `/erp/factures/export?${new URLSearchParams(JANUARY)}`);
    expect(outcome.status).toBe(200);
    const page = outcome.data as Extract<Awaited<ReturnType<typeof exportRoute.loader>>, { ok: true }>;
    expect(page.ok).toBe(true);
    expect(page.summary).toMatchObject({ invoiceCount: 6, creditNoteCount: 1 });
    const stored = [...(await storedRows(Object.values(issued).map((doc) => doc.number))).values()].filter(
      (row) => row.issuedOn && row.issuedOn >= JANUARY.du && row.issuedOn <= JANUARY.au,
    );
    expect(page.summary.totalHt).toBe(stored.reduce((total, row) => total + row.totalHtCents, 0));
    expect(page.summary.totalVat).toBe(stored.reduce((total, row) => total + row.totalVatCents, 0));
    expect(page.summary.totalTtc).toBe(stored.reduce((total, row) => total + row.totalTtcCents, 0));
    expect(page.summary.journal.balanced).toBe(true);
    expect(page.summary.journal.debit).toBe(page.summary.journal.credit);
    expect(page.files.csv.href).toBe("/erp/factures/export.csv?du=2027-01-01&au=2027-01-31");
    expect(page.files.zip.href).toBe("/erp/factures/export.zip?du=2027-01-01&au=2027-01-31");
    const html = renderPage(page);
    expect(html).toContain("Le journal est équilibré");
    expect(html).toContain("6 factures");
    expect(html).toContain("1 avoir");
    expect(html).toContain('href="/erp/factures/export.csv?du=2027-01-01&amp;au=2027-01-31"');
    expect(html).toContain("Journal des ventes (CSV)");
    expect(html).toContain('href="/erp/factures/export.zip?du=2027-01-01&amp;au=2027-01-31"');
    expect(html).toContain("Factures Factur-X (ZIP)");
    expect(html).toMatch(/<label for="export-du"[^>]*>Du \(date d&#x27;émission\)/);
    expect(html).toContain("44571200");
    expect(html).toContain("44571055");
    expect(html).not.toContain("44574");
    expect(html).toContain(
      "TVA collectée : comptes 44571 par taux. Sans l&#x27;option pour les débits (Paramètres), la TVA des travaux est exigible à l&#x27;encaissement : elle se déclare sur les paiements reçus.",
    );
    expect(html).not.toContain("Aucune facture émise sur cette période.");
  });

  it("defaults to the previous month; an empty period says so and its CSV is the header alone", async () => {
    const defaults = await call(exportRoute.loader, "/erp/factures/export");
    expect(defaults.status).toBe(200);
    const expected = previousMonth(parisDay());
    expect((defaults.data as { values: unknown }).values).toEqual({ du: expected.from, au: expected.to });

    const empty = { du: "2026-06-01", au: "2026-06-30" };
    const page = (await call(exportRoute.loader, `/erp/factures/export?${new URLSearchParams(empty)}`))
      .data as Extract<Awaited<ReturnType<typeof exportRoute.loader>>, { ok: true }>;
    expect(page.summary).toMatchObject({
      invoiceCount: 0,
      creditNoteCount: 0,
      totalTtc: 0,
      journal: { debit: 0, credit: 0, lineCount: 0, balanced: true },
    });
    const { rows, response } = await journalOf(empty);
    expect(renderPage(page)).toContain("Aucune facture émise sur cette période.");
    expect(renderPage(page)).toContain("Journal des ventes (CSV)");
    expect(rows).toEqual([]);
    expect(await textOf(response)).toBe("\uFEFFDate;Journal;Pièce;Compte;Libellé;Débit;Crédit\r\n");
    const zip = await call(exportFileRoute.loader, `/erp/factures/export.zip?${new URLSearchParams(empty)}`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await (zip.data as Response).arrayBuffer()));
    expect(Object.keys(files)).toEqual(["journal-ventes-2026-06-01-2026-06-30.csv"]);
  });

  it("serves the CSV as a French spreadsheet expects it", async () => {
    const { response } = await journalOf(JANUARY);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="journal-ventes-2027-01-01-2027-01-31.csv"',
    );
    expect(response.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("Élodie Garnier – ");
    expect(text.split("\r\n").every((row) => !row.includes("\n"))).toBe(true);
  });

  it("serves a ZIP of the period's Factur-X PDFs, byte for byte as stored, and the journal", async () => {
    const outcome = await call(
      exportFileRoute.loader,
      `/erp/factures/export.zip?${new URLSearchParams(JANUARY)}`,
    );
    expect(outcome.status).toBe(200);
    const response = outcome.data as Response;
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="factures-2027-01-01-2027-01-31.zip"',
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const roles = ["situationA1", "depositB", "depositC", "situationA2", "finalA", "creditC1", "finalB"];
    expect(Object.keys(files).sort()).toEqual(
      [
        ...roles.map((role) => `${issued[role]?.number}.pdf`),
        "journal-ventes-2027-01-01-2027-01-31.csv",
      ].sort(),
    );
    const stored = await storedRows(roles.map((role) => issued[role]?.number ?? ""));
    for (const [number, row] of stored) {
      const original = await services.storage.get(row.pdfStorageKey ?? "");
      expect(Buffer.from(files[`${number}.pdf`] ?? new Uint8Array()).equals(original), number).toBe(true);
      expect(new TextDecoder().decode(files[`${number}.pdf`]?.subarray(0, 5))).toBe("%PDF-");
    }
    const { response: csv } = await journalOf(JANUARY);
    // The journal inside is the CSV served alone, byte-order mark included.
    const inside = Buffer.from(files["journal-ventes-2027-01-01-2027-01-31.csv"] ?? new Uint8Array());
    expect(inside.equals(Buffer.from(await csv.arrayBuffer()))).toBe(true);
    expect([...inside.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("refuses a bad period with its French message (400), on the page and on the files", async () => {
    const cases: [string, RegExp][] = [
      ["du=2027-02-30&au=2027-03-31", /Date de début : cette date n'existe pas/],
      ["du=2027-01-31&au=2027-01-01", /La date de fin doit être postérieure ou égale à la date de début/],
      ["du=2026-01-01&au=2027-01-31", /ne peut pas dépasser 366 jours/],
      ["du=janvier&au=2027-01-31", /Date de début : la date doit être au format AAAA-MM-JJ/],
      ["du=2027-01-01", /Indiquez la date de fin/],
    ];
    for (const [query, message] of cases) {
      const page = await call(exportRoute.loader, `/erp/factures/export?${query}`);
      expect(page.status, query).toBe(400);
      expect((page.data as { error: { message: string } }).error.message).toMatch(message);
      const html = renderPage(page.data);
      expect(html).toMatch(/role="alert"/);
      expect(html).toContain('aria-invalid="true"');
      expect(html).not.toContain("Journal des ventes (CSV)");
      for (const file of ["export.csv", "export.zip"]) {
        const outcome = await call(exportFileRoute.loader, `/erp/factures/${file}?${query}`);
        expect(outcome.status, `${file}?${query}`).toBe(400);
        expect(((await (outcome.data as Response).json()) as { message: string }).message).toMatch(message);
      }
    }
  });

  it("refuses without a session (401), like every factures route", async () => {
    for (const [handler, url] of [
      [exportRoute.loader, "/erp/factures/export"],
      [exportFileRoute.loader, "/erp/factures/export.csv"],
      [exportFileRoute.loader, "/erp/factures/export.zip"],
    ] as const) {
      const outcome = await routeOutcome(() => handler(routeArgs(services, url) as never));
      expect(outcome.status, url).toBe(401);
    }
  });

  it("refuses an archive whose PDF is missing (404) or no longer the one issued (409), and says which", async () => {
    const [february] = await services.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, issued.creditC2?.number ?? ""));
    const [december] = await services.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, issued.depositA?.number ?? ""));
    if (!february?.pdfStorageKey || !december?.pdfStorageKey) throw new Error("PDF non enregistré");
    await services.storage.delete(february.pdfStorageKey);
    const missing = await call(
      exportFileRoute.loader,
      "/erp/factures/export.zip?du=2027-02-01&au=2027-02-28",
    );
    expect(missing.status).toBe(404);
    expect(((await (missing.data as Response).json()) as { message: string }).message).toContain(
      `Le PDF de ${february.number} est introuvable`,
    );
    await services.storage.put(december.pdfStorageKey, new TextEncoder().encode("%PDF-1.7 autre chose"));
    const altered = await call(
      exportFileRoute.loader,
      "/erp/factures/export.zip?du=2026-12-01&au=2026-12-31",
    );
    expect(altered.status).toBe(409);
    expect(((await (altered.data as Response).json()) as { message: string }).message).toContain(
      december.number ?? "",
    );
    // The journal does not need the PDFs.
    expect((await journalOf({ du: "2027-02-01", au: "2027-02-28" })).rows.length).toBeGreaterThan(0);
  });
});
