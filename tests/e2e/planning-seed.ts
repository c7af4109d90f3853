import { openDatabase } from "#app/db/client.server.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

/**
 * `node tests/e2e/planning-seed.ts <dataDir> <owner e-mail> <worker e-mail> <password>`:
 * before a server opens a fresh data directory, an owner, a site worker (« Lucas
 * Martin », role compagnon) and a job site planned from today for five days, with its
 * access details. Prints the site's id and number as JSON.
 */

const [dataDir, ownerEmail, workerEmail, password] = process.argv.slice(2);
if (!dataDir || !ownerEmail || !workerEmail || !password) {
  console.error("usage : node tests/e2e/planning-seed.ts <dataDir> <gérant> <compagnon> <mot de passe>");
  process.exit(2);
}

const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
  const owner = await createStaffAccount(services, {
    email: ownerEmail,
    password,
    role: "owner",
    name: "Nadia Gérante",
  });
  await createStaffAccount(services, {
    email: workerEmail,
    password,
    role: "compagnon",
    name: "Lucas Martin",
  });
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
  console.log(JSON.stringify({ siteId: site.id, siteNumber: site.number }));
} finally {
  await handle.close();
}
