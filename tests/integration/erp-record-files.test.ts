import { eq } from "drizzle-orm";
import { zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSiteAssignments } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { recordFiles } from "#app/db/schema/record-files.ts";
import { anonymiseClient, deleteClient } from "#app/features/clients/gdpr.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { cleanRecordFileName } from "#app/features/record-files/upload.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { siteFiles } from "#app/lib/record-files.server.ts";
import * as supplierFileRoute from "#app/routes/erp/achats/fournisseurs/fichier.ts";
import * as supplierPage from "#app/routes/erp/achats/fournisseurs/fichiers.tsx";
import * as sitePage from "#app/routes/erp/chantiers/documents.tsx";
import * as siteFileRoute from "#app/routes/erp/chantiers/fichier.ts";
import * as clientPage from "#app/routes/erp/clients/documents.tsx";
import * as clientFileRoute from "#app/routes/erp/clients/fichier.ts";
import * as searchRoute from "#app/routes/erp/docs/fichiers.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { billingSteps, fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The files of a client, a job site and a supplier through their routes on a real
// database: several files at once, each checked by its bytes (an executable or a zip named
// .pdf refused, naming the file), names cleaned, all or nothing, another record's file id
// unknown, a site worker only on the sites they are put on, deletion confirmed and written
// in the history, a client's erasure and anonymisation deleting the stored bytes.

let services: AppServices;
let close: () => Promise<void>;
type Session = { cookie: string; userId: string; email: string };
let staff: Session;
let worker: Session;
let clientId: string;
let otherClientId: string;
let siteId: string;
let otherSiteId: string;
let supplierId: string;

/** The route called with the params its URL names (:id, :fileId). */
function withParams(call: ReturnType<typeof routeCaller>): ReturnType<typeof routeCaller> {
  return (handler, url, init = {}) => {
    const match =
      /^\/erp\/(?:clients|chantiers|achats\/fournisseurs)\/([^/?]+)\/(?:documents|fichiers)(?:\/([^/?]+))?/.exec(
        url,
      );
    const params: Record<string, string> = { id: match?.[1] ?? "" };
    if (match?.[2]) params.fileId = match[2];
    return call(handler, url, { params, ...init });
  };
}

const asStaff = withParams(routeCaller(() => ({ services, cookie: staff.cookie })));
const asWorker = withParams(routeCaller(() => ({ services, cookie: worker.cookie })));

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
let JPEG: Buffer;

const file = (bytes: Uint8Array, name: string, type = "application/pdf") =>
  new File([new Uint8Array(bytes)], name, { type });

function uploadForm(files: File[], kind = "plan"): FormData {
  const form = new FormData();
  form.set("intent", "deposer");
  form.set("kind", kind);
  for (const entry of files) form.append("files", entry);
  return form;
}

const SITE = {
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
  plannedStart: null,
  plannedEnd: null,
  actualStart: null,
  actualEnd: null,
};

const rows = async () => services.db.select().from(recordFiles);

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-record-files-"));
  staff = await signedInStaff(services, "staff", "fichiers@batirade.test");
  worker = await signedInStaff(services, "compagnon", "compagnon-fichiers@batirade.test");
  const actor = { id: staff.userId, email: staff.email };
  clientId = await insertClient(services.db, { name: "Famille Plan", email: "plan@example.fr" });
  otherClientId = await insertClient(services.db, { name: "Famille Autre", email: "autre@example.fr" });
  ({ id: siteId } = await createJobSite(services.db, actor, clientId, { ...SITE, title: "Cuisine Plan" }));
  ({ id: otherSiteId } = await createJobSite(services.db, actor, otherClientId, {
    ...SITE,
    title: "Toiture Autre",
  }));
  await services.db.insert(jobSiteAssignments).values({
    jobSiteId: siteId,
    userId: worker.userId,
    startDate: "2026-11-01",
    endDate: "2026-12-31",
    createdBy: staff.userId,
  });
  const [supplier] = await services.db
    .insert(suppliers)
    .values({
      kind: "fournisseur",
      legalName: "Négoce du Var",
      email: "contact@negoce.test",
      trade: "Matériaux",
    })
    .returning({ id: suppliers.id });
  supplierId = supplier?.id ?? "";
  JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => close());

