import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "#app/db/schema/clients.ts";
import { STANDALONE_MESSAGES } from "#app/features/invoices/billing.ts";
import { createCreditNoteDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import {
  InvoiceConflictError,
  InvoiceNotIssuableError,
  InvoiceStateError,
} from "#app/features/invoices/query.server.ts";
import { sendDueReminders } from "#app/features/invoices/reminders.server.ts";
import {
  createStandaloneDraft,
  saveStandaloneDraft,
  standaloneDraftEditor,
} from "#app/features/invoices/standalone.server.ts";
import {
  type QuoteContent,
  type QuoteDraftInput,
  QuoteDraftSchema,
  toDraftInput,
} from "#app/features/quotes/content.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/factures/detail.tsx";
import * as newRoute from "#app/routes/erp/factures/nouvelle.tsx";
import { fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// A standalone invoice (« Facture » for a small job without a quote): created for a client,
// its lines typed in the quotes' editor and saved over their revision, issued as a Factur-X
// invoice with its own lines, then credited; through the functions and the routes.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-invoice-standalone-"));
  staff = await signedInStaff(services, "staff", "sans-devis@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillInvoiceSettings(services.db);
});
afterAll(() => close());

type Handler = (args: never) => Promise<unknown>;
const call = routeCaller(() => ({ services, cookie: staff.cookie }));

const row = (id: string) => readInvoiceRow(services.db, id);

async function editorOf(id: string) {
  const editor = await standaloneDraftEditor(services.db, await row(id));
  if (!editor) throw new Error("pas d'éditeur");
  return editor;
}

/** The editor's draft of a job: 2,5 h at 55 € (20 %), 3,2 m² at 33,33 € (10 %), a text line. */
function job(content: QuoteContent) {
  return jobDraft(toDraftInput(content));
}
function jobDraft(draft: QuoteDraftInput) {
  const lot = draft.lots[0];
  if (!lot) throw new Error("pas de lot");
  return {
    ...draft,
    title: "Réparation d'une fuite",
    description: "Remplacement du siphon et reprise de faïence.",
    lots: [
      {
        ...lot,
        lines: [
          {
            id: "mo",
            kind: "item" as const,
            designation: "Main-d'œuvre",
            description: "",
            unit: "h",
            quantity: "2,5",
            unitPriceHt: "55",
            vatCode: "20",
            optional: false,
            libraryItemId: null,
            cost: null,
          },
          {
            id: "fa",
            kind: "item" as const,
            designation: "Faïence posée",
            description: "",
            unit: "m²",
            quantity: "3,2",
            unitPriceHt: "33,33",
            vatCode: "10",
            optional: false,
            libraryItemId: null,
            cost: null,
          },
          { id: "tx", kind: "text" as const, text: "Intervention du 20 novembre." },
        ],
      },
    ],
  };
}

async function issue(id: string) {
  return issueInvoice(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db) },
    id,
    actor,
  );
}

