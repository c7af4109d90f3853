import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients } from "#app/db/schema/clients.ts";
import {
  type AssignmentSlot,
  jobSiteAssignments,
  jobSiteExpenses,
  jobSiteLots,
  jobSiteProgress,
  jobSites,
} from "#app/db/schema/job-sites.ts";
import { jobSiteLogEntries, jobSiteLogPhotos } from "#app/db/schema/site-log.ts";
import { employees, timeEntries } from "#app/db/schema/time-sheets.ts";
import { clientSearchText } from "#app/features/clients/search-text.ts";
import { getJobSite } from "#app/features/job-sites/detail.server.ts";
import { readAgenda, readPlanning, siteTeam, teamMembers } from "#app/features/job-sites/planning.server.ts";
import { planningPeriod } from "#app/features/job-sites/planning.ts";
import { jobSiteSearchText } from "#app/features/job-sites/query.server.ts";
import { receptionSummary } from "#app/features/job-sites/reception.server.ts";
import { listSiteLog, siteLogSummary } from "#app/features/site-log/log.server.ts";
import { LOG_PAGE_SIZE } from "#app/features/site-log/schema.ts";
import { isoWeek } from "#app/features/time-sheets/months.ts";
import { addDays } from "#app/lib/paris-time.ts";
import { seededRandom } from "./bench-random.ts";
import { ms, timings } from "./bench-timing.ts";

/**
 * `npm run bench` (Chantiers): in an in-memory PGlite, the month planning with 50 sites
 * and 15 people (each on one site after another for three months, a few days on two), the
 * « Aujourd'hui et demain » lists, and the site page's reads (the site, its lots, their
 * progress history and expenses, its team, its reception and its log's summary) on a site
 * with 2,000 progress records, 1,000 expenses, 10,000 hour rows of the time sheets, 2,000
 * log entries (300 of them answers) and
 * 500 photos, and that site's log, first and last page. Each figure is the median and p95 of RUNS calls after a warm-up; the
 * aim is under 100 ms each. The figures are printed, nothing is asserted.
 */

const SITES = 50;
const PEOPLE = 15;
const RUNS = 20;
const AIM_MS = 100;
const MONTH = "2027-03-01";

const { between, pick } = seededRandom(26);
const handle = await openDatabase({ memory: true });
await handle.migrate();
const { db } = handle;

const people = Array.from({ length: PEOPLE }, (_, index) => ({
  id: `bench-user-${index}`,
  name: `Compagnon ${String(index + 1).padStart(2, "0")}`,
  email: `compagnon${index}@batirade.test`,
  role: index === 0 ? "owner" : "compagnon",
}));
await db.insert(authUsers).values(people);
const owner = people[0]?.id ?? "";

const clientRows = Array.from({ length: SITES }, (_, index) => {
  const client = {
    kind: "particulier" as const,
    name: `Client ${index + 1}`,
    email: `client${index}@example.fr`,
    billingStreet: `${index + 1} rue des Lilas`,
    billingPostalCode: "83000",
    billingCity: "Toulon",
  };
  return { ...client, searchText: clientSearchText(client) };
});
const clientIds = (await db.insert(clients).values(clientRows).returning({ id: clients.id })).map(
  (row) => row.id,
);

// 50 sites starting over three months around the benched one, 3 to 25 days long.
const siteRows = clientIds.map((clientId, index) => {
  const plannedStart = addDays("2027-02-01", between(0, 80));
  const site = {
    number: `CH-2027-${String(index + 1).padStart(4, "0")}`,
    title: `Rénovation ${index + 1}`,
    clientName: `Client ${index + 1}`,
    siteStreet: `${index + 1} avenue de la République`,
    sitePostalCode: "83000",
    siteCity: pick(["Toulon", "Hyères", "La Seyne-sur-Mer", "La Garde"]),
  };
  return {
    number: site.number,
    clientId,
    title: site.title,
    status: "planifie" as const,
    siteStreet: site.siteStreet,
    sitePostalCode: site.sitePostalCode,
    siteCity: site.siteCity,
    accessCode: "A1234",
    plannedStart,
    plannedEnd: addDays(plannedStart, between(3, 25)),
    searchText: jobSiteSearchText(site),
    createdBy: owner,
  };
});
const sites = await db.insert(jobSites).values(siteRows).returning();

