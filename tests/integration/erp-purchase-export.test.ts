import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { type ComponentType, createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppliers } from "#app/db/schema/purchases.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { SupplierInvoicesDashboard } from "#app/features/purchases/components/supplier-invoices-dashboard.tsx";
import type { ImportOutcome } from "#app/features/purchases/supplier-invoices.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { PERIOD_MESSAGES } from "#app/lib/export-period.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as exportRoute from "#app/routes/erp/achats/export.tsx";
import * as exportFileRoute from "#app/routes/erp/achats/export-file.ts";
import * as importRoute from "#app/routes/erp/achats/factures/importer.tsx";
import * as listRoute from "#app/routes/erp/achats/factures/index.tsx";
import * as dashboardRoute from "#app/routes/erp/dashboard.tsx";
import { generate, type Sample } from "#tests/helpers/einvoice-samples.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// Achats › « Export comptable » on invoices imported through the real import route (files
// made by another generator: a Factur-X at 20 % and 10 %, a CII credit note, a UBL
// reverse-charge subcontractor invoice) and rows stored directly (one whose figures do
// not add up, invoices for the dashboard): the purchases journal (HA) per invoice, both
// sides of the self-assessed VAT, the balance, the period filter and its 400, the ZIP of
// the originals, who may see it; then the dashboard's « Factures fournisseurs » block.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));

const OCTOBER = "?du=2026-10-01&au=2026-10-31";
const NEGOCE = { name: "Négoce Matériaux du Var SAS", siren: "542051180", vatNumber: "FR59542051180" };
const PLOMBIER = { name: "Plomberie Varoise SARL", siren: "732829320", vatNumber: "FR44732829320" };
const buyer = { name: "BTP Toulon", vatNumber: "FR65912345675" };

const twoRates: Sample = {
  number: "FA-2026-00201",
  typeCode: "380",
  issueDate: "2026-10-05",
  dueDate: "2099-01-31",
  seller: NEGOCE,
  buyer,
  lines: [
    {
      id: "1",
      name: "Ciment",
      quantity: "10",
      unit: "H87",
      price: "10.00",
      net: "100.00",
      category: "S",
      rate: "20",
    },
    {
      id: "2",
      name: "Pose",
      quantity: "1",
      unit: "C62",
      price: "200.00",
      net: "200.00",
      category: "S",
      rate: "10",
    },
  ],
  vat: [
    { category: "S", rate: "20", base: "100.00", vat: "20.00" },
    { category: "S", rate: "10", base: "200.00", vat: "20.00" },
  ],
  totals: { lines: "300.00", net: "300.00", vat: "40.00", gross: "340.00", due: "340.00" },
};

const creditNote: Sample = {
  number: "AV-2026-0007",
  typeCode: "381",
  issueDate: "2026-10-12",
  dueDate: "2099-01-31",
  precedingInvoice: "FA-2026-00201",
  seller: NEGOCE,
  buyer,
  lines: [
    {
      id: "1",
      name: "Retour ciment",
      quantity: "5",
      unit: "H87",
      price: "10.00",
      net: "50.00",
      category: "S",
      rate: "20",
    },
  ],
  vat: [{ category: "S", rate: "20", base: "50.00", vat: "10.00" }],
  totals: { lines: "50.00", net: "50.00", vat: "10.00", gross: "60.00", due: "60.00" },
};

const reverseCharge: Sample = {
  number: "ST-58",
  typeCode: "380",
  issueDate: "2026-10-20",
  dueDate: "2099-01-31",
  seller: PLOMBIER,
  buyer,
  lines: [
    {
      id: "1",
      name: "Lot plomberie",
      quantity: "1",
      unit: "C62",
      price: "3200.00",
      net: "3200.00",
      category: "AE",
      rate: "0",
    },
  ],
  vat: [
    {
      category: "AE",
      rate: "0",
      base: "3200.00",
      vat: "0.00",
      exemptionReason: "Autoliquidation",
      exemptionCode: "VATEX-EU-AE",
    },
  ],
  totals: { lines: "3200.00", net: "3200.00", vat: "0.00", gross: "3200.00", due: "3200.00" },
};

const november: Sample = { ...twoRates, number: "FA-2026-00250", issueDate: "2026-11-02" };

