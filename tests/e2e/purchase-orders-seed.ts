import { suppliers } from "#app/db/schema/purchases.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/purchase-orders-seed.ts <dataDir> <owner e-mail> <password> <supplier e-mail>`:
 * before a server opens a fresh data directory, an owner account, a supplier with that
 * e-mail and an open job site, for the test to order materials through the pages.
 */

await runOwnerSeed(
  "purchase-orders-seed.ts",
  async ({ handle, owner, args: [, , supplierEmail] }) => {
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
    return { siteId: site.id };
  },
  "<e-mail fournisseur>",
);
