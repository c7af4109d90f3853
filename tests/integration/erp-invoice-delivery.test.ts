import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clients, issuedDocuments } from "#app/db/schema/clients.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { INVOICE_DRAFT_MARK } from "#app/features/invoices/mentions.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { deliverDueMail } from "#app/lib/outbox.server.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import * as previewRoute from "#app/routes/erp/factures/apercu.ts";
import * as detailRoute from "#app/routes/erp/factures/detail.tsx";
import { fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { type MailTestServices, startMailTestServices } from "#tests/helpers/mail-services.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { type RouteCallInit, routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, TEST_AUTH_SECRET } from "#tests/helpers/staff.ts";

// « Envoyer au client » of an issued invoice or credit note, the automatic sending at
// issue (a setting), the draft's « Aperçu PDF » and the answer of a refused « Émettre »,
// through the invoice page's routes, on a real database and a real SMTP server on
// loopback: the e-mail is read as the client receives it.

let mail: MailTestServices;
let services: AppServices;
let actor: { id: string; email: string };
let staffCookie: string;
let clientCounter = 0;

beforeAll(async () => {
  mail = await startMailTestServices("envoi-factures", {
    AUTH_SECRET: TEST_AUTH_SECRET,
    SITE_URL: "http://localhost",
  });
  services = mail.services;
  const staff = await signedInStaff(services, "staff", "envoi@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  staffCookie = staff.cookie;
});
beforeEach(async () => {
  await fillInvoiceSettings(services.db, { autoSendInvoices: false });
});
afterAll(async () => {
  await mail.close();
});

const call = routeCaller(() => ({ services, cookie: staffCookie }));
const post = (id: string, form: Record<string, string>, init: RouteCallInit = {}) =>
  call(detailRoute.action, `/erp/factures/${id}`, { params: { id }, form, ...init });
const page = async (id: string) =>
  (await call(detailRoute.loader, `/erp/factures/${id}`, { params: { id } })).data as Awaited<
    ReturnType<typeof detailRoute.loader>
  >;
const flash = (headers: Headers) => decodeURIComponent(headers.get("set-cookie") ?? "");

/** A quote sent and accepted by a client of its own (a fresh address, or the values given). */
async function acceptedQuote(clientValues: Partial<typeof clients.$inferInsert> = {}) {
  const email = `envoi-${++clientCounter}-${Date.now()}@example.fr`;
  const clientId = await insertClient(services.db, { email, ...clientValues });
  return { quoteId: await acceptedQuoteFor(services, actor, clientId), clientId, email };
}

const invoiceRow = (id: string) => readInvoiceRow(services.db, id);

/** A deposit invoice (30 %) drafted on a fresh accepted quote; `withoutEmail`: the address then removed from the record. */
async function depositDraft(clientValues: Partial<typeof clients.$inferInsert> = {}, withoutEmail = false) {
  const quote = await acceptedQuote(clientValues);
  if (withoutEmail) {
    await services.db.update(clients).set({ email: null }).where(eq(clients.id, quote.clientId));
  }
  const draft = await createInvoiceDraft(
    services.db,
    quote.quoteId,
    { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
    actor,
  );
  return { ...quote, id: draft.id };
}

/** « Émettre » on the page; the issued row. */
async function issueThroughPage(id: string) {
  const issued = await post(id, { intent: "emettre" });
  expect(issued.status, JSON.stringify(issued.data)).toBe(303);
  return { row: await invoiceRow(id), flash: flash(issued.headers) };
}

async function queuedTo(email: string) {
  const rows = await services.db.select().from(outboxMessages).orderBy(outboxMessages.createdAt);
  return rows.filter((row) => row.payload.to === email && row.kind.startsWith("invoice."));
}

/** Delivers everything queued, then the messages the SMTP server received for `email`. */
async function receivedBy(email: string) {
  for (let round = 0; round < 20; round += 1) {
    const { claimed } = await deliverDueMail(services, { batchSize: 50 });
    if (claimed === 0) break;
  }
  // The quote went to the same address: only the invoices' e-mails.
  return mail.smtp.messages.filter(
    (message) =>
      message.envelope.to.includes(email) && /^(Facture|Avoir) /.test(message.parsed?.subject ?? ""),
  );
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("« Envoyer au client » on an issued invoice", () => {
  it("e-mails the stored Factur-X PDF with the payment details in French, logs it with the address, and sends it again", async () => {
    const { id, email } = await depositDraft({ name: "Claire Dupuis" });
    const { row } = await issueThroughPage(id);
    // The setting is off by default: issuing sent nothing.
    expect(await queuedTo(email)).toEqual([]);
    const number = row.number ?? "";
    expect(number).toMatch(/^FAC-/);

    const shown = await page(id);
    expect(shown.delivery).toEqual({ to: email, sent: 0 });

    let wakes = 0;
    const stop = services.outbox.onWake(() => {
      wakes += 1;
    });
    const sent = await post(id, { intent: "envoyer-client", confirmation: "oui" });
    stop();
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    expect(sent.headers.get("location")).toBe(`/erp/factures/${id}`);
    expect(flash(sent.headers)).toContain(`Facture ${number} envoyée à ${email}`);
    expect(wakes).toBe(1);

    const [message] = await receivedBy(email);
    const parsed = message?.parsed;
    if (!parsed) throw new Error("e-mail non reçu");
    expect(message?.envelope.to).toEqual([email]);
    expect(parsed.subject).toBe(`Facture ${number} – Bâti Rade Toulon`);
    const text = parsed.text ?? "";
    const due = formatDate(row.dueOn ?? "");
    expect(text).toContain("Bonjour Claire Dupuis,");
    expect(text).toContain(
      `Veuillez trouver ci-jointe notre facture ${number} du ${formatDate(row.issuedOn ?? "")}.`,
    );
    expect(text).toContain(`Échéance : ${due}`);
    expect(text).toContain(`régler ${formatCents(row.netToPayCents)} au plus tard le ${due}`);
    expect(text).toContain("IBAN : FR76 3000 6000 0112 3456 7890 189");
    expect(text).toContain("BIC : AGRIFRPP");
    expect(text).toContain("Titulaire : BATI RADE TOULON");
    expect(text).toContain(`Référence à indiquer : ${number}`);
    expect(text).toContain("Bien cordialement,");
    expect(parsed.replyTo?.text).toContain("contact@batirade-toulon.fr");
    // The attachment is the issued file, byte for byte.
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toBe(`${number.toLowerCase()}.pdf`);
    expect(attachment?.contentType).toBe("application/pdf");
    const stored = await services.storage.get(row.pdfStorageKey ?? "");
    expect(sha256(attachment?.content ?? Buffer.alloc(0))).toBe(sha256(stored));
    expect(sha256(attachment?.content ?? Buffer.alloc(0))).toBe(row.pdfSha256);

    // The history says it, with the address and who sent it.
    const [event] = await listActivity(services.db, "facture", id);
    expect(event).toMatchObject({
      kind: "sent_to_client",
      actorEmail: actor.email,
      summary: `Facture envoyée au client à ${email}, PDF Factur-X joint`,
    });
    expect((await page(id)).delivery).toEqual({ to: email, sent: 1 });

    // « Renvoyer »: a second e-mail, a second line of history.
    const again = await post(id, { intent: "envoyer-client", confirmation: "oui" });
    expect(again.status).toBe(303);
    expect(flash(again.headers)).toContain(`Facture ${number} renvoyée à ${email}`);
    expect(await receivedBy(email)).toHaveLength(2);
    const [latest] = await listActivity(services.db, "facture", id);
    expect(latest?.summary).toBe(`Facture renvoyée au client à ${email}, PDF Factur-X joint`);
    expect((await page(id)).delivery).toEqual({ to: email, sent: 2 });
  });

  it("e-mails a credit note saying what it credits, with no payment request", async () => {
    const { id, email } = await depositDraft();
    const { row: invoice } = await issueThroughPage(id);
    const credit = await createCreditNoteDraft(services.db, id, { kind: "amount", ttc: 10_000 }, actor);
    const { row } = await issueThroughPage(credit.id);
    const number = row.number ?? "";
    expect((await page(credit.id)).delivery).toEqual({ to: email, sent: 0 });

    const sent = await post(credit.id, { intent: "envoyer-client", confirmation: "oui" });
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    expect(flash(sent.headers)).toContain(`Avoir ${number} envoyé à ${email}`);
    const [message] = await receivedBy(email);
    const parsed = message?.parsed;
    if (!parsed) throw new Error("e-mail non reçu");
    expect(parsed.subject).toBe(`Avoir ${number} – Bâti Rade Toulon`);
    const text = parsed.text ?? "";
    expect(text).toContain(
      `notre avoir ${number} du ${formatDate(row.issuedOn ?? "")}, sur notre facture ${invoice.number} du ${formatDate(invoice.issuedOn ?? "")}.`,
    );
    expect(text).toContain(`Il en déduit ${formatCents(10_000)} TTC.`);
    expect(text).toContain("Cet avoir ne vous demande aucun paiement.");
    expect(text).not.toContain("IBAN");
    expect(text).not.toContain("Échéance");
    const stored = await services.storage.get(row.pdfStorageKey ?? "");
    expect(sha256(parsed.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(stored));
    const [event] = await listActivity(services.db, "facture", credit.id);
    expect(event).toMatchObject({
      kind: "sent_to_client",
      summary: `Avoir envoyé au client à ${email}, PDF Factur-X joint`,
    });
  });

  it("refuses a draft, an unconfirmed post, a client without an address (saying where to fill it in), signed out", async () => {
    const { id, email } = await depositDraft();
    const onDraft = await post(id, { intent: "envoyer-client", confirmation: "oui" });
    expect(onDraft.status).toBe(409);
    expect((onDraft.data as { message: string }).message).toMatch(/brouillon ne s'envoie pas/);
    expect((await page(id)).delivery).toBeNull();

    await issueThroughPage(id);
    const unconfirmed = await post(id, { intent: "envoyer-client" });
    expect(unconfirmed.status).toBe(400);
    expect((unconfirmed.data as { message: string }).message).toBe("Confirmez l'envoi au client.");
    const signedOut = await post(id, { intent: "envoyer-client", confirmation: "oui" }, { cookie: "" });
    expect(signedOut.status).toBe(401);
    expect(await queuedTo(email)).toEqual([]);

    const missing = await depositDraft({}, true);
    await issueThroughPage(missing.id);
    expect((await page(missing.id)).delivery).toEqual({ to: null, sent: 0 });
    const refused = await post(missing.id, { intent: "envoyer-client", confirmation: "oui" });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      intent: "envoyer-client",
      message:
        "Le client n'a pas d'adresse e-mail : ajoutez-la sur sa fiche client, puis envoyez-lui la facture.",
      fix: { href: `/erp/clients/${missing.clientId}`, label: "Compléter la fiche du client" },
    });
    const kinds = (await listActivity(services.db, "facture", missing.id)).map((event) => event.kind);
    expect(kinds).not.toContain("sent_to_client");
  });
});

describe("« Envoyer automatiquement les factures au client à l'émission »", () => {
  it("when on, issuing queues the same e-mail and logs it; a client without an address does not stop the issue", async () => {
    await services.db
      .update(companySettings)
      .set({ autoSendInvoices: true })
      .where(eq(companySettings.id, 1));
    const { id, email } = await depositDraft();
    let wakes = 0;
    const stop = services.outbox.onWake(() => {
      wakes += 1;
    });
    const { row, flash: message } = await issueThroughPage(id);
    stop();
    expect(wakes).toBe(1);
    expect(message).toContain(`Envoyée automatiquement au client à ${email}.`);
    const [received] = await receivedBy(email);
    expect(received?.parsed?.subject).toBe(`Facture ${row.number} – Bâti Rade Toulon`);
    const stored = await services.storage.get(row.pdfStorageKey ?? "");
    expect(sha256(received?.parsed?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(stored));
    const kinds = (await listActivity(services.db, "facture", id)).map((event) => event.kind).reverse();
    expect(kinds).toEqual(["created", "issued", "sent_to_client_auto"]);
    expect((await page(id)).delivery).toEqual({ to: email, sent: 1 });

    const missing = await depositDraft({}, true);
    const issued = await issueThroughPage(missing.id);
    expect(issued.row.status).toBe("emise");
    expect(issued.flash).toContain("L'envoi automatique n'a pas pu partir");
    const [event] = await listActivity(services.db, "facture", missing.id);
    expect(event).toMatchObject({
      kind: "auto_send_skipped",
      summary: "Envoi automatique au client impossible : sa fiche n'a pas d'adresse e-mail",
    });
  });
});

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`)
    .sort();
}

async function registeredDocuments(): Promise<number> {
  const [row] = await services.db.select({ count: sql<number>`count(*)::int` }).from(issuedDocuments);
  return Number(row?.count ?? 0);
}

describe("« Aperçu PDF » of a draft", () => {
  it("renders the document to be issued, marked « Brouillon – sans valeur » on every page, without a number, storing nothing", async () => {
    const { id } = await depositDraft();
    const filesBefore = filesUnder(mail.dataDir);
    const documentsBefore = await registeredDocuments();
    const preview = await call(previewRoute.loader, `/erp/factures/${id}/apercu.pdf`, { params: { id } });
    expect(preview.status).toBe(200);
    const response = preview.data as Response;
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { pages } = await readPdf(bytes);
    expect(INVOICE_DRAFT_MARK).toBe("Brouillon – sans valeur");
    expect(pages.length).toBeGreaterThanOrEqual(1);
    for (const text of pages) {
      expect(text).toContain(INVOICE_DRAFT_MARK);
      expect(text).not.toMatch(/FAC-\d/);
    }
    expect(pages.join("\n")).toContain("Facture d'acompte");
    // Nothing stored, nothing registered, the draft still a draft without number.
    expect(filesUnder(mail.dataDir)).toEqual(filesBefore);
    expect(await registeredDocuments()).toBe(documentsBefore);
    expect(await invoiceRow(id)).toMatchObject({ status: "brouillon", number: null, pdfStorageKey: null });

    // Issued, the document has its number and no mark.
    const { row } = await issueThroughPage(id);
    const issued = await readPdf(await services.storage.get(row.pdfStorageKey ?? ""));
    expect(issued.pages.join("\n")).not.toContain(INVOICE_DRAFT_MARK);
    expect(issued.pages.join("\n")).toContain(row.number ?? "");
    // An issued invoice has no preview: its PDF is the issued one.
    const after = await call(previewRoute.loader, `/erp/factures/${id}/apercu.pdf`, { params: { id } });
    expect(after.status).toBe(409);
  });

  it("is for the staff only, and says what is missing instead of a document that could not be issued", async () => {
    const { id } = await depositDraft();
    const signedOut = await call(previewRoute.loader, `/erp/factures/${id}/apercu.pdf`, {
      params: { id },
      cookie: "",
    });
    expect(signedOut.status).toBe(401);
    expect(
      (
        await call(previewRoute.loader, "/erp/factures/pas-un-id/apercu.pdf", {
          params: { id: "pas-un-id" },
        })
      ).status,
    ).toBe(404);
    await services.db
      .update(companySettings)
      .set({ bankAccountHolder: null, iban: null, bic: null })
      .where(eq(companySettings.id, 1));
    const incomplete = await call(previewRoute.loader, `/erp/factures/${id}/apercu.pdf`, { params: { id } });
    expect(incomplete.status).toBe(409);
    expect(await (incomplete.data as Response).json()).toEqual({
      message: expect.stringContaining(
        "Les coordonnées bancaires (titulaire, IBAN, BIC) ne sont pas renseignées",
      ),
    });
  });
});

describe("a refused « Émettre »", () => {
  it("answers on the page (no redirect) with the intent and the list of what is missing, for the alert at the top", async () => {
    const { id } = await depositDraft();
    await services.db
      .update(companySettings)
      .set({ bankAccountHolder: null, iban: null, bic: null })
      .where(eq(companySettings.id, 1));
    const refused = await post(id, { intent: "emettre" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
    expect(refused.data).toEqual({
      ok: false,
      intent: "emettre",
      message: "La facture ne peut pas être émise :",
      missing: [expect.stringContaining("Les coordonnées bancaires (titulaire, IBAN, BIC)")],
      // The same reason as data; a member who may not open the settings gets no link to them.
      problems: [
        { message: expect.stringContaining("Les coordonnées bancaires (titulaire, IBAN, BIC)"), href: null },
      ],
    });
    // No field: the page shows it in the alert at the top, not at a field of a form.
    expect((refused.data as { field?: string }).field).toBeUndefined();
    expect((await invoiceRow(id)).status).toBe("brouillon");
  });
});