let negoceId = "";
const files: Record<string, Uint8Array> = {};
const ids: Record<string, string> = {};

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set("intent", "importer");
  form.append("files", new File([Buffer.from(bytes)], name));
  const outcome = await asOwner(importRoute.action, "/erp/achats/factures/importer", {
    method: "POST",
    body: form,
  });
  const [first] = (outcome.data as { outcomes: ImportOutcome[] }).outcomes;
  if (first?.kind !== "recorded") throw new Error(`import de ${name} : ${JSON.stringify(first)}`);
  return first.id;
}

/** A row stored directly, its original put in the storage (for the rows no generator makes). */
async function storedInvoice(values: Partial<typeof supplierInvoices.$inferInsert>): Promise<string> {
  const bytes = randomBytes(64);
  const key = `factures-fournisseurs/test-${randomBytes(6).toString("hex")}.pdf`;
  await services.storage.put(key, bytes, "application/pdf");
  const [row] = await services.db
    .insert(supplierInvoices)
    .values({
      supplierId: negoceId,
      number: "X",
      issueDate: "2025-01-15",
      netCents: 10000,
      vatCents: 2000,
      grossCents: 12000,
      dueCents: 12000,
      source: "manual",
      vatBreakdown: [{ category: "S", rateBp: 2000, baseCents: 10000, vatCents: 2000 }],
      originalStorageKey: key,
      originalContentType: "application/pdf",
      originalFileName: "scan.pdf",
      originalSha256: createHash("sha256").update(bytes).digest("hex"),
      ...values,
    })
    .returning({ id: supplierInvoices.id });
  return row?.id as string;
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-purchase-export-"));
  owner = await signedInStaff(services, "owner", "gerant-export-achats@batirade.test");
  staff = await signedInStaff(services, "staff", "comptable-achats@batirade.test");
  worker = await signedInStaff(services, "compagnon", "ouvrier-export@batirade.test");
  const [negoce] = await services.db
    .insert(suppliers)
    .values([
      { kind: "fournisseur", legalName: "Négoce Matériaux du Var", siren: NEGOCE.siren },
      { kind: "sous_traitant", legalName: "Plomberie Varoise", siren: PLOMBIER.siren },
    ])
    .returning({ id: suppliers.id });
  negoceId = negoce?.id as string;
  files.twoRates = await generate(twoRates, "Factur-X-EN16931");
  files.creditNote = await generate(creditNote, "CII");
  files.reverseCharge = await generate(reverseCharge, "UBL");
  files.november = await generate(november, "UBL");
  ids.twoRates = await upload("FA-2026-00201.pdf", files.twoRates);
  ids.creditNote = await upload("AV-2026-0007.xml", files.creditNote);
  ids.reverseCharge = await upload("ST-58.xml", files.reverseCharge);
  ids.november = await upload("FA-2026-00250.xml", files.november);
  // The disputed invoice stays in the journal: the debt is booked.
  await services.db
    .update(supplierInvoices)
    .set({ status: "en_litige", disputeReason: "Quantité contestée" })
    .where(eq(supplierInvoices.id, ids.twoRates));
  // Stored figures that do not add up (HT by rate 150 € for a total of 100 €): never written.
  ids.broken = await storedInvoice({
    number: "FA-CASSEE",
    issueDate: "2026-10-25",
    vatBreakdown: [{ category: "S", rateBp: 2000, baseCents: 15000, vatCents: 2000 }],
  });
}, 120_000);
afterAll(() => close());

/** What the page under test renders: the loader's data of the current `renderPage` call. */
let renderedData: unknown = null;
function ExportPageWithData() {
  return createElement(exportRoute.default as ComponentType<never>, { loaderData: renderedData } as never);
}
let renderedFigures: unknown = null;
function DashboardBlockWithFigures() {
  return createElement(SupplierInvoicesDashboard, { figures: renderedFigures } as never);
}
function renderPage(loaderData: unknown): string {
  renderedData = loaderData;
  const Stub = createRoutesStub([{ path: "/erp/achats/export", Component: ExportPageWithData }]);
  return renderToString(createElement(Stub, { initialEntries: ["/erp/achats/export"] })).replaceAll(
    "<!-- -->",
    "",
  );
}

type Row = {
  date: string;
  journal: string;
  piece: string;
  account: string;
  label: string;
  debit: string;
  credit: string;
};

