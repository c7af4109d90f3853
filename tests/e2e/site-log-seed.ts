import { openDatabase } from "#app/db/client.server.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

/**
 * `node tests/e2e/site-log-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account and a job site whose log the test fills
 * through the pages. Prints the site's id as JSON.
 */

const [dataDir, email, password] = process.argv.slice(2);
if (!dataDir || !email || !password) {
  console.error("usage : node tests/e2e/site-log-seed.ts <dataDir> <e-mail> <mot de passe>");
  process.exit(2);
}

const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
  const owner = await createStaffAccount(services, { email, password, role: "owner" });
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
  console.log(JSON.stringify({ siteId: site?.id }));
} finally {
  await handle.close();
}
