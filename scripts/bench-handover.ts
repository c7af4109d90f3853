import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { company } from "#app/config/company.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions } from "#app/db/schema/receptions.ts";
import { buildHandover } from "#app/features/job-sites/handover.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";
import { createLocalStorage, newStorageKey } from "#app/lib/storage.server.ts";
import { damagedPdf, fileRegisterDocument, fileSiteUpload, samplePdf } from "#tests/helpers/handover.ts";
import { jpeg } from "#tests/helpers/leads.ts";
import { ms, timings } from "./bench-timing.ts";

/**
 * `npm run bench` (the handover file): in an in-memory PGlite with files on disk, one job
 * site with 200 documents: 150 uploaded PDFs of 2 to 6 pages (technical sheets and
 * notices, 2 of them damaged), 30 photographed notices (JPEG), 18 issued invoices, the PV
 * de réception and a PV de levée, and the décennale of its first day. The time to make the
 * « Dossier de fin de chantier » as one PDF, and as the ZIP (which makes the PDF too):
 * median and max of RUNS builds after a warm-up. The aim is under 10 s each. The figures are
 * printed, nothing is asserted.
 */

const RUNS = 3;
const AIM_MS = 10_000;
const PDFS = 150;
const IMAGES = 30;
const INVOICES = 18;

const handle = await openDatabase({ memory: true });
await handle.migrate();
const { db } = handle;
const storageDir = mkdtempSync(path.join(tmpdir(), "batirade-bench-handover-"));
const storage = createLocalStorage(storageDir);
const services = { db, storage };
const identity = identityFromCompanyConfig(company);
const today = parisDay();
const sha = (value: Uint8Array | string) => createHash("sha256").update(value).digest("hex");

await db
  .insert(authUsers)
  .values({ id: "bench-user", name: "Gérant", email: "gerant@batirade.test", role: "owner" });
const [client] = await db
  .insert(clients)
  .values({
    kind: "particulier",
    name: "Famille Bench",
    email: "famille.bench@example.fr",
    billingStreet: "1 rue des Lilas",
    billingPostalCode: "83000",
    billingCity: "Toulon",
  })
  .returning({ id: clients.id });
const clientId = client?.id ?? "";
const quoteId = randomUUID();
await db.insert(quotes).values({
  id: quoteId,
  seriesId: quoteId,
  number: "DEV-2026-0001",
  status: "accepte",
  clientId,
  content: {} as never,
  title: "Rénovation complète",
  siteCity: "Toulon",
  validUntil: addDays(today, -100),
  sentAt: new Date(Date.now() - 130 * 86_400_000),
  sentTo: "famille.bench@example.fr",
  pdfSha256: sha("DEV-2026-0001"),
});
const startDay = addDays(today, -120);
const [site] = await db
  .insert(jobSites)
  .values({
    number: "CH-2026-0001",
    clientId,
    title: "Rénovation complète",
    status: "receptionne",
    siteCity: "Toulon",
    actualStart: startDay,
  })
  .returning({ id: jobSites.id });
const siteId = site?.id ?? "";
await db.insert(jobSiteQuotes).values({ jobSiteId: siteId, quoteSeriesId: quoteId, quoteId, position: 0 });

// The PV de réception presented, and a PV de levée, as stored PDFs.
for (const [kind, day] of [
  ["reception", addDays(today, -20)],
  ["levee", addDays(today, -5)],
] as const) {
  const bytes = await samplePdf(`PV ${kind}`, 3);
  const key = newStorageKey("receptions", "pdf");
  await storage.put(key, bytes, "application/pdf");
  await db.insert(jobSiteReceptions).values({
    jobSiteId: siteId,
    kind,
    receivedOn: day,
    status: "a_signer",
    pdfStorageKey: key,
    pdfSha256: sha(bytes),
  });
}

// The invoices, each an issued PDF of two pages.
for (let index = 0; index < INVOICES; index += 1) {
  const number = `FAC-2026-${String(index + 1).padStart(4, "0")}`;
  const bytes = await samplePdf(number, 2);
  const key = newStorageKey("factures", "pdf");
  await storage.put(key, bytes, "application/pdf");
  await db.insert(invoices).values({
    kind: index === INVOICES - 1 ? "solde" : "situation",
    status: "emise",
    number,
    clientId,
    quoteId,
    sequence: index + 1,
    content: {},
    issuedOn: addDays(startDay, index * 5),
    dueOn: addDays(startDay, index * 5 + 30),
    issuedAt: new Date(),
    pdfSha256: sha(bytes),
    pdfStorageKey: key,
  });
}

await fileRegisterDocument(services, {
  kind: "decennale",
  validFrom: addDays(startDay, -100),
  validUntil: addDays(startDay, 200),
  issuer: "Mutuelle des Artisans du Sud",
  number: "DEC-BENCH",
});

// 150 uploaded PDFs (2 damaged) and 30 photographed notices.
const photo = await jpeg(1600, 1200, "#c8c8c8");
for (let index = 0; index < PDFS; index += 1) {
  const bytes = index % 75 === 74 ? damagedPdf() : await samplePdf(`Fiche ${index + 1}`, 2 + (index % 5));
  await fileSiteUpload(services, siteId, {
    kind: index % 2 === 0 ? "fiche_technique" : "notice",
    fileName: `document-${index + 1}.pdf`,
    contentType: "application/pdf",
    bytes,
  });
}
for (let index = 0; index < IMAGES; index += 1) {
  await fileSiteUpload(services, siteId, {
    kind: "notice",
    fileName: `notice-photo-${index + 1}.jpg`,
    contentType: "image/jpeg",
    bytes: photo,
  });
}

let pdfSize = 0;
let zipSize = 0;
const pdfTimes = await timings(async () => {
  pdfSize = (await buildHandover(db, storage, identity, siteId, "pdf")).bytes.byteLength;
}, RUNS);
const zipTimes = await timings(async () => {
  zipSize = (await buildHandover(db, storage, identity, siteId, "zip")).bytes.byteLength;
}, RUNS);

const documents = PDFS + IMAGES + INVOICES + 2;
console.log(`\nDossier de fin de chantier : ${documents} documents (objectif < ${AIM_MS / 1000} s)`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} Mo`;
for (const [label, figures, size] of [
  ["PDF", pdfTimes, pdfSize],
  ["ZIP (avec le PDF)", zipTimes, zipSize],
] as const) {
  const verdict = figures.median < AIM_MS ? "ok" : "AU-DESSUS DE L'OBJECTIF";
  console.log(
    `  ${label.padEnd(20)} médiane ${ms(figures.median)}  max ${ms(figures.max)}  ${mb(size).padStart(9)}  ${verdict}`,
  );
}

await handle.close();
rmSync(storageDir, { recursive: true, force: true });
