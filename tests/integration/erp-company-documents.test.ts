import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyDocuments } from "#app/db/schema/company-documents.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { companyRegister, documentsToRenew } from "#app/features/documents/company-documents.server.ts";
import { addMonths, documentStatus } from "#app/features/documents/company-documents.ts";
import { sendDocumentReminders } from "#app/features/documents/document-reminders.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import * as dashboardRoute from "#app/routes/erp/dashboard.tsx";
import * as detailRoute from "#app/routes/erp/docs/detail.tsx";
import * as fileRoute from "#app/routes/erp/docs/fichier.ts";
import * as registerRoute from "#app/routes/erp/docs/index.tsx";
import * as newRoute from "#app/routes/erp/docs/nouveau.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The company's compliance register (Documents) through its routes on a real database:
// a document is added and served as uploaded, a renewal keeps the previous version, the
// status follows the Paris day, a file is checked by its bytes (nothing stored when
// refused), a site worker is refused everywhere.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));
const today = parisDay();
const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

type Refusal = { message: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

const pdfFile = (name = "attestation.pdf") =>
  new File([new Uint8Array(PDF)], name, { type: "application/pdf" });

function documentForm(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  const all = {
    label: "",
    issuer: "",
    number: "",
    issuerAddress: "8 rue Louis Armand, 75015 Paris",
    coverage: "France métropolitaine",
    validUntil: "",
    notes: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  if (file) form.set("file", file);
  return form;
}

const upload = (form: FormData, call = asStaff, search = "") =>
  call(newRoute.action, `/erp/docs/nouveau${search}`, { method: "POST", body: form });

async function uploaded(fields: Record<string, string>, call = asStaff): Promise<string> {
  const outcome = await upload(documentForm(fields, pdfFile()), call);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
  const location = outcome.headers.get("location") ?? "";
  expect(location).toMatch(/^\/erp\/docs\/[0-9a-f-]{36}$/);
  return location.split("/").pop() ?? "";
}

const rowCount = async () => (await services.db.select().from(companyDocuments)).length;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-company-documents-"));
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  staff = await signedInStaff(services, "staff", "bureau@batirade.test");
  worker = await signedInStaff(services, "compagnon", "compagnon@batirade.test");
  // The rows migration 0042 copied from the former settings: this file starts from an empty register.
  await services.db.update(companyDocuments).set({ replacesId: null });
  await services.db.delete(companyDocuments);
});
afterAll(async () => close());

