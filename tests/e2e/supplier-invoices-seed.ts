import { openDatabase } from "#app/db/client.server.ts";
import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

/**
 * `node tests/e2e/supplier-invoices-seed.ts <dataDir> <owner e-mail> <password>`: before a
 * server opens a fresh data directory, an owner account, the supplier the Factur-X invoice
 * names by its SIREN, and a job site with two lots to allocate it to. Prints the site's id.
 */

const [dataDir, email, password] = process.argv.slice(2);
if (!dataDir || !email || !password) {
  console.error("usage : node tests/e2e/supplier-invoices-seed.ts <dataDir> <e-mail> <mot de passe>");
  process.exit(2);
}

const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
  const owner = await createStaffAccount(services, { email, password, role: "owner" });
  await handle.db
    .insert(suppliers)
    .values({ kind: "fournisseur", legalName: "Négoce Matériaux du Var", siren: "542051180" });
  const clientId = await insertClient(handle.db, { name: "Famille Roux", email: "roux@example.fr" });
  const site = await createJobSite(
    handle.db,
    { id: owner.id, email: owner.email },
    clientId,
    jobSiteData({ title: "Maison Roux" }),
  );
  await handle.db.insert(jobSiteLots).values([
    { jobSiteId: site.id, position: 0, title: "Maçonnerie", saleHtCents: 500_000, hourlyCostCents: 4500 },
    { jobSiteId: site.id, position: 1, title: "Dallage", saleHtCents: 300_000, hourlyCostCents: 4500 },
  ]);
  console.log(JSON.stringify({ jobSiteId: site.id }));
} finally {
  await handle.close();
}
