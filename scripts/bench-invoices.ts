import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, ne } from "drizzle-orm";
import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients } from "#app/db/schema/clients.ts";
import type { InvoiceStatus } from "#app/db/schema/invoices.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import type { QuoteContent, QuoteItemLine } from "#app/db/schema/quotes.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { clientSearchText } from "#app/features/clients/search-text.ts";
import { invoicesDashboard } from "#app/features/invoices/dashboard.server.ts";
import { createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { listInvoices } from "#app/features/invoices/list.server.ts";
import type { InvoiceRequest } from "#app/features/invoices/query.server.ts";
import { InvoiceFiltersSchema } from "#app/features/invoices/schema.ts";
import { companyDefaults, quoteSearchText } from "#app/features/quotes/quotes.server.ts";
import { quoteTotals } from "#app/features/quotes/totals.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { parseListFilters } from "#app/lib/list-filters.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { foldText } from "#app/lib/search-text.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { seededRandom } from "./bench-random.ts";

/**
 * `npm run bench` (fourth part): invoicing in an in-memory PGlite, files in a temporary
 * folder. First ISSUED invoices issued one after the other through the real « Émettre »
 * (`issueInvoice`: billing recomputed against the quote's invoices, every mention checked,
 * FAC number, Factur-X PDF rendered with its CII XML embedded, stored with its SHA-256,
 * register row): deposit, two progress invoices and the final invoice of each of
 * ISSUED ÷ 4 accepted quotes. Then the list /erp/factures (`listInvoices`: sums and count,
 * then the page) and the dashboard's Factures block on LISTED invoices: the issued ones
 * plus rows written straight into `invoices` (issuing them all would take too long),
 * copies of the issued ones dated over the two years before. The figures are printed,
 * nothing is asserted. BENCH_INVOICES_ISSUED sets another number of invoices to issue.
 */

const ISSUED = Number(process.env.BENCH_INVOICES_ISSUED ?? 1000);
const LISTED = 10_000;
const CLIENTS = 800;
const RUNS = 20;
const ISSUE_AIM_MS = 300;
const LIST_AIM_MS = 100;

const { random, between, pick } = seededRandom(2027);

const FIRST_NAMES = ["Camille", "Lucas", "Léa", "Hugo", "Chloé", "Louis", "Emma", "Jules", "Inès", "Gabriel"];
const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Durand",
  "Lefèvre",
  "Moreau",
  "Garnier",
  "Faure",
  "Blanc",
];
const COMPANIES = ["SCI Azur", "Syndic Méditerranée", "Promotion Provence", "Construction du Var", "Horizon"];
const TOWNS: [string, string][] = [
  ["Toulon", "83000"],
  ["Hyères", "83400"],
  ["La Seyne-sur-Mer", "83500"],
  ["La Garde", "83130"],
  ["Six-Fours-les-Plages", "83140"],
  ["Sanary-sur-Mer", "83110"],
];
const STREETS = [
  "rue des Lilas",
  "avenue de la République",
  "chemin des Oliviers",
  "boulevard de Strasbourg",
];
/** Lots and their usual lines: designation, unit, unit price HT range in cents, energy work (5,5 %). */
const LOTS: [string, [string, "m²" | "forfait" | "u" | "ml", number, number][], boolean][] = [
  [
    "Démolition",
    [
      ["Dépose de cloisons", "m²", 2_500, 4_500],
      ["Évacuation des gravats", "forfait", 25_000, 60_000],
    ],
    false,
  ],
  [
    "Maçonnerie",
    [
      ["Murs en parpaings", "m²", 5_500, 8_500],
      ["Dalle béton armé", "m²", 7_000, 11_000],
    ],
    false,
  ],
  [
    "Plâtrerie",
    [
      ["Cloison BA13", "m²", 3_800, 5_500],
      ["Faux plafond", "m²", 4_200, 6_500],
    ],
    false,
  ],
  [
    "Plomberie",
    [
      ["Douche à l'italienne", "forfait", 150_000, 260_000],
      ["Mitigeur", "u", 18_000, 32_000],
    ],
    false,
  ],
  [
    "Isolation",
    [
      ["Combles perdus par soufflage", "m²", 2_800, 4_200],
      ["Murs par l'intérieur", "m²", 5_500, 8_000],
    ],
    true,
  ],
];

