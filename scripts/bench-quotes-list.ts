import { createHash, randomUUID } from "node:crypto";
import { company } from "#app/config/company.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { clientSearchText } from "#app/features/clients/search-text.ts";
import {
  type LineVatCode,
  QUOTE_STATUS_LABELS,
  type QuoteContent,
  type QuoteItemLine,
  type QuoteLine,
  type QuoteLot,
  type QuoteStatus,
  type QuoteUnit,
} from "#app/features/quotes/content.ts";
import { listQuotes } from "#app/features/quotes/list.server.ts";
import { type QuoteClientFacts, quoteMentions } from "#app/features/quotes/mentions.ts";
import { type QuotePdfInput, renderQuotePdf } from "#app/features/quotes/pdf.server.ts";
import { companyDefaults, quoteSearchText } from "#app/features/quotes/quotes.server.ts";
import { QuoteFiltersSchema } from "#app/features/quotes/schema.ts";
import { quoteTotals } from "#app/features/quotes/totals.ts";
import { parseListFilters } from "#app/lib/list-filters.ts";
import { addDays } from "#app/lib/paris-time.ts";
import { identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";
import { seededRandom } from "./bench-random.ts";
import { ms, timings } from "./bench-timing.ts";

/**
 * `npm run bench` (third part): the quotes list on 5,000 quotes of 800 clients in an
 * in-memory PGlite, then the PDF of a 200-line quote. Each list query is `listQuotes`
 * itself (sums and count, then the page), timed after a warm-up over RUNS calls; the
 * PDF over 10 renders. The figures are printed, nothing is asserted.
 */

const QUOTES = 5000;
const CLIENTS = 800;
const RUNS = 20;
const PDF_RUNS = 10;
const LIST_AIM_MS = 100;
const PDF_AIM_MS = 1000;

const { random, between, pick } = seededRandom(2026);

const FIRST_NAMES = ["Camille", "Lucas", "Léa", "Hugo", "Chloé", "Louis", "Emma", "Jules", "Inès", "Gabriel"];
const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Durand",
  "Lefèvre",
  "Moreau",
  "Laurent",
  "Garnier",
  "Faure",
  "Rousseau",
  "Blanc",
  "Giraud",
];
const COMPANY_WORDS = ["Azur", "Méditerranée", "Provence", "Var", "Horizon", "Les Oliviers", "Saint-Roch"];
const COMPANY_KINDS = ["SCI", "Syndic", "Promotion", "Construction", "Immobilier"];
const TOWNS: [string, string][] = [
  ["Toulon", "83000"],
  ["Hyères", "83400"],
  ["La Seyne-sur-Mer", "83500"],
  ["La Garde", "83130"],
  ["Six-Fours-les-Plages", "83140"],
  ["La Valette-du-Var", "83160"],
  ["Sanary-sur-Mer", "83110"],
  ["Bandol", "83150"],
];
const STREETS = [
  "rue des Lilas",
  "avenue de la République",
  "chemin des Oliviers",
  "boulevard de Strasbourg",
];

