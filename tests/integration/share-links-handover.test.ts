import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { shareLinks } from "#app/db/schema/share-links.ts";
import {
  createShareLink,
  openShareLink,
  SHARE_LINK_OPENS_PER_MINUTE,
  ShareLinkGoneError,
} from "#app/features/documents/share-links.server.ts";
import { SHARE_LINK_MESSAGES } from "#app/features/documents/share-links.ts";
import { handoverContents, INSURANCE_MISSING, SEPARATE } from "#app/features/job-sites/handover.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { hashToken } from "#app/lib/online-signing.server.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import * as siteDossierRoute from "#app/routes/erp/chantiers/dossier.tsx";
import * as siteDossierFileRoute from "#app/routes/erp/chantiers/dossier-file.ts";
import * as newSiteRoute from "#app/routes/erp/chantiers/nouveau.tsx";
import * as receptionRoute from "#app/routes/erp/chantiers/reception.tsx";
import * as shareRoute from "#app/routes/erp/docs/partage.tsx";
import * as attestationFileRoute from "#app/routes/site/attestation-file.ts";
import * as attestationsRoute from "#app/routes/site/attestations.tsx";
import * as publicDossierRoute from "#app/routes/site/dossier.tsx";
import * as publicDossierFileRoute from "#app/routes/site/dossier-file.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import {
  damagedPdf,
  encryptedPdf,
  fileRegisterDocument,
  fileSiteUpload,
  samplePdf,
} from "#tests/helpers/handover.ts";
import { billingSteps, fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { jpeg } from "#tests/helpers/leads.ts";
import { pdfPageTexts } from "#tests/helpers/pdf-text.ts";
import { acceptedQuoteFor, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// Share links and the handover file on a real database, through their routes: the public
// extract of the register (live, revoked, expired, unknown links; the documents it lists
// and serves), and a job site's « Dossier de fin de chantier » (its PDF's pages and table
// of contents, its ZIP's entries, the décennale of the site's first day, the e-mail with
// the link, the client's page).

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let owner: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
const today = parisDay();

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));
const anonymous = routeCaller(() => ({ services }));

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "share-links-"));
  services = staffTestServices(database, { DATA_DIR: dataDir, SITE_URL: "https://www.batirade-toulon.fr" });
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  worker = await signedInStaff(services, "compagnon", "compagnon@batirade.test");
  await fillQuoteSettings(services.db, { hourlyCostCents: 4500 });
  await fillInvoiceSettings(services.db);
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.split("/").pop() ?? "";

async function createAttestationsLink(fields: Record<string, string>) {
  return asOwner(shareRoute.action, "/erp/docs/partage", { form: { intent: "creer-lien", ...fields } });
}

