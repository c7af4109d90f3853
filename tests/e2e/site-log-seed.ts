import { jobSites } from "#app/db/schema/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/site-log-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account and a job site whose log the test fills
 * through the pages. Prints the site's id as JSON.
 */

await runOwnerSeed("site-log-seed.ts", async ({ handle, owner }) => {
  const clientId = await insertClient(handle.db, { name: "Famille Aubanel", email: "aubanel@example.fr" });
  const [site] = await handle.db
    .insert(jobSites)
    .values({
      number: "CH-2026-0042",
      clientId,
      title: "Réfection de la terrasse",
      siteCity: "La Seyne-sur-Mer",
      status: "en_cours",
      createdBy: owner.id,
    })
    .returning({ id: jobSites.id });
  return { siteId: site?.id };
});