describe("the register", () => {
  it("says it is empty before the first document", async () => {
    const page = await asStaff(registerRoute.loader, "/erp/docs");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ groups: [] });
  });

  it("files a décennale as uploaded, lists it as current and serves its bytes inline", async () => {
    const validFrom = addDays(today, -300);
    const validUntil = addDays(today, 65);
    const outcome = await upload(
      documentForm(
        {
          kind: "decennale",
          issuer: "SMABTP",
          number: "D-2026-118",
          validFrom,
          validUntil,
          notes: "Couvre la maçonnerie et le gros œuvre.",
        },
        pdfFile("décennale 2026.pdf"),
      ),
    );
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe(
      "Document ajouté au registre de conformité (Attestation d'assurance décennale).",
    );
    const [stored] = await services.db.select().from(companyDocuments);
    expect(stored).toMatchObject({
      kind: "decennale",
      issuer: "SMABTP",
      number: "D-2026-118",
      validFrom,
      validUntil,
      contentType: "application/pdf",
      fileName: "décennale 2026.pdf",
      sizeBytes: PDF.length,
      replacesId: null,
      createdBy: staff.userId,
    });
    expect(stored?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const page = await asOwner(registerRoute.loader, "/erp/docs");
    expect(page.data).toMatchObject({
      groups: [
        {
          kind: "decennale",
          documents: [
            { id: stored?.id, status: { state: "valide", label: "Valide", daysLeft: 65 }, validUntil },
          ],
        },
      ],
    });

    const served = await asStaff(fileRoute.loader, `/erp/docs/${stored?.id}/fichier`, {
      params: { id: stored?.id ?? "" },
    });
    const response = served.data as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("computes the end of a Kbis (3 months), an URSSAF attestation (6 months) and an RGE certificate (4 years)", async () => {
    const validFrom = addDays(today, -10);
    for (const [kind, months] of [
      ["kbis", 3],
      ["urssaf", 6],
      ["rge", 48],
    ] as const) {
      // A typed end is not what counts for these kinds.
      const id = await uploaded({ kind, validFrom, validUntil: addDays(today, 1) });
      const [row] = await services.db.select().from(companyDocuments).where(eq(companyDocuments.id, id));
      expect(row?.validUntil, kind).toBe(addMonths(validFrom, months));
    }
  });

  it("renews a document: the new version is current, the previous one stays in its history", async () => {
    const [first] = await services.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.kind, "decennale"));
    const firstId = first?.id ?? "";
    const form = await asStaff(newRoute.loader, `/erp/docs/nouveau?remplace=${firstId}`);
    expect(form.data).toMatchObject({
      renewing: { id: firstId, kind: "decennale", issuer: "SMABTP", number: "D-2026-118" },
    });
    const validFrom = addDays(today, -1);
    const outcome = await upload(
      documentForm(
        {
          kind: "decennale",
          issuer: "SMABTP",
          number: "D-2027-004",
          validFrom,
          validUntil: addDays(validFrom, 365),
          replacesId: firstId,
        },
        pdfFile(),
      ),
    );
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe(
      "Document renouvelé (Attestation d'assurance décennale) : la version précédente reste dans l'historique.",
    );
    const newId = outcome.headers.get("location")?.split("/").pop() ?? "";

    const register = await companyRegister(services.db, today);
    const decennales = register.find((group) => group.kind === "decennale")?.documents ?? [];
    expect(decennales.map((document) => document.id)).toEqual([newId]);

    const detail = await asStaff(detailRoute.loader, `/erp/docs/${newId}`, { params: { id: newId } });
    expect(detail.data).toMatchObject({
      document: { id: newId, number: "D-2027-004", replacesId: firstId },
      replacedBy: null,
      previous: [{ id: firstId, number: "D-2026-118" }],
    });
    const old = await asStaff(detailRoute.loader, `/erp/docs/${firstId}`, { params: { id: firstId } });
    expect(old.data).toMatchObject({ replacedBy: { id: newId }, previous: [] });

    // The old version cannot be renewed a second time.
    const again = await upload(
      documentForm(
        {
          kind: "decennale",
          issuer: "SMABTP",
          number: "D-2027-005",
          validFrom,
          validUntil: addDays(today, 400),
          replacesId: firstId,
        },
        pdfFile(),
      ),
    );
    expect(again.status).toBe(409);
    expect((again.data as Refusal).message).toBe(
      "Ce document a déjà été renouvelé : renouvelez sa dernière version.",
    );
    const renewOld = await asStaff(newRoute.loader, `/erp/docs/nouveau?remplace=${firstId}`);
    expect(renewOld.status).toBe(404);
  });

  it("keeps one current carte BTP per employee: a new one for the same name renews it", async () => {
    const validFrom = addDays(today, -100);
    const dupont = await uploaded({
      kind: "carte_btp",
      label: "Marc Dupont",
      validFrom,
      validUntil: addDays(today, 20),
    });
    await uploaded({ kind: "carte_btp", label: "Ali Benali", validFrom, validUntil: addDays(today, 900) });
    const next = await uploaded({
      kind: "carte_btp",
      label: "marc dupont",
      validFrom: today,
      validUntil: addDays(today, 1800),
    });
    const register = await companyRegister(services.db, today);
    const cards = register.find((group) => group.kind === "carte_btp")?.documents ?? [];
    expect(cards.map((card) => card.label).sort()).toEqual(["Ali Benali", "marc dupont"]);
    const [row] = await services.db.select().from(companyDocuments).where(eq(companyDocuments.id, next));
    expect(row?.replacesId).toBe(dupont);
  });
});

