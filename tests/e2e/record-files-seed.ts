import { createJobSiteFromQuote } from "#app/features/job-sites/write.server.ts";
import { createSupplier } from "#app/features/purchases/suppliers.server.ts";
import { quoteLotBudgets } from "#app/features/quotes/lot-budget.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/record-files-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account, a client with a job site (from a quote
 * accepted on paper) and a supplier, each with no file yet: erp-record-files.spec.ts drops
 * files on them through the pages. Prints their ids as JSON.
 */

await runOwnerSeed("record-files-seed.ts", async ({ handle, services, owner }) => {
  const actor = { id: owner.id, email: owner.email };
  await fillInvoiceSettings(handle.db);
  const clientId = await insertClient(handle.db, {
    name: "Famille Bérenger-Ollioules",
    email: "berenger.ollioules@example.fr",
  });
  const quoteId = await acceptedQuoteFor(services, actor, clientId);
  const jobSite = await createJobSiteFromQuote(handle.db, actor, quoteId, quoteLotBudgets);
  const supplier = await createSupplier(handle.db, actor, {
    kind: "fournisseur",
    legalName: "Matériaux du Faron SAS",
    siren: "912345675",
    vatNumber: "FR65912345675",
    street: "245 chemin des Plantades",
    postcode: "83130",
    city: "La Garde",
    country: "FR",
    email: "commandes@materiaux-faron.test",
    phone: "04 94 12 34 56",
    paymentTermsDays: 30,
    paymentTermsEndOfMonth: false,
    iban: "",
    bic: "",
    defaultVatCode: "20",
    trade: "Négoce de matériaux",
    notes: "",
    contacts: [],
  });
  return { clientId, jobSiteId: jobSite.id, supplierId: supplier.id };
});