function parseCsv(text: string): { header: string; rows: Row[] } {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header = "", ...lines] = text.slice(1).split("\r\n");
  expect(lines.pop()).toBe("");
  return {
    header,
    rows: lines.map((line) => {
      const [date = "", journal = "", piece = "", account = "", label = "", debit = "", credit = ""] =
        line.split(";");
      return { date, journal, piece, account, label, debit, credit };
    }),
  };
}

const cents = (amount: string) => (amount === "" ? 0 : Math.round(Number(amount.replace(",", ".")) * 100));
const entry = (rows: Row[], piece: string) =>
  rows
    .filter((row) => row.piece === piece)
    .map(({ date, journal, account, debit, credit }) => ({ date, journal, account, debit, credit }));

async function octoberCsv(call = asOwner) {
  const outcome = await call(exportFileRoute.loader, `/erp/achats/export.csv${OCTOBER}`);
  expect(outcome.status).toBe(200);
  const response = outcome.data as Response;
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBe(
    'attachment; filename="journal-achats-2026-10-01-2026-10-31.csv"',
  );
  return parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()));
}

describe("the purchases journal", () => {
  it("writes one HA entry per invoice of the period: expenses HT per rate, deductible VAT per rate, the supplier TTC", async () => {
    const { header, rows } = await octoberCsv();
    expect(header).toBe("Date;Journal;Pièce;Compte;Libellé;Débit;Crédit");
    expect(entry(rows, "FA-2026-00201")).toEqual([
      { date: "05/10/2026", journal: "HA", account: "60100200", debit: "100,00", credit: "" },
      { date: "05/10/2026", journal: "HA", account: "60100100", debit: "200,00", credit: "" },
      { date: "05/10/2026", journal: "HA", account: "44566200", debit: "20,00", credit: "" },
      { date: "05/10/2026", journal: "HA", account: "44566100", debit: "20,00", credit: "" },
      { date: "05/10/2026", journal: "HA", account: "40100000", debit: "", credit: "340,00" },
    ]);
    const supplierLine = rows.find((row) => row.piece === "FA-2026-00201" && row.account === "40100000");
    expect(supplierLine?.label).toBe("Négoce Matériaux du Var – Facture FA-2026-00201");
  });

  it("reverses a credit note", async () => {
    const { rows } = await octoberCsv();
    expect(entry(rows, "AV-2026-0007")).toEqual([
      { date: "12/10/2026", journal: "HA", account: "60100200", debit: "", credit: "50,00" },
      { date: "12/10/2026", journal: "HA", account: "44566200", debit: "", credit: "10,00" },
      { date: "12/10/2026", journal: "HA", account: "40100000", debit: "60,00", credit: "" },
    ]);
  });

  it("self-assesses a subcontractor's reverse-charge invoice at 20 %, both sides: 44566 debit and 4452 credit", async () => {
    const { rows } = await octoberCsv();
    expect(entry(rows, "ST-58")).toEqual([
      { date: "20/10/2026", journal: "HA", account: "60400000", debit: "3200,00", credit: "" },
      { date: "20/10/2026", journal: "HA", account: "44566000", debit: "640,00", credit: "" },
      { date: "20/10/2026", journal: "HA", account: "44520000", debit: "", credit: "640,00" },
      { date: "20/10/2026", journal: "HA", account: "40100000", debit: "", credit: "3200,00" },
    ]);
  });

  it("balances each entry and the journal; writes no invoice outside the period nor one whose figures do not add up", async () => {
    const { rows } = await octoberCsv();
    expect([...new Set(rows.map((row) => row.piece))]).toEqual(["FA-2026-00201", "AV-2026-0007", "ST-58"]);
    for (const piece of ["FA-2026-00201", "AV-2026-0007", "ST-58"]) {
      const lines = rows.filter((row) => row.piece === piece);
      expect(
        lines.reduce((sum, row) => sum + cents(row.debit) - cents(row.credit), 0),
        piece,
      ).toBe(0);
    }
    const page = await asOwner(exportRoute.loader, `/erp/achats/export${OCTOBER}`);
    expect(page.status).toBe(200);
    const { summary } = page.data as Extract<Awaited<ReturnType<typeof exportRoute.loader>>, { ok: true }>;
    expect(summary).toMatchObject({
      invoiceCount: 3,
      creditNoteCount: 1,
      // 300 − 50 + 3 200 + 100 (the broken one's stored total) HT.
      totalHt: 355000,
      selfAssessedVat: 64000,
      journal: { debit: 424000, credit: 424000, balanced: true, lineCount: 12 },
    });
    expect(summary.errors).toEqual([
      {
        id: ids.broken,
        number: "FA-CASSEE",
        supplierName: "Négoce Matériaux du Var",
        issueDate: "2026-10-25",
        message: "les bases HT par taux ne font pas le total HT.",
      },
    ]);
    expect(summary.byRate.map((rate) => [rate.label, rate.ht, rate.vat])).toEqual([
      ["TVA 20 %", 20000, 3000],
      ["TVA 10 %", 20000, 2000],
      ["Autoliquidation (sous-traitance)", 320000, 0],
    ]);
  });

  it("shows the period's figures, the invoice it could not write, and links the files and the sales export", async () => {
    const page = await asOwner(exportRoute.loader, `/erp/achats/export${OCTOBER}`);
    const html = renderPage(page.data);
    expect(html).toContain("Du 1 octobre 2026 au 31 octobre 2026");
    expect(html).toContain("1 facture n&#x27;est pas écrite dans le journal");
    expect(html).toContain(
      "Négoce Matériaux du Var, FA-CASSEE du 25/10/2026 : les bases HT par taux ne font pas le total HT.",
    );
    expect(html).toContain('href="/erp/achats/export.csv?du=2026-10-01&amp;au=2026-10-31"');
    expect(html).toContain('href="/erp/achats/export.zip?du=2026-10-01&amp;au=2026-10-31"');
    expect(html).toContain('href="/erp/factures/export?du=2026-10-01&amp;au=2026-10-31"');
    expect(html).toContain("Le journal est équilibré");
  });

  it("refuses a bad period with the sales export's French message, on the page and the files", async () => {
    const bad = "?du=2026-10-31&au=2026-10-01";
    const page = await asOwner(exportRoute.loader, `/erp/achats/export${bad}`);
    expect(page.status).toBe(400);
    expect(page.data).toMatchObject({
      ok: false,
      values: { du: "2026-10-31", au: "2026-10-01" },
      error: { field: "au", message: PERIOD_MESSAGES.order },
    });
    for (const file of ["export.csv", "export.zip"]) {
      const outcome = await asOwner(exportFileRoute.loader, `/erp/achats/${file}${bad}`);
      expect(outcome.status).toBe(400);
      expect(await (outcome.data as Response).json()).toEqual({ message: PERIOD_MESSAGES.order });
    }
    const tooLong = await asOwner(
      exportFileRoute.loader,
      "/erp/achats/export.csv?du=2025-01-01&au=2026-06-30",
    );
    expect(tooLong.status).toBe(400);
    expect(await (tooLong.data as Response).json()).toEqual({ message: PERIOD_MESSAGES.tooLong });
  });

  it("puts each invoice's original, unchanged, in the ZIP beside the journal", async () => {
    const outcome = await asStaff(exportFileRoute.loader, `/erp/achats/export.zip${OCTOBER}`);
    expect(outcome.status).toBe(200);
    const response = outcome.data as Response;
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="factures-fournisseurs-2026-10-01-2026-10-31.zip"',
    );
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      "Negoce-Materiaux-du-Var-AV-2026-0007.xml",
      "Negoce-Materiaux-du-Var-FA-2026-00201.pdf",
      "Negoce-Materiaux-du-Var-FA-CASSEE.pdf",
      "Plomberie-Varoise-ST-58.xml",
      "journal-achats-2026-10-01-2026-10-31.csv",
    ]);
    const same = (name: string, bytes: Uint8Array | undefined) =>
      expect(Buffer.from(entries[name] ?? []).equals(Buffer.from(bytes ?? [])), name).toBe(true);
    same("Negoce-Materiaux-du-Var-FA-2026-00201.pdf", files.twoRates);
    same("Negoce-Materiaux-du-Var-AV-2026-0007.xml", files.creditNote);
    same("Plomberie-Varoise-ST-58.xml", files.reverseCharge);
    const journal = new TextDecoder().decode(entries["journal-achats-2026-10-01-2026-10-31.csv"]);
    expect(journal).toContain("20/10/2026;HA;ST-58;44520000;");
  });

  it("is open to the staff and closed to site workers", async () => {
    expect((await asStaff(exportRoute.loader, `/erp/achats/export${OCTOBER}`)).status).toBe(200);
    expect((await asStaff(exportFileRoute.loader, `/erp/achats/export.csv${OCTOBER}`)).status).toBe(200);
    expect((await asWorker(exportRoute.loader, `/erp/achats/export${OCTOBER}`)).status).toBe(403);
    expect((await asWorker(exportFileRoute.loader, `/erp/achats/export.csv${OCTOBER}`)).status).toBe(403);
    expect((await asWorker(exportFileRoute.loader, `/erp/achats/export.zip${OCTOBER}`)).status).toBe(403);
  });
});

