import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { leadsCsv } from "#app/features/leads/csv.ts";
import { allLeads } from "#app/features/leads/export.server.ts";
import { listLeads } from "#app/features/leads/list.server.ts";
import { LEAD_STATUSES, parseLeadFilters } from "#app/features/leads/schema.ts";

/**
 * `npm run bench` (second part): the Prospects list on 5,000 requests in an in-memory
 * PGlite. Each query is the list's own (count, page, filters, search), timed as the
 * median of 5 calls after a warm-up; the figures are printed, nothing is asserted.
 */

const ROWS = 5000;
const FIRST_NAMES = [
  "Camille",
  "Lucas",
  "Léa",
  "Hugo",
  "Chloé",
  "Louis",
  "Emma",
  "Jules",
  "Inès",
  "Gabriel",
  "Zoé",
  "Éloïse",
];
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
];
const TYPES = [
  "Maçonnerie générale",
  "Rénovation complète",
  "Isolation thermique",
  "Ravalement de façade",
  "Extension",
  "Autre",
];
const BUDGETS = [
  "Moins de 5 000 €",
  "5 000 € - 15 000 €",
  "15 000 € - 30 000 €",
  "30 000 € - 60 000 €",
  "Plus de 60 000 €",
  "Je ne sais pas",
  "",
];
const TOWNS = [
  "Toulon",
  "Hyères",
  "La Seyne-sur-Mer",
  "La Garde",
  "Six-Fours-les-Plages",
  "La Valette-du-Var",
];

const handle = await openDatabase({ memory: true });
await handle.migrate();
const db = handle.db;
const userId = (
  await db
    .insert(authUsers)
    .values({
      id: "bench-user",
      email: "bench@batirade.test",
      name: "Bench",
      role: "staff",
      emailVerified: true,
    })
    .returning()
)[0]?.id as string;
const start = Date.UTC(2024, 0, 1);
const span = Date.now() - start;
const submissions = Array.from({ length: ROWS }, (_, i) => {
  const createdAt = new Date(start + Math.floor((span * i) / ROWS));
  const first = FIRST_NAMES[i % FIRST_NAMES.length];
  const last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
  return {
    module: i % 10 === 0 ? "manuel" : "devis",
    data: {
      nom: `${first} ${last} ${i}`,
      email: `${first?.toLowerCase()}.${i}@exemple.fr`,
      telephone: `06 ${String(10 + (i % 90))} ${String(i % 100).padStart(2, "0")} ${String((i * 3) % 100).padStart(2, "0")} ${String((i * 7) % 100).padStart(2, "0")}`,
      type_projet: TYPES[i % TYPES.length] ?? "Autre",
      budget: BUDGETS[i % BUDGETS.length] ?? "",
      message: `Projet n° ${i} : travaux de ${TYPES[i % TYPES.length]?.toLowerCase()} pour une maison à ${TOWNS[i % TOWNS.length]}, surface ${50 + (i % 150)} m².`,
      source: i % 10 === 0 ? "Appel téléphonique" : "Site Web - Modal Devis",
    },
    createdAt,
    consentAt: createdAt,
    lastActivityAt: createdAt,
  };
});
const ids: string[] = [];
for (let offset = 0; offset < ROWS; offset += 500) {
  const rows = await db
    .insert(erpSubmissions)
    .values(submissions.slice(offset, offset + 500))
    .returning({ id: erpSubmissions.id });
  ids.push(...rows.map((row) => row.id));
}
const leads = ids
  .filter((_, i) => i % 5 !== 0)
  .map((submissionId, i) => ({
    submissionId,
    status: LEAD_STATUSES[i % LEAD_STATUSES.length] ?? "nouveau",
    doNotContact: i % 37 === 0,
    assigneeId: i % 3 === 0 ? userId : null,
    nextFollowUp: i % 4 === 0 ? `2025-${String((i % 12) + 1).padStart(2, "0")}-15` : null,
    town: TOWNS[i % TOWNS.length] ?? null,
  }));
for (let offset = 0; offset < leads.length; offset += 500) {
  await db.insert(erpLeads).values(leads.slice(offset, offset + 500));
}
const photos = ids
  .filter((_, i) => i % 4 === 0)
  .map((submissionId, i) => ({
    submissionId,
    storageKey: `devis/bench/${i}.jpg`,
    fileName: `photo-${i}.jpg`,
    contentType: "image/jpeg",
    sizeBytes: 120_000,
    width: 1600,
    height: 1200,
  }));
for (let offset = 0; offset < photos.length; offset += 500) {
  await db.insert(erpSubmissionPhotos).values(photos.slice(offset, offset + 500));
}

const cases: [string, string][] = [
  ["première page", ""],
  ["page 100", "page=100"],
  ["dernière page (200)", "page=200"],
  ["recherche d'un nom (« garnier »)", "q=garnier"],
  ["recherche sans accent (« eloise »)", "q=eloise"],
  ["recherche d'un téléphone (« 06 42 »)", "q=06%2042"],
  ["recherche d'une commune (« hyeres »)", "q=hyeres"],
  ["recherche plein texte (« surface 120 »)", "q=surface%20120"],
  ["statut « Contacté »", "statut=contacte"],
  [
    "type + budget",
    `type=${encodeURIComponent("Extension")}&budget=${encodeURIComponent("Plus de 60 000 €")}`,
  ],
  ["période (2025)", "du=2025-01-01&au=2025-12-31"],
  ["relances échues", "relance=echue"],
  ["suivis par moi, page 3", "suivi=moi&page=3"],
  ["tout combiné", "q=toulon&statut=gagne&du=2024-01-01&suivi=moi"],
];

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[2] ?? 0;
}

const figures: [string, number, number][] = [];
for (const [label, query] of cases) {
  const parsed = parseLeadFilters(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`${label} : ${parsed.message}`);
  let total = 0;
  const ms = await median(async () => {
    total = (await listLeads(db, parsed.filters, userId)).total;
  });
  figures.push([label, ms, total]);
}
const everything = parseLeadFilters(new URLSearchParams());
if (!everything.ok) throw new Error(everything.message);
let size = 0;
const exportMs = await median(async () => {
  size = leadsCsv(await allLeads(db, everything.filters, userId)).length;
});
figures.push([`export CSV complet (${Math.round(size / 1024)} Kio)`, exportMs, ROWS]);
await handle.close();

const width = Math.max(...figures.map(([label]) => label.length));
console.log(
  [
    `Liste des prospects, ${ROWS} demandes (médiane de 5 appels, PGlite en mémoire) :`,
    ...figures.map(
      ([label, ms, total]) =>
        `  ${label.padEnd(width)}  ${ms.toFixed(1).padStart(7)} ms  (${total} résultats)`,
    ),
  ].join("\n"),
);
