import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrityEntries } from "#app/db/schema/integrity.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions, jobSiteReservations } from "#app/db/schema/receptions.ts";
import { exportClientData } from "#app/features/clients/gdpr.server.ts";
import { invoicesDashboard } from "#app/features/invoices/dashboard.server.ts";
import { createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import { jobSitesDashboard } from "#app/features/job-sites/dashboard.server.ts";
import { RECEPTION_MESSAGES } from "#app/features/job-sites/reception-schema.ts";
import { createJobSite, moveJobSite } from "#app/features/job-sites/write.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { verifyRegister } from "#app/lib/integrity/verify.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/chantiers/detail.tsx";
import * as newRoute from "#app/routes/erp/chantiers/nouveau.tsx";
import * as pageRoute from "#app/routes/erp/chantiers/reception.tsx";
import * as pdfRoute from "#app/routes/erp/chantiers/reception-pdf.ts";
import * as clientRoute from "#app/routes/erp/clients/detail.tsx";
import * as quoteRoute from "#app/routes/erp/devis/detail.tsx";
import * as publicRoute from "#app/routes/site/reception.tsx";
import * as publicPdfRoute from "#app/routes/site/reception-pdf.ts";
import { bodyLimitFor } from "#server/request-guards.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { jpeg } from "#tests/helpers/leads.ts";
import { flattenSpaces, pdfPageTexts } from "#tests/helpers/pdf-text.ts";
import { acceptedQuoteFor, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { type RouteCallInit, routeArgs, routeCaller, routeOutcome } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The PV de réception of a job site through its routes, on a real database: prepared with
// and without reservations (each with its lot, description, photo checked by its bytes and
// deadline), presented for signature (the PDF frozen), signed on paper (the scan checked
// by its bytes: an image named « .pdf » is refused, nothing stored), and what the
// signature does: the site « Réceptionné », its quotes' handover (the retention's
// release), the warranties' end dates on the site's page, the register's « pv_signe ».
// 401 and 403 on these routes: tests/integration/erp-route-guard.test.ts.

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-reception-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  staff = await signedInStaff(services, "staff", "reception@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillQuoteSettings(services.db, { hourlyCostCents: 4500 });
  await fillInvoiceSettings(services.db);
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

type Page = Awaited<ReturnType<typeof pageRoute.loader>>;
type Refused = { message: string; fieldErrors?: Record<string, string[]> };

async function page(id: string): Promise<Page> {
  const outcome = await call(pageRoute.loader, `/erp/chantiers/${id}/reception`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as Page;
}

function post(id: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return call(pageRoute.action, `/erp/chantiers/${id}/reception`, {
    params: { id },
    method: "POST",
    body: form,
  });
}

async function refusedWith(outcome: { status: number; data: unknown }, status: number): Promise<Refused> {
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(status);
  return outcome.data as Refused;
}

async function siteFromQuote(name: string, edit?: Parameters<typeof acceptedQuoteFor>[3]) {
  const clientId = await insertClient(services.db, {
    name,
    email: `${name.replace(/\W/g, "").toLowerCase()}@example.fr`,
  });
  const quoteId = await acceptedQuoteFor(services, actor, clientId, edit);
  const created = await call(newRoute.action, "/erp/chantiers/nouveau", {
    form: { intent: "depuis-devis", quoteId },
  });
  expect(created.status).toBe(303);
  const id = (created.headers.get("location") ?? "").split("/").pop() ?? "";
  const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
  await services.db.update(jobSites).set({ status: "en_cours" }).where(eq(jobSites.id, id));
  return { id, quoteId, revision: site?.revision ?? 1 };
}

/** A site opened by hand (no quote), planned: a reception may bear any past day. */
async function siteByHand(title: string) {
  const clientId = await insertClient(services.db, {
    name: title,
    email: `${title.replace(/\W/g, "").toLowerCase()}@example.fr`,
  });
  const site = await createJobSite(services.db, actor, clientId, {
    title,
    siteStreet: "",
    sitePostalCode: "83000",
    siteCity: "Toulon",
    accessCode: "",
    keys: "",
    contactName: "",
    contactPhone: "",
    parking: "",
    constraints: "",
    notes: "",
    plannedStart: "2024-01-08",
    plannedEnd: "2024-02-23",
    actualStart: null,
    actualEnd: null,
  });
  await moveJobSite(services.db, actor, site.id, 1, "planifie");
  return site.id;
}

/** A small PDF, as a scanner's: what file-type reads as application/pdf. */
const pdfBytes = async () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  try {
    return walk(dataDir);
  } catch {
    return [];
  }
}

describe("a PV without reservations, signed on paper", () => {
  it("prepares, presents and records the signed scan; the site is received, with its warranties and register entry", async () => {
    const { id, quoteId } = await siteFromQuote("Famille Ménard");
    const today = parisDay();
    expect((await page(id)).reception).toBeNull();

    // Not before the quote's acceptance (today), not in the future.
    const early = await refusedWith(await post(id, { intent: "date", receivedOn: addDays(today, -1) }), 400);
    expect(early.fieldErrors?.receivedOn?.[0]).toMatch(/ne peut pas précéder/);
    const future = await refusedWith(await post(id, { intent: "date", receivedOn: addDays(today, 1) }), 400);
    expect(future.fieldErrors?.receivedOn).toEqual([RECEPTION_MESSAGES.future]);
    const notADay = await refusedWith(await post(id, { intent: "date", receivedOn: "2026-02-30" }), 400);
    expect(notADay.fieldErrors?.receivedOn).toBeDefined();
    expect((await page(id)).reception).toBeNull();

    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);
    const draft = await page(id);
    expect(draft.reception).toMatchObject({
      status: "brouillon",
      receivedOn: today,
      withReservations: false,
    });

    // The draft's PDF is rendered on demand, marked « brouillon » in its name.
    const preview = await call(pdfRoute.loader, `/erp/chantiers/${id}/reception/pdf`, { params: { id } });
    expect(preview.status).toBe(200);
    const previewResponse = preview.data as Response;
    expect(previewResponse.headers.get("content-disposition")).toMatch(/brouillon\.pdf/);
    expect(
      Buffer.from(await previewResponse.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // Signing before it is presented is refused.
    const scan = await jpeg(200, 280, "#ffffff");
    await refusedWith(
      await post(id, { intent: "papier", scan: new File([new Uint8Array(scan)], "pv.jpg") }),
      409,
    );

    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const presented = await page(id);
    expect(presented.reception?.status).toBe("a_signer");
    expect(presented.reception?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    // Frozen: no reservation may be added any more.
    await refusedWith(
      await post(id, { intent: "ajouter-reserve", lotId: "", description: "Trop tard", deadline: today }),
      409,
    );

    const signed = await post(id, {
      intent: "papier",
      scan: new File([new Uint8Array(scan)], "pv-signe.jpg", { type: "image/jpeg" }),
    });
    expect(signed.status, JSON.stringify(signed.data)).toBe(303);
    expect(signed.headers.get("location")).toBe(`/erp/chantiers/${id}`);

    const [reception] = await services.db
      .select()
      .from(jobSiteReceptions)
      .where(eq(jobSiteReceptions.jobSiteId, id));
    expect(reception).toMatchObject({
      status: "signe",
      signing: "papier",
      signedCopyContentType: "image/jpeg",
      recordedBy: actor.id,
    });
    const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
    expect(site).toMatchObject({ status: "receptionne", actualEnd: today });
    // The retention's release flow reads the reception day from the site's quotes.
    const [quote] = await services.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.handoverOn).toBe(today);
    // The quote's page no longer changes it: the PV says it.
    const changed = await call(quoteRoute.action, `/erp/devis/${quoteId}`, {
      params: { id: quoteId },
      form: { intent: "reception", handoverOn: "" },
    });
    expect(changed.status).toBe(409);
    expect((changed.data as Refused).message).toMatch(/PV de réception signé du chantier CH-/);

    // The register: one « pv_signe » entry fingerprinting the signed scan; the chain verifies.
    const entries = await services.db
      .select()
      .from(integrityEntries)
      .where(eq(integrityEntries.subjectId, reception?.id ?? ""));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ event: "pv_signe", fileSha256: reception?.signedCopySha256 });
    expect(entries[0]?.number).toMatch(/^CH-\d{4}-\d{4} PV de réception$/);
    const report = await verifyRegister(services);
    expect(report.problems).toEqual([]);
    expect(report.byEvent.pv_signe).toBe(1);

    // The site's page shows the warranties' end dates.
    const detail = await call(detailRoute.loader, `/erp/chantiers/${id}`, { params: { id } });
    const { reception: summary } = detail.data as Awaited<ReturnType<typeof detailRoute.loader>>;
    const [year, month, day] = today.split("-");
    expect(summary.status).toBe("signe");
    expect(summary.warranties?.decennialEnd).toBe(
      `${Number(year) + 10}-${month}-${month === "02" && day === "29" ? "28" : day}`,
    );

    // And so does the client's page.
    const clientId = site?.clientId ?? "";
    const clientPage = await call(clientRoute.loader, `/erp/clients/${clientId}`, {
      params: { id: clientId },
    });
    const { jobSites: clientSites } = clientPage.data as Awaited<ReturnType<typeof clientRoute.loader>>;
    expect(clientSites).toEqual([
      expect.objectContaining({
        id,
        status: "receptionne",
        receivedOn: today,
        warranties: summary.warranties,
      }),
    ]);

    const history = await listActivity(services.db, "chantier", id);
    expect(history.map((event) => event.kind)).toEqual(
      expect.arrayContaining(["reception_signed", "status"]),
    );

    // A second signature is refused; the signed copy is served.
    await refusedWith(
      await post(id, { intent: "papier", scan: new File([new Uint8Array(scan)], "pv.jpg") }),
      409,
    );
    const copy = await call(pdfRoute.loader, `/erp/chantiers/${id}/reception/copie-signee`, {
      params: { id },
    });
    expect((copy.data as Response).headers.get("content-type")).toBe("image/jpeg");
  });
});

describe("a PV with reservations", () => {
  it("adds reservations with their lot, photo and deadline, refuses what does not fit, and freezes them in the PDF", async () => {
    const { id } = await siteFromQuote("Jean Roux");
    const other = await siteFromQuote("Autre Client");
    const today = parisDay();
    const lots = (await page(id)).site.lots;
    const otherLots = (await page(other.id)).site.lots;
    expect(lots.length).toBeGreaterThan(0);

    // No PV yet: a reservation needs the draft.
    await refusedWith(
      await post(id, { intent: "ajouter-reserve", lotId: "", description: "Joint", deadline: today }),
      409,
    );
    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);

    const deadline = addDays(today, 30);
    const photo = await jpeg(320, 240);
    const added = await post(id, {
      intent: "ajouter-reserve",
      lotId: lots[0]?.id ?? "",
      description: "Joint de la douche à refaire, angle nord",
      deadline,
      photo: new File([new Uint8Array(photo)], "joint.jpg", { type: "image/jpeg" }),
    });
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    expect(
      (
        await post(id, {
          intent: "ajouter-reserve",
          lotId: "",
          description: "Plinthe manquante, séjour",
          deadline,
        })
      ).status,
    ).toBe(303);

    const before = storedFiles().length;
    // Another site's lot, a deadline before the reception, no description, a « photo » that is a PDF, control characters.
    const otherLot = await refusedWith(
      await post(id, {
        intent: "ajouter-reserve",
        lotId: otherLots[0]?.id ?? "",
        description: "X",
        deadline,
      }),
      400,
    );
    expect(otherLot.fieldErrors?.lotId).toEqual([RECEPTION_MESSAGES.lot]);
    const late = await refusedWith(
      await post(id, {
        intent: "ajouter-reserve",
        lotId: "",
        description: "X",
        deadline: addDays(today, -1),
      }),
      400,
    );
    expect(late.fieldErrors?.deadline).toEqual([RECEPTION_MESSAGES.deadline]);
    const empty = await refusedWith(
      await post(id, { intent: "ajouter-reserve", lotId: "", description: "  ", deadline }),
      400,
    );
    expect(empty.fieldErrors?.description).toEqual([RECEPTION_MESSAGES.description]);
    const notAPhoto = await refusedWith(
      await post(id, {
        intent: "ajouter-reserve",
        lotId: "",
        description: "Photo douteuse",
        deadline,
        photo: new File([new Uint8Array(await pdfBytes())], "photo.jpg", { type: "image/jpeg" }),
      }),
      400,
    );
    expect(notAPhoto.fieldErrors?.photo?.[0]).toMatch(/Formats acceptés/);
    const control = await refusedWith(
      await post(id, { intent: "ajouter-reserve", lotId: "", description: "Bip\u0007", deadline }),
      400,
    );
    expect(control.fieldErrors?.description).toBeDefined();
    const badDay = await refusedWith(
      await post(id, { intent: "ajouter-reserve", lotId: "", description: "X", deadline: "9999-12-31" }),
      400,
    );
    expect(badDay.fieldErrors?.deadline).toBeDefined();
    expect(storedFiles().length).toBe(before);

    const draft = await page(id);
    expect(draft.reception?.withReservations).toBe(true);
    expect(draft.reservations.map((reservation) => [reservation.description, reservation.lotTitle])).toEqual([
      ["Joint de la douche à refaire, angle nord", lots[0]?.title],
      ["Plinthe manquante, séjour", null],
    ]);
    expect(draft.reservations[0]?.photoStorageKey).toMatch(/^chantiers\/reserves\//);

    // One removed, then back to one: still « avec réserves »; a reservation of another site cannot be removed.
    const second = draft.reservations[1]?.id ?? "";
    await refusedWith(await post(other.id, { intent: "supprimer-reserve", reservationId: second }), 409);
    expect((await post(id, { intent: "supprimer-reserve", reservationId: second })).status).toBe(303);
    const rows = await services.db
      .select()
      .from(jobSiteReservations)
      .where(eq(jobSiteReservations.receptionId, draft.reception?.id ?? ""));
    expect(rows).toHaveLength(1);

    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const frozen = await call(pdfRoute.loader, `/erp/chantiers/${id}/reception/pdf`, { params: { id } });
    const frozenResponse = frozen.data as Response;
    expect(frozenResponse.headers.get("content-disposition")).not.toMatch(/brouillon/);
    expect((await page(id)).reception?.pdfStorageKey).toMatch(/^chantiers\/pv\//);

    // Back to the draft, and presented again.
    expect((await post(id, { intent: "brouillon" })).status).toBe(303);
    expect((await page(id)).reception?.status).toBe("brouillon");
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
  });
});

describe("the paper scan is checked by its bytes", () => {
  it("refuses an image named .pdf, a PDF named .jpg, a text file and no file, and stores nothing", async () => {
    const { id } = await siteFromQuote("Famille Scan");
    const today = parisDay();
    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const before = storedFiles().length;
    const image = new Uint8Array(await jpeg(200, 280, "#ffffff"));

    const imageAsPdf = await refusedWith(
      await post(id, {
        intent: "papier",
        scan: new File([image], "pv-signe.pdf", { type: "application/pdf" }),
      }),
      415,
    );
    expect(imageAsPdf.message).toBe(
      "Ce fichier se présente comme un PDF mais son contenu est une image JPEG.",
    );
    const pdfAsImage = await refusedWith(
      await post(id, { intent: "papier", scan: new File([new Uint8Array(await pdfBytes())], "pv.jpg") }),
      415,
    );
    expect(pdfAsImage.message).toMatch(/se présente comme une image JPEG mais son contenu est un PDF/);
    const text = await refusedWith(
      await post(id, { intent: "papier", scan: new File(["<html>pas un pdf</html>"], "pv.pdf") }),
      415,
    );
    expect(text.message).toBe("Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.");
    const none = await refusedWith(await post(id, { intent: "papier" }), 400);
    expect(none.message).toBe("Joignez la copie numérisée du PV signé.");

    expect(storedFiles().length).toBe(before);
    expect((await page(id)).reception?.status).toBe("a_signer");

    const ok = await post(id, {
      intent: "papier",
      scan: new File([new Uint8Array(await pdfBytes())], "pv-signe.pdf", { type: "application/pdf" }),
    });
    expect(ok.status, JSON.stringify(ok.data)).toBe(303);
    expect((await page(id)).reception).toMatchObject({
      status: "signe",
      signedCopyContentType: "application/pdf",
    });
  });
});

describe("warranty and release dates", () => {
  it("a reception on 29 February 2024 ends its warranties on 28 February", async () => {
    const id = await siteByHand("Villa des Oliviers");
    expect((await post(id, { intent: "date", receivedOn: "2024-02-29" })).status).toBe(303);
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const scan = new File([new Uint8Array(await jpeg(200, 280, "#ffffff"))], "pv.jpg");
    expect((await post(id, { intent: "papier", scan })).status).toBe(303);
    const signed = await page(id);
    expect(signed.warranties).toEqual({
      completionEnd: "2025-02-28",
      biennialEnd: "2026-02-28",
      decennialEnd: "2034-02-28",
      retentionReleaseOn: "2025-02-28",
    });
    const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
    expect(site).toMatchObject({ status: "receptionne", actualEnd: "2024-02-29" });
  });

  it("refuses a reception on a site still « à planifier » and an unknown site", async () => {
    const clientId = await insertClient(services.db, { name: "Pas Prêt", email: "pas-pret@example.fr" });
    const site = await createJobSite(services.db, actor, clientId, jobSiteData({ title: "Pas prêt" }));
    const refused = await refusedWith(await post(site.id, { intent: "date", receivedOn: parisDay() }), 409);
    expect(refused.message).toBe(RECEPTION_MESSAGES.siteStatus);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await call(pageRoute.loader, `/erp/chantiers/${unknown}/reception`, { params: { id: unknown } }))
        .status,
    ).toBe(404);
    await refusedWith(await post(unknown, { intent: "date", receivedOn: parisDay() }), 404);
    await refusedWith(await post(site.id, { intent: "inconnu" }), 400);
  });
});

describe("the retention's release reads the reception", () => {
  it("releases one year after the signed PV, with the reservations not lifted shown beside it", async () => {
    const { id, quoteId } = await siteFromQuote("Famille Retenue", (draft) => ({
      ...draft,
      terms: { ...draft.terms, retentionPercent: "5", retentionBankGuarantee: false },
    }));
    const progress = await createInvoiceDraft(
      services.db,
      quoteId,
      { kind: "situation", lots: [{ lotId: "lot1", percent: 5000 }] },
      actor,
    );
    await issueInvoice(
      services.db,
      { storage: services.storage, identity: await documentIdentity(services.db) },
      progress.id,
      actor,
    );
    const heldOf = async () =>
      (await invoicesDashboard(services.db)).retentions.items.find((item) => item.quoteId === quoteId);
    expect(await heldOf()).toMatchObject({ releaseOn: null, openReservations: 0 });

    const today = parisDay();
    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);
    const deadline = addDays(today, 15);
    for (const description of ["Reprise d'enduit", "Réglage de la porte"]) {
      expect((await post(id, { intent: "ajouter-reserve", lotId: "", description, deadline })).status).toBe(
        303,
      );
    }
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const scan = new File([new Uint8Array(await jpeg(200, 280, "#ffffff"))], "pv.jpg");
    expect((await post(id, { intent: "papier", scan })).status).toBe(303);

    const held = await heldOf();
    expect(held?.held).toBeGreaterThan(0);
    expect(held).toMatchObject({ handoverOn: today, openReservations: 2, releasable: false });
    expect(held?.releaseOn).toBe((await page(id)).warranties?.retentionReleaseOn);

    // The Chantiers block lists it from 30 days before its release, and while it is held.
    const releaseOn = held?.releaseOn ?? today;
    const dueOf = async (day: string) =>
      (await jobSitesDashboard(services.db, new Date(`${day}T12:00:00Z`))).retentionsDue.items.find(
        (item) => item.jobSiteId === id,
      );
    expect(await dueOf(today)).toBeUndefined();
    expect(await dueOf(addDays(releaseOn, -31))).toBeUndefined();
    expect(await dueOf(addDays(releaseOn, -30))).toEqual({
      jobSiteId: id,
      number: expect.stringMatching(/^CH-\d{4}-\d{4}$/),
      title: expect.any(String),
      clientName: "Famille Retenue",
      releaseOn,
      held: held?.held,
      openReservations: 2,
    });
    expect((await dueOf(addDays(releaseOn, 5)))?.held).toBe(held?.held);
  });
});