type CatalogueItem = [designation: string, unit: QuoteUnit, minCents: number, maxCents: number];
/** Lots and their usual lines (unit prices HT in cents). */
const CATALOGUE: [title: string, items: CatalogueItem[], energy?: boolean][] = [
  [
    "Démolition",
    [
      ["Dépose de cloisons en briques", "m²", 2_500, 4_500],
      ["Dépose du carrelage au sol", "m²", 1_800, 3_200],
      ["Évacuation des gravats en déchetterie", "forfait", 25_000, 60_000],
      ["Protection des sols et des accès", "forfait", 8_000, 20_000],
    ],
  ],
  [
    "Maçonnerie",
    [
      ["Murs en parpaings de 20", "m²", 5_500, 8_500],
      ["Chaînages et linteaux", "ml", 3_500, 6_000],
      ["Ouverture d'un mur porteur avec IPN", "forfait", 250_000, 480_000],
      ["Dalle béton armé de 12 cm", "m²", 7_000, 11_000],
    ],
  ],
  [
    "Plâtrerie",
    [
      ["Cloison en plaques de plâtre BA13", "m²", 3_800, 5_500],
      ["Faux plafond suspendu", "m²", 4_200, 6_500],
      ["Bandes et enduits", "m²", 900, 1_600],
    ],
  ],
  [
    "Carrelage",
    [
      ["Pose de carrelage au sol 60 × 60", "m²", 4_500, 7_500],
      ["Faïence murale de la douche", "m²", 5_000, 8_000],
      ["Plinthes assorties", "ml", 1_200, 2_000],
    ],
  ],
  [
    "Plomberie",
    [
      ["Douche à l'italienne", "forfait", 150_000, 260_000],
      ["Remplacement du mitigeur", "u", 18_000, 32_000],
      ["Alimentation et évacuation en PER", "ml", 3_500, 5_500],
    ],
  ],
  [
    "Isolation",
    [
      ["Isolation des combles perdus par soufflage", "m²", 2_800, 4_200],
      ["Isolation des murs par l'intérieur", "m²", 5_500, 8_000],
    ],
    true,
  ],
  [
    "Façade",
    [
      ["Échafaudage de façade", "m²", 1_200, 2_000],
      ["Enduit à la chaux", "m²", 4_000, 6_500],
      ["Reprise des fissures", "ml", 2_500, 4_000],
    ],
  ],
];
const NOTES = [
  "Fourniture et pose, nettoyage du chantier en fin d'intervention.",
  "Reprise des fissures et des éclats, traitement des angles et des appuis.",
  "Matériaux conformes au DTU, teinte au choix du client sur nuancier.",
];
const TITLES = [
  "Rénovation de la salle de bains",
  "Rénovation complète de l'appartement",
  "Isolation des combles",
  "Ravalement de façade",
  "Extension de la maison",
  "Création d'une ouverture",
  "Réfection de la cuisine",
];

// ─── The clients ─────────────────────────────────────────────────────────────────────

type BenchClient = QuoteClientFacts & { id: string; phone: string | null; city: string; postalCode: string };

const handle = await openDatabase({ memory: true });
await handle.migrate();
const db = handle.db;
const { hourlyCostCents } = await companyDefaults(db);
await db.insert(authUsers).values({
  id: "bench-user",
  email: "bench@batirade.test",
  name: "Bench",
  role: "staff",
  emailVerified: true,
});

const yearStart = Date.UTC(2026, 0, 1);
const now = Date.now();
const clientRows = Array.from({ length: CLIENTS }, (_, i) => {
  const business = i % 5 === 0;
  const [city, postalCode] = pick(TOWNS);
  const last = pick(LAST_NAMES);
  const name = business
    ? `${pick(COMPANY_KINDS)} ${pick(COMPANY_WORDS)} ${last}`
    : `${pick(FIRST_NAMES)} ${last}`;
  const siren = business ? String(300_000_000 + i * 1_117) : null;
  const row = {
    kind: business ? ("entreprise" as const) : ("particulier" as const),
    name,
    legalName: business ? `${name.toUpperCase()} SARL` : null,
    siren,
    vatNumber: siren ? `FR${String(10 + (i % 90))}${siren}` : null,
    email: `client.${i}@exemple.fr`,
    phone: `06 ${String(10 + (i % 90))} ${String(i % 100).padStart(2, "0")} ${String((i * 7) % 100).padStart(2, "0")} 00`,
    billingStreet: `${between(1, 120)} ${pick(STREETS)}`,
    billingPostalCode: postalCode,
    billingCity: city,
    createdAt: new Date(yearStart - between(0, 400) * 86_400_000),
    createdBy: "bench-user",
  };
  const sites = [{ label: "Chantier principal", street: row.billingStreet, postalCode, city }];
  return { ...row, searchText: clientSearchText({ ...row, sites }) };
});
const benchClients: BenchClient[] = [];
for (let offset = 0; offset < CLIENTS; offset += 500) {
  const inserted = await db
    .insert(clients)
    .values(clientRows.slice(offset, offset + 500))
    .returning();
  for (const row of inserted) {
    benchClients.push({
      id: row.id,
      kind: row.kind,
      name: row.name,
      legalName: row.legalName,
      siren: row.siren,
      vatNumber: row.vatNumber,
      email: row.email,
      phone: row.phone,
      billingStreet: row.billingStreet,
      billingPostalCode: row.billingPostalCode,
      billingCity: row.billingCity,
      anonymised: false,
      city: row.billingCity ?? "Toulon",
      postalCode: row.billingPostalCode ?? "83000",
    });
  }
}
await db.insert(clientSites).values(
  benchClients.map((client) => ({
    clientId: client.id,
    label: "Chantier principal",
    street: client.billingStreet,
    postalCode: client.postalCode,
    city: client.city,
  })),
);

