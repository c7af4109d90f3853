import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { SupplierInvoiceFiltersSchema } from "#app/features/purchases/supplier-invoice-schema.ts";
import {
  importSupplierInvoiceFile,
  invoicedSuppliers,
  listSupplierInvoices,
} from "#app/features/purchases/supplier-invoices.server.ts";
import { addDays } from "#app/lib/paris-time.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { generate, type Sample } from "#tests/helpers/einvoice-samples.ts";
import { seededRandom } from "./bench-random.ts";
import { ms, timings } from "./bench-timing.ts";

/**
 * `npm run bench` (Achats): in an in-memory PGlite with files in a temporary folder,
 * 1. the import of IMPORTS e-invoices made by another generator (@e-invoice-eu/core, through
 *    the tests' samples builder: a third Factur-X PDFs, a third CII, a third UBL, numbers all
 *    different), each through the whole path a dropped file takes (`importSupplierInvoiceFile`:
 *    size and duplicate checks, read and EN 16931 rules, supplier matched by SIREN, original
 *    stored with its SHA-256, invoice, lines and history recorded); median, p95 and max per
 *    import, aim under 200 ms;
 * 2. the supplier invoices list (`/erp/achats/factures`: the loader's two queries, the page
 *    and the suppliers of the filter) on ROWS invoices of 300 suppliers: the first page in
 *    the default order (due date), page 400, « À payer », « En retard », one supplier, a
 *    search by number; median and p95 of RUNS calls after a warm-up, aim under 100 ms.
 * The figures are printed, nothing is asserted. `BENCH_PURCHASES_IMPORTS`,
 * `BENCH_PURCHASES_ROWS` for other sizes.
 */

const IMPORTS = Number(process.env.BENCH_PURCHASES_IMPORTS ?? 200);
const ROWS = Number(process.env.BENCH_PURCHASES_ROWS ?? 20_000);
const SUPPLIERS = 300;
const RUNS = 20;
const IMPORT_AIM_MS = 200;
const LIST_AIM_MS = 100;
const TODAY = "2026-11-20";
const FORMATS = ["Factur-X-EN16931", "CII", "UBL"] as const;
const NEGOCE_SIREN = "542051180";

const { between, pick } = seededRandom(28);
const handle = await openDatabase({ memory: true });
await handle.migrate();
const { db } = handle;
const storageDir = mkdtempSync(path.join(tmpdir(), "batirade-bench-purchases-"));
const storage = createLocalStorage(storageDir);
const actor = { id: "bench-user", email: "bench@batirade.test" };
await db.insert(authUsers).values({ ...actor, name: "Bench", role: "staff", emailVerified: true });

// ─── 1. The import of e-invoices ─────────────────────────────────────────────────────

await db.insert(suppliers).values({
  kind: "fournisseur",
  legalName: "Négoce Matériaux du Var",
  siren: NEGOCE_SIREN,
  vatNumber: "FR59542051180",
});

const cents = (value: number) => (value / 100).toFixed(2);

/** The `index`-th invoice of the supplier: one to three lines at 20 % or 10 %. */
function sample(index: number): Sample {
  const lines = Array.from({ length: between(1, 3) }, (_, line) => {
    const quantity = between(1, 40);
    const price = between(150, 25_000);
    const rate = pick(["20", "10"] as const);
    return {
      id: String(line + 1),
      name: pick([
        "Sac de ciment 35 kg",
        "Plaque de plâtre BA13",
        "Rail 48 mm",
        "Sable 0/4 lavé",
        "Parpaing 20",
      ]),
      reference: `REF-${line + 1}`,
      quantity: String(quantity),
      unit: "H87",
      price: cents(price),
      net: cents(quantity * price),
      netCents: quantity * price,
      category: "S",
      rate,
    };
  });
  const rates = [...new Set(lines.map((line) => line.rate))];
  const vat = rates.map((rate) => {
    const base = lines.filter((line) => line.rate === rate).reduce((sum, line) => sum + line.netCents, 0);
    return { category: "S", rate, base, vat: Math.round((base * Number(rate)) / 100) };
  });
  const net = vat.reduce((sum, row) => sum + row.base, 0);
  const tax = vat.reduce((sum, row) => sum + row.vat, 0);
  return {
    number: `FA-2026-${String(index + 1).padStart(5, "0")}`,
    typeCode: "380",
    issueDate: "2026-10-05",
    dueDate: "2026-11-04",
    seller: {
      name: "Négoce Matériaux du Var SAS",
      siren: NEGOCE_SIREN,
      vatNumber: "FR59542051180",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
    },
    buyer: { name: "BTP Toulon", vatNumber: "FR65912345675" },
    lines: lines.map(({ netCents: _netCents, ...line }) => line),
    vat: vat.map((row) => ({
      category: row.category,
      rate: row.rate,
      base: cents(row.base),
      vat: cents(row.vat),
    })),
    totals: {
      lines: cents(net),
      net: cents(net),
      vat: cents(tax),
      gross: cents(net + tax),
      due: cents(net + tax),
    },
    paymentTerms: "30 jours net, par virement",
  };
}