const started = performance.now();
const handle = await openDatabase({ memory: true });
await handle.migrate();
const db = handle.db;
const storageDir = mkdtempSync(path.join(tmpdir(), "batirade-bench-invoices-"));
const storage = createLocalStorage(storageDir);
await db.insert(authUsers).values({
  id: "bench-user",
  email: "bench@batirade.test",
  name: "Bench",
  role: "staff",
  emailVerified: true,
});
const actor = { id: "bench-user", email: "bench@batirade.test" };
await seedCompliance(db, { decennaleUntil: "2035-12-31" });
await db
  .update(companySettings)
  .set({
    bankAccountHolder: "BATI RADE TOULON",
    iban: "FR7630006000011234567890189",
    bic: "AGRIFRPP",
  })
  .where(eq(companySettings.id, 1));
const { hourlyCostCents } = await companyDefaults(db);
const identity = await documentIdentity(db);

// ─── Clients and accepted quotes ─────────────────────────────────────────────────────

type BenchClient = { id: string; business: boolean; street: string; city: string; postalCode: string };
const clientRows = Array.from({ length: CLIENTS }, (_, i) => {
  const business = i % 5 === 0;
  const [city, postalCode] = pick(TOWNS);
  const last = pick(LAST_NAMES);
  const name = business ? `${pick(COMPANIES)} ${last}` : `${pick(FIRST_NAMES)} ${last}`;
  const siren = business ? String(300_000_000 + i * 1_117) : null;
  const row = {
    kind: business ? ("entreprise" as const) : ("particulier" as const),
    name,
    legalName: business ? `${name.toUpperCase()} SARL` : null,
    siren,
    vatNumber: siren ? `FR${String(10 + (i % 90))}${siren}` : null,
    email: `client.${i}@exemple.fr`,
    billingStreet: `${between(1, 120)} ${pick(STREETS)}`,
    billingPostalCode: postalCode,
    billingCity: city,
    createdBy: "bench-user",
  };
  return { ...row, searchText: clientSearchText(row) };
});
const benchClients: BenchClient[] = [];
for (let offset = 0; offset < CLIENTS; offset += 400) {
  const inserted = await db
    .insert(clients)
    .values(clientRows.slice(offset, offset + 400))
    .returning();
  for (const row of inserted) {
    benchClients.push({
      id: row.id,
      business: row.kind === "entreprise",
      street: row.billingStreet ?? "",
      city: row.billingCity ?? "",
      postalCode: row.billingPostalCode ?? "",
    });
  }
}

/** 2–4 lots of 2–6 lines at the rates a client of this kind is charged; a retention on a third. */
function quoteContent(client: BenchClient): QuoteContent {
  const reverseCharge = client.business && random() < 0.25;
  const lots = [...LOTS]
    .sort(() => random() - 0.5)
    .slice(0, between(2, 4))
    .map(([title, items, energy], lotIndex) => ({
      id: `lot${lotIndex + 1}`,
      title,
      lines: Array.from({ length: between(2, 6) }, (_, lineIndex): QuoteItemLine => {
        const [designation, unit, min, max] = pick(items);
        return {
          id: `l${lotIndex + 1}-${lineIndex + 1}`,
          kind: "item",
          designation,
          description: "",
          unit,
          quantity: unit === "forfait" || unit === "u" ? 1_000 * between(1, 2) : between(5_000, 60_000),
          unitPriceHt: between(min, max),
          vatCode: client.business ? "20" : energy ? "5.5" : "10",
          optional: false,
          libraryItemId: null,
          cost: null,
        };
      }),
    }));
  return {
    title: `Rénovation — ${client.city}`,
    description: "Travaux décrits lot par lot ci-dessous, selon la visite du chantier.",
    site: { street: client.street, postalCode: client.postalCode, city: client.city },
    reverseCharge,
    offPremises: false,
    lots,
    discount: null,
    travel: null,
    terms: {
      validityDays: 30,
      startOn: null,
      duration: "6 semaines",
      deposit: { kind: "percent", basisPoints: 3_000 },
      depositSchedule: "30 % à la signature, situations mensuelles, le solde à la réception.",
      paymentTerms: "Paiement par virement à 30 jours.",
      paid: false,
      priceCents: null,
      noteToClient: "",
      retention: random() < 0.33 ? { basisPoints: 500, bankGuarantee: random() < 0.2 } : null,
    },
  };
}