describe("the public extract of the attestations", () => {
  let decennale: { id: string; bytes: Uint8Array };
  let expiredUrssaf: { id: string };
  let carteBtp: { id: string };
  let oldRcPro: { id: string };
  let token = "";

  beforeAll(async () => {
    decennale = await fileRegisterDocument(services, {
      kind: "decennale",
      validFrom: addDays(today, -30),
      validUntil: addDays(today, 200),
      issuer: "Mutuelle des Artisans du Sud",
      number: "DEC-2026-118",
    });
    expiredUrssaf = await fileRegisterDocument(services, {
      kind: "urssaf",
      validFrom: addDays(today, -200),
      validUntil: addDays(today, -1),
      issuer: "URSSAF PACA",
    });
    carteBtp = await fileRegisterDocument(services, {
      kind: "carte_btp",
      label: "Karim Benali",
      validFrom: addDays(today, -10),
      validUntil: addDays(today, 300),
    });
    oldRcPro = await fileRegisterDocument(services, {
      kind: "rc_pro",
      validFrom: addDays(today, -300),
      validUntil: addDays(today, 60),
      number: "RC-OLD",
    });
    await fileRegisterDocument(services, {
      kind: "rc_pro",
      validFrom: addDays(today, -5),
      validUntil: addDays(today, 360),
      number: "RC-NEW",
      replacesId: oldRcPro.id,
    });
  });

  it("refuses a site worker the page and its posts", async () => {
    expect((await asWorker(shareRoute.loader, "/erp/docs/partage")).status).toBe(403);
    const post = await asWorker(shareRoute.action, "/erp/docs/partage", {
      form: { intent: "creer-lien", label: "SCI Les Pins", expiresOn: addDays(today, 30) },
    });
    expect(post.status).toBe(403);
    expect(await services.db.select().from(shareLinks)).toHaveLength(0);
  });

  it("refuses a link without a label, ending in the past or beyond a year, storing nothing", async () => {
    const noLabel = await createAttestationsLink({ label: "  ", expiresOn: addDays(today, 30) });
    expect(noLabel.status).toBe(400);
    expect(noLabel.data).toMatchObject({ fieldErrors: { label: [SHARE_LINK_MESSAGES.label] } });
    const past = await createAttestationsLink({ label: "SCI Les Pins", expiresOn: addDays(today, -1) });
    expect(past.data).toMatchObject({ fieldErrors: { expiresOn: [SHARE_LINK_MESSAGES.past] } });
    const far = await createAttestationsLink({ label: "SCI Les Pins", expiresOn: addDays(today, 400) });
    expect(far.data).toMatchObject({ fieldErrors: { expiresOn: [SHARE_LINK_MESSAGES.tooFar] } });
    const notADay = await createAttestationsLink({ label: "SCI Les Pins", expiresOn: "2026-02-30" });
    expect(notADay.status).toBe(400);
    expect(await services.db.select().from(shareLinks)).toHaveLength(0);
  });

  it("makes a link whose token is kept hashed, and lists it active with a default of three months", async () => {
    const page = await asOwner(shareRoute.loader, "/erp/docs/partage");
    expect(page.status).toBe(200);
    const loaded = page.data as { defaultExpiry: string; shown: { kind: string }[] };
    expect(loaded.shown.map((document) => document.kind)).toEqual(["decennale", "rc_pro"]);
    const created = await createAttestationsLink({ label: "SCI Les Pins", expiresOn: loaded.defaultExpiry });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const url = (created.data as { url: string }).url;
    expect(url).toMatch(/^https:\/\/www\.batirade-toulon\.fr\/attestations\/[A-Za-z0-9_-]{43}$/);
    token = tokenOf(url);
    const [row] = await services.db.select().from(shareLinks);
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = (await asOwner(shareRoute.loader, "/erp/docs/partage")).data as {
      links: { label: string; state: string; expiresOn: string }[];
    };
    expect(list.links).toMatchObject([
      { label: "SCI Les Pins", state: "actif", expiresOn: loaded.defaultExpiry },
    ]);
  });

  it("shows, without an account, the company and its current valid attestations only", async () => {
    const page = await anonymous(attestationsRoute.loader, `/attestations/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    const data = page.data as {
      company: { name: string; siret: string };
      documents: { id: string; kind: string; number: string }[];
    };
    expect(data.company.siret).toMatch(/^\d{14}$/);
    expect(data.documents.map((document) => [document.kind, document.number])).toEqual([
      ["decennale", "DEC-2026-118"],
      ["rc_pro", "RC-NEW"],
    ]);
    expect(attestationsRoute.headers()).toMatchObject({
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    });
    const [row] = await services.db.select().from(shareLinks);
    expect(row?.openCount).toBe(1);
    expect(row?.lastOpenedAt).not.toBeNull();
  });

  it("serves a listed attestation's bytes, and 404 for any document the extract does not list", async () => {
    const file = await anonymous(attestationFileRoute.loader, `/attestations/${token}/${decennale.id}`, {
      params: { token, documentId: decennale.id },
    });
    expect(file.status).toBe(200);
    const response = file.data as Response;
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(decennale.bytes))).toBe(true);
    for (const documentId of [expiredUrssaf.id, carteBtp.id, oldRcPro.id, crypto.randomUUID(), "pas-un-id"]) {
      const refused = await anonymous(attestationFileRoute.loader, `/attestations/${token}/${documentId}`, {
        params: { token, documentId },
      });
      expect(refused.status, documentId).toBe(404);
      expect(refused.data).toMatchObject({ message: SHARE_LINK_MESSAGES.documentNotFound });
    }
  });

  it("answers 404 to an unknown token, of any shape", async () => {
    for (const unknown of ["x".repeat(43), "court", "a".repeat(200)]) {
      const page = await anonymous(attestationsRoute.loader, `/attestations/${unknown}`, {
        params: { token: unknown },
      });
      expect(page.status).toBe(404);
      expect(page.data).toMatchObject({ message: SHARE_LINK_MESSAGES.unknownPage });
    }
  });

  it("stops a link the day after its last day (Paris), with 410", async () => {
    const { token: lastDay } = await createShareLink(
      services.db,
      { id: owner.userId },
      { kind: "attestations", label: "Appel d'offres mairie de Hyères", expiresOn: today },
    );
    const onLastDay = await anonymous(attestationsRoute.loader, `/attestations/${lastDay}`, {
      params: { token: lastDay },
    });
    expect(onLastDay.status).toBe(200);
    // The next Paris day, five minutes after midnight.
    const nextDay = new Date(parisMidnight(addDays(today, 1)).getTime() + 5 * 60_000);
    await expect(
      openShareLink(services.db, "attestations", lastDay, { clientIp: "10.0.0.9", now: nextDay }),
    ).rejects.toBeInstanceOf(ShareLinkGoneError);
    // A link whose last day was yesterday, through the routes.
    await services.db
      .update(shareLinks)
      .set({ expiresOn: addDays(today, -1) })
      .where(eq(shareLinks.tokenHash, hashToken(lastDay)));
    const gone = await anonymous(attestationsRoute.loader, `/attestations/${lastDay}`, {
      params: { token: lastDay },
    });
    expect(gone.status).toBe(410);
    expect(gone.data).toMatchObject({ message: SHARE_LINK_MESSAGES.gonePage });
    const goneFile = await anonymous(
      attestationFileRoute.loader,
      `/attestations/${lastDay}/${decennale.id}`,
      {
        params: { token: lastDay, documentId: decennale.id },
      },
    );
    expect(goneFile.status).toBe(410);
  });

  it("revokes a link once confirmed: the page and its files answer 410", async () => {
    const list = (await asOwner(shareRoute.loader, "/erp/docs/partage")).data as {
      links: { id: string; label: string }[];
    };
    const link = list.links.find((item) => item.label === "SCI Les Pins");
    if (!link) throw new Error("link not listed");
    const unconfirmed = await asOwner(shareRoute.action, "/erp/docs/partage", {
      form: { intent: "revoquer-lien", linkId: link.id },
    });
    expect(unconfirmed.status).toBe(400);
    const unknown = await asOwner(shareRoute.action, "/erp/docs/partage", {
      form: { intent: "revoquer-lien", linkId: crypto.randomUUID(), confirmation: "oui" },
    });
    expect(unknown.status).toBe(404);
    const revoked = await asOwner(shareRoute.action, "/erp/docs/partage", {
      form: { intent: "revoquer-lien", linkId: link.id, confirmation: "oui" },
    });
    expect(revoked.status).toBe(200);
    const again = await asOwner(shareRoute.action, "/erp/docs/partage", {
      form: { intent: "revoquer-lien", linkId: link.id, confirmation: "oui" },
    });
    expect(again.status).toBe(409);
    const page = await anonymous(attestationsRoute.loader, `/attestations/${token}`, { params: { token } });
    expect(page.status).toBe(410);
    const file = await anonymous(attestationFileRoute.loader, `/attestations/${token}/${decennale.id}`, {
      params: { token, documentId: decennale.id },
    });
    expect(file.status).toBe(410);
    const after = (await asOwner(shareRoute.loader, "/erp/docs/partage")).data as {
      links: { id: string; state: string; revokedByEmail: string | null }[];
    };
    expect(after.links.find((item) => item.id === link.id)).toMatchObject({
      state: "revoque",
      revokedByEmail: owner.email,
    });
  });

  it("refuses, with 429, more openings a minute from one address than the limit", async () => {
    const { token: busy } = await createShareLink(
      services.db,
      { id: owner.userId },
      { kind: "attestations", label: "Robot", expiresOn: addDays(today, 10) },
    );
    const ip = "203.0.113.77";
    for (let index = 0; index < SHARE_LINK_OPENS_PER_MINUTE; index += 1) {
      await openShareLink(services.db, "attestations", busy, { clientIp: ip });
    }
    const refused = await anonymous(attestationsRoute.loader, `/attestations/${busy}`, {
      params: { token: busy },
      ip,
    });
    expect(refused.status).toBe(429);
    const elsewhere = await anonymous(attestationsRoute.loader, `/attestations/${busy}`, {
      params: { token: busy },
      ip: "203.0.113.78",
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("the handover file of a job site", () => {
  let siteId = "";
  let quoteId = "";
  const startDay = addDays(today, -60);
  const clientEmail = "famille.roux@example.fr";
  const pdfBytesOf = async (outcome: { data: unknown }) =>
    new Uint8Array(await (outcome.data as Response).arrayBuffer());

  beforeAll(async () => {
    const actor = { id: owner.userId, email: owner.email };
    const clientId = await insertClient(services.db, { name: "Famille Roux", email: clientEmail });
    quoteId = await acceptedQuoteFor(services, actor, clientId);
    const created = await asOwner(newSiteRoute.action, "/erp/chantiers/nouveau", {
      form: { intent: "depuis-devis", quoteId },
    });
    expect(created.status).toBe(303);
    siteId = (created.headers.get("location") ?? "").split("/").pop() ?? "";
    await services.db
      .update(jobSites)
      .set({ status: "en_cours", actualStart: startDay })
      .where(eq(jobSites.id, siteId));
    // Two décennales: the one in force on the first day, and its renewal.
    const old = await fileRegisterDocument(services, {
      kind: "decennale",
      validFrom: addDays(startDay, -300),
      validUntil: addDays(startDay, 10),
      issuer: "Ancien Assureur",
      number: "POL-OUVERTURE",
    });
    await fileRegisterDocument(services, {
      kind: "decennale",
      validFrom: addDays(startDay, 11),
      validUntil: addDays(today, 300),
      issuer: "Nouvel Assureur",
      number: "POL-RENOUVELEE",
      replacesId: old.id,
    });
    await fileSiteUpload(services, siteId, {
      kind: "fiche_technique",
      fileName: "Chaudière condensation.pdf",
      contentType: "application/pdf",
      bytes: await samplePdf("Fiche chaudiere", 3),
    });
    await fileSiteUpload(services, siteId, {
      kind: "notice",
      fileName: "notice-vmc.jpg",
      contentType: "image/jpeg",
      bytes: await jpeg(600, 400, "#dddddd"),
    });
    await fileSiteUpload(services, siteId, {
      kind: "notice",
      fileName: "notice-abimee.pdf",
      contentType: "application/pdf",
      bytes: damagedPdf(),
    });
    await fileSiteUpload(services, siteId, {
      kind: "fiche_technique",
      fileName: "fiche-protegee.pdf",
      contentType: "application/pdf",
      bytes: await encryptedPdf(),
    });
    // A plan is not part of the file.
    await fileSiteUpload(services, siteId, {
      kind: "plan",
      fileName: "plan-rdc.pdf",
      contentType: "application/pdf",
      bytes: await samplePdf("Plan", 1),
    });
    await billingSteps(services, actor).invoice(quoteId, { kind: "solde" });
  });

  it("is not available before the PV de réception is presented, and says why", async () => {
    const page = await asOwner(siteDossierRoute.loader, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ availability: { available: false } });
    const pdf = await asOwner(siteDossierFileRoute.loader, `/erp/chantiers/${siteId}/dossier.pdf`, {
      params: { id: siteId },
    });
    expect(pdf.status).toBe(409);
    const send = await asOwner(siteDossierRoute.action, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
      form: { intent: "envoyer-dossier", expiresOn: addDays(today, 30) },
    });
    expect(send.status).toBe(409);
    // The PV prepared and presented for signature.
    const date = await asOwner(receptionRoute.action, `/erp/chantiers/${siteId}/reception`, {
      params: { id: siteId },
      form: { intent: "date", receivedOn: today },
    });
    expect(date.status, JSON.stringify(date.data)).toBe(303);
    const presented = await asOwner(receptionRoute.action, `/erp/chantiers/${siteId}/reception`, {
      params: { id: siteId },
      form: { intent: "presenter" },
    });
    expect(presented.status, JSON.stringify(presented.data)).toBe(303);
    const ready = await asOwner(siteDossierRoute.loader, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
    });
    expect(ready.data).toMatchObject({ availability: { available: true } });
  });

  it("refuses a site worker the page and the files", async () => {
    expect(
      (
        await asWorker(siteDossierRoute.loader, `/erp/chantiers/${siteId}/dossier`, {
          params: { id: siteId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await asWorker(siteDossierFileRoute.loader, `/erp/chantiers/${siteId}/dossier.pdf`, {
          params: { id: siteId },
        })
      ).status,
    ).toBe(403);
  });

  it("makes one PDF: cover, contents, PV, warranties, sheets, the décennale of the first day, the invoice", async () => {
    const outcome = await asOwner(siteDossierFileRoute.loader, `/erp/chantiers/${siteId}/dossier.pdf`, {
      params: { id: siteId },
    });
    expect(outcome.status).toBe(200);
    expect((outcome.data as Response).headers.get("content-type")).toBe("application/pdf");
    const bytes = await pdfBytesOf(outcome);
    const pdf = await PDFDocument.load(bytes);
    const contents = await handoverContents(
      services.db,
      services.storage,
      await documentIdentity(services.db),
      siteId,
    );
    const pagesOf = async (title: RegExp) => {
      const part = contents.parts.find((item) => title.test(item.title));
      if (!part?.bytes) throw new Error(`no part ${title}`);
      return (await PDFDocument.load(part.bytes)).getPageCount();
    };
    const pvPages = await pagesOf(/^PV de réception/);
    const invoicePages = await pagesOf(/^Facture /);
    // cover + contents + PV + warranties + 3-page sheet + the notice's image + décennale + invoice
    expect(pdf.getPageCount()).toBe(2 + pvPages + 1 + 3 + 1 + 1 + invoicePages);
    const texts = (await pdfPageTexts(bytes)).map((text) => text.replace(/\s+/g, " "));
    expect(texts[0]).toContain("Dossier de fin de chantier");
    expect(texts[0]).toContain("Famille Roux");
    const toc = texts[1] ?? "";
    expect(toc).toContain("Sommaire");
    expect(toc).toContain(`PV de réception du`);
    expect(toc).toContain("p. 3");
    expect(toc).toContain("Garanties et leurs dates de fin");
    expect(toc).toContain("Fiche technique : Chaudière condensation.pdf");
    expect(toc).toMatch(new RegExp(`Notice : notice-abimee\\.pdf ${SEPARATE}`));
    expect(toc).toMatch(new RegExp(`Fiche technique : fiche-protegee\\.pdf ${SEPARATE}`));
    expect(toc).toContain("POL-OUVERTURE");
    expect(toc).not.toContain("POL-RENOUVELEE");
    expect(toc).not.toContain("plan-rdc");
    expect(toc).toMatch(/Facture FAC-\d{4}-\d{4}/);
    const warrantiesPage = texts[2 + pvPages] ?? "";
    expect(warrantiesPage).toContain("Fin de la garantie de parfait achèvement");
    expect(warrantiesPage).toContain("Fin de la garantie décennale");
    expect(texts.some((text) => text.includes("Fiche chaudiere - page 3"))).toBe(true);
  });

  it("makes a ZIP of each document as its own file, the unreadable PDFs included, plus the PDF", async () => {
    const outcome = await asOwner(siteDossierFileRoute.loader, `/erp/chantiers/${siteId}/dossier.zip`, {
      params: { id: siteId },
    });
    expect(outcome.status).toBe(200);
    expect((outcome.data as Response).headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(await pdfBytesOf(outcome));
    const names = Object.keys(entries).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        "01-reception/pv-reception.pdf",
        "02-garanties/garanties.txt",
        "03-fiches-et-notices/chaudiere-condensation.pdf",
        "03-fiches-et-notices/fiche-protegee.pdf",
        "03-fiches-et-notices/notice-abimee.pdf",
        "03-fiches-et-notices/notice-vmc.jpg",
        "04-assurance/attestation-decennale.pdf",
        "sommaire.txt",
      ]),
    );
    expect(names.some((name) => /^05-factures\/fac-\d{4}-\d{4}\.pdf$/.test(name))).toBe(true);
    expect(names.some((name) => /^dossier-fin-de-chantier-ch-.*\.pdf$/.test(name))).toBe(true);
    expect(names.some((name) => name.includes("plan-rdc"))).toBe(false);
    expect(
      Buffer.from(entries["03-fiches-et-notices/notice-abimee.pdf"] ?? []).equals(Buffer.from(damagedPdf())),
    ).toBe(true);
    expect(new TextDecoder().decode(entries["sommaire.txt"])).toContain(`notice-abimee.pdf (${SEPARATE})`);
  });

  it("says the insurance is not in the register when no décennale covered the first day", async () => {
    await services.db.update(jobSites).set({ actualStart: "2001-03-05" }).where(eq(jobSites.id, siteId));
    const contents = await handoverContents(
      services.db,
      services.storage,
      await documentIdentity(services.db),
      siteId,
    );
    expect(contents.parts.filter((part) => part.section === "assurance").map((part) => part.title)).toEqual([
      INSURANCE_MISSING,
    ]);
    await services.db.update(jobSites).set({ actualStart: startDay }).where(eq(jobSites.id, siteId));
  });

  it("queues an e-mail to the client with a dossier link, which opens the client's page and its files", async () => {
    const before = await services.db.select().from(outboxMessages);
    const badDay = await asOwner(siteDossierRoute.action, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
      form: { intent: "envoyer-dossier", expiresOn: addDays(today, 500) },
    });
    expect(badDay.status).toBe(400);
    expect(await services.db.select().from(outboxMessages)).toHaveLength(before.length);
    const sent = await asOwner(siteDossierRoute.action, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
      form: { intent: "envoyer-dossier", expiresOn: addDays(today, 90) },
    });
    expect(sent.status, JSON.stringify(sent.data)).toBe(200);
    expect(sent.data).toMatchObject({ ok: true, sentTo: clientEmail });
    const mails = (await services.db.select().from(outboxMessages)).filter(
      (mail) => mail.kind === "handover.link",
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.payload.to).toBe(clientEmail);
    expect(mail?.payload.attachments ?? []).toHaveLength(0);
    const match = /https:\/\/www\.batirade-toulon\.fr\/dossier\/([A-Za-z0-9_-]{43})/.exec(
      mail?.payload.text ?? "",
    );
    expect(match).not.toBeNull();
    const token = match?.[1] ?? "";
    const [link] = await services.db
      .select()
      .from(shareLinks)
      .where(eq(shareLinks.tokenHash, hashToken(token)));
    expect(link).toMatchObject({ kind: "dossier", jobSiteId: siteId, label: "Famille Roux" });

    const page = await anonymous(publicDossierRoute.loader, `/dossier/${token}`, { params: { token } });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ siteTitle: expect.any(String), clientName: "Famille Roux" });
    const pdf = await anonymous(publicDossierFileRoute.loader, `/dossier/${token}/dossier.pdf`, {
      params: { token },
    });
    expect(pdf.status).toBe(200);
    expect((pdf.data as Response).headers.get("content-type")).toBe("application/pdf");
    const zip = await anonymous(publicDossierFileRoute.loader, `/dossier/${token}/dossier.zip`, {
      params: { token },
    });
    expect(zip.status).toBe(200);
    // An attestations link does not open a dossier.
    const { token: other } = await createShareLink(
      services.db,
      { id: owner.userId },
      { kind: "attestations", label: "Autre", expiresOn: addDays(today, 5) },
    );
    expect(
      (await anonymous(publicDossierRoute.loader, `/dossier/${other}`, { params: { token: other } })).status,
    ).toBe(404);
  });

  it("makes and revokes a share link of the file from the site's page", async () => {
    const created = await asOwner(siteDossierRoute.action, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
      form: { intent: "creer-lien", label: "Étude notariale Maître Paoli", expiresOn: addDays(today, 30) },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(200);
    const token = tokenOf((created.data as { url: string }).url);
    const page = (
      await asOwner(siteDossierRoute.loader, `/erp/chantiers/${siteId}/dossier`, { params: { id: siteId } })
    ).data as { links: { id: string; label: string }[] };
    const link = page.links.find((item) => item.label === "Étude notariale Maître Paoli");
    expect(link).toBeDefined();
    const revoked = await asOwner(siteDossierRoute.action, `/erp/chantiers/${siteId}/dossier`, {
      params: { id: siteId },
      form: { intent: "revoquer-lien", linkId: link?.id ?? "", confirmation: "oui" },
    });
    expect(revoked.status).toBe(200);
    expect(
      (await anonymous(publicDossierRoute.loader, `/dossier/${token}`, { params: { token } })).status,
    ).toBe(410);
    expect(
      (await anonymous(publicDossierFileRoute.loader, `/dossier/${token}/dossier.pdf`, { params: { token } }))
        .status,
    ).toBe(410);
  });
});
