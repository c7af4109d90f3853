import { openDatabase } from "#app/db/client.server.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

/**
 * `node tests/e2e/purchase-orders-seed.ts <dataDir> <owner e-mail> <password> <supplier e-mail>`:
 * before a server opens a fresh data directory, an owner account, a supplier with that
 * e-mail and an open job site, for the test to order materials through the pages.
 */

const [dataDir, email, password, supplierEmail] = process.argv.slice(2);
if (!dataDir || !email || !password || !supplierEmail) {
  console.error(
    "usage : node tests/e2e/purchase-orders-seed.ts <dataDir> <e-mail> <mot de passe> <e-mail fournisseur>",
  );
  process.exit(2);
}

const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
  const owner = await createStaffAccount(services, { email, password, role: "owner" });
  await handle.db.insert(suppliers).values({
    kind: "fournisseur",
    legalName: "Négoce Varois de Matériaux",
    email: supplierEmail,
    city: "La Garde",
  });
  const clientId = await insertClient(handle.db, { name: "Famille Rampal", email: "rampal@example.fr" });
  const site = await createJobSite(
    handle.db,
    { id: owner.id, email: owner.email },
    clientId,
    jobSiteData({ title: "Cloisons Rampal", siteStreet: "9 rue Nicolas Laugier", sitePostalCode: "83000" }),
  );
  console.log(JSON.stringify({ siteId: site.id }));
} finally {
  await handle.close();
}