const quoteCount = Math.ceil(ISSUED / 4);
const sentAt = new Date(Date.now() - 40 * 86_400_000);
const quoteRows = Array.from({ length: quoteCount }, (_, i) => {
  const client = benchClients[i % 3 === 0 ? between(0, 159) : between(0, CLIENTS - 1)];
  if (!client) throw new Error("client manquant");
  const content = quoteContent(client);
  const totals = quoteTotals(content, hourlyCostCents);
  const id = randomUUID();
  const number = `DEV-${parisDay(sentAt).slice(0, 4)}-${String(i + 1).padStart(4, "0")}`;
  return {
    id,
    seriesId: id,
    number,
    status: "accepte" as const,
    clientId: client.id,
    content,
    title: content.title,
    siteCity: content.site.city,
    totalHtCents: totals.totalHt,
    totalVatCents: totals.totalVat,
    totalTtcCents: totals.totalTtc,
    searchText: quoteSearchText(number, content.title, content.site.city),
    validUntil: addDays(parisDay(sentAt), 30),
    sentAt,
    sentTo: `client@exemple.fr`,
    pdfSha256: createHash("sha256").update(number).digest("hex"),
    decidedAt: new Date(sentAt.getTime() + 3 * 86_400_000),
    createdBy: "bench-user",
  };
});
for (let offset = 0; offset < quoteRows.length; offset += 200) {
  await db.insert(quotes).values(quoteRows.slice(offset, offset + 200));
}

// ─── Issuing, one after the other ────────────────────────────────────────────────────

/** Median, p95 (nearest rank) and max of a list of durations. */
function stats(times: number[]): { median: number; p95: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (rank: number) => sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? 0;
  return {
    median: at(Math.ceil(sorted.length / 2) - 1),
    p95: at(Math.ceil(sorted.length * 0.95) - 1),
    max: at(sorted.length - 1),
  };
}

const setupMs = performance.now() - started;
const issueTimes: number[] = [];
const issueStarted = performance.now();
let pdfBytes = 0;
for (let i = 0; i < ISSUED; i++) {
  const quote = quoteRows[Math.floor(i / 4)];
  if (!quote) break;
  const lots = quote.content.lots.map((lot) => lot.id);
  const step = i % 4;
  const request: InvoiceRequest =
    step === 0
      ? { kind: "acompte", deposit: { kind: "percent", basisPoints: 3_000 } }
      : step === 3
        ? { kind: "solde" }
        : { kind: "situation", lots: lots.map((lotId) => ({ lotId, percent: step === 1 ? 4_000 : 8_000 })) };
  const { id } = await createInvoiceDraft(db, quote.id, request, actor);
  const before = performance.now();
  await issueInvoice(db, { storage, identity }, id, actor);
  issueTimes.push(performance.now() - before);
  if (i === 0) {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    pdfBytes = (await storage.get(row?.pdfStorageKey ?? "")).length;
  }
}
const issueWall = performance.now() - issueStarted;
const issue = stats(issueTimes.slice(1));
const firstIssue = issueTimes[0] ?? 0;

// ─── 10,000 invoices: the issued ones and copies of them over the two years before ───

