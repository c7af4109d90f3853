import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { csvFileName, leadsCsv } from "#app/features/leads/csv.ts";
import { allLeads, parisDay } from "#app/features/leads/leads.server.ts";
import { LEAD_STATUSES, parseLeadFilters } from "#app/features/leads/schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import * as leadsRoute from "#app/routes/erp/leads.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

/**
 * The Prospects list on a few thousand requests: each list page is timed through the
 * route's loader (session check, count, page, filter values) and the figures are
 * printed; the assertions are on what the pages contain, not on time.
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

let database: TestDatabase;
let services: AppServices;
let cookie: string;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = staffTestServices(database);
  ({ cookie, userId } = await signedInStaff(services, "staff", "bench@batirade.test"));
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
    const rows = await database.db
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
    await database.db.insert(erpLeads).values(leads.slice(offset, offset + 500));
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
    await database.db.insert(erpSubmissionPhotos).values(photos.slice(offset, offset + 500));
  }
}, 180_000);
afterAll(async () => {
  await database.cleanup();
});

type Page = Awaited<ReturnType<typeof leadsRoute.loader>>;

async function timedPage(query: string): Promise<{ page: Page; ms: number }> {
  const run = () =>
    leadsRoute.loader({
      request: new Request(`http://localhost/erp/leads${query}`, { headers: { cookie } }),
      params: {},
      context: routerContext(services),
      unstable_pattern: "/erp/leads",
    } as never) as Promise<Page>;
  await run();
  const times: number[] = [];
  let page: Page | undefined;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    page = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { page: page as Page, ms: times[2] ?? 0 };
}

describe(`Prospects list on ${ROWS} requests`, () => {
  const figures: [string, number, number][] = [];

  afterAll(() => {
    const width = Math.max(...figures.map(([label]) => label.length));
    console.log(
      [
        `Liste des prospects, ${ROWS} demandes (médiane de 5 appels du loader, PGlite en mémoire) :`,
        ...figures.map(
          ([label, ms, total]) =>
            `  ${label.padEnd(width)}  ${ms.toFixed(1).padStart(7)} ms  (${total} résultats)`,
        ),
      ].join("\n"),
    );
  });

  const cases: [string, string, (page: Page) => void][] = [
    ["première page", "", (p) => expect(p.total).toBe(ROWS)],
    ["page 100", "?page=100", (p) => expect(p.page).toBe(100)],
    ["dernière page (200)", "?page=200", (p) => expect(p.items).toHaveLength(25)],
    [
      "recherche d'un nom (« garnier »)",
      "?q=garnier",
      (p) => {
        for (const i of p.items) expect(i.nom).toContain("Garnier");
      },
    ],
    [
      "recherche sans accent (« eloise »)",
      "?q=eloise",
      (p) => {
        for (const i of p.items) expect(i.nom).toContain("Éloïse");
      },
    ],
    ["recherche d'un téléphone (« 06 42 »)", "?q=06%2042", (p) => expect(p.total).toBeGreaterThan(0)],
    ["recherche d'une commune (« hyeres »)", "?q=hyeres", (p) => expect(p.total).toBeGreaterThan(0)],
    [
      "recherche plein texte (« surface 120 »)",
      "?q=surface%20120",
      (p) => expect(p.total).toBeGreaterThan(0),
    ],
    [
      "statut « Contacté »",
      "?statut=contacte",
      (p) => {
        for (const i of p.items) expect(i.status).toBe("contacte");
      },
    ],
    [
      "statut « Nouveau »",
      "?statut=nouveau",
      (p) => {
        for (const i of p.items) expect(i.status).toBe("nouveau");
      },
    ],
    [
      "type + budget",
      `?type=${encodeURIComponent("Extension")}&budget=${encodeURIComponent("Plus de 60 000 €")}`,
      (p) => {
        for (const i of p.items) expect([i.typeProjet, i.budget]).toEqual(["Extension", "Plus de 60 000 €"]);
      },
    ],
    ["période (2025)", "?du=2025-01-01&au=2025-12-31", (p) => expect(p.total).toBeGreaterThan(0)],
    ["relances échues", "?relance=echue", (p) => expect(p.total).toBeGreaterThan(0)],
    ["suivis par moi, page 3", "?suivi=moi&page=3", (p) => expect(p.page).toBe(3)],
    [
      "tout combiné",
      "?q=toulon&statut=gagne&du=2024-01-01&suivi=moi",
      (p) => expect(p.total).toBeGreaterThanOrEqual(0),
    ],
  ];

  for (const [label, query, check] of cases) {
    it(`${label} (${query || "sans filtre"})`, async () => {
      const { page, ms } = await timedPage(query);
      figures.push([label, ms, page.total]);
      check(page);
      expect(page.items.length).toBeLessThanOrEqual(25);
      // Newest first on every page.
      const times = page.items.map((i) => i.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });
  }

  it("exports every request as CSV", async () => {
    const parsed = parseLeadFilters(new URLSearchParams());
    if (!parsed.ok) throw new Error(parsed.message);
    const started = performance.now();
    const csv = leadsCsv(await allLeads(database.db, parsed.filters, userId));
    const ms = performance.now() - started;
    figures.push([`export CSV complet (${Math.round(csv.length / 1024)} Kio)`, ms, ROWS]);
    expect(csv.split("\r\n")).toHaveLength(ROWS + 2);
    expect(csvFileName(parisDay())).toMatch(/^prospects-/);
  });
});