describe("uploading", () => {
  it("stores several files at once, each with its kind, size, hash and who added it, and lists them", async () => {
    const outcome = await asStaff(sitePage.action, `/erp/chantiers/${siteId}/documents`, {
      method: "POST",
      body: uploadForm([file(PDF, "plan-rdc.pdf"), file(JPEG, "façade.jpeg", "image/jpeg")]),
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(outcome.headers.get("location")).toBe(`/erp/chantiers/${siteId}/documents`);
    expect((await readFlash(outcome))?.message).toBe("2 fichiers ajoutés (plan).");
    const page = await asStaff(sitePage.loader, `/erp/chantiers/${siteId}/documents`);
    const data = page.data as {
      files: { fileName: string; sizeBytes: number; createdByEmail: string; contentType: string }[];
    };
    expect(data.files.map((entry) => entry.fileName).sort()).toEqual(["façade.jpeg", "plan-rdc.pdf"]);
    expect(data.files.find((entry) => entry.fileName === "plan-rdc.pdf")).toMatchObject({
      sizeBytes: PDF.length,
      contentType: "application/pdf",
      createdByEmail: staff.email,
    });
    // The shared query other sections read.
    expect((await siteFiles(services.db, siteId, ["plan"])).length).toBe(2);
    expect(await siteFiles(services.db, siteId, ["notice"])).toEqual([]);
    const history = await listActivity(services.db, "chantier", siteId);
    expect(history.some((event) => event.summary.includes("2 fichiers ajoutés (Plan)"))).toBe(true);
  });

  it("serves a file inline for the preview and as an attachment with ?telecharger, never cached", async () => {
    const [row] = (await rows()).filter((entry) => entry.fileName === "plan-rdc.pdf");
    const url = `/erp/chantiers/${siteId}/documents/${row?.id}`;
    const inline = await asStaff(siteFileRoute.loader, url);
    expect(inline.status).toBe(200);
    const response = inline.data as Response;
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="plan-rdc.pdf"/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // Framed by the documents page only; the file itself loads nothing.
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const saved = await asStaff(siteFileRoute.loader, `${url}?telecharger`);
    expect((saved.data as Response).headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("refuses an executable renamed .pdf with 415 naming the file, and stores nothing of the post", async () => {
    const before = (await rows()).length;
    const keys = (await services.storage.list()).length;
    const exe = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
      Buffer.alloc(512),
    ]);
    const outcome = await asStaff(sitePage.action, `/erp/chantiers/${siteId}/documents`, {
      method: "POST",
      body: uploadForm([file(PDF, "bon.pdf"), file(exe, "devis.pdf")]),
    });
    expect(outcome.status).toBe(415);
    expect((outcome.data as { message: string }).message).toContain("« devis.pdf »");
    expect((outcome.data as { message: string }).message).toContain("n'est ni un PDF");
    expect((await rows()).length).toBe(before);
    expect((await services.storage.list()).length).toBe(keys);
  });

  it("refuses a text file and a zip bomb named .pdf by their bytes", async () => {
    const text = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm([file(Buffer.from("juste du texte, pas un PDF"), "note.pdf")]),
    });
    expect(text.status).toBe(415);
    const bomb = zipSync({ "zeros.bin": new Uint8Array(30 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const zipped = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm([file(bomb, "plans.pdf")]),
    });
    expect(zipped.status).toBe(415);
    expect((zipped.data as { message: string }).message).toContain("« plans.pdf »");
    expect((await rows()).filter((row) => row.clientId === clientId)).toEqual([]);
  });

  it("refuses a file over 20 MB with 413, more than 10 files, no file, or an unknown kind", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm([file(PDF, "petit.pdf"), file(big, "gros.pdf")]),
    });
    expect(tooBig.status).toBe(413);
    expect((tooBig.data as { message: string }).message).toContain("« gros.pdf »");
    const eleven = Array.from({ length: 11 }, (_, index) => file(PDF, `p${index}.pdf`));
    const tooMany = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm(eleven),
    });
    expect(tooMany.status).toBe(413);
    const none = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm([]),
    });
    expect(none.status).toBe(400);
    const badKind = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm([file(PDF, "x.pdf")], "facture"),
    });
    expect(badKind.status).toBe(400);
    expect((await rows()).filter((row) => row.clientId === clientId)).toEqual([]);
  });

  it("cleans the name: no path, no control characters, 200 characters at most, the real type's extension", async () => {
    const outcome = await asStaff(clientPage.action, `/erp/clients/${clientId}/documents`, {
      method: "POST",
      body: uploadForm(
        [file(PDF, "../../x.pdf"), file(JPEG, "photo\u0000\u0007.pdf", "image/jpeg")],
        "autre",
      ),
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const names = (await rows()).filter((row) => row.clientId === clientId).map((row) => row.fileName);
    expect(names.sort()).toEqual(["photo.jpg", "x.pdf"]);
    expect(cleanRecordFileName("..\\..\\windows\\plan.PDF", "application/pdf")).toBe(
      "plan.PDF".replace("PDF", "pdf"),
    );
    const long = cleanRecordFileName(`${"a".repeat(300)}.pdf`, "application/pdf");
    expect(long.length).toBe(200);
    expect(long.endsWith(".pdf")).toBe(true);
    expect(cleanRecordFileName("/", "image/png")).toBe("fichier.png");
  });
});

