import { addAssignment } from "#app/features/job-sites/planning.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { runTeamSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/time-sheets-seed.ts <dataDir> <owner e-mail> <worker e-mail> <password>`:
 * before a server opens a fresh data directory, an owner, a site worker (« Lucas Martin »,
 * role compagnon) linked to his employee record (35 h), and two job sites he is put on
 * from a week ago to today. Prints the employee's id and the sites' numbers as JSON.
 */

await runTeamSeed("time-sheets-seed.ts", async ({ handle, owner, worker }) => {
  const actor = { id: owner.id, email: owner.email };
  const clientId = await insertClient(handle.db, { name: "Famille Aubert", email: "aubert@example.fr" });
  const today = parisDay();
  const site = (title: string, city: string) =>
    createJobSite(handle.db, actor, clientId, {
      title,
      siteStreet: "",
      sitePostalCode: "83000",
      siteCity: city,
      accessCode: "",
      keys: "",
      contactName: "",
      contactPhone: "",
      parking: "",
      constraints: "",
      notes: "",
      plannedStart: addDays(today, -7),
      plannedEnd: today,
      actualStart: null,
      actualEnd: null,
    });
  const kitchen = await site("Cuisine Aubert", "Toulon");
  const bathroom = await site("Salle de bains Aubert", "La Garde");
  for (const { id } of [kitchen, bathroom]) {
    await addAssignment(handle.db, actor, id, {
      userId: worker.id,
      startDate: addDays(today, -7),
      endDate: today,
      slot: "journee",
    });
  }
  const employee = await createEmployee(handle.db, actor, {
    lastName: "Martin",
    firstName: "Lucas",
    qualification: "Maçon",
    coefficient: 185,
    contractKind: "temps_plein",
    weeklyMinutes: 35 * 60,
    hireDate: "2020-01-06",
    leaveDate: null,
    loadedHourlyCostCents: 3800,
    homeStreet: "",
    homePostalCode: "",
    homeCity: "",
    userId: worker.id,
    notes: "",
  });
  return { employeeId: employee.id, kitchen: kitchen.number, bathroom: bathroom.number };
});