// ─── The quotes ──────────────────────────────────────────────────────────────────────

function itemLine(id: string, item: CatalogueItem, vatCode: LineVatCode, draft: boolean): QuoteItemLine {
  const [designation, unit, minCents, maxCents] = item;
  const quantity = unit === "forfait" ? 1_000 : unit === "u" ? between(1, 4) * 1_000 : between(2_000, 85_000);
  const unitPriceHt = between(minCents, maxCents);
  const missing = draft && random() < 0.1;
  return {
    id,
    kind: "item",
    designation,
    description: random() < 0.3 ? pick(NOTES) : "",
    unit,
    quantity: missing ? null : quantity,
    unitPriceHt: missing ? null : unitPriceHt,
    vatCode,
    optional: random() < 0.05,
    libraryItemId: null,
    cost:
      random() < 0.6
        ? { labourHours: between(200, 3_000), materialsCents: Math.round(unitPriceHt * 0.3) }
        : null,
  };
}

/** 3–30 lines over 1–4 lots, at the rates a client of this kind is charged. */
function quoteContent(client: BenchClient, lineCount: number, draft: boolean): QuoteContent {
  const business = client.kind === "entreprise";
  const reverseCharge = business && random() < 0.2;
  const lotCount = Math.min(between(1, 4), lineCount);
  const themes = [...CATALOGUE].sort(() => random() - 0.5).slice(0, lotCount);
  let next = 0;
  const lots: QuoteLot[] = themes.map(([title, items, energy], lotIndex) => {
    const lines: QuoteLine[] = [];
    const count =
      lotIndex === lotCount - 1
        ? lineCount - next
        : Math.max(1, Math.floor(lineCount / lotCount) + between(-1, 1));
    for (let n = 0; n < count && next < lineCount; n++) {
      next += 1;
      if (random() < 0.08) {
        lines.push({ id: `t${next}`, kind: "text", text: pick(NOTES) });
        continue;
      }
      const vatCode: LineVatCode = business ? "20" : energy ? "5.5" : "10";
      lines.push(itemLine(`l${next}`, pick(items), vatCode, draft));
    }
    return { id: `lot${lotIndex + 1}`, title, lines };
  });
  const title = pick(TITLES);
  return {
    title: `${title} — ${client.city}`,
    description: `${title} : travaux décrits lot par lot ci-dessous, selon la visite du chantier.`,
    site: { street: client.billingStreet ?? "", postalCode: client.postalCode, city: client.city },
    reverseCharge,
    offPremises: !business && random() < 0.3,
    lots,
    discount: random() < 0.15 ? { kind: "percent", basisPoints: pick([300, 500, 1_000]) } : null,
    travel:
      random() < 0.25 ? { amountHt: pick([3_000, 5_000, 8_000]), vatCode: business ? "20" : "10" } : null,
    terms: {
      validityDays: pick([30, 30, 60, 90]),
      startOn: null,
      duration: `${between(1, 8)} semaines`,
      deposit: random() < 0.7 ? { kind: "percent", basisPoints: 3_000 } : null,
      depositSchedule: "30 % à la signature, le solde à la réception des travaux.",
      paymentTerms: "Paiement par virement à réception de facture.",
      paid: false,
      priceCents: null,
      noteToClient: "",
    },
  };
}