describe("a document's status on a Paris day", () => {
  it("is « Valide » beyond 60 days, « À renouveler » from 60 days to the last day, « Expiré » after", () => {
    const end = "2027-03-31";
    expect(documentStatus(end, "2027-01-29")).toEqual({ state: "valide", label: "Valide", daysLeft: 61 });
    expect(documentStatus(end, "2027-01-30")).toEqual({
      state: "a_renouveler",
      label: "À renouveler",
      daysLeft: 60,
    });
    expect(documentStatus(end, "2027-03-31")).toEqual({
      state: "a_renouveler",
      label: "À renouveler",
      daysLeft: 0,
    });
    expect(documentStatus(end, "2027-04-01")).toEqual({ state: "expire", label: "Expiré", daysLeft: -1 });
    expect(documentStatus(null, "2027-04-01")).toMatchObject({ state: "valide", daysLeft: null });
  });

  it("is read on the register for today", async () => {
    const expiredId = await uploaded({
      kind: "fiscale",
      issuer: "DGFiP",
      validFrom: addDays(today, -200),
      validUntil: addDays(today, -1),
    });
    const register = await companyRegister(services.db, today);
    const fiscale = register.find((group) => group.kind === "fiscale")?.documents[0];
    expect(fiscale).toMatchObject({ id: expiredId, status: { state: "expire", daysLeft: -1 } });
    const card = register
      .find((group) => group.kind === "carte_btp")
      ?.documents.find((document) => document.label === "Ali Benali");
    expect(card?.status.state).toBe("valide");
  });
});