const generating = performance.now();
const files: { name: string; bytes: Uint8Array }[] = [];
// One more than measured: the first import warms the reader and the queries up.
for (let index = 0; index <= IMPORTS; index++) {
  const format = FORMATS[index % FORMATS.length] ?? "CII";
  const bytes = await generate(sample(index), format);
  files.push({ name: `facture-${index + 1}.${format.startsWith("Factur-X") ? "pdf" : "xml"}`, bytes });
}
const generatedIn = performance.now() - generating;

const importTimes: number[] = [];
const outcomes = new Map<string, number>();
for (const [index, file] of files.entries()) {
  const started = performance.now();
  const outcome = await importSupplierInvoiceFile({ db, storage }, actor, file.name, file.bytes);
  const elapsed = performance.now() - started;
  if (index > 0) importTimes.push(elapsed);
  outcomes.set(outcome.kind, (outcomes.get(outcome.kind) ?? 0) + 1);
}
importTimes.sort((a, b) => a - b);
const at = (rank: number) => importTimes[Math.min(importTimes.length - 1, Math.max(0, rank))] ?? 0;
const imports = {
  median: at(Math.ceil(importTimes.length / 2) - 1),
  p95: at(Math.ceil(importTimes.length * 0.95) - 1),
  max: at(importTimes.length - 1),
};

// ─── 2. The list on ROWS invoices ────────────────────────────────────────────────────

const supplierRows = await db
  .insert(suppliers)
  .values(
    Array.from({ length: SUPPLIERS }, (_, index) => ({
      kind: pick(["fournisseur", "fournisseur", "loueur", "sous_traitant"] as const),
      legalName: `Fournisseur ${String(index + 1).padStart(3, "0")} ${pick(["Matériaux", "Location", "Bâtiment", "Négoce"])}`,
    })),
  )
  .returning({ id: suppliers.id });
const seeding = performance.now();
const BATCH = 1000;
for (let start = 0; start < ROWS; start += BATCH) {
  await db.insert(supplierInvoices).values(
    Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, offset) => {
      const index = start + offset;
      const issueDate = addDays(TODAY, -between(0, 730));
      const net = between(2_000, 2_000_000);
      const vat = Math.round(net * 0.2);
      const status = pick(["payee", "payee", "payee", "a_payer", "a_payer", "en_litige"] as const);
      return {
        supplierId: pick(supplierRows).id,
        number: `F${String(index + 1).padStart(6, "0")}`,
        isCreditNote: index % 40 === 0,
        issueDate,
        dueDate: index % 25 === 0 ? null : addDays(issueDate, 30),
        netCents: net,
        vatCents: vat,
        grossCents: net + vat,
        dueCents: net + vat,
        status,
        paidOn: status === "payee" ? addDays(issueDate, 25) : null,
        paymentMethod: status === "payee" ? ("virement" as const) : null,
        source: "manual" as const,
        originalStorageKey: `factures-fournisseurs/bench/${index}.pdf`,
        originalContentType: "application/pdf",
        originalFileName: `${index}.pdf`,
        originalSha256: index.toString(16).padStart(64, "0"),
        createdBy: actor.id,
      };
    }),
  );
}
const seededIn = performance.now() - seeding;
const oneSupplier = supplierRows[7]?.id ?? "";
const now = new Date(`${TODAY}T10:00:00Z`);

const cases: [string, Record<string, string>][] = [
  ["1re page, tri par défaut (échéance)", {}],
  ["page 400, tri par défaut", { page: "400" }],
  ["« À payer »", { statut: "a_payer" }],
  ["« En retard »", { echeance: "retard" }],
  ["un fournisseur", { fournisseur: oneSupplier }],
  ["recherche d'un numéro", { q: "F01234" }],
];
const listLines: string[] = [];
for (const [label, params] of cases) {
  const filters = SupplierInvoiceFiltersSchema.parse(params);
  let shown = 0;
  const times = await timings(async () => {
    const [page] = await Promise.all([listSupplierInvoices(db, filters, now), invoicedSuppliers(db)]);
    shown = page.total;
  }, RUNS);
  listLines.push(
    `  ${label.padEnd(36)} (${String(shown).padStart(6)} factures)  médiane ${ms(times.median)}  p95 ${ms(times.p95)}${times.median > LIST_AIM_MS ? "  au-dessus de l'objectif" : ""}`,
  );
}

console.log(
  [
    "",
    `Achats (PGlite en mémoire, fichiers dans un dossier temporaire)`,
    `  import de ${IMPORTS} factures électroniques (@e-invoice-eu/core : Factur-X, CII, UBL ; générées en ${(generatedIn / 1000).toFixed(1)} s, non compté)`,
    `    ${[...outcomes].map(([kind, n]) => `${kind} : ${n}`).join(", ")}`,
    `    par import  médiane ${ms(imports.median)}  p95 ${ms(imports.p95)}  max ${ms(imports.max)}  (objectif : moins de ${IMPORT_AIM_MS} ms)${imports.median > IMPORT_AIM_MS ? "  au-dessus de l'objectif" : ""}`,
    `  liste des factures fournisseurs sur ${ROWS} factures de ${SUPPLIERS} fournisseurs (insérées en ${(seededIn / 1000).toFixed(1)} s ; ${RUNS} appels, objectif : moins de ${LIST_AIM_MS} ms)`,
    ...listLines,
  ].join("\n"),
);

await handle.close();
rmSync(storageDir, { recursive: true, force: true });