describe("who sees which file", () => {
  it("answers 404 for another record's file id, and for an unknown record", async () => {
    const [clientFile] = (await rows()).filter((row) => row.clientId === clientId);
    const other = await asStaff(
      clientFileRoute.loader,
      `/erp/clients/${otherClientId}/documents/${clientFile?.id}`,
    );
    expect(other.status).toBe(404);
    const asSite = await asStaff(
      siteFileRoute.loader,
      `/erp/chantiers/${siteId}/documents/${clientFile?.id}`,
    );
    expect(asSite.status).toBe(404);
    const unknown = await asStaff(
      clientPage.loader,
      "/erp/clients/6f1c2b3a-0000-4000-8000-000000000000/documents",
    );
    expect(unknown.status).toBe(404);
    const mine = await asStaff(
      clientFileRoute.loader,
      `/erp/clients/${clientId}/documents/${clientFile?.id}`,
    );
    expect(mine.status).toBe(200);
  });

  it("lets a site worker see and add files on their site only, never delete, and keeps them out of clients and suppliers", async () => {
    const page = await asWorker(sitePage.loader, `/erp/chantiers/${siteId}/documents`);
    expect(page.status).toBe(200);
    expect((page.data as { generated: unknown[] }).generated).toEqual([]);
    const added = await asWorker(sitePage.action, `/erp/chantiers/${siteId}/documents`, {
      method: "POST",
      body: uploadForm([file(JPEG, "avancement.jpg", "image/jpeg")], "photo"),
    });
    expect(added.status).toBe(303);
    const [photo] = (await rows()).filter((row) => row.fileName === "avancement.jpg");
    const deleteForm = new FormData();
    deleteForm.set("intent", "supprimer");
    deleteForm.set("fileId", photo?.id ?? "");
    deleteForm.set("confirmation", "oui");
    const refusedDelete = await asWorker(sitePage.action, `/erp/chantiers/${siteId}/documents`, {
      method: "POST",
      body: deleteForm,
    });
    expect(refusedDelete.status).toBe(403);
    expect((await asWorker(sitePage.loader, `/erp/chantiers/${otherSiteId}/documents`)).status).toBe(403);
    expect(
      (
        await asWorker(sitePage.action, `/erp/chantiers/${otherSiteId}/documents`, {
          method: "POST",
          body: uploadForm([file(PDF, "x.pdf")]),
        })
      ).status,
    ).toBe(403);
    expect(
      (await asWorker(siteFileRoute.loader, `/erp/chantiers/${otherSiteId}/documents/${photo?.id}`)).status,
    ).toBe(403);
    expect((await asWorker(clientPage.loader, `/erp/clients/${clientId}/documents`)).status).toBe(403);
    expect(
      (await asWorker(supplierPage.loader, `/erp/achats/fournisseurs/${supplierId}/fichiers`)).status,
    ).toBe(403);
  });
});

describe("the search of Documents › Fichiers", () => {
  type Found = { items: { name: string; owner: string; href: string; type: string }[]; total: number };
  it("finds uploaded files by name and by the record's name, filtered by type, paginated", async () => {
    const byName = await asStaff(searchRoute.loader, "/erp/docs/fichiers?q=PLAN-rdc");
    expect(byName.status).toBe(200);
    const found = byName.data as Found;
    expect(found.items.map((item) => item.name)).toEqual(["plan-rdc.pdf"]);
    expect(found.items[0]?.href).toMatch(new RegExp(`^/erp/chantiers/${siteId}/documents/`));
    const byOwner = (await asStaff(searchRoute.loader, "/erp/docs/fichiers?q=cuisine%20plan&type=photo"))
      .data as Found;
    expect(byOwner.items.map((item) => item.name)).toEqual(["avancement.jpg"]);
    const none = (await asStaff(searchRoute.loader, "/erp/docs/fichiers?q=introuvable")).data as Found;
    expect(none.total).toBe(0);
    for (const type of ["devis", "facture", "avoir", "bon_commande"]) {
      const made = await asStaff(searchRoute.loader, `/erp/docs/fichiers?type=${type}&q=x`);
      expect(made.status, type).toBe(200);
    }
    expect((await asStaff(searchRoute.loader, "/erp/docs/fichiers?type=virus")).status).toBe(400);
    expect((await asWorker(searchRoute.loader, "/erp/docs/fichiers")).status).toBe(403);
  });
});