const day = (date: Date): string => date.toISOString().slice(0, 10);
const today = day(new Date(now));
type QuoteInsert = typeof quotes.$inferInsert;
const drafts: QuoteInsert[] = [];
const sent: (QuoteInsert & { sentAt: Date })[] = [];
for (let i = 0; i < QUOTES; i++) {
  // Two clients in ten ask for most of the quotes (syndics, repeat customers).
  const client = benchClients[random() < 0.3 ? between(0, 159) : between(0, CLIENTS - 1)];
  if (!client) throw new Error("client manquant");
  const createdAt = new Date(yearStart + Math.floor((now - 86_400_000 - yearStart) * random()));
  const roll = random();
  // Recent quotes are more often still drafts.
  const draft = roll < 0.12 || (now - createdAt.getTime() < 30 * 86_400_000 && roll < 0.5);
  const content = quoteContent(client, between(3, 30), draft);
  const totals = quoteTotals(content, hourlyCostCents);
  const row: QuoteInsert = {
    clientId: client.id,
    seriesId: "00000000-0000-0000-0000-000000000000",
    content,
    title: content.title,
    siteCity: content.site.city,
    totalHtCents: totals.totalHt,
    totalVatCents: totals.totalVat,
    totalTtcCents: totals.totalTtc,
    searchText: quoteSearchText(null, content.title, content.site.city),
    createdAt,
    updatedAt: createdAt,
    createdBy: "bench-user",
    updatedBy: "bench-user",
  };
  if (draft) {
    drafts.push(row);
    continue;
  }
  const sentAt = new Date(Math.min(createdAt.getTime() + between(0, 7) * 86_400_000, now - 3_600_000));
  const validUntil = addDays(day(sentAt), content.terms.validityDays);
  const answer = random();
  const decided = new Date(Math.min(sentAt.getTime() + between(1, 20) * 86_400_000, now - 60_000));
  let status: QuoteStatus = answer < 0.45 ? "accepte" : answer < 0.65 ? "refuse" : "envoye";
  if (status === "envoye" && validUntil < today) status = "expire";
  sent.push({
    ...row,
    status,
    sentAt,
    sentTo: client.email,
    validUntil,
    pdfSha256: createHash("sha256").update(`bench-quote-${i}`).digest("hex"),
    pdfStorageKey: `devis/bench/${i}.pdf`,
    decidedAt:
      status === "envoye" ? null : status === "expire" ? new Date(`${validUntil}T23:00:00Z`) : decided,
    refusalReason: status === "refuse" && random() < 0.5 ? "Budget dépassé." : null,
    updatedAt: sentAt,
  });
}
// Numbers follow the sending order, as app/lib/numbering.server.ts gives them.
sent.sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
const rows: QuoteInsert[] = [...drafts];
for (const [index, quote] of sent.entries()) {
  // Each version 2 takes the place of a quote: the last ones sent are left out, QUOTES rows in all.
  if (rows.length >= QUOTES) break;
  const number = `DEV-2026-${String(index + 1).padStart(4, "0")}`;
  // One sent quote in twenty-five was modified: version 1 replaced by a version 2 (same number).
  if (index % 25 === 7 && rows.length + 2 <= QUOTES) {
    const id = randomUUID();
    const sentAt = new Date(Math.min(quote.sentAt.getTime() + 2 * 86_400_000, now - 60_000));
    const createdAt = new Date(Math.max(quote.sentAt.getTime(), sentAt.getTime() - 86_400_000));
    rows.push({
      ...quote,
      id,
      seriesId: id,
      number,
      version: 1,
      status: "remplace",
      decidedAt: createdAt,
      searchText: quoteSearchText(number, quote.title, quote.siteCity ?? ""),
    });
    rows.push({
      ...quote,
      seriesId: id,
      number,
      version: 2,
      createdAt,
      sentAt,
      validUntil: addDays(day(sentAt), quote.content.terms.validityDays),
      updatedAt: sentAt,
      pdfSha256: createHash("sha256").update(`${number}-V2`).digest("hex"),
      searchText: quoteSearchText(`${number}-V2`, quote.title, quote.siteCity ?? ""),
    });
    continue;
  }
  const id = randomUUID();
  rows.push({
    ...quote,
    id,
    seriesId: id,
    number,
    searchText: quoteSearchText(number, quote.title, quote.siteCity ?? ""),
  });
}
for (const row of rows) {
  if (!row.id) {
    row.id = randomUUID();
    row.seriesId = row.id;
  }
}
for (let offset = 0; offset < rows.length; offset += 500) {
  await db.insert(quotes).values(rows.slice(offset, offset + 500));
}
const counts = new Map<QuoteStatus, number>();
for (const row of rows)
  counts.set(row.status ?? "brouillon", (counts.get(row.status ?? "brouillon") ?? 0) + 1);