describe("a standalone invoice", () => {
  it("is drafted for a client, saved over its revision, issued with its own lines, then credited", async () => {
    const clientId = await insertClient(services.db, {
      email: "depannage@example.fr",
      billingCity: "La Seyne-sur-Mer",
    });
    const { id } = await createStandaloneDraft(services.db, clientId, actor);
    const draft = await row(id);
    expect(draft).toMatchObject({
      kind: "facture",
      status: "brouillon",
      quoteId: null,
      number: null,
      totalTtcCents: 0,
    });
    const editor = await editorOf(id);
    expect(editor.content.site.city).toBe("La Seyne-sur-Mer");
    expect(editor.content.reverseCharge).toBe(false);

    // Nothing to invoice yet: issuing says so.
    await expect(issue(id)).rejects.toThrow(STANDALONE_MESSAGES.empty);

    const content = QuoteDraftSchema.parse(job(editor.content));
    const saved = await saveStandaloneDraft(services.db, id, { revision: editor.revision, content }, actor);
    expect(saved.revision).toBe(editor.revision + 1);
    // A save over the older revision is refused, not merged.
    await expect(
      saveStandaloneDraft(services.db, id, { revision: editor.revision, content }, actor),
    ).rejects.toThrow(InvoiceConflictError);
    // 137,50 € at 20 % (27,50) + 106,66 € at 10 % (10,67).
    expect(await row(id)).toMatchObject({
      totalHtCents: 24_416,
      totalVatCents: 3_817,
      totalTtcCents: 28_233,
    });

    const issued = await issue(id);
    expect(issued.number).toMatch(/^FAC-\d{4}-\d{4}$/);
    const after = await row(id);
    expect(after).toMatchObject({ status: "emise", netToPayCents: 28_233 });
    const billing = (
      after.content as { billing: { kind: string; items: { kind: string; designation?: string }[] } }
    ).billing;
    expect(billing.kind).toBe("facture");
    expect(billing.items.map((item) => item.designation ?? item.kind)).toEqual([
      "Main-d'œuvre",
      "Faïence posée",
      "text",
    ]);
    // Issued: frozen, and no longer edited.
    await expect(
      saveStandaloneDraft(services.db, id, { revision: after.revision, content }, actor),
    ).rejects.toThrow(InvoiceStateError);

    // A partial credit note by percentage, then the rest: the invoice is cancelled.
    const partial = await createCreditNoteDraft(
      services.db,
      id,
      { kind: "percent", basisPoints: 1_000 },
      actor,
    );
    await issue(partial.id);
    expect((await row(partial.id)).totalTtcCents).toBe(-2_823);
    const rest = await createCreditNoteDraft(services.db, id, { kind: "total" }, actor);
    await issue(rest.id);
    expect((await row(rest.id)).totalTtcCents).toBe(-(28_233 - 2_823));
    expect((await row(id)).status).toBe("annulee");
  });

  it("takes a partial credit note off what is owed: paying the rest pays it, and no reminder chases it", async () => {
    const clientId = await insertClient(services.db, { email: "avoir-partiel@example.fr" });
    const { id } = await createStandaloneDraft(services.db, clientId, actor);
    const editor = await editorOf(id);
    await saveStandaloneDraft(
      services.db,
      id,
      { revision: editor.revision, content: QuoteDraftSchema.parse(job(editor.content)) },
      actor,
    );
    await issue(id);
    const credit = await createCreditNoteDraft(services.db, id, { kind: "amount", ttc: 8_233 }, actor);
    await issue(credit.id);
    // 282,33 € − 82,33 € of credit note: 200,00 € owed.
    expect(await row(id)).toMatchObject({ creditedCents: 8_233, status: "emise" });
    const today = parisDay();
    await expect(
      recordPayment(services.db, id, { paidOn: today, amount: 20_001, method: "virement" }, actor),
    ).rejects.toThrow("Ce paiement dépasse le reste dû (200,00\u00a0€)");
    const paid = await recordPayment(
      services.db,
      id,
      { paidOn: today, amount: 20_000, method: "virement" },
      actor,
    );
    expect(paid.status).toBe("payee");
    // Long after the due date, nothing is owed: no reminder.
    const due = (await row(id)).dueOn ?? today;
    expect(await sendDueReminders(services.db, parisMidnight(addDays(due, 40)))).toEqual([]);
  });

  it("is corrected by the quantities of chosen lines from its page, printed as lines, never beyond what was invoiced", async () => {
    const clientId = await insertClient(services.db, { email: "avoir-lignes@example.fr" });
    const { id } = await createStandaloneDraft(services.db, clientId, actor);
    const editor = await editorOf(id);
    await saveStandaloneDraft(
      services.db,
      id,
      { revision: editor.revision, content: QuoteDraftSchema.parse(job(editor.content)) },
      actor,
    );
    await issue(id);
    type Page = Awaited<ReturnType<typeof detailRoute.loader>>;
    const page = async (invoiceId: string) =>
      (await call(detailRoute.loader, `/erp/factures/${invoiceId}`, { params: { id: invoiceId } }))
        .data as Page;
    // Its two counted lines are offered with their quantities; the text line is not.
    expect((await page(id)).correctable).toEqual({
      kind: "items",
      items: [
        { index: 0, designation: "Main-d'œuvre", unit: "h", unitPriceHt: 5_500, leftQuantity: 2_500 },
        { index: 1, designation: "Faïence posée", unit: "m²", unitPriceHt: 3_333, leftQuantity: 3_200 },
      ],
    });
    const correct = (fields: Record<string, string>) =>
      call(detailRoute.action, `/erp/factures/${id}`, {
        params: { id },
        form: {
          intent: "avoir",
          mode: "correction-lignes",
          motif: "1,2 m² de faïence non posés.",
          ...fields,
        },
      });
    const tooMany = await correct({ "reprise.1": "3,3" });
    expect(tooMany.status).toBe(409);
    expect((tooMany.data as { message: string }).message).toBe(
      "Ligne « Faïence posée » : indiquez une quantité entre 0,001 et 3,2 m², ce qui reste de la ligne.",
    );
    const credit = await correct({ "reprise.1": "1,2" });
    expect(credit.status, JSON.stringify(credit.data)).toBe(303);
    const creditId = (credit.headers.get("location") ?? "").split("/").pop() ?? "";
    await issue(creditId);
    // 1,2 × 33,33 € = 40,00 € HT at 10 %: 44,00 € TTC off what is owed.
    expect(await row(creditId)).toMatchObject({
      totalHtCents: -4_000,
      totalVatCents: -400,
      totalTtcCents: -4_400,
    });
    const items = (await row(creditId)).content as {
      billing: { items: { designation: string; quantity: number }[] };
    };
    expect(items.billing.items.map((line) => [line.designation, line.quantity])).toEqual([
      ["Faïence posée", 1_200],
    ]);
    expect(await row(id)).toMatchObject({ creditedCents: 4_400, status: "emise" });
    const left = (await page(id)).correctable;
    expect(left?.kind === "items" ? left.items.map((line) => line.leftQuantity) : null).toEqual([
      2_500, 2_000,
    ]);
  });

  it("marks the invoice paid when a partial credit note takes off what the payments left", async () => {
    const clientId = await insertClient(services.db, { email: "avoir-apres@example.fr" });
    const { id } = await createStandaloneDraft(services.db, clientId, actor);
    const editor = await editorOf(id);
    await saveStandaloneDraft(
      services.db,
      id,
      { revision: editor.revision, content: QuoteDraftSchema.parse(job(editor.content)) },
      actor,
    );
    await issue(id);
    const partly = await recordPayment(
      services.db,
      id,
      { paidOn: parisDay(), amount: 28_000, method: "cheque" },
      actor,
    );
    expect(partly.status).toBe("partiellement_payee");
    // A commercial gesture of the 2,33 € left.
    const credit = await createCreditNoteDraft(services.db, id, { kind: "amount", ttc: 233 }, actor);
    await issue(credit.id);
    expect(await row(id)).toMatchObject({ creditedCents: 233, paidCents: 28_000, status: "payee" });
  });

  it("refuses optional lines, a discount, and issuing a line without price or an empty object", async () => {
    const clientId = await insertClient(services.db, { email: "refus-sans-devis@example.fr" });
    const { id } = await createStandaloneDraft(services.db, clientId, actor);
    const editor = await editorOf(id);
    const base = job(editor.content);
    const withOption = QuoteDraftSchema.parse({
      ...base,
      lots: base.lots.map((lot) => ({
        ...lot,
        lines: lot.lines.map((line) => (line.kind === "item" ? { ...line, optional: true } : line)),
      })),
    });
    await expect(
      saveStandaloneDraft(services.db, id, { revision: editor.revision, content: withOption }, actor),
    ).rejects.toThrow(STANDALONE_MESSAGES.optional);
    const discounted = QuoteDraftSchema.parse({ ...base, discount: { kind: "percent", value: "5" } });
    await expect(
      saveStandaloneDraft(services.db, id, { revision: editor.revision, content: discounted }, actor),
    ).rejects.toThrow(STANDALONE_MESSAGES.discount);

    const noPrice = QuoteDraftSchema.parse({
      ...base,
      lots: base.lots.map((lot) => ({
        ...lot,
        lines: lot.lines.map((line) =>
          line.kind === "item" && line.id === "fa" ? { ...line, unitPriceHt: "" } : line,
        ),
      })),
    });
    await saveStandaloneDraft(services.db, id, { revision: editor.revision, content: noPrice }, actor);
    const refusal = await issue(id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvoiceNotIssuableError);
    expect((refusal as InvoiceNotIssuableError).missing).toEqual([
      "La ligne « Faïence posée » n'a pas de quantité ou de prix unitaire.",
    ]);
    expect((await row(id)).status).toBe("brouillon");
  });

  it("starts in reverse charge for a main contractor, and is refused for an anonymised client", async () => {
    const contractor = await insertClient(services.db, {
      kind: "entreprise",
      legalName: "Provence Bâtiment SAS",
      siren: "732829320",
      mainContractor: true,
      email: "pb@example.fr",
    });
    const { id } = await createStandaloneDraft(services.db, contractor, actor);
    expect((await editorOf(id)).content.reverseCharge).toBe(true);

    const gone = await insertClient(services.db, { email: "oubli@example.fr" });
    await services.db.update(clients).set({ anonymisedAt: new Date() }).where(eq(clients.id, gone));
    await expect(createStandaloneDraft(services.db, gone, actor)).rejects.toThrow(InvoiceStateError);
  });
});