/** The client: no session, a phone's browser, an address of its own. */
function clientCall(
  handler: (args: never) => Promise<unknown>,
  token: string,
  init: RouteCallInit = {},
  suffix = "",
) {
  return routeOutcome(() =>
    handler(
      routeArgs(services, `/reception/${token}${suffix}`, {
        ip: "203.0.113.9",
        headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" },
        params: { token },
        ...init,
      }) as never,
    ),
  );
}

async function latestMail(kind: string) {
  const [row] = await services.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, kind))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}

describe("online signing by the client", () => {
  it("e-mails the link, proves the address with the code, records the proof and sends the signed PV to both", async () => {
    const { id } = await siteFromQuote("Famille En Ligne");
    const today = parisDay();
    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);
    // Not before it is presented.
    await refusedWith(await post(id, { intent: "envoyer" }), 409);
    expect(
      (
        await post(id, {
          intent: "ajouter-reserve",
          lotId: "",
          description: "Silicone à reprendre",
          deadline: addDays(today, 10),
        })
      ).status,
    ).toBe(303);
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    expect((await post(id, { intent: "envoyer" })).status).toBe(303);
    const linkMail = await latestMail("reception.link");
    expect(linkMail?.payload.to).toBe("familleenligne@example.fr");
    const token = /\/reception\/([A-Za-z0-9_-]+)/.exec(linkMail?.payload.text ?? "")?.[1] ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [stored] = await services.db
      .select()
      .from(jobSiteReceptions)
      .where(eq(jobSiteReceptions.jobSiteId, id));
    expect(stored?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));

    const opened = await clientCall(publicRoute.loader, token);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      state: "a_signer",
      reservations: [expect.objectContaining({ description: "Silicone à reprendre" })],
    });
    expect((opened.data as { sentTo: string }).sentTo).toMatch(/^f\*+@example\.fr$/);
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await clientCall(publicRoute.loader, wrong)).status).toBe(404);
    expect((await clientCall(publicRoute.loader, "court")).status).toBe(404);
    const shown = await clientCall(publicPdfRoute.loader, token, {}, "/pdf");
    const shownBytes = new Uint8Array(await (shown.data as Response).arrayBuffer());
    expect(createHash("sha256").update(shownBytes).digest("hex")).toBe(stored?.pdfSha256);

    const sign = (fields: Record<string, string>) =>
      clientCall(publicRoute.action, token, { form: { intent: "signer", ...fields } });
    // No code asked yet; no name; a signature that is not a PNG.
    expect((await sign({ name: "Élodie Garnier", code: "123456" })).status).toBe(400);
    expect((await sign({ name: "", code: "123456" })).status).toBe(400);
    expect(
      (await sign({ name: "Élodie Garnier", code: "123456", signature: "data:image/png;base64,AAAA" }))
        .status,
    ).toBe(400);

    expect((await clientCall(publicRoute.action, token, { form: { intent: "code" } })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await latestMail("reception.code"))?.payload.text ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const other = code === "000000" ? "000001" : "000000";
    const bad = await sign({ name: "Élodie Garnier", code: other });
    expect(bad.status).toBe(400);
    expect((bad.data as { message: string }).message).toBe("Code incorrect : 4 essais restants.");
    expect((await page(id)).reception?.status).toBe("a_signer");

    const ok = await sign({ name: "Élodie Garnier", code });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    const [signed] = await services.db
      .select()
      .from(jobSiteReceptions)
      .where(eq(jobSiteReceptions.jobSiteId, id));
    expect(signed).toMatchObject({
      status: "signe",
      signing: "en_ligne",
      signerName: "Élodie Garnier",
      signerEmail: linkMail?.payload.to,
      ip: "203.0.113.9",
      signedCopyContentType: "application/pdf",
    });
    expect(signed?.codeVerifiedAt).toBeInstanceOf(Date);
    const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
    expect(site?.status).toBe("receptionne");

    // The signed PV: the client's box and the certificate, the same bytes as recorded.
    const signedPdf = await clientCall(publicPdfRoute.loader, token, {}, "/pdf");
    const signedBytes = new Uint8Array(await (signedPdf.data as Response).arrayBuffer());
    expect(createHash("sha256").update(signedBytes).digest("hex")).toBe(signed?.signedCopySha256);
    const text = flattenSpaces((await pdfPageTexts(signedBytes)).join(" "));
    expect(text).toContain("Certificat de signature électronique");
    expect(text).toContain("Élodie Garnier");
    expect(text).toContain(stored?.pdfSha256 ?? "?");

    // Both parties get it, attached.
    for (const kind of ["reception.signed.client", "reception.signed.company"]) {
      const mail = await latestMail(kind);
      expect(mail?.payload.attachments?.[0]?.storageKey).toBe(signed?.signedPdfStorageKey);
    }
    expect((await latestMail("reception.signed.company"))?.payload.to).toBe(services.env.NOTIFY_EMAIL);

    // The register: « pv_signe » by the client.
    const [entry] = await services.db
      .select()
      .from(integrityEntries)
      .where(and(eq(integrityEntries.subjectId, signed?.id ?? ""), eq(integrityEntries.event, "pv_signe")));
    expect(entry?.authorId).toBeNull();
    expect(entry?.fileSha256).toBe(signed?.signedCopySha256);
    expect((await verifyRegister(services)).problems).toEqual([]);

    // Signed: nothing more is accepted; the page says so.
    await clientCall(publicRoute.action, token, { form: { intent: "code" } }).then((outcome) =>
      expect(outcome.status).toBe(409),
    );
    expect((await clientCall(publicRoute.loader, token)).data).toMatchObject({ state: "signe" });
    const count = await services.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "reception.signed.client"));
    expect(count[0]?.n).toBe(1);
  });

  it("has the PV de levée des réserves signed online the same way, without touching the reception", async () => {
    const { id } = await siteFromQuote("Famille Levée En Ligne");
    const today = parisDay();
    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);
    expect(
      (
        await post(id, {
          intent: "ajouter-reserve",
          lotId: "",
          description: "Joint de douche à refaire",
          deadline: addDays(today, 15),
        })
      ).status,
    ).toBe(303);
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const scan = new File([new Uint8Array(await jpeg(200, 280, "#ffffff"))], "pv.jpg");
    expect((await post(id, { intent: "papier", scan })).status).toBe(303);
    const [reservation] = (await page(id)).reservations;
    expect(
      (await post(id, { intent: "lever-reserve", reservationId: reservation?.id ?? "", liftedOn: today }))
        .status,
    ).toBe(303);
    expect((await post(id, { intent: "preparer-levee" })).status).toBe(303);
    const [levee] = (await page(id)).liftings;
    // Only this site's PV de levée can be sent.
    await refusedWith(
      await post(id, { intent: "envoyer-levee", liftingId: "00000000-0000-4000-8000-000000000000" }),
      409,
    );
    await refusedWith(await post(id, { intent: "envoyer-levee", liftingId: "pas-un-id" }), 409);
    expect((await post(id, { intent: "envoyer-levee", liftingId: levee?.id ?? "" })).status).toBe(303);
    expect((await page(id)).liftings[0]).toMatchObject({ linkSentTo: "familleleveenligne@example.fr" });
    const linkMail = await latestMail("reception.link");
    expect(linkMail?.payload.subject).toMatch(/^PV de levée des réserves CH-\d{4}-\d{4} à signer/);
    const token = /\/reception\/([A-Za-z0-9_-]+)/.exec(linkMail?.payload.text ?? "")?.[1] ?? "";

    const opened = await clientCall(publicRoute.loader, token);
    expect(opened.data).toMatchObject({
      kind: "levee",
      state: "a_signer",
      receptionOn: today,
      reservations: [{ description: "Joint de douche à refaire", liftedOn: today }],
    });
    expect((await clientCall(publicRoute.action, token, { form: { intent: "code" } })).status).toBe(200);
    const codeMail = await latestMail("reception.code");
    expect(codeMail?.payload.subject).toContain("code de confirmation du PV de levée des réserves");
    const code = /\b(\d{6})\b/.exec(codeMail?.payload.text ?? "")?.[1] ?? "";
    const ok = await clientCall(publicRoute.action, token, {
      form: { intent: "signer", name: "Hugo Levée", code },
    });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);

    const [signed] = await services.db
      .select()
      .from(jobSiteReceptions)
      .where(eq(jobSiteReceptions.id, levee?.id ?? ""));
    expect(signed).toMatchObject({ status: "signe", signing: "en_ligne", signerName: "Hugo Levée" });
    // The signed PV de levée: its reservations, the client's box and the certificate.
    const signedPdf = await clientCall(publicPdfRoute.loader, token, {}, "/pdf");
    const signedBytes = new Uint8Array(await (signedPdf.data as Response).arrayBuffer());
    expect(createHash("sha256").update(signedBytes).digest("hex")).toBe(signed?.signedCopySha256);
    const text = flattenSpaces((await pdfPageTexts(signedBytes)).join(" "));
    expect(text).toContain("Procès-verbal de levée des réserves");
    expect(text).toContain("Joint de douche à refaire");
    expect(text).toContain("Certificat de signature électronique");
    expect(text).toContain(signed?.pdfSha256 ?? "?");
    const clientMail = await latestMail("reception.signed.client");
    expect(clientMail?.payload.attachments?.[0]?.filename).toMatch(
      /^pv-levee-reserves-ch-\d{4}-\d{4}-signe\.pdf$/,
    );
    expect(clientMail?.payload.attachments?.[0]?.storageKey).toBe(signed?.signedPdfStorageKey);

    // The register has it; the PV de réception and the site are as they were.
    const [entry] = await services.db
      .select()
      .from(integrityEntries)
      .where(and(eq(integrityEntries.subjectId, levee?.id ?? ""), eq(integrityEntries.event, "pv_signe")));
    expect(entry?.authorId).toBeNull();
    expect((await verifyRegister(services)).problems).toEqual([]);
    const after = await page(id);
    expect(after.reception).toMatchObject({ status: "signe", signing: "papier" });
    expect(after.liftings[0]).toMatchObject({ status: "signe", signing: "en_ligne" });
    await refusedWith(await post(id, { intent: "envoyer-levee", liftingId: levee?.id ?? "" }), 409);
    await refusedWith(await post(id, { intent: "papier-levee", liftingId: levee?.id ?? "", scan }), 409);

    // The client's right of access: both PVs, with the proof of the online signature.
    const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
    const exported = await exportClientData(services.db, actor, site?.clientId ?? "");
    expect(exported.chantiers[0]?.proces_verbaux).toEqual([
      expect.objectContaining({
        type: "PV de réception",
        date: today,
        statut: "signe",
        signature: expect.objectContaining({ mode: "papier" }),
        reserves: [
          { description: "Joint de douche à refaire", a_lever_avant_le: addDays(today, 15), levee_le: today },
        ],
      }),
      expect.objectContaining({
        type: "PV de levée des réserves",
        signature: expect.objectContaining({
          mode: "en_ligne",
          signataire: "Hugo Levée",
          adresse_ip: "203.0.113.9",
          empreinte_sha256: signed?.signedCopySha256,
        }),
        reserves: [],
      }),
    ]);
  });

  it("lets the PV and its photos through the body limit, and the client's signature", () => {
    expect(bodyLimitFor("/erp/chantiers/0f8fad5b-d9cb-469f-a165-70867728950e/reception")).toBe(
      12 * 1024 * 1024,
    );
    expect(bodyLimitFor("/reception/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")).toBe(512 * 1024);
  });
});

