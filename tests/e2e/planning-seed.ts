import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { runTeamSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/planning-seed.ts <dataDir> <owner e-mail> <worker e-mail> <password>`:
 * before a server opens a fresh data directory, an owner, a site worker (« Lucas
 * Martin », role compagnon) and a job site planned from today for five days, with its
 * access details. Prints the site's id and number as JSON.
 */

await runTeamSeed("planning-seed.ts", async ({ handle, owner }) => {
  const clientId = await insertClient(handle.db, { name: "Famille Aubert", email: "aubert@example.fr" });
  const today = parisDay();
  const site = await createJobSite(handle.db, { id: owner.id, email: owner.email }, clientId, {
    title: "Rénovation de la cuisine",
    siteStreet: "8 rue Picot",
    sitePostalCode: "83000",
    siteCity: "Toulon",
    accessCode: "C7788",
    keys: "Boîte à clés, code 1942",
    contactName: "M. Aubert",
    contactPhone: "0611223344",
    parking: "Place de la Liberté",
    constraints: "Pas de bruit avant 8 h",
    notes: "",
    plannedStart: today,
    plannedEnd: addDays(today, 4),
    actualStart: null,
    actualEnd: null,
  });
  return { siteId: site.id, siteNumber: site.number };
});