describe("the standalone invoice's routes", () => {
  it("« Nouvelle facture » lists the clients and opens a draft; the draft's page saves the editor's post", async () => {
    const clientId = await insertClient(services.db, { name: "Gaston Lagaffe", email: "gaston@example.fr" });
    const page = await call(newRoute.loader as Handler, "http://localhost/erp/factures/nouvelle?q=Lagaffe");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ clients: [{ id: clientId, name: "Gaston Lagaffe" }] });

    const bad = await call(newRoute.action as Handler, "http://localhost/erp/factures/nouvelle", {
      method: "POST",
      body: new URLSearchParams({ clientId: "pas-un-id" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ message: "Choisissez le client de la facture." });
    const unknown = await call(newRoute.action as Handler, "http://localhost/erp/factures/nouvelle", {
      method: "POST",
      body: new URLSearchParams({ clientId: "6f1c1d9e-0000-4000-8000-000000000000" }),
    });
    expect(unknown.status).toBe(404);

    const created = await call(newRoute.action as Handler, "http://localhost/erp/factures/nouvelle", {
      method: "POST",
      body: new URLSearchParams({ clientId }),
    });
    expect(created.status).toBe(303);
    const location = created.headers.get("location") ?? "";
    const id = location.split("/").pop() ?? "";
    expect(location).toBe(`/erp/factures/${id}`);

    const view = await call(detailRoute.loader as Handler, `http://localhost${location}`, { params: { id } });
    expect(view.status).toBe(200);
    const editor = (view.data as { editor: { initial: QuoteDraftInput; revision: number } }).editor;
    expect(editor.initial.lots).toHaveLength(1);

    const save = (fields: Record<string, string>) =>
      call(detailRoute.action as Handler, `http://localhost${location}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        params: { id },
      });
    const broken = await save({
      intent: "enregistrer",
      revision: String(editor.revision),
      draft: "{pas du json",
    });
    expect(broken.status).toBe(400);
    expect(broken.data).toMatchObject({ message: "Le formulaire envoyé est incomplet : rechargez la page." });

    const draft = jobDraft(editor.initial);
    const wrong = await save({
      intent: "enregistrer",
      revision: String(editor.revision),
      draft: JSON.stringify({
        ...draft,
        lots: [{ ...draft.lots[0], lines: [{ ...draft.lots[0]?.lines[0], quantity: "deux" }] }],
      }),
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys((wrong.data as { fieldErrors: Record<string, string[]> }).fieldErrors)).toContain(
      "lots.0.lines.0.quantity",
    );

    const ok = await save({
      intent: "enregistrer",
      revision: String(editor.revision),
      draft: JSON.stringify(draft),
    });
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ ok: true, revision: editor.revision + 1 });
    const stale = await save({
      intent: "enregistrer",
      revision: String(editor.revision),
      draft: JSON.stringify(draft),
    });
    expect(stale.status).toBe(409);
    expect((await row(id)).totalTtcCents).toBe(28_233);

    const issued = await save({ intent: "emettre" });
    expect(issued.status).toBe(303);
    expect((await row(id)).status).toBe("emise");
    const after = await call(detailRoute.loader as Handler, `http://localhost${location}`, {
      params: { id },
    });
    expect((after.data as { editor: unknown }).editor).toBeNull();

    // The list filtered on that client (the link « Ses factures » of the client's page).
    const listRoute = await import("#app/routes/erp/factures/index.tsx");
    const listed = await call(
      listRoute.loader as Handler,
      `http://localhost/erp/factures?client=${clientId}`,
    );
    expect(listed.status).toBe(200);
    expect(listed.data).toMatchObject({ clientName: "Gaston Lagaffe", total: 1, items: [{ id }] });
    const nobody = await call(
      listRoute.loader as Handler,
      "http://localhost/erp/factures?client=6f1c1d9e-0000-4000-8000-000000000000",
    );
    expect(nobody.status).toBe(404);
    const garbage = await call(listRoute.loader as Handler, "http://localhost/erp/factures?client=moi");
    expect(garbage.status).toBe(400);
  });
});