// Each person on a site after another, 2 to 5 days each, a few half-days on two sites.
const slots: AssignmentSlot[] = ["journee", "journee", "journee", "matin", "apres_midi"];
const assignments: (typeof jobSiteAssignments.$inferInsert)[] = [];
for (const person of people) {
  let day = "2027-02-01";
  while (day < "2027-05-01") {
    const site = pick(sites);
    const length = between(1, 4);
    assignments.push({
      jobSiteId: site.id,
      userId: person.id,
      startDate: day,
      endDate: addDays(day, length),
      slot: pick(slots),
      createdBy: owner,
    });
    day = addDays(day, length + between(0, 1));
  }
}
await db.insert(jobSiteAssignments).values(assignments);

// The benched site page: 8 lots, 2,000 progress records, 1,000 expenses.
const site = sites[0];
if (!site) throw new Error("aucun chantier");
const lots = await db
  .insert(jobSiteLots)
  .values(
    Array.from({ length: 8 }, (_, position) => ({
      jobSiteId: site.id,
      position,
      title: `Lot ${position + 1}`,
      saleHtCents: between(100_000, 2_000_000),
      labourHoursMilli: between(10_000, 200_000),
      materialsCents: between(10_000, 500_000),
      estimatedCostCents: between(50_000, 1_500_000),
      hourlyCostCents: 4500,
    })),
  )
  .returning({ id: jobSiteLots.id });
for (let batch = 0; batch < 4; batch++) {
  await db.insert(jobSiteProgress).values(
    Array.from({ length: 500 }, (_, index) => ({
      jobSiteId: site.id,
      lotId: pick(lots).id,
      percentBp: Math.min(10_000, (batch * 500 + index) * 5),
      recordedOn: addDays("2026-01-01", Math.floor((batch * 500 + index) / 4)),
      createdBy: owner,
    })),
  );
  await db.insert(jobSiteExpenses).values(
    Array.from({ length: 250 }, (_, index) => ({
      jobSiteId: site.id,
      lotId: index % 3 === 0 ? null : pick(lots).id,
      spentOn: addDays("2026-01-01", index),
      label: `Dépense ${batch * 250 + index + 1}`,
      amountHtCents: between(1_000, 50_000),
      vatCode: "20",
      createdBy: owner,
    })),
  );
}

// The benched site's log: 1,700 entries, 300 answers, 500 photos (rows only: the reads never open the files).
const LOG_ENTRIES = 2000;
const LOG_ANSWERS = 300;
const LOG_PHOTOS = 500;
const entryIds: string[] = [];
for (let batch = 0; batch < (LOG_ENTRIES - LOG_ANSWERS) / 425; batch++) {
  const rows = await db
    .insert(jobSiteLogEntries)
    .values(
      Array.from({ length: 425 }, (_, index) => {
        const n = batch * 425 + index;
        return {
          jobSiteId: site.id,
          authorId: pick(people).id,
          body: `Entrée ${n + 1} : pose du placo, reprise des joints, nettoyage en fin de journée.`,
          weather: pick(["", "ensoleille", "nuageux", "pluie"] as const),
          peoplePresent: "Lucas, Karim",
          isProblem: n % 37 === 0,
          occurredOn: addDays("2026-01-01", Math.floor(n / 4)),
          createdAt: new Date(Date.UTC(2026, 0, 1) + n * 6 * 3_600_000),
        };
      }),
    )
    .returning({ id: jobSiteLogEntries.id });
  entryIds.push(...rows.map((row) => row.id));
}
const answerIds = (
  await db
    .insert(jobSiteLogEntries)
    .values(
      Array.from({ length: LOG_ANSWERS }, (_, index) => ({
        jobSiteId: site.id,
        authorId: owner,
        answerTo: pick(entryIds),
        body: `Réponse ${index + 1} : vu, on en parle demain matin.`,
        occurredOn: "2027-03-01",
      })),
    )
    .returning({ id: jobSiteLogEntries.id })
).map((row) => row.id);
const withPhotos = [...entryIds, ...answerIds];
await db.insert(jobSiteLogPhotos).values(
  Array.from({ length: LOG_PHOTOS }, (_, index) => ({
    // Two photos an entry, on 250 entries spread over the log.
    entryId: withPhotos[(Math.floor(index / 2) * 7) % withPhotos.length] ?? "",
    storageKey: `chantiers/journal/bench-${index}.jpg`,
    contentType: "image/jpeg",
    width: 1600,
    height: 1200,
    byteSize: between(150_000, 400_000),
    position: index % 2,
  })),
);
// 10,000 hour rows on the benched site: 20 employees over two years, on its lots (the site's costs read them).
const HOUR_ROWS = 10_000;
const staffRows = await db
  .insert(employees)
  .values(
    Array.from({ length: 20 }, (_, index) => ({
      lastName: `Salarié ${String(index + 1).padStart(2, "0")}`,
      firstName: "Bench",
      contractKind: "temps_plein" as const,
      weeklyMinutes: 2100,
      hireDate: "2020-01-06",
      loadedHourlyCostCents: between(3200, 4800),
    })),
  )
  .returning({ id: employees.id });
