import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import * as quoteRoute from "#app/routes/erp/devis/detail.tsx";
import * as detailRoute from "#app/routes/erp/factures/detail.tsx";
import * as listRoute from "#app/routes/erp/factures/index.tsx";
import * as pdfRoute from "#app/routes/erp/factures/pdf.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuote } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The invoices' screens through their routes: « Facturer » on an accepted quote, the
// draft's page and « Émettre », the PDF, payments, a credit note, the list's filters.
// 401/403 for every route: tests/integration/erp-route-guard.test.ts.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-invoice-routes-"));
  staff = await signedInStaff(services, "staff", "facturation@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillInvoiceSettings(services.db);
});
afterAll(() => close());

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

/** « Facturer » on the quote's page. */
function invoiceFrom(quoteId: string, fields: Record<string, string>) {
  return call(quoteRoute.action, `/erp/devis/${quoteId}`, {
    params: { id: quoteId },
    form: { intent: "facturer", ...fields },
  });
}

const idFrom = (location: string | null) => (location ?? "").split("/").pop() ?? "";

describe("invoicing through the screens", () => {
  it("prepares a deposit from the quote's page, issues it, serves its PDF, records payments and a credit note", async () => {
    const quoteId = await acceptedQuote(services, actor);
    const quotePage = (await call(quoteRoute.loader, `/erp/devis/${quoteId}`, { params: { id: quoteId } }))
      .data as Awaited<ReturnType<typeof quoteRoute.loader>>;
    expect(quotePage.invoices).toEqual([]);

    const created = await invoiceFrom(quoteId, { kind: "acompte", mode: "pourcentage", value: "30" });
    expect(created.status).toBe(303);
    const id = idFrom(created.headers.get("location"));
    const draft = await call(detailRoute.loader, `/erp/factures/${id}`, { params: { id } });
    expect(draft.status).toBe(200);
    expect((draft.data as { invoice: { status: string } }).invoice.status).toBe("brouillon");
    // No PDF before it is issued.
    expect((await call(pdfRoute.loader, `/erp/factures/${id}/pdf`, { params: { id } })).status).toBe(404);

    const issued = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: { intent: "emettre" },
    });
    expect(issued.status, JSON.stringify(issued.data)).toBe(303);
    const [row] = await services.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.number).toMatch(/^FAC-\d{4}-\d{4}$/);
    const pdf = await call(pdfRoute.loader, `/erp/factures/${id}/pdf`, { params: { id } });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await (pdf.data as Response).arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Issuing twice: refused. An overpayment: refused; a bad amount: at its field.
    expect(
      (await call(detailRoute.action, `/erp/factures/${id}`, { params: { id }, form: { intent: "emettre" } }))
        .status,
    ).toBe(409);
    const net = row?.netToPayCents ?? 0;
    const over = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: {
        intent: "paiement",
        paidOn: parisDay(),
        amount: String((net + 100) / 100).replace(".", ","),
        method: "virement",
      },
    });
    expect(over.status).toBe(409);
    const bad = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: { intent: "paiement", paidOn: parisDay(), amount: "douze", method: "virement" },
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { field: string }).field).toBe("amount");
    const badDay = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: { intent: "paiement", paidOn: "2026-02-30", amount: "10", method: "virement" },
    });
    expect(badDay.status).toBe(400);
    expect((badDay.data as { field: string }).field).toBe("paidOn");
    const paid = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: {
        intent: "paiement",
        paidOn: parisDay(),
        amount: "100,00",
        method: "cheque",
        reference: "Chèque 0012",
      },
    });
    expect(paid.status).toBe(303);
    const [partly] = await services.db.select().from(invoices).where(eq(invoices.id, id));
    expect(partly).toMatchObject({ status: "partiellement_payee", paidCents: 10_000 });

    // A credit note needs its reason; one that fits its kind.
    const noReason = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: { intent: "avoir", mode: "annulation", motif: "  " },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({
      field: "motif",
      message: "Indiquez le motif de l'avoir : il est imprimé sur l'avoir.",
    });
    const controlled = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: { intent: "avoir", mode: "geste", motif: "Retard", ttc: "10", designation: "Geste\u0007" },
    });
    expect(controlled.status).toBe(400);
    expect(controlled.data).toMatchObject({ field: "designation" });

    // A total credit note (« Annulation »), issued: the invoice is cancelled.
    const credit = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: { intent: "avoir", mode: "annulation", motif: "Facture établie au mauvais nom." },
    });
    expect(credit.status).toBe(303);
    const creditId = idFrom(credit.headers.get("location"));
    expect(
      (
        await call(detailRoute.action, `/erp/factures/${creditId}`, {
          params: { id: creditId },
          form: { intent: "emettre" },
        })
      ).status,
    ).toBe(303);
    const [cancelled] = await services.db.select().from(invoices).where(eq(invoices.id, id));
    expect(cancelled?.status).toBe("annulee");

    // The list: filtered by kind, the sums; bad parameters refused.
    const list = (await call(listRoute.loader, "/erp/factures?type=avoir")).data as Awaited<
      ReturnType<typeof listRoute.loader>
    >;
    expect(list.items.map((item) => item.id)).toContain(creditId);
    expect(list.items.every((item) => item.kind === "avoir")).toBe(true);
    for (const query of ["?type=autre", "?statut=perdue", "?du=2026-13-01", "?tri=prix", "?page=0"]) {
      expect((await call(listRoute.loader, `/erp/factures${query}`)).status, query).toBe(400);
    }
    // The quote's page lists its invoices.
    const after = (await call(quoteRoute.loader, `/erp/devis/${quoteId}`, { params: { id: quoteId } }))
      .data as Awaited<ReturnType<typeof quoteRoute.loader>>;
    expect(after.invoices.map((invoice) => invoice.id).sort()).toEqual([id, creditId].sort());
  });

  it("shows a credit note's reason on its page as its PDF prints it, draft and issued; an invoice has none", async () => {
    const quoteId = await acceptedQuote(services, actor);
    const created = await invoiceFrom(quoteId, { kind: "acompte", mode: "pourcentage", value: "30" });
    const id = idFrom(created.headers.get("location"));
    await call(detailRoute.action, `/erp/factures/${id}`, { params: { id }, form: { intent: "emettre" } });
    type Page = Awaited<ReturnType<typeof detailRoute.loader>>;
    const page = async (invoiceId: string) =>
      (await call(detailRoute.loader, `/erp/factures/${invoiceId}`, { params: { id: invoiceId } }))
        .data as Page;
    expect((await page(id)).creditReason).toBeNull();

    const credit = await call(detailRoute.action, `/erp/factures/${id}`, {
      params: { id },
      form: {
        intent: "avoir",
        mode: "geste",
        motif: "Retard de trois jours sur le chantier.",
        ttc: "50,00",
        designation: "Geste commercial pour le retard",
      },
    });
    expect(credit.status, JSON.stringify(credit.data)).toBe(303);
    const creditId = idFrom(credit.headers.get("location"));
    const reason = "Geste commercial : Retard de trois jours sur le chantier.";
    expect((await page(creditId)).creditReason).toBe(reason);
    await call(detailRoute.action, `/erp/factures/${creditId}`, {
      params: { id: creditId },
      form: { intent: "emettre" },
    });
    const issued = await page(creditId);
    expect(issued.invoice.number).toMatch(/^AV-\d{4}-\d{4}$/);
    expect(issued.creditReason).toBe(reason);
  });

  it("corrects chosen lots of an issued invoice from its page: what is left of each is offered, the rest reopens billing", async () => {
    const quoteId = await acceptedQuote(services, actor);
    const created = await invoiceFrom(quoteId, { kind: "solde" });
    const id = idFrom(created.headers.get("location"));
    await call(detailRoute.action, `/erp/factures/${id}`, { params: { id }, form: { intent: "emettre" } });
    type Page = Awaited<ReturnType<typeof detailRoute.loader>>;
    const page = async (invoiceId: string) =>
      (await call(detailRoute.loader, `/erp/factures/${invoiceId}`, { params: { id: invoiceId } }))
        .data as Page;
    const offered = (await page(id)).correctable;
    if (offered?.kind !== "lots") throw new Error("les lots de la facture ne sont pas proposés");
    const [first] = offered.lots;
    if (!first) throw new Error("aucun lot");
    expect(first.leftHt).toBeGreaterThan(10_000);

    const correct = (fields: Record<string, string>) =>
      call(detailRoute.action, `/erp/factures/${id}`, {
        params: { id },
        form: { intent: "avoir", mode: "correction-lots", motif: "Plinthes non posées.", ...fields },
      });
    const nothing = await correct({});
    expect(nothing.status).toBe(400);
    expect(nothing.data).toMatchObject({
      field: "reprise",
      message: "Indiquez le montant HT à reprendre sur au moins un lot.",
    });
    const tooMuch = await correct({ [`reprise.${first.lotId}`]: "999999,99" });
    expect(tooMuch.status).toBe(409);
    expect((tooMuch.data as { message: string }).message).toMatch(
      new RegExp(`^Lot « ${first.title} » : indiquez un montant HT entre 0,01`),
    );
    const badAmount = await correct({ [`reprise.${first.lotId}`]: "douze" });
    expect(badAmount.status).toBe(400);
    expect(badAmount.data).toMatchObject({ field: "reprise" });
    // Hostile values: a NUL byte, an amount far out of range, a negative one, a lot of another
    // quote, a line mode on a quote's invoice: each a 4xx with its French message, nothing stored.
    const creditsBefore = (await services.db.select().from(invoices)).length;
    for (const [fields, status] of [
      [{ [`reprise.${first.lotId}`]: "10\u0000" }, 400],
      [{ [`reprise.${first.lotId}`]: "9".repeat(400) }, 400],
      [{ [`reprise.${first.lotId}`]: "-5" }, 400],
      [{ "reprise.lot-d-un-autre-devis": "10" }, 409],
      [{ mode: "correction-lignes", "reprise.0": "1" }, 409],
    ] as const) {
      const answer = await correct(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(typeof (answer.data as { message?: unknown }).message).toBe("string");
    }
    expect((await services.db.select().from(invoices)).length).toBe(creditsBefore);

    const before = (await call(quoteRoute.loader, `/erp/devis/${quoteId}`, { params: { id: quoteId } }))
      .data as Awaited<ReturnType<typeof quoteRoute.loader>>;
    const credit = await correct({ [`reprise.${first.lotId}`]: "100,00" });
    expect(credit.status, JSON.stringify(credit.data)).toBe(303);
    const creditId = idFrom(credit.headers.get("location"));
    const draft = await page(creditId);
    expect(draft.creditReason).toBe("Correction : Plinthes non posées.");
    expect(
      (
        await call(detailRoute.action, `/erp/factures/${creditId}`, {
          params: { id: creditId },
          form: { intent: "emettre" },
        })
      ).status,
    ).toBe(303);
    const [stored] = await services.db.select().from(invoices).where(eq(invoices.id, creditId));
    expect(stored).toMatchObject({ kind: "avoir", status: "emise", totalHtCents: -10_000 });
    // The invoice now offers 100 € less on that lot; the quote has 100 € HT to invoice again.
    const after = (await page(id)).correctable;
    expect(after?.kind === "lots" ? after.lots.find((lot) => lot.lotId === first.lotId)?.leftHt : null).toBe(
      first.leftHt - 10_000,
    );
    const reopened = (await call(quoteRoute.loader, `/erp/devis/${quoteId}`, { params: { id: quoteId } }))
      .data as Awaited<ReturnType<typeof quoteRoute.loader>>;
    expect((reopened.billing?.remainingHt ?? 0) - (before.billing?.remainingHt ?? 0)).toBe(10_000);
    // A credit note offers nothing to correct.
    expect((await page(creditId)).correctable).toBeNull();
  });

  it("refuses « Émettre » with each missing fact linked to its field: the client's page, the settings", async () => {
    const quoteId = await acceptedQuote(services, actor);
    const created = await invoiceFrom(quoteId, { kind: "acompte", mode: "pourcentage", value: "30" });
    expect(created.status).toBe(303);
    const id = idFrom(created.headers.get("location"));
    const [draft] = await services.db.select().from(invoices).where(eq(invoices.id, id));
    const clientId = draft?.clientId ?? "";
    await services.db.update(clients).set({ billingCity: null }).where(eq(clients.id, clientId));
    await services.db
      .update(companySettings)
      .set({ bankAccountHolder: null, iban: null, bic: null })
      .where(eq(companySettings.id, 1));
    await seedCompliance(services.db, { decennaleUntil: null });
    try {
      const owner = await signedInStaff(services, "owner", "gerant-factures@batirade.test");
      const refused = await call(detailRoute.action, `/erp/factures/${id}`, {
        params: { id },
        form: { intent: "emettre" },
        cookie: owner.cookie,
      });
      expect(refused.status).toBe(400);
      const body = refused.data as { message: string; problems: unknown; missing: string[] };
      expect(body.message).toBe("La facture ne peut pas être émise :");
      expect(body.problems).toEqual([
        {
          message:
            "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
          href: `/erp/clients/${clientId}/modifier#client-billing-city`,
        },
        {
          message:
            "Les coordonnées bancaires (titulaire, IBAN, BIC) ne sont pas renseignées dans les paramètres de l'entreprise.",
          href: "/erp/parametres#bankAccountHolder",
        },
        {
          message:
            "La date de fin de validité de l'assurance décennale est à renseigner : joignez l'attestation dans le registre des documents.",
          href: "/erp/docs/nouveau?type=decennale",
        },
      ]);
      expect(body.missing).toEqual((body.problems as { message: string }[]).map((p) => p.message));
      // A member who may not open the settings: the same reasons, the settings' without a link (the register's stays).
      const asStaff = await call(detailRoute.action, `/erp/factures/${id}`, {
        params: { id },
        form: { intent: "emettre" },
      });
      expect((asStaff.data as { problems: { href: string | null }[] }).problems.map((p) => p.href)).toEqual([
        `/erp/clients/${clientId}/modifier#client-billing-city`,
        null,
        "/erp/docs/nouveau?type=decennale",
      ]);
      const [row] = await services.db.select().from(invoices).where(eq(invoices.id, id));
      expect(row?.status).toBe("brouillon");
    } finally {
      await fillInvoiceSettings(services.db);
    }
  });

  it("refuses what cannot be invoiced, with the reason on the quote's page", async () => {
    const quoteId = await acceptedQuote(services, actor);
    const tooMuch = await invoiceFrom(quoteId, { kind: "acompte", mode: "pourcentage", value: "150" });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.data as { message: string }).message).toMatch(/pourcentage/i);
    const everything = await invoiceFrom(quoteId, { kind: "acompte", mode: "montant", value: "99999" });
    expect(everything.status).toBe(409);
    expect((everything.data as { message: string }).message).toMatch(/Il reste/);
    const noLot = await invoiceFrom(quoteId, { kind: "situation" });
    expect(noLot.status).toBe(400);
    const unknownKind = await invoiceFrom(quoteId, { kind: "cadeau" });
    expect(unknownKind.status).toBe(400);
    expect(await services.db.select().from(invoices).where(eq(invoices.quoteId, quoteId))).toEqual([]);
    // A draft is deleted after confirmation only.
    const created = await invoiceFrom(quoteId, { kind: "solde" });
    const id = idFrom(created.headers.get("location"));
    expect(
      (
        await call(detailRoute.action, `/erp/factures/${id}`, {
          params: { id },
          form: { intent: "supprimer" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(detailRoute.action, `/erp/factures/${id}`, {
          params: { id },
          form: { intent: "supprimer", confirmation: "oui" },
        })
      ).status,
    ).toBe(303);
    expect((await call(detailRoute.loader, `/erp/factures/${id}`, { params: { id } })).status).toBe(404);
  });
});
