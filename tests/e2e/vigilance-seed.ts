import { suppliers } from "#app/db/schema/purchases.ts";
import { subcontracts, supplierDocuments } from "#app/db/schema/subcontracts.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { createOrder } from "#app/features/purchases/orders.server.ts";
import { addMonths } from "#app/features/purchases/vigilance.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/vigilance-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account and a subcontractor whose URSSAF attestation
 * expired a month ago (its Kbis and décennale valid), with a 6 000 € HT contract on a job
 * site, an invoice to pay and a draft order. Prints their ids.
 */

await runOwnerSeed("vigilance-seed.ts", async ({ handle, owner }) => {
  const today = parisDay();
  const [supplier] = await handle.db
    .insert(suppliers)
    .values({
      kind: "sous_traitant",
      legalName: "Étanchéité du Cap Brun",
      email: "contact@etancheite-capbrun.test",
      trade: "Étanchéité",
      city: "Toulon",
    })
    .returning({ id: suppliers.id });
  if (!supplier) throw new Error("sous-traitant non créé");
  const file = { contentType: "application/pdf", sha256: "0".repeat(64) };
  const urssafIssued = addMonths(today, -7);
  await handle.db.insert(supplierDocuments).values([
    {
      supplierId: supplier.id,
      kind: "attestation_vigilance",
      issuedOn: urssafIssued,
      validUntil: addMonths(urssafIssued, 6),
      storageKey: "fournisseurs-documents/seed/urssaf.pdf",
      fileName: "attestation-urssaf.pdf",
      ...file,
    },
    {
      supplierId: supplier.id,
      kind: "kbis",
      issuedOn: addDays(today, -10),
      validUntil: addMonths(addDays(today, -10), 3),
      storageKey: "fournisseurs-documents/seed/kbis.pdf",
      fileName: "kbis.pdf",
      ...file,
    },
    {
      supplierId: supplier.id,
      kind: "decennale",
      issuedOn: addMonths(today, -1),
      validUntil: addMonths(today, 11),
      trades: "Étanchéité, couverture",
      storageKey: "fournisseurs-documents/seed/decennale.pdf",
      fileName: "decennale.pdf",
      ...file,
    },
  ]);
  const clientId = await insertClient(handle.db, { name: "Famille Sénès", email: "senes@example.fr" });
  const site = await createJobSite(
    handle.db,
    { id: owner.id, email: owner.email },
    clientId,
    jobSiteData({
      title: "Toiture terrasse Sénès",
      siteStreet: "4 chemin du Cap Brun",
      sitePostalCode: "83000",
    }),
  );
  await handle.db.insert(subcontracts).values({
    supplierId: supplier.id,
    jobSiteId: site.id,
    scope: "Étanchéité de la toiture terrasse",
    priceHtCents: 600_000,
    startOn: addDays(today, -20),
    endOn: addDays(today, 20),
    signedOn: addDays(today, -25),
    reverseCharge: true,
    status: "signe",
    createdBy: owner.id,
  });
  const [invoice] = await handle.db
    .insert(supplierInvoices)
    .values({
      supplierId: supplier.id,
      number: "ECB-2026-017",
      issueDate: addDays(today, -5),
      dueDate: addDays(today, 25),
      netCents: 300_000,
      vatCents: 0,
      grossCents: 300_000,
      dueCents: 300_000,
      reverseCharge: true,
      source: "manual",
      originalStorageKey: "factures-fournisseurs/seed/ecb-2026-017.pdf",
      originalContentType: "application/pdf",
      originalFileName: "ecb-2026-017.pdf",
      originalSha256: "1".repeat(64),
    })
    .returning({ id: supplierInvoices.id });
  if (!invoice) throw new Error("facture non créée");
  const order = await createOrder(
    handle.db,
    { id: owner.id, email: owner.email },
    {
      supplierId: supplier.id,
      jobSiteId: site.id,
      lotId: null,
      deliveryPlace: "chantier",
      wantedOn: null,
      notes: "",
      lines: [
        {
          reference: "",
          designation: "Relevés d'étanchéité en périphérie",
          unit: "ml",
          quantity: 40_000,
          unitPrice: 4_500,
          vatCode: "20",
        },
      ],
    },
  );
  return { supplierId: supplier.id, invoiceId: invoice.id, orderId: order.id };
});