for (let batch = 0; batch < HOUR_ROWS / 1000; batch++) {
  await db.insert(timeEntries).values(
    Array.from({ length: 1000 }, (_, index) => {
      const n = batch * 1000 + index;
      const day = addDays("2025-01-06", Math.floor(n / 20) + Math.floor(n / 100) * 2);
      return {
        employeeId: staffRows[n % 20]?.id ?? "",
        day,
        weekStart: isoWeek(day).monday,
        jobSiteId: site.id,
        lotId: n % 5 === 0 ? null : pick(lots).id,
        minutes: between(4, 9) * 60,
      };
    }),
  );
}
const ownerUser = { id: owner, role: "owner" as const };
const lastLogPage = Math.ceil((LOG_ENTRIES - LOG_ANSWERS) / LOG_PAGE_SIZE);

const month = planningPeriod("mois", MONTH);
const week = planningPeriod("semaine", "2027-03-10");
let monthFigures = { sites: 0, assignments: 0, conflicts: 0 };
const figures: [string, { median: number; p95: number }][] = [
  [
    "planning du mois (50 chantiers, 15 personnes)",
    await timings(async () => {
      const planning = await readPlanning(db, month.from, month.to);
      monthFigures = {
        sites: planning.sites.length,
        assignments: planning.assignments.length,
        conflicts: planning.conflicts.length,
      };
    }, RUNS),
  ],
  ["planning de la semaine", await timings(() => readPlanning(db, week.from, week.to), RUNS)],
  [
    "« Aujourd'hui et demain » (toute l'équipe)",
    await timings(() => readAgenda(db, ["2027-03-10", "2027-03-11"]), RUNS),
  ],
  [
    "page du chantier (2 000 avancements, 1 000 dépenses, 10 000 lignes d'heures, équipe, 2 000 entrées de journal)",
    await timings(
      () =>
        Promise.all([
          getJobSite(db, site.id),
          siteTeam(db, site.id),
          teamMembers(db),
          receptionSummary(db, site.id),
          siteLogSummary(db, site.id),
        ]),
      RUNS,
    ),
  ],
  [
    "journal du chantier, 1re page (2 000 entrées, 500 photos)",
    await timings(() => listSiteLog(db, ownerUser, site.id, { page: 1 }), RUNS),
  ],
  [
    "journal du chantier, dernière page",
    await timings(() => listSiteLog(db, ownerUser, site.id, { page: lastLogPage }), RUNS),
  ],
];
await handle.close();

const width = Math.max(...figures.map(([label]) => label.length));
const mark = (value: number) => (value > AIM_MS ? "  au-dessus de l'objectif" : "");
console.log(
  [
    `\nChantiers, PGlite en mémoire : ${SITES} chantiers, ${PEOPLE} personnes, ${assignments.length} affectations ; le mois de mars 2027 montre ${monthFigures.sites} chantiers, ${monthFigures.assignments} affectations, ${monthFigures.conflicts} demi-journées en conflit`,
    `(médiane et p95 de ${RUNS} appels après un échauffement ; objectif : moins de ${AIM_MS} ms) :`,
    `  ${"".padEnd(width)}    médiane        p95`,
    ...figures.map(
      ([label, times]) =>
        `  ${label.padEnd(width)}  ${ms(times.median)}  ${ms(times.p95)}${mark(times.median)}`,
    ),
  ].join("\n"),
);