describe("lifting the reservations, then « Clos »", () => {
  it("marks each reservation lifted with its day and photo, and offers « Clos » only once the final invoice is paid and all are lifted", async () => {
    const { id, quoteId } = await siteFromQuote("Famille Levée");
    const today = parisDay();
    expect((await post(id, { intent: "date", receivedOn: today })).status).toBe(303);
    const deadline = addDays(today, 20);
    for (const description of ["Plinthe à reposer", "Retouche de peinture"]) {
      expect((await post(id, { intent: "ajouter-reserve", lotId: "", description, deadline })).status).toBe(
        303,
      );
    }
    const [first, second] = (await page(id)).reservations;
    // Not before the PV is signed.
    await refusedWith(
      await post(id, { intent: "lever-reserve", reservationId: first?.id ?? "", liftedOn: today }),
      409,
    );
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const scan = new File([new Uint8Array(await jpeg(200, 280, "#ffffff"))], "pv.jpg");
    expect((await post(id, { intent: "papier", scan })).status).toBe(303);

    const signedPage = await page(id);
    expect(signedPage.closing).toEqual([
      "2 réserves ne sont pas levées.",
      expect.stringMatching(/^La facture de solde du devis DEV-\d{4}-\d{4} n'est pas payée\.$/),
    ]);
    await refusedWith(await post(id, { intent: "clore" }), 409);

    const future = await refusedWith(
      await post(id, {
        intent: "lever-reserve",
        reservationId: first?.id ?? "",
        liftedOn: addDays(today, 1),
      }),
      400,
    );
    expect(future.fieldErrors?.liftedOn).toEqual([RECEPTION_MESSAGES.liftedFuture]);
    const lifted = await post(id, {
      intent: "lever-reserve",
      reservationId: first?.id ?? "",
      liftedOn: today,
      photo: new File([new Uint8Array(await jpeg(320, 240))], "plinthe.jpg", { type: "image/jpeg" }),
    });
    expect(lifted.status, JSON.stringify(lifted.data)).toBe(303);
    await refusedWith(
      await post(id, { intent: "lever-reserve", reservationId: first?.id ?? "", liftedOn: today }),
      409,
    );
    const [row] = await services.db
      .select()
      .from(jobSiteReservations)
      .where(eq(jobSiteReservations.id, first?.id ?? ""));
    expect(row?.liftedOn).toBe(today);
    expect(row?.liftedPhotoStorageKey).toMatch(/^chantiers\/reserves-levees\//);
    const liftedPhoto = await call(
      pdfRoute.loader,
      `/erp/chantiers/${id}/reception/pdf?photo=${first?.id}&levee=1`,
      { params: { id } },
    );
    expect((liftedPhoto.data as Response).headers.get("content-type")).toBe("image/jpeg");
    // Another site's address does not serve it.
    const elsewhere = await call(
      pdfRoute.loader,
      `/erp/chantiers/00000000-0000-4000-8000-000000000000/reception/pdf?photo=${first?.id}&levee=1`,
      { params: { id: "00000000-0000-4000-8000-000000000000" } },
    );
    expect(elsewhere.status).toBe(404);
    expect(
      (await post(id, { intent: "lever-reserve", reservationId: second?.id ?? "", liftedOn: today })).status,
    ).toBe(303);
    expect((await page(id)).closing).toEqual([
      expect.stringMatching(/^La facture de solde du devis DEV-\d{4}-\d{4} n'est pas payée\.$/),
    ]);

    // The PV de levée des réserves: both lifted reservations, presented at once, signed on paper.
    expect((await post(id, { intent: "preparer-levee" })).status).toBe(303);
    await refusedWith(await post(id, { intent: "preparer-levee" }), 409);
    const [levee] = (await page(id)).liftings;
    expect(levee).toMatchObject({ status: "a_signer", reservations: 2, receivedOn: today });
    const leveePdf = await call(pdfRoute.loader, `/erp/chantiers/${id}/reception/pdf?levee=${levee?.id}`, {
      params: { id },
    });
    const leveeBytes = new Uint8Array(await (leveePdf.data as Response).arrayBuffer());
    const leveeText = flattenSpaces((await pdfPageTexts(leveeBytes)).join(" "));
    expect(leveeText).toContain("Procès-verbal de levée des réserves");
    expect(leveeText).toContain("Plinthe à reposer");
    const imageAsPdf = new File([new Uint8Array(await jpeg(200, 280, "#ffffff"))], "levee.pdf", {
      type: "application/pdf",
    });
    await refusedWith(
      await post(id, { intent: "papier-levee", liftingId: levee?.id ?? "", scan: imageAsPdf }),
      415,
    );
    await refusedWith(
      await post(id, { intent: "papier-levee", liftingId: "00000000-0000-4000-8000-000000000000", scan }),
      409,
    );
    expect((await post(id, { intent: "papier-levee", liftingId: levee?.id ?? "", scan })).status).toBe(303);
    expect((await page(id)).liftings[0]?.status).toBe("signe");
    const [leveeEntry] = await services.db
      .select()
      .from(integrityEntries)
      .where(eq(integrityEntries.subjectId, levee?.id ?? ""));
    expect(leveeEntry).toMatchObject({ event: "pv_signe" });
    expect(leveeEntry?.number).toMatch(/^CH-\d{4}-\d{4} PV de levée des réserves$/);
    expect((await verifyRegister(services)).problems).toEqual([]);

    // The final invoice, issued and paid: « Clos » is offered and done.
    const final = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);
    await issueInvoice(
      services.db,
      { storage: services.storage, identity: await documentIdentity(services.db) },
      final.id,
      actor,
    );
    const [invoice] = await services.db.select().from(invoices).where(eq(invoices.id, final.id));
    await recordPayment(
      services.db,
      final.id,
      { paidOn: today, amount: invoice?.netToPayCents ?? 0, method: "virement" },
      actor,
    );
    expect((await page(id)).closing).toEqual([]);
    const closed = await post(id, { intent: "clore" });
    expect(closed.status).toBe(303);
    const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
    expect(site?.status).toBe("clos");
  });
});

describe("the home page's « Réserves en retard »", () => {
  it("lists a reservation of a signed PV past its deadline, until it is lifted", async () => {
    const id = await siteByHand("Famille Retard");
    const today = parisDay();
    expect((await post(id, { intent: "date", receivedOn: addDays(today, -60) })).status).toBe(303);
    const deadline = addDays(today, -30);
    expect(
      (
        await post(id, {
          intent: "ajouter-reserve",
          lotId: "",
          description: "Seuil de porte à reprendre",
          deadline,
        })
      ).status,
    ).toBe(303);
    const late = async () =>
      (await jobSitesDashboard(services.db, new Date())).lateReservations.items.filter(
        (item) => item.jobSiteId === id,
      );
    // Not signed yet: not a reservation of the handover.
    expect(await late()).toEqual([]);
    expect((await post(id, { intent: "presenter" })).status).toBe(303);
    const scan = new File([new Uint8Array(await jpeg(200, 280, "#ffffff"))], "pv.jpg");
    expect((await post(id, { intent: "papier", scan })).status).toBe(303);
    expect(await late()).toMatchObject([{ description: "Seuil de porte à reprendre", deadline }]);
    const [reservation] = (await page(id)).reservations;
    const lifted = await post(id, {
      intent: "lever-reserve",
      reservationId: reservation?.id ?? "",
      liftedOn: today,
    });
    expect(lifted.status, JSON.stringify(lifted.data)).toBe(303);
    expect(await late()).toEqual([]);
  });
});
