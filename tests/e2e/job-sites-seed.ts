import { openDatabase } from "#app/db/client.server.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

/**
 * `node tests/e2e/job-sites-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account and a quote accepted on paper (two lots,
 * the first with 4 h of labour on the cost panel, at 45 € the hour), whose job site the
 * test then creates through the pages. Prints the quote's id as JSON.
 */

const [dataDir, email, password] = process.argv.slice(2);
if (!dataDir || !email || !password) {
  console.error("usage : node tests/e2e/job-sites-seed.ts <dataDir> <e-mail> <mot de passe>");
  process.exit(2);
}

const handle = await openDatabase({ dataDir });
try {
  await handle.migrate();
  const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
  const owner = await createStaffAccount(services, { email, password, role: "owner" });
  await fillInvoiceSettings(handle.db, { hourlyCostCents: 4500 });
  const clientId = await insertClient(handle.db, {
    name: "Famille Castellane-Rouvier",
    email: "castellane.rouvier@example.fr",
  });
  const quoteId = await acceptedQuoteFor(services, { id: owner.id, email: owner.email }, clientId);
  console.log(JSON.stringify({ quoteId }));
} finally {
  await handle.close();
}