describe("refusals", () => {
  it("refuses a renamed executable, a text file and a missing file by their bytes, in French, storing nothing", async () => {
    const rows = await rowCount();
    const files = (await services.storage.list()).length;
    const exe = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
      Buffer.alloc(200),
    ]);
    const cases: [File | undefined, number, string][] = [
      [
        new File([new Uint8Array(exe)], "attestation.pdf", { type: "application/pdf" }),
        415,
        "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
      ],
      [
        new File(["Attestation d'assurance décennale\n"], "attestation.pdf", { type: "application/pdf" }),
        415,
        "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
      ],
      [undefined, 400, "Joignez la copie numérisée du document."],
    ];
    for (const [file, status, message] of cases) {
      const outcome = await upload(
        documentForm(
          { kind: "rc_pro", issuer: "AXA", validFrom: today, validUntil: addDays(today, 365) },
          file,
        ),
      );
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(status);
      const refusal = outcome.data as Refusal;
      expect(refusal.message).toBe(message);
      expect(refusal.fieldErrors?.file?.[0]).toBeTruthy();
      expect(refusal.values).toMatchObject({ kind: "rc_pro", issuer: "AXA" });
    }
    expect(await rowCount()).toBe(rows);
    expect((await services.storage.list()).length).toBe(files);
  });

  it("asks a décennale for its insurer, policy, the insurer's address and the coverage, storing nothing", async () => {
    const before = await rowCount();
    const outcome = await upload(
      documentForm(
        {
          kind: "decennale",
          validFrom: today,
          validUntil: addDays(today, 365),
          issuerAddress: "",
          coverage: "",
        },
        pdfFile(),
      ),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.data as Refusal).fieldErrors).toMatchObject({
      issuer: ["Indiquez l'assureur : il figure sur chaque devis et chaque facture."],
      number: ["Indiquez le numéro du contrat : il figure sur chaque devis et chaque facture."],
      issuerAddress: ["Indiquez l'adresse de l'assureur : elle figure sur chaque devis et chaque facture."],
      coverage: ["Indiquez la couverture géographique du contrat, par exemple « France métropolitaine »."],
    });
    expect(await rowCount()).toBe(before);
  });

  it("says at each field what is missing or wrong", async () => {
    const missing = await upload(documentForm({ kind: "carte_btp", validFrom: "" }, pdfFile()));
    expect(missing.status).toBe(400);
    expect((missing.data as Refusal).fieldErrors).toMatchObject({
      label: ["Indiquez à qui ou à quoi se rapporte ce document (le salarié, le véhicule ou l'équipement)."],
      validFrom: ["Indiquez la date d'émission ou de début de validité."],
      validUntil: ["Indiquez la date de fin de validité écrite sur le document."],
    });
    const backwards = await upload(
      documentForm({ kind: "rc_pro", validFrom: today, validUntil: addDays(today, -1) }, pdfFile()),
    );
    expect((backwards.data as Refusal).fieldErrors?.validUntil).toEqual([
      "La fin de validité ne peut pas précéder la date d'émission.",
    ]);
    const unknownKind = await upload(documentForm({ kind: "diplome", validFrom: today }, pdfFile()));
    expect((unknownKind.data as Refusal).fieldErrors?.kind).toEqual(["Choisissez le type de document."]);
    const badDay = await upload(
      documentForm({ kind: "rc_pro", validFrom: "2026-02-30", validUntil: "" }, pdfFile()),
    );
    expect((badDay.data as Refusal).fieldErrors?.validFrom).toEqual(["Cette date n'existe pas."]);
  });

  it("refuses a renewal of a document of another kind, or of one that does not exist", async () => {
    const [kbis] = await services.db.select().from(companyDocuments).where(eq(companyDocuments.kind, "kbis"));
    const otherKind = await upload(
      documentForm({ kind: "urssaf", validFrom: today, replacesId: kbis?.id ?? "" }, pdfFile()),
    );
    expect(otherKind.status).toBe(400);
    expect((otherKind.data as Refusal).message).toBe(
      "Un renouvellement garde le type du document qu'il remplace.",
    );
    const ghost = await upload(
      documentForm(
        { kind: "kbis", validFrom: today, replacesId: "00000000-0000-4000-8000-000000000000" },
        pdfFile(),
      ),
    );
    expect(ghost.status).toBe(404);
    expect(
      await asStaff(detailRoute.loader, "/erp/docs/pas-un-id", { params: { id: "pas-un-id" } }),
    ).toMatchObject({
      status: 404,
    });
    const noFile = await asStaff(fileRoute.loader, "/erp/docs/x/fichier", { params: { id: "x" } });
    expect(noFile.status).toBe(404);
  });

  it("refuses a site worker everywhere (403), and serves them no file", async () => {
    const [any] = await services.db.select().from(companyDocuments).limit(1);
    const id = any?.id ?? "";
    const calls = [
      asWorker(registerRoute.loader, "/erp/docs"),
      asWorker(newRoute.loader, "/erp/docs/nouveau"),
      asWorker(detailRoute.loader, `/erp/docs/${id}`, { params: { id } }),
      asWorker(fileRoute.loader, `/erp/docs/${id}/fichier`, { params: { id } }),
      upload(documentForm({ kind: "kbis", validFrom: today }, pdfFile()), asWorker),
    ];
    for (const outcome of await Promise.all(calls)) expect(outcome.status).toBe(403);
  });
});

/** Noon, Paris time, `offset` days from `day`. */
const noonOf = (day: string, offset = 0) =>
  new Date(parisMidnight(addDays(day, offset)).getTime() + 12 * 3600 * 1000);

async function remindersFor(documentId: string, day: string, offset: number) {
  const sent = await sendDocumentReminders(services.db, {
    now: noonOf(day, offset),
    fallbackEmail: "contact@batirade.test",
    siteUrl: "https://batirade.test/",
  });
  return sent.filter((reminder) => reminder.documentId === documentId).map((reminder) => reminder.level);
}