describe("deleting", () => {
  it("asks for a confirmation, then writes who deleted what and removes the row and its bytes", async () => {
    const added = await asStaff(supplierPage.action, `/erp/achats/fournisseurs/${supplierId}/fichiers`, {
      method: "POST",
      body: uploadForm([file(PDF, "fiche-produit.pdf")], "fiche_technique"),
    });
    expect(added.status).toBe(303);
    const [row] = (await rows()).filter((entry) => entry.supplierId === supplierId);
    if (!row) throw new Error("no file");
    const form = new FormData();
    form.set("intent", "supprimer");
    form.set("fileId", row.id);
    const unconfirmed = await asStaff(
      supplierPage.action,
      `/erp/achats/fournisseurs/${supplierId}/fichiers`,
      {
        method: "POST",
        body: form,
      },
    );
    expect(unconfirmed.status).toBe(400);
    expect(await services.storage.get(row.storageKey)).toBeTruthy();
    form.set("confirmation", "oui");
    const deleted = await asStaff(supplierPage.action, `/erp/achats/fournisseurs/${supplierId}/fichiers`, {
      method: "POST",
      body: form,
    });
    expect(deleted.status).toBe(303);
    expect((await readFlash(deleted))?.message).toBe("Fichier supprimé : fiche-produit.pdf.");
    expect(await services.db.select().from(recordFiles).where(eq(recordFiles.id, row.id))).toEqual([]);
    await expect(services.storage.get(row.storageKey)).rejects.toThrow();
    const history = await listActivity(services.db, "fournisseur", supplierId);
    const line = history.find((event) => event.kind === "file_deleted");
    expect(line?.summary).toBe("Fichier supprimé (Fiche technique) : fiche-produit.pdf");
    expect(line?.actorEmail).toBe(staff.email);
    const again = await asStaff(supplierPage.action, `/erp/achats/fournisseurs/${supplierId}/fichiers`, {
      method: "POST",
      body: form,
    });
    expect(again.status).toBe(404);
    expect(
      (await asStaff(supplierFileRoute.loader, `/erp/achats/fournisseurs/${supplierId}/fichiers/${row.id}`))
        .status,
    ).toBe(404);
  });
});

describe("legal retention", () => {
  it("lists an issued invoice among the client's documents but never deletes it, nor the client holding it", async () => {
    await fillInvoiceSettings(services.db);
    const steps = billingSteps(services, { id: staff.userId, email: staff.email });
    const quoteId = await steps.acceptedQuote({ name: "Famille Facture", email: "facture@example.fr" });
    const invoiceId = await steps.invoice(quoteId, { kind: "solde" });
    const invoice = await readInvoiceRow(services.db, invoiceId);
    const owner = invoice.clientId;
    const page = await asStaff(clientPage.loader, `/erp/clients/${owner}/documents`);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain(String(invoice.number));

    // A crafted deletion naming the invoice is not a file of the record: 404, nothing removed.
    const form = new FormData();
    form.set("intent", "supprimer");
    form.set("fileId", invoiceId);
    form.set("confirmation", "oui");
    const refused = await asStaff(clientPage.action, `/erp/clients/${owner}/documents`, {
      method: "POST",
      body: form,
    });
    expect(refused.status).toBe(404);
    const kept = await readInvoiceRow(services.db, invoiceId);
    expect(kept.number).toBe(invoice.number);
    expect(kept.pdfStorageKey).toBe(invoice.pdfStorageKey);
    if (kept.pdfStorageKey)
      expect((await services.storage.get(kept.pdfStorageKey)).byteLength).toBeGreaterThan(0);
    await expect(deleteClient(services.db, services.storage, owner)).rejects.toThrow(/conserver 10 ans/);
  });
});

describe("the client's personal data", () => {
  it("anonymisation deletes the client's uploaded files and their bytes", async () => {
    const before = (await rows()).filter((row) => row.clientId === clientId);
    expect(before.length).toBe(2);
    await anonymiseClient(services.db, services.storage, { id: staff.userId, email: staff.email }, clientId);
    expect((await rows()).filter((row) => row.clientId === clientId)).toEqual([]);
    for (const row of before) await expect(services.storage.get(row.storageKey)).rejects.toThrow();
    // The site's files (the work's record) stay.
    expect((await siteFiles(services.db, siteId)).length).toBe(3);
  });

  it("erasure deletes the client's uploaded files and their bytes", async () => {
    const lonelyId = await insertClient(services.db, { name: "Famille Seule", email: "seule@example.fr" });
    const added = await asStaff(clientPage.action, `/erp/clients/${lonelyId}/documents`, {
      method: "POST",
      body: uploadForm([file(PDF, "piece-identite.pdf")], "autre"),
    });
    expect(added.status).toBe(303);
    const [row] = (await rows()).filter((entry) => entry.clientId === lonelyId);
    if (!row) throw new Error("no file");
    await deleteClient(services.db, services.storage, lonelyId);
    expect((await rows()).filter((entry) => entry.clientId === lonelyId)).toEqual([]);
    await expect(services.storage.get(row.storageKey)).rejects.toThrow();
  });
});
