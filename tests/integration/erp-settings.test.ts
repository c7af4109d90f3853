import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { activityEvents } from "#app/db/schema/activity.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { CompliancePanel } from "#app/features/settings/components/compliance-panel.tsx";
import { SETTINGS_MESSAGES, type SettingsFormAnswer } from "#app/features/settings/schema.ts";
import { documentIdentity, getCompanySettings } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { BANK_MESSAGES } from "#app/lib/bank.ts";
import { FLASH_COOKIE } from "#app/lib/flash.server.ts";
import { MONEY_MESSAGES } from "#app/lib/money.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { footerLines } from "#app/lib/pdf/document.server.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import * as settingsRoute from "#app/routes/erp/parametres/index.tsx";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { type RouteCallInit, routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The company settings (/erp/parametres) through the route's loader and action, on a
// real database migrated from scratch (the row comes from migration 0010). 401 without
// a session is proved for every route by tests/integration/erp-route-guard.test.ts.

let database: TestDatabase;
let services: AppServices;
let owner: { cookie: string; userId: string; email: string };
let secondOwner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = staffTestServices(database);
  owner = await signedInStaff(services, "owner", "gerant-parametres@batirade.test");
  secondOwner = await signedInStaff(services, "owner", "cogerant-parametres@batirade.test");
  staff = await signedInStaff(services, "staff", "equipe-parametres@batirade.test");
});
afterAll(async () => {
  await database.cleanup();
});

const URL = "/erp/parametres";
const FR_IBAN = "FR7630006000011234567890189";

type Handler = (args: never) => Promise<unknown>;
type LoaderData = Awaited<ReturnType<typeof settingsRoute.loader>>;

function call(handler: Handler, init: RouteCallInit = {}, cookie = owner.cookie) {
  return routeOutcome(() => handler(routeArgs(services, URL, { cookie, ...init }) as never));
}

async function load(cookie = owner.cookie): Promise<LoaderData> {
  const outcome = await call(settingsRoute.loader, {}, cookie);
  expect(outcome.status).toBe(200);
  return outcome.data as LoaderData;
}

/** The form as the page posts it: the stored values, the revision, and `changes`. */
async function settingsForm(changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const { values, revision } = await load();
  return {
    ...values,
    revision: String(revision),
    ...changes,
  };
}

function post(form: Record<string, string> | URLSearchParams, cookie = owner.cookie) {
  return call(settingsRoute.action, { form }, cookie);
}

/** Everything a refused post must leave as it was. */
async function snapshot() {
  const [row] = await services.db.select().from(companySettings);
  const [events] = await services.db.select({ n: count() }).from(activityEvents);
  return { row, events: events?.n };
}

function flashOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${FLASH_COOKIE}=`)) ?? "";
  return decodeURIComponent(cookie.slice(FLASH_COOKIE.length + 1).split(";")[0] ?? "");
}

describe("the row a fresh installation starts with", () => {
  it("holds the documented defaults; the insurer moved to the register, without file nor end date", async () => {
    const settings = await getCompanySettings(services.db);
    expect(settings).not.toHaveProperty("insurerName");
    expect(settings).toMatchObject({
      id: 1,
      bankAccountHolder: null,
      iban: null,
      bic: null,
      paymentTermsDays: 30,
      paymentTermsText: "Paiement à 30 jours à réception de facture, par virement.",
      quoteValidityDays: 30,
      latePaymentRateBp: 1215,
      vatOnDebits: false,
      hourlyCostCents: 4500,
      marginAlertBp: 1500,
      autoSendInvoices: false,
      revision: 1,
      updatedBy: null,
    });
  });

  it("is shown to an owner as the form's values, the register's insurance beside them, read-only", async () => {
    const data = await load();
    expect(data.values).toEqual({
      bankAccountHolder: "",
      iban: "",
      bic: "",
      paymentTermsDays: "30",
      paymentTermsText: "Paiement à 30 jours à réception de facture, par virement.",
      quoteValidityDays: "30",
      latePaymentRate: "12,15",
      vatOnDebits: "",
      hourlyCost: "45,00",
      marginAlert: "15",
      autoSendInvoices: "",
    });
    expect(data.events).toEqual([]);
    expect(data.compliance.decennale).toMatchObject({
      issuer: company.insurer.name,
      issuerAddress: company.insurer.address,
      number: company.insurer.decennialPolicy,
      coverage: company.insurer.coverage,
      validUntil: null,
      hasFile: false,
    });
    expect(data.compliance.rcPro).toMatchObject({ number: company.insurer.liabilityPolicy, hasFile: false });
    expect(data.compliance.rge).toBeNull();
  });

  it("is one row: the database refuses a second", async () => {
    await expect(
      services.db.insert(companySettings).values({
        ...(await getCompanySettings(services.db)),
        id: 2,
      }),
    ).rejects.toThrow();
  });

  it("gives the documents the identity of company.ts with the insurer of the register", async () => {
    const identity = await documentIdentity(services.db);
    expect(identity).toMatchObject({
      legalName: company.legalName,
      siret: company.siret,
      insurance: {
        insurer: company.insurer.name,
        address: company.insurer.address,
        policy: company.insurer.decennialPolicy,
        coverage: company.insurer.coverage,
      },
    });
    expect(identity.rge).toBeUndefined();
    expect(identity.insurance.validUntil).toBeUndefined();
  });
});

describe("refused posts: 4xx, French messages, nothing changed", () => {
  it("refuses a wrong IBAN key under the IBAN", async () => {
    const before = await snapshot();
    const outcome = await post(
      await settingsForm({
        bankAccountHolder: "BATI RADE TOULON",
        iban: "FR76 3000 6000 0112 3456 7890 188",
        bic: "BNPAFRPP",
      }),
    );
    expect(outcome.status).toBe(400);
    const answer = outcome.data as SettingsFormAnswer;
    expect(answer.errors).toEqual({ iban: [BANK_MESSAGES.ibanKey] });
    // What was typed comes back, to correct it.
    expect(answer.values?.iban).toBe("FR76 3000 6000 0112 3456 7890 188");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a BIC of another country than the IBAN's", async () => {
    const before = await snapshot();
    const outcome = await post(
      await settingsForm({ bankAccountHolder: "BATI RADE TOULON", iban: FR_IBAN, bic: "DEUTDEFF" }),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.data as SettingsFormAnswer).errors).toEqual({
      bic: [
        "Ce BIC désigne une banque du pays DE, alors que l'IBAN est celui d'un compte du pays FR : vérifiez le BIC sur le relevé d'identité bancaire.",
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses 61 days of payment terms (60 is the legal maximum)", async () => {
    const before = await snapshot();
    const outcome = await post(await settingsForm({ paymentTermsDays: "61" }));
    expect(outcome.status).toBe(400);
    expect((outcome.data as SettingsFormAnswer).errors).toEqual({
      paymentTermsDays: [
        "Le délai de paiement est un nombre entier de jours, de 0 à 60 (maximum légal entre professionnels).",
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a NUL byte in a text field", async () => {
    const before = await snapshot();
    const outcome = await post(await settingsForm({ bankAccountHolder: "BATI\u0000RADE" }));
    expect(outcome.status).toBe(400);
    expect((outcome.data as SettingsFormAnswer).errors).toMatchObject({
      bankAccountHolder: [TEXT_RULE_MESSAGES.controlCharacters],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("answers an empty form with every required field's message at once", async () => {
    const before = await snapshot();
    const outcome = await post(new URLSearchParams());
    expect(outcome.status).toBe(400);
    const answer = outcome.data as SettingsFormAnswer;
    expect(answer.errors).toEqual({
      paymentTermsDays: [SETTINGS_MESSAGES.paymentTermsDays],
      paymentTermsText: [SETTINGS_MESSAGES.paymentTermsText],
      quoteValidityDays: [SETTINGS_MESSAGES.quoteValidityDays],
      latePaymentRate: ["Saisissez un pourcentage, par exemple 5,5."],
      hourlyCost: [MONEY_MESSAGES.format],
      marginAlert: ["Saisissez un pourcentage, par exemple 5,5."],
    });
    expect(answer.formErrors).toEqual([SETTINGS_MESSAGES.revision]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a post with no body at all, and a JSON body, with 415", async () => {
    const before = await snapshot();
    const empty = await call(settingsRoute.action, { method: "POST" });
    const json = await call(settingsRoute.action, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...(await settingsForm()), paymentTermsText: "JSON-1" }),
    });
    for (const outcome of [empty, json]) {
      expect(outcome.status).toBe(415);
      expect(outcome.data).toEqual({
        values: null,
        errors: {},
        formErrors: ["Envoi refusé : cette page n'accepte que son formulaire."],
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("says what is missing when the bank details are half entered, with every other message", async () => {
    const before = await snapshot();
    const outcome = await post(
      await settingsForm({
        iban: "FR76 3000",
        quoteValidityDays: "0",
        latePaymentRate: "0",
        hourlyCost: "0",
        vatOnDebits: "peut-être",
      }),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.data as SettingsFormAnswer).errors).toEqual({
      iban: [BANK_MESSAGES.ibanLength("FR", 27)],
      bankAccountHolder: [SETTINGS_MESSAGES.bankAccountHolderMissing],
      bic: [SETTINGS_MESSAGES.bicMissing],
      quoteValidityDays: [SETTINGS_MESSAGES.quoteValidityDays],
      latePaymentRate: [SETTINGS_MESSAGES.latePaymentRateZero],
      hourlyCost: [SETTINGS_MESSAGES.hourlyCost],
      vatOnDebits: [SETTINGS_MESSAGES.vatOnDebits],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a staff member with 403 in the loader and the action", async () => {
    const before = await snapshot();
    const loaded = await call(settingsRoute.loader, {}, staff.cookie);
    expect(loaded.status).toBe(403);
    expect(loaded.data).toEqual({ message: "Accès réservé aux gérants." });
    const posted = await post(await settingsForm({ paymentTermsText: "Paiement comptant." }), staff.cookie);
    expect(posted.status).toBe(403);
    expect(posted.data).toEqual({ message: "Accès réservé aux gérants." });
    expect(await snapshot()).toEqual(before);
  });
});

describe("a valid save", () => {
  it("changes the row and writes one line of history per changed field, the IBAN masked", async () => {
    const eventsBefore = (await snapshot()).events ?? 0;
    const outcome = await post(
      await settingsForm({
        bankAccountHolder: "BATI RADE TOULON",
        iban: "fr76 3000 6000 0112 3456 7890 189",
        bic: "bnpa frpp",
        paymentTermsDays: "45",
        latePaymentRate: "10",
        vatOnDebits: "oui",
        hourlyCost: "48,50",
        autoSendInvoices: "oui",
      }),
    );
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(outcome.headers.get("location")).toBe(URL);
    expect(flashOf(outcome.headers)).toContain("Paramètres enregistrés.");

    const settings = await getCompanySettings(services.db);
    expect(settings).toMatchObject({
      bankAccountHolder: "BATI RADE TOULON",
      iban: FR_IBAN,
      bic: "BNPAFRPP",
      paymentTermsDays: 45,
      latePaymentRateBp: 1000,
      vatOnDebits: true,
      hourlyCostCents: 4850,
      autoSendInvoices: true,
      revision: 2,
      updatedBy: owner.userId,
    });
    // Unchanged fields stay.
    expect(settings.quoteValidityDays).toBe(30);

    const data = await load();
    expect(data.events.map((event) => event.summary)).toEqual([
      "Banque : titulaire du compte non renseigné → BATI RADE TOULON",
      "Banque : IBAN non renseigné → FR76 •••• •••• 0189",
      "Banque : BIC non renseigné → BNPAFRPP",
      "Conditions de paiement : délai 30 jours → 45 jours",
      "Pénalités de retard : taux 12,15\u00a0% → 10\u00a0%",
      "Option pour le paiement de la TVA d'après les débits : non → oui",
      "Coût horaire de main-d'œuvre : 45,00\u00a0€ → 48,50\u00a0€",
      "Envoi automatique des factures au client à l'émission : non → oui",
    ]);
    expect(data.events.every((event) => event.actor === owner.email)).toBe(true);
    expect((await snapshot()).events).toBe(eventsBefore + 8);
    // The whole account number is nowhere in the history, sentence or data.
    const stored = await services.db
      .select({ summary: activityEvents.summary, data: activityEvents.data })
      .from(activityEvents)
      .where(eq(activityEvents.subjectType, "parametres"));
    expect(JSON.stringify(stored)).not.toContain("30006000011234567890");
    expect(stored.find((event) => event.data?.field === "iban")?.data).toEqual({
      field: "iban",
      from: null,
      to: "FR76 •••• •••• 0189",
    });
    // The page shows the IBAN grouped by four.
    expect(data.values.iban).toBe("FR76 3000 6000 0112 3456 7890 189");
    expect(data.values.hourlyCost).toBe("48,50");
  });

  it("writes nothing when nothing changed, and says so", async () => {
    const before = await snapshot();
    const outcome = await post(await settingsForm());
    expect(outcome.status).toBe(303);
    expect(flashOf(outcome.headers)).toContain("Aucune modification");
    expect(await snapshot()).toEqual(before);
  });

  it("gives the documents the register's renewed insurer, its end date and the RGE; the panel shows them", async () => {
    await seedCompliance(services.db, {
      decennaleUntil: "2027-06-30",
      decennale: {
        issuer: "Assurances du Littoral",
        issuerAddress: "3 quai Cronstadt, 83000 Toulon",
        number: "DEC-2026-000777",
      },
      rge: { number: "E-E123456", validUntil: "2029-03-31" },
    });
    const identity = await documentIdentity(services.db);
    expect(identity.insurance).toEqual({
      insurer: "Assurances du Littoral",
      address: "3 quai Cronstadt, 83000 Toulon",
      policy: "DEC-2026-000777",
      coverage: company.insurer.coverage,
      validUntil: "2027-06-30",
    });
    expect(identity.rge).toEqual({ number: "E-E123456", validUntil: "2029-03-31" });
    // What the frame of every PDF prints.
    expect(footerLines(identity).join("\n")).toContain(
      "Assurance décennale : Assurances du Littoral, 3 quai Cronstadt, 83000 Toulon, contrat n° DEC-2026-000777",
    );
    expect(footerLines(identity).join("\n")).toContain("Qualification RGE n° E-E123456");
    // The settings page reads the same, with the way to the register.
    const { compliance } = await load();
    expect(compliance.decennale?.issuer).toBe("Assurances du Littoral");
    expect(compliance.rge?.number).toBe("E-E123456");
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(CompliancePanel, { facts: compliance, today: parisDay() }),
      ),
    );
    expect(html).toContain("Assurance et qualification");
    expect(html).toContain("Assurances du Littoral");
    expect(html).toContain('href="/erp/docs"');
    expect(html).toContain("Mettre à jour dans le registre des documents");
    // An RGE past its end: none on the documents' frame once removed.
    await seedCompliance(services.db, { rge: null });
    expect((await documentIdentity(services.db)).rge).toBeUndefined();
  });
});

describe("two owners saving at once", () => {
  it("saves the first and refuses the second (409) rather than undoing the first's change", async () => {
    const form = await settingsForm();
    const [a, b] = await Promise.all([
      post({ ...form, paymentTermsText: "Paiement à 45 jours." }, owner.cookie),
      post({ ...form, quoteValidityDays: "90" }, secondOwner.cookie),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([303, 409]);
    const refused = (a.status === 409 ? a : b).data as SettingsFormAnswer;
    expect(refused.formErrors[0]).toMatch(/^Les paramètres ont été modifiés par .+@batirade\.test le /);
    expect(refused.revision).toBe((await getCompanySettings(services.db)).revision);

    const settings = await getCompanySettings(services.db);
    const aWon = a.status === 303;
    expect(settings.paymentTermsText).toBe(
      aWon ? "Paiement à 45 jours." : "Paiement à 30 jours à réception de facture, par virement.",
    );
    expect(settings.quoteValidityDays).toBe(aWon ? 30 : 90);
    const [latest] = (await load()).events;
    expect(latest?.actor).toBe(aWon ? owner.email : secondOwner.email);

    // Having seen the other's change, the second owner posts again over the revision the
    // refusal gave: it goes through.
    const retry = await post(
      {
        ...form,
        paymentTermsText: "Paiement à 45 jours.",
        quoteValidityDays: "90",
        revision: String(refused.revision),
      },
      aWon ? secondOwner.cookie : owner.cookie,
    );
    expect(retry.status).toBe(303);
    expect(await getCompanySettings(services.db)).toMatchObject({
      paymentTermsText: "Paiement à 45 jours.",
      quoteValidityDays: 90,
    });
  });
});