describe("the dashboard's supplier invoices", () => {
  type Figures = {
    dueThisWeek: { count: number; totalCents: number; href: string };
    overdue: typeof dueFigure;
  };
  const dueFigure = { count: 0, totalCents: 0, href: "" };
  const figuresOf = async (call = asOwner) => {
    const outcome = await call(dashboardRoute.loader, "/erp");
    expect(outcome.status).toBe(200);
    return (outcome.data as { supplierInvoices: Figures | null }).supplierInvoices;
  };

  const renderBlock = (figures: unknown) => {
    renderedFigures = figures;
    const Stub = createRoutesStub([{ path: "/erp", Component: DashboardBlockWithFigures }]);
    return renderToString(createElement(Stub, { initialEntries: ["/erp"] })).replaceAll("<!-- -->", "");
  };

  it("says nothing is due when nothing is", async () => {
    const figures = await figuresOf();
    expect(figures).toMatchObject({
      dueThisWeek: { count: 0, totalCents: 0 },
      overdue: { count: 0, totalCents: 0 },
    });
    const html = renderBlock(figures);
    expect(html).toContain("Rien à payer d&#x27;ici le");
    expect(html).toContain("Aucune facture fournisseur en retard de paiement.");
  });

  it("counts what is to pay within seven days and what is late, not paid nor disputed, each linking to its list", async () => {
    const today = parisDay();
    const due = (days: number) => addDays(today, days);
    await storedInvoice({ number: "S-1", dueDate: due(0), grossCents: 12000, dueCents: 12000 });
    await storedInvoice({ number: "S-2", dueDate: due(6), grossCents: 8000, dueCents: 8000 });
    await storedInvoice({
      number: "S-AV",
      isCreditNote: true,
      dueDate: due(1),
      grossCents: 2000,
      dueCents: 2000,
    });
    await storedInvoice({ number: "S-LATER", dueDate: due(7) });
    await storedInvoice({
      number: "S-PAID",
      dueDate: due(1),
      status: "payee",
      paidOn: today,
      paymentMethod: "virement",
    });
    await storedInvoice({ number: "R-1", dueDate: due(-3), grossCents: 5000, dueCents: 5000 });
    await storedInvoice({ number: "R-LITIGE", dueDate: due(-10), status: "en_litige" });
    const figures = await figuresOf();
    expect(figures?.dueThisWeek).toEqual({
      count: 3,
      totalCents: 18000,
      href: "/erp/achats/factures?echeance=7jours&statut=a_payer",
    });
    expect(figures?.overdue).toEqual({
      count: 1,
      totalCents: 5000,
      href: "/erp/achats/factures?echeance=retard&statut=a_payer",
    });
    for (const [figure, numbers] of [
      [figures?.dueThisWeek, ["S-1", "S-AV", "S-2"]],
      [figures?.overdue, ["R-1"]],
    ] as const) {
      const list = await asOwner(listRoute.loader, figure?.href ?? "");
      expect(list.status).toBe(200);
      const page = list.data as { items: { number: string }[]; owedCents: number };
      expect(page.items.map((item) => item.number).sort()).toEqual([...numbers].sort());
      expect(page.owedCents).toBe(figure?.totalCents);
    }
    expect((await figuresOf(asStaff))?.dueThisWeek.count).toBe(3);
    const html = renderBlock(figures);
    expect(html).toContain("180,00");
    expect(html).toContain('href="/erp/achats/factures?echeance=retard&amp;statut=a_payer"');
  });

  it("is never shown to site workers", async () => {
    const outcome = await asWorker(dashboardRoute.loader, "/erp");
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("location")).toBe("/erp/mes-chantiers");
  });
});