const issuedRows = await db.select().from(invoices).where(ne(invoices.status, "brouillon"));
const bulkStarted = performance.now();
const nowMs = Date.now();
const thisYear = Number(parisDay().slice(0, 4));
const copiesFrom = parisMidnight(`${thisYear - 2}-01-01`).getTime();
// Ends 6 days before New Year, so that a credit note 5 days later is still in the year.
const copiesUntil = parisMidnight(`${thisYear - 1}-12-26`).getTime();
type InvoiceInsert = typeof invoices.$inferInsert;
const copies: InvoiceInsert[] = [];
/** A copy's search text without its number (what a draft's is). */
const draftTexts = new Map<string, string>();
for (let i = 0; copies.length < LISTED - issuedRows.length; i++) {
  const source = issuedRows[i % issuedRows.length];
  if (!source) throw new Error("aucune facture émise à copier");
  const id = randomUUID();
  draftTexts.set(id, source.searchText.slice(foldText(source.number ?? "").length + 1));
  const copy: InvoiceInsert = {
    id,
    kind: source.kind,
    clientId: source.clientId,
    quoteId: source.quoteId,
    sequence: source.sequence,
    content: source.content,
    totalHtCents: source.totalHtCents,
    totalVatCents: source.totalVatCents,
    totalTtcCents: source.totalTtcCents,
    retentionCents: source.retentionCents,
    netToPayCents: source.netToPayCents,
    createdBy: "bench-user",
  };
  // Three in a hundred are drafts of the last three weeks; the others were issued during
  // the two Paris years before this one (this year's numbers are the issued ones'), and one
  // in fifty of those was cancelled by a credit note 5 days later.
  if (random() < 0.03) {
    copies.push({ ...copy, createdAt: new Date(nowMs - between(0, 20) * 86_400_000) });
    continue;
  }
  const issuedAt = new Date(copiesFrom + Math.floor(random() * (copiesUntil - copiesFrom)));
  copies.push({ ...copy, issuedAt, createdAt: issuedAt });
  if (random() < 0.02 && copies.length < LISTED - issuedRows.length) {
    const noteId = randomUUID();
    draftTexts.set(noteId, `avoir ${draftTexts.get(id) ?? ""}`);
    const noteAt = new Date(issuedAt.getTime() + 5 * 86_400_000);
    copies.push({
      ...copy,
      id: noteId,
      kind: "avoir",
      creditedInvoiceId: id,
      totalHtCents: -(copy.totalHtCents ?? 0),
      totalVatCents: -(copy.totalVatCents ?? 0),
      totalTtcCents: -(copy.totalTtcCents ?? 0),
      retentionCents: -(copy.retentionCents ?? 0),
      netToPayCents: -(copy.netToPayCents ?? 0),
      issuedAt: noteAt,
      createdAt: noteAt,
    });
  }
}
// Numbers follow the issue instants within each series and Paris year, as the counters
// give them; statuses as time left them (mostly paid, some late, some partly paid).
const counters = new Map<string, number>();
const cancelled = new Set(copies.flatMap((copy) => (copy.creditedInvoiceId ? [copy.creditedInvoiceId] : [])));
const today = parisDay();
for (const copy of copies
  .filter((candidate) => candidate.issuedAt)
  .sort((a, b) => (a.issuedAt?.getTime() ?? 0) - (b.issuedAt?.getTime() ?? 0))) {
  const issuedOn = parisDay(copy.issuedAt ?? new Date());
  const prefix = `${copy.kind === "avoir" ? "AV" : "FAC"}-${issuedOn.slice(0, 4)}`;
  const next = (counters.get(prefix) ?? 0) + 1;
  counters.set(prefix, next);
  copy.number = `${prefix}-${String(next).padStart(4, "0")}`;
  copy.issuedOn = issuedOn;
  copy.dueOn = addDays(issuedOn, 30);
  copy.pdfSha256 = createHash("sha256").update(copy.number).digest("hex");
  const roll = random();
  const status: InvoiceStatus =
    copy.kind === "avoir"
      ? "emise"
      : cancelled.has(copy.id ?? "")
        ? "annulee"
        : copy.dueOn >= today
          ? "emise"
          : roll < 0.85
            ? "payee"
            : roll < 0.96
              ? "en_retard"
              : "partiellement_payee";
  copy.status = status;
  const net = copy.netToPayCents ?? 0;
  copy.paidCents = status === "payee" ? net : status === "partiellement_payee" ? Math.floor(net / 3) : 0;
}
for (const copy of copies) {
  const draftText = draftTexts.get(copy.id ?? "") ?? "";
  copy.searchText = copy.number ? foldText(`${copy.number} ${draftText}`) : draftText;
}
for (let offset = 0; offset < copies.length; offset += 500) {
  await db.insert(invoices).values(copies.slice(offset, offset + 500));
}
const bulkMs = performance.now() - bulkStarted;
const total = issuedRows.length + copies.length;

