import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions } from "#app/db/schema/receptions.ts";
import { newStorageKey } from "#app/lib/file-storage.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { fileRegisterDocument, fileSiteUpload, samplePdf } from "#tests/helpers/handover.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { runOwnerSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/share-links-seed.ts <dataDir> <owner e-mail> <password>`: before a server
 * opens a fresh data directory, an owner account, the décennale and the URSSAF attestation
 * in the register (and an expired Kbis), and a job site from an accepted quote, started 60
 * days ago, with a technical sheet uploaded and its PV de réception presented for
 * signature. Prints the site's id as JSON.
 */

await runOwnerSeed("share-links-seed.ts", async ({ handle, services, owner }) => {
  await fillInvoiceSettings(handle.db, { hourlyCostCents: 4500 });
  const today = parisDay();
  const start = addDays(today, -60);
  await fileRegisterDocument(services, {
    kind: "decennale",
    validFrom: addDays(today, -200),
    validUntil: addDays(today, 165),
    issuer: "SMABTP",
    number: "DEC-2026-4471",
  });
  await fileRegisterDocument(services, {
    kind: "urssaf",
    validFrom: addDays(today, -30),
    validUntil: addDays(today, 150),
    issuer: "URSSAF Provence-Alpes-Côte d'Azur",
  });
  await fileRegisterDocument(services, {
    kind: "kbis",
    validFrom: addDays(today, -200),
    validUntil: addDays(today, -110),
    issuer: "Greffe du tribunal de commerce de Toulon",
  });
  const clientId = await insertClient(handle.db, {
    name: "Famille Lambert-Orsini",
    email: "lambert.orsini@example.fr",
  });
  const quoteId = await acceptedQuoteFor(services, { id: owner.id, email: owner.email }, clientId);
  const [quote] = await handle.db
    .select({ seriesId: quotes.seriesId })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  const [site] = await handle.db
    .insert(jobSites)
    .values({
      number: "CH-2026-0901",
      clientId,
      title: "Rénovation de la cuisine",
      status: "en_cours",
      sitePostalCode: "83000",
      siteCity: "Toulon",
      actualStart: start,
    })
    .returning({ id: jobSites.id });
  const jobSiteId = site?.id ?? "";
  await handle.db
    .insert(jobSiteQuotes)
    .values({ jobSiteId, quoteSeriesId: quote?.seriesId ?? quoteId, quoteId, position: 0 });
  await fileSiteUpload(services, jobSiteId, {
    kind: "fiche_technique",
    fileName: "hotte-aspirante.pdf",
    contentType: "application/pdf",
    bytes: await samplePdf("Hotte aspirante", 2),
  });
  const pv = await samplePdf("PV de reception", 1);
  const key = newStorageKey("receptions", "pdf");
  await services.storage.put(key, pv, "application/pdf");
  await handle.db.insert(jobSiteReceptions).values({
    jobSiteId,
    kind: "reception",
    receivedOn: today,
    status: "a_signer",
    pdfStorageKey: key,
    pdfSha256: createHash("sha256").update(pv).digest("hex"),
  });
  return { jobSiteId };
});
