import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients } from "#app/db/schema/clients.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { employees, timeEntries, timeWeeks } from "#app/db/schema/time-sheets.ts";
import { clientSearchText } from "#app/features/clients/search-text.ts";
import { jobSiteSearchText } from "#app/features/job-sites/query.server.ts";
import { readDayGrid } from "#app/features/time-sheets/day-grid.server.ts";
import { monthOf } from "#app/features/time-sheets/months.ts";
import { monthPayroll } from "#app/features/time-sheets/payroll.server.ts";
import { payrollCsv } from "#app/features/time-sheets/payroll-csv.ts";
import { readWeekGrid } from "#app/features/time-sheets/week-grid.server.ts";
import { addDays } from "#app/lib/paris-time.ts";
import { payrollSettings } from "#app/routes/erp/temps/payroll-settings.server.ts";
import { seededRandom } from "./bench-random.ts";
import { ms, timings } from "./bench-timing.ts";

/**
 * `npm run bench` (Pointage): in an in-memory PGlite, the office's week grid
 * (`readWeekGrid`: employees in post, their lines of the week and of the 11 weeks before
 * for the 12-week average, the validations) for 30 employees with 12 weeks of days
 * entered, most as one number of hours, some with two timed lines or an absence, half of
 * the weeks validated (median and p95 of RUNS calls after a warm-up, aim under 100 ms);
 * the day grid of the same team on the week's Wednesday (`readDayGrid`: employees × the
 * day's sites, same aim);
 * then the monthly payroll export of that team (about 23 working days each: read, split by
 * day and week, priced, written as CSV; EXPORT_RUNS calls, aim under 1 s). The figures are
 * printed, nothing is asserted.
 */

const EMPLOYEES = 30;
const WEEKS = 12;
const RUNS = 20;
const AIM_MS = 100;
const EXPORT_RUNS = 5;
const EXPORT_AIM_MS = 1000;
/** The benched week's Monday (2027-W10). */
const MONDAY = "2027-03-08";

const { between, pick } = seededRandom(27);
const handle = await openDatabase({ memory: true });
await handle.migrate();
const { db } = handle;

const [owner] = await db
  .insert(authUsers)
  .values({ id: "bench-owner", name: "Gérante", email: "gerante@batirade.test", role: "owner" })
  .returning({ id: authUsers.id });
const ownerId = owner?.id ?? "";
const client = { kind: "particulier" as const, name: "Client Pointage", email: "pointage@example.fr" };
const [clientRow] = await db
  .insert(clients)
  .values({ ...client, searchText: clientSearchText(client) })
  .returning({ id: clients.id });
const sites = await db
  .insert(jobSites)
  .values(
    Array.from({ length: 10 }, (_, index) => {
      const site = {
        number: `CH-2027-${String(index + 1).padStart(4, "0")}`,
        title: `Chantier ${index + 1}`,
        clientName: client.name,
        siteStreet: "",
        sitePostalCode: "83000",
        siteCity: "Toulon",
      };
      return {
        number: site.number,
        clientId: clientRow?.id ?? "",
        title: site.title,
        siteCity: site.siteCity,
        sitePostalCode: site.sitePostalCode,
        searchText: jobSiteSearchText(site),
        createdBy: ownerId,
      };
    }),
  )
  .returning({ id: jobSites.id });

const team = await db
  .insert(employees)
  .values(
    Array.from({ length: EMPLOYEES }, (_, index) => ({
      lastName: `Salarié ${String(index + 1).padStart(2, "0")}`,
      firstName: "Bench",
      contractKind: "temps_plein" as const,
      weeklyMinutes: index % 3 === 0 ? 39 * 60 : 35 * 60,
      hireDate: "2020-01-06",
    })),
  )
  .returning({ id: employees.id });

const firstMonday = addDays(MONDAY, -7 * (WEEKS - 1));
const lines: (typeof timeEntries.$inferInsert)[] = [];
const validations: (typeof timeWeeks.$inferInsert)[] = [];
for (const { id: employeeId } of team) {
  for (let week = 0; week < WEEKS; week++) {
    const weekStart = addDays(firstMonday, week * 7);
    if (week % 2 === 0)
      validations.push({ employeeId, weekStart, validatedAt: new Date(), validatedBy: ownerId });
    for (let index = 0; index < 5; index++) {
      const day = addDays(weekStart, index);
      const base = { employeeId, day, weekStart, createdBy: ownerId };
      const roll = between(0, 9);
      if (roll === 0) {
        lines.push({ ...base, kind: "conges_payes", minutes: 7 * 60 });
      } else if (roll <= 2) {
        // Two timed lines on two sites (the real instants are not needed by the grid's sums).
        lines.push({
          ...base,
          jobSiteId: pick(sites).id,
          startTime: "07:30",
          endTime: "12:00",
          minutes: 270,
        });
        lines.push({
          ...base,
          jobSiteId: pick(sites).id,
          startTime: "13:00",
          endTime: "16:30",
          minutes: 210,
        });
      } else {
        lines.push({ ...base, jobSiteId: pick(sites).id, minutes: between(28, 40) * 15 });
      }
    }
  }
}
for (let start = 0; start < lines.length; start += 500) {
  await db.insert(timeEntries).values(lines.slice(start, start + 500));
}
await db.insert(timeWeeks).values(validations);

let shown = { rows: 0, cells: 0 };
const times = await timings(async () => {
  const grid = await readWeekGrid(db, MONDAY);
  shown = { rows: grid.rows.length, cells: grid.rows.reduce((sum, row) => sum + row.cells.length, 0) };
}, RUNS);
let dayShown = { rows: 0, columns: 0 };
const dayTimes = await timings(async () => {
  const grid = await readDayGrid(db, addDays(MONDAY, 2));
  dayShown = { rows: grid.rows.length, columns: grid.columns.length };
}, RUNS);
// The month's payroll export of the same team: every day of a whole month read, split and priced.
const month = monthOf(addDays(MONDAY, -21));
let exported = { rows: 0, bytes: 0 };
const exportTimes = await timings(async () => {
  const payroll = await monthPayroll(db, await payrollSettings(db), month);
  const csv = payrollCsv(month, payroll.rows);
  exported = { rows: payroll.rows.length, bytes: csv.length };
}, EXPORT_RUNS);
await handle.close();

console.log(
  [
    `\nPointage, PGlite en mémoire : ${EMPLOYEES} salariés, ${WEEKS} semaines saisies (${lines.length} lignes) ; la grille montre ${shown.rows} salariés, ${shown.cells} cases`,
    `(médiane et p95 de ${RUNS} appels après un échauffement ; objectif : moins de ${AIM_MS} ms) :`,
    `  grille de la semaine (${EMPLOYEES} salariés)  médiane ${ms(times.median)}  p95 ${ms(times.p95)}${times.median > AIM_MS ? "  au-dessus de l'objectif" : ""}`,
    `  grille de la journée (${dayShown.rows} salariés × ${dayShown.columns} colonnes)  médiane ${ms(dayTimes.median)}  p95 ${ms(dayTimes.p95)}${dayTimes.median > AIM_MS ? "  au-dessus de l'objectif" : ""}`,
    `  export de paie du mois ${month} (${exported.rows} salariés, CSV de ${exported.bytes} caractères ; ${EXPORT_RUNS} appels, objectif : moins de ${EXPORT_AIM_MS} ms)  médiane ${ms(exportTimes.median)}  p95 ${ms(exportTimes.p95)}${exportTimes.median > EXPORT_AIM_MS ? "  au-dessus de l'objectif" : ""}`,
  ].join("\n"),
);
