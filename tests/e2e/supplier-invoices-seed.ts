import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import {
  purchaseDeliveries,
  purchaseDeliveryLines,
  purchaseOrderLines,
  purchaseOrders,
} from "#app/db/schema/purchase-orders.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/supplier-invoices-seed.ts <dataDir> <owner e-mail> <password>`: before a
 * server opens a fresh data directory, an owner account, the supplier the Factur-X invoice
 * names by its SIREN, a job site with two lots to allocate it to, and that supplier's order
 * BC-2026-0001 for the site, delivered in full (cement at 10,00 €, sand at 45,00 € the m³: the
 * invoice's 48,40 € is a price difference to accept). Prints the site's id and the order's number.
 */

await runOwnerSeed("supplier-invoices-seed.ts", async ({ handle, owner }) => {
  const [supplier] = await handle.db
    .insert(suppliers)
    .values({ kind: "fournisseur", legalName: "Négoce Matériaux du Var", siren: "542051180" })
    .returning({ id: suppliers.id });
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
  const orderNumber = "BC-2026-0001";
  const [order] = await handle.db
    .insert(purchaseOrders)
    .values({
      number: orderNumber,
      supplierId: supplier?.id as string,
      jobSiteId: site.id,
      deliveryPlace: "chantier",
      deliveryAddress: "Chantier Maison Roux",
      status: "livre",
      totalHtCents: 21_250,
      totalVatCents: 4_250,
      totalTtcCents: 25_500,
      sentAt: new Date(),
      createdBy: owner.id,
    })
    .returning({ id: purchaseOrders.id });
  const orderId = order?.id as string;
  const lines = await handle.db
    .insert(purchaseOrderLines)
    .values([
      {
        orderId,
        position: 0,
        reference: "",
        designation: "Sac de ciment 35 kg",
        unit: "sac",
        quantityMilli: 10_000,
        unitPriceHtCents: 1_000,
        vatCode: "20",
        totalHtCents: 10_000,
      },
      {
        orderId,
        position: 1,
        reference: "",
        designation: "Sable 0/4 lavé",
        unit: "m³",
        quantityMilli: 2_500,
        unitPriceHtCents: 4_500,
        vatCode: "20",
        totalHtCents: 11_250,
      },
    ])
    .returning({ id: purchaseOrderLines.id, quantityMilli: purchaseOrderLines.quantityMilli });
  const [delivery] = await handle.db
    .insert(purchaseDeliveries)
    .values({ orderId, receivedOn: "2026-10-02", createdBy: owner.id })
    .returning({ id: purchaseDeliveries.id });
  await handle.db.insert(purchaseDeliveryLines).values(
    lines.map((line) => ({
      deliveryId: delivery?.id as string,
      lineId: line.id,
      quantityMilli: line.quantityMilli,
    })),
  );
  return { jobSiteId: site.id, orderNumber };
});