// ─── The list ────────────────────────────────────────────────────────────────────────

const cases: [string, string][] = [
  ["première page (tri par date)", ""],
  ["page 50", "page=50"],
  ["recherche d'un client (« garnier »)", "q=garnier"],
  ["recherche d'un numéro (« DEV-2026-0420 »)", "q=DEV-2026-0420"],
  ["statut « Accepté » + période (T2 2026)", "statut=accepte&du=2026-04-01&au=2026-06-30"],
  ["tri par montant", "tri=total"],
];

const figures: [string, { median: number; p95: number }, number][] = [];
for (const [label, query] of cases) {
  const parsed = parseListFilters(QuoteFiltersSchema, new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`${label} : ${parsed.message}`);
  let total = 0;
  const times = await timings(async () => {
    total = (await listQuotes(db, parsed.filters)).total;
  }, RUNS);
  figures.push([label, times, total]);
}

// ─── The PDF of a 200-line quote ─────────────────────────────────────────────────────

const pdfClient = benchClients.find((client) => client.kind === "particulier");
if (!pdfClient) throw new Error("aucun particulier");
const longContent: QuoteContent = {
  ...quoteContent(pdfClient, 3, false),
  title: "Ravalement des façades de la résidence",
  offPremises: true,
  discount: null,
  travel: null,
  lots: [0, 1, 2, 3].map((lot) => ({
    id: `lot-${lot}`,
    title: `Façades ${lot + 1}`,
    lines: Array.from({ length: 50 }, (_, index): QuoteItemLine => {
      const number = lot * 50 + index + 1;
      return {
        id: `line-${number}`,
        kind: "item",
        designation: `Ligne ${String(number).padStart(3, "0")} – enduit à la chaux`,
        description: number % 9 === 0 ? (NOTES[1] ?? "") : "",
        unit: "m²",
        quantity: 12_500,
        unitPriceHt: 4_550 + number,
        vatCode: (["20", "10", "5.5"] as const)[number % 3] ?? "20",
        optional: false,
        libraryItemId: null,
        cost: null,
      };
    }),
  })),
};
const pdfInput: QuotePdfInput = {
  identity: identityFromCompanyConfig(company, { rge: { number: "E-E182736", validUntil: "2027-06-30" } }),
  number: "DEV-2026-9999",
  version: 1,
  date: today,
  validUntil: addDays(today, longContent.terms.validityDays),
  creationDate: new Date(now),
  client: pdfClient,
  content: longContent,
  totals: quoteTotals(longContent, hourlyCostCents),
  mentions: quoteMentions(longContent, pdfClient),
};
let pdf: Buffer = Buffer.alloc(0);
const pdfTimes = await timings(async () => {
  pdf = await renderQuotePdf(pdfInput);
}, PDF_RUNS);
// pdfkit writes every page object uncompressed: « /Type /Page » (not « /Pages »).
const pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
await handle.close();

const width = Math.max(...figures.map(([label]) => label.length));
const mark = (value: number, aim: number) => (value > aim ? "  au-dessus de l'objectif" : "");
console.log(
  [
    `\nListe des devis, ${QUOTES} devis de ${CLIENTS} clients (${[...counts].map(([status, n]) => `${n} « ${QUOTE_STATUS_LABELS[status]} »`).join(", ")}), PGlite en mémoire`,
    `(médiane et p95 de ${RUNS} appels de listQuotes après un appel d'échauffement ; objectif : moins de ${LIST_AIM_MS} ms par page) :`,
    `  ${"".padEnd(width)}    médiane        p95`,
    ...figures.map(
      ([label, times, total]) =>
        `  ${label.padEnd(width)}  ${ms(times.median)}  ${ms(times.p95)}  (${total} résultats)${mark(times.median, LIST_AIM_MS)}`,
    ),
    `\nPDF d'un devis de 200 lignes (renderQuotePdf, ${PDF_RUNS} rendus après un échauffement ; objectif : moins de 1 s) :`,
    `  médiane ${ms(pdfTimes.median).trim()}, max ${ms(pdfTimes.max).trim()}, ${pages} pages, ${Math.round(pdf.length / 1024)} Kio${mark(pdfTimes.median, PDF_AIM_MS)}`,
  ].join("\n"),
);
