import { openDatabase } from "#app/db/client.server.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { createJobSiteFromQuote } from "#app/features/job-sites/write.server.ts";
import { createSupplier } from "#app/features/purchases/suppliers.server.ts";
import { quoteLotBudgets } from "#app/features/quotes/lot-budget.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

/**
 * `node tests/e2e/record-files-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account, a client with a job site (from a quote
 * accepted on paper) and a supplier, each with no file yet: erp-record-files.spec.ts drops
 * files on them through the pages. Prints their ids as JSON.
 */

const [dataDir, email, password] = process.argv.slice(2);
if (!dataDir || !email || !password) {
  console.error("usage : node tests/e2e/record-files-seed.ts <dataDir> <e-mail> <mot de passe>");
  process.exit(2);
}

const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
  const owner = await createStaffAccount(services, { email, password, role: "owner" });
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
  console.log(JSON.stringify({ clientId, jobSiteId: jobSite.id, supplierId: supplier.id }));
} finally {
  await handle.close();
}