describe("the reminders to renew", () => {
  it("e-mails the owners 60, 30 and 7 days before the end, each level once", async () => {
    const end = addDays(today, 90);
    const id = await uploaded({
      kind: "qualibat",
      issuer: "Qualibat",
      validFrom: addDays(today, -300),
      validUntil: end,
    });
    expect(await remindersFor(id, end, -61)).toEqual([]);
    expect(await remindersFor(id, end, -60)).toEqual([60]);
    expect(await remindersFor(id, end, -60)).toEqual([]);
    expect(await remindersFor(id, end, -45)).toEqual([]);
    expect(await remindersFor(id, end, -30)).toEqual([30]);
    expect(await remindersFor(id, end, -29)).toEqual([]);
    expect(await remindersFor(id, end, -7)).toEqual([7]);
    expect(await remindersFor(id, end, -3)).toEqual([]);
    expect(await remindersFor(id, end, 1)).toEqual([]);
    const [row] = await services.db.select().from(companyDocuments).where(eq(companyDocuments.id, id));
    expect(row?.remindersSent).toEqual(["60", "30", "7"]);
    const mails = await services.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, "documents.reminder"),
          sql`${outboxMessages.payload}->>'text' like ${`%${id}%`}`,
        ),
      );
    expect(mails).toHaveLength(3);
    // The one owner account is e-mailed (not the fallback address), with the link to the document.
    expect(mails.map((mail) => mail.payload.to)).toEqual([
      "gerant@batirade.test",
      "gerant@batirade.test",
      "gerant@batirade.test",
    ]);
    expect(mails[0]?.payload.subject).toMatch(/^À renouveler : Certificat Qualibat, valable jusqu'au /);
    expect(mails[0]?.payload.text).toContain(`https://batirade.test/erp/docs/${id}`);
  });

  it("catches up a missed day with the most urgent level due, once", async () => {
    const end = addDays(today, 120);
    const id = await uploaded({
      kind: "verification",
      label: "Camion benne FG-123-HJ",
      validFrom: addDays(today, -200),
      validUntil: end,
    });
    // The server was stopped from J-60 to J-21: the 30-day reminder goes, the 60 one is not sent late.
    expect(await remindersFor(id, end, -20)).toEqual([30]);
    expect(await remindersFor(id, end, -19)).toEqual([]);
    // Stopped again over J-7: caught up at J-2.
    expect(await remindersFor(id, end, -2)).toEqual([7]);
    expect(await remindersFor(id, end, -1)).toEqual([]);
    const [row] = await services.db.select().from(companyDocuments).where(eq(companyDocuments.id, id));
    expect(row?.remindersSent).toEqual(["60", "30", "7"]);
  });

  it("leaves a replaced version alone", async () => {
    const end = addDays(today, 40);
    const old = await uploaded({
      kind: "carte_btp",
      label: "Julie Martin",
      validFrom: addDays(today, -1000),
      validUntil: end,
    });
    await uploaded({
      kind: "carte_btp",
      label: "Julie Martin",
      validFrom: today,
      validUntil: addDays(today, 1800),
    });
    expect(await remindersFor(old, end, -30)).toEqual([]);
  });
});

describe("the dashboard's « À renouveler » block", () => {
  it("lists the current documents expired or ending within 60 days, the most urgent first, for the office", async () => {
    const soon = await uploaded({
      kind: "rc_pro",
      issuer: "AXA",
      validFrom: addDays(today, -320),
      validUntil: addDays(today, 45),
    });
    const page = await asStaff(dashboardRoute.loader, "/erp");
    const toRenew = (page.data as { toRenew: { id: string; kind: string; status: { state: string } }[] })
      .toRenew;
    const [expired] = await services.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.kind, "fiscale"));
    expect(toRenew.map((document) => document.id)).toContain(soon);
    expect(toRenew[0]).toMatchObject({ id: expired?.id, kind: "fiscale", status: { state: "expire" } });
    expect(toRenew.find((document) => document.id === soon)?.status.state).toBe("a_renouveler");
    // Replaced versions and documents far from their end are not listed.
    const listed = new Set(toRenew.map((document) => document.id));
    const rows = await services.db.select().from(companyDocuments);
    for (const row of rows) {
      const replaced = rows.some((other) => other.replacesId === row.id);
      const due = row.validUntil !== null && row.validUntil <= addDays(today, 60);
      expect(listed.has(row.id), `${row.kind} ${row.label} ${row.validUntil}`).toBe(due && !replaced);
    }
    const ownerPage = await asOwner(dashboardRoute.loader, "/erp");
    expect((ownerPage.data as { toRenew: unknown[] }).toRenew).toEqual(toRenew);
  });

  it("has nothing to show when no document is near its end", async () => {
    expect(await documentsToRenew(services.db, "2000-01-01")).toEqual([]);
  });
});
