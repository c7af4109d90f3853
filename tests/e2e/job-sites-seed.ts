import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/job-sites-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account and a quote accepted on paper (two lots,
 * the first with 4 h of labour on the cost panel, at 45 € the hour), whose job site the
 * test then creates through the pages. Prints the quote's id as JSON.
 */

await runOwnerSeed("job-sites-seed.ts", async ({ handle, services, owner }) => {
  await fillInvoiceSettings(handle.db, { hourlyCostCents: 4500 });
  const clientId = await insertClient(handle.db, {
    name: "Famille Castellane-Rouvier",
    email: "castellane.rouvier@example.fr",
  });
  const quoteId = await acceptedQuoteFor(services, { id: owner.id, email: owner.email }, clientId);
  return { quoteId };
});