// ─── The list and the dashboard ──────────────────────────────────────────────────────

async function timings(run: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = performance.now();
    await run();
    times.push(performance.now() - before);
  }
  return stats(times);
}

const lastYear = thisYear - 1;
const cases: [string, string][] = [
  ["première page (tri par date)", ""],
  ["page 200", "page=200"],
  ["recherche d'un client (« garnier »)", "q=garnier"],
  [`recherche d'un numéro (« FAC-${lastYear}-0420 »)`, `q=FAC-${lastYear}-0420`],
  [`statut « Payée » + période (T2 ${lastYear})`, `statut=payee&du=${lastYear}-04-01&au=${lastYear}-06-30`],
  ["tri par montant", "tri=total"],
];
const figures: [string, { median: number; p95: number }, number][] = [];
for (const [label, query] of cases) {
  const parsed = parseListFilters(InvoiceFiltersSchema, new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`${label} : ${parsed.message}`);
  let found = 0;
  const times = await timings(async () => {
    found = (await listInvoices(db, parsed.filters)).total;
  });
  figures.push([label, times, found]);
}
const dashboardTimes = await timings(() => invoicesDashboard(db));
const dashboard = await invoicesDashboard(db);
await handle.close();
rmSync(storageDir, { recursive: true, force: true });

const width = Math.max(...figures.map(([label]) => label.length), "bloc Factures du tableau de bord".length);
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const mark = (value: number, aim: number) => (value > aim ? "  au-dessus de l'objectif" : "");
console.log(
  [
    `\nÉmission de ${issueTimes.length} factures à la suite (issueInvoice : calcul, mentions, numéro, PDF Factur-X avec son XML CII, stockage, registre), ${quoteCount} devis acceptés, PGlite en mémoire :`,
    `  première émission (chargement des polices) ${ms(firstIssue).trim()} ; les ${issueTimes.length - 1} suivantes : médiane ${ms(issue.median).trim()}, p95 ${ms(issue.p95).trim()}, max ${ms(issue.max).trim()} (objectif : moins de ${ISSUE_AIM_MS} ms)${mark(issue.median, ISSUE_AIM_MS)}`,
    `  ${Math.round(issueWall / 1000)} s en tout, PDF d'un acompte : ${Math.round(pdfBytes / 1024)} Kio`,
    `\nListe des factures, ${total} factures et avoirs (${issuedRows.length} émis pour de bon, ${copies.length} copies écrites directement en ${Math.round(bulkMs / 1000)} s), ${CLIENTS} clients`,
    `(médiane et p95 de ${RUNS} appels de listInvoices après un appel d'échauffement ; objectif : moins de ${LIST_AIM_MS} ms par page) :`,
    `  ${"".padEnd(width)}    médiane        p95`,
    ...figures.map(
      ([label, times, found]) =>
        `  ${label.padEnd(width)}  ${ms(times.median)}  ${ms(times.p95)}  (${found} résultats)${mark(times.median, LIST_AIM_MS)}`,
    ),
    `  ${"bloc Factures du tableau de bord".padEnd(width)}  ${ms(dashboardTimes.median)}  ${ms(dashboardTimes.p95)}  (${dashboard.outstanding.count} à encaisser, ${dashboard.overdue.count} en retard)${mark(dashboardTimes.median, LIST_AIM_MS)}`,
    `\nPréparation ${Math.round(setupMs / 1000)} s, durée totale ${Math.round((performance.now() - started) / 1000)} s.`,
  ].join("\n"),
);
