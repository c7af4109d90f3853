import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, REVERSE_CHARGE_MENTION } from "#app/lib/vat.ts";
import { storedContent, storedTerms } from "#tests/helpers/quote-content.ts";
import { storedItemLine } from "#tests/helpers/quote-lines.ts";
import type { LineVatCode, QuoteContent, QuoteItemLine, QuoteLine } from "./content.ts";
import {
  missingForSending,
  type QuoteClientFacts,
  type QuoteCompanyFacts,
  quoteMentions,
  sendingProblems,
  sendingWarnings,
  WITHDRAWAL_NOTICE,
  withdrawalFormLines,
} from "./mentions.ts";

const NBSP = "\u00a0";
const NNBSP = "\u202f";
const TODAY: IsoDay = "2026-11-23";

// ─── Builders ─────────────────────────────────────────────────────────────────────────

let nextId = 0;

function item(fields: Partial<QuoteItemLine> = {}): QuoteItemLine {
  nextId += 1;
  return storedItemLine(`m${nextId}`, "20", 10_000, { designation: "Dépose", ...fields });
}

function quote(lines: QuoteLine[], fields: Partial<QuoteContent> = {}): QuoteContent {
  return storedContent({
    description: "Réfection complète de la salle de bains.",
    site: { street: "12 rue Jean Jaurès", postalCode: "83000", city: "Toulon" },
    lots: [{ id: "lotA", title: "Démolition", lines }],
    terms: storedTerms({ startOn: "2027-01-11", duration: "2 semaines" }),
    ...fields,
  });
}

function client(fields: Partial<QuoteClientFacts> = {}): QuoteClientFacts {
  return {
    kind: "particulier",
    name: "Marie Martin",
    legalName: null,
    siren: null,
    vatNumber: null,
    email: "marie.martin@example.fr",
    billingStreet: "4 avenue de la République",
    billingPostalCode: "83200",
    billingCity: "Toulon",
    anonymised: false,
    ...fields,
  };
}

const business = (fields: Partial<QuoteClientFacts> = {}) =>
  client({
    kind: "entreprise",
    name: "Bâti Sud",
    legalName: "BATI SUD SARL",
    siren: "123456789",
    vatNumber: "FR12123456789",
    ...fields,
  });

/** The register's facts, flat: `decennale: false` files none, an RGE without number or date is none held. */
type RegisterFacts = {
  decennale?: boolean;
  insuranceValidUntil?: IsoDay | null;
  rgeNumber?: string | null;
  rgeValidUntil?: IsoDay | null;
  bank?: QuoteCompanyFacts["bank"];
};

function company(fields: RegisterFacts = {}): QuoteCompanyFacts {
  const facts = {
    decennale: true,
    insuranceValidUntil: "2027-06-30",
    rgeNumber: "E-E123456",
    rgeValidUntil: "2027-03-31",
    ...fields,
  };
  return {
    decennale: facts.decennale ? { validUntil: facts.insuranceValidUntil } : null,
    rge: facts.rgeNumber ? { number: facts.rgeNumber, validUntil: facts.rgeValidUntil } : null,
    ...(facts.bank ? { bank: facts.bank } : {}),
  };
}

// ─── The reasons, each recognised by what it says ────────────────────────────────────

const REASONS = {
  anonymised: /^Ce client a été anonymisé/,
  clientAddress: /^L'adresse du client est incomplète/,
  clientEmail: /^Le client n'a pas d'adresse e-mail/,
  siteAddress: /^L'adresse du chantier est incomplète/,
  description: /^Décrivez la nature exacte des travaux/,
  startOn: /^Indiquez la date de début estimée des travaux \(arrêté du 24 janvier 2017\)\.$/,
  duration: /^Indiquez la durée estimée des travaux \(arrêté du 24 janvier 2017\)\.$/,
  insuranceUnknown: /^La date de fin de validité de l'assurance décennale est à renseigner/,
  insuranceNone: /^Aucune attestation d'assurance décennale dans le registre des documents/,
  insuranceExpired: /^L'assurance décennale a expiré le /,
  rgeMissing:
    /^Une ligne à 5,5 % demande une qualification RGE : ajoutez le certificat RGE au registre des documents\.$/,
  rgeExpired: /^La qualification RGE n° .+ a expiré le /,
  reverseCharge: /^L'autoliquidation ne s'applique qu'à un client entreprise assujetti/,
  quantity: /: indiquez la quantité\.$/,
  price: /: indiquez le prix unitaire HT\.$/,
  noLine: /^Le devis ne compte aucune ligne chiffrée/,
} as const;
type Reason = keyof typeof REASONS;

/** Each message named by the one reason it matches (a message matching none or two fails). */
function reasons(messages: string[]): Reason[] {
  return messages
    .map((message) => {
      const keys = (Object.keys(REASONS) as Reason[]).filter((key) => REASONS[key].test(message));
      expect(keys, message).toHaveLength(1);
      return keys[0] as Reason;
    })
    .sort();
}

type Case = { content: QuoteContent; client: QuoteClientFacts; company: QuoteCompanyFacts; today: IsoDay };
const good = (): Case => ({
  content: quote([item(), item({ vatCode: "10" }), item({ vatCode: "5.5", optional: true })]),
  client: client(),
  company: company(),
  today: TODAY,
});
const missing = (c: Case) => missingForSending(c.content, c.client, c.company, c.today);

// ─── quoteMentions ────────────────────────────────────────────────────────────────────

describe("quoteMentions", () => {
  it("carries the certification of each reduced rate used, options and travel included", () => {
    const of = (lines: QuoteLine[], fields: Partial<QuoteContent> = {}) =>
      quoteMentions(quote(lines, fields), client());
    expect(of([item()])).toMatchObject({ certifications: [], needsRge: false, reverseCharge: null });
    expect(of([item({ vatCode: "10" })])).toMatchObject({
      certifications: [CERTIFICATION_10],
      needsRge: false,
    });
    expect(of([item({ vatCode: "5.5" })])).toMatchObject({
      certifications: [CERTIFICATION_5_5],
      needsRge: true,
    });
    // An option accepted later is billed at its rate: its certification is on the quote.
    expect(of([item(), item({ vatCode: "5.5", optional: true })])).toMatchObject({
      certifications: [CERTIFICATION_5_5],
      needsRge: true,
    });
    expect(of([item()], { travel: { amountHt: 4_500, vatCode: "10" } })).toMatchObject({
      certifications: [CERTIFICATION_10],
      needsRge: false,
    });
    // Both, 10 % first, each once however many lines.
    expect(
      of([
        item({ vatCode: "5.5" }),
        item({ vatCode: "10" }),
        item({ vatCode: "5.5" }),
        item({ vatCode: "10" }),
      ]).certifications,
    ).toEqual([CERTIFICATION_10, CERTIFICATION_5_5]);
    // A text line has no rate.
    expect(of([{ id: "t", kind: "text", text: "TVA 5,5 %" }]).certifications).toEqual([]);
  });

  it("carries no certification under reverse charge, but the reverse-charge mention", () => {
    const mentions = quoteMentions(
      quote([item({ vatCode: "10" }), item({ vatCode: "5.5", optional: true })], {
        reverseCharge: true,
        travel: { amountHt: 100, vatCode: "5.5" },
      }),
      business(),
    );
    expect(mentions).toMatchObject({
      certifications: [],
      needsRge: false,
      reverseCharge: REVERSE_CHARGE_MENTION,
    });
    expect(mentions.reverseCharge).toBe(
      "Autoliquidation \u2013 TVA due par le preneur assujetti (article 283-2 nonies du CGI)",
    );
  });

  it("derives the certifications and the RGE from the rates, for any content", () => {
    const line = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          vatCode: fc.constantFrom<LineVatCode>("20", "10", "5.5"),
          optional: fc.boolean(),
        }),
      },
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { maxLength: 5 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.constantFrom<LineVatCode>("20", "10", "5.5"), { nil: null }),
        fc.boolean(),
        (lots, travelCode, reverseCharge) => {
          const content = quote([], {
            reverseCharge,
            travel: travelCode === null ? null : { amountHt: 100, vatCode: travelCode },
            lots: lots.map((lines, i) => ({
              id: `lot${i}`,
              title: `Lot ${i}`,
              lines: lines.map(
                (l): QuoteLine => (l === null ? { id: "t", kind: "text", text: "x" } : item(l)),
              ),
            })),
          });
          const codes = [
            ...lots.flat().flatMap((l) => (l ? [l.vatCode] : [])),
            ...(travelCode ? [travelCode] : []),
          ];
          const has10 = !reverseCharge && codes.includes("10");
          const has55 = !reverseCharge && codes.includes("5.5");
          const mentions = quoteMentions(content, client());
          expect(mentions.certifications).toEqual([
            ...(has10 ? [CERTIFICATION_10] : []),
            ...(has55 ? [CERTIFICATION_5_5] : []),
          ]);
          expect(mentions.needsRge).toBe(has55);
          expect(mentions.reverseCharge).toBe(reverseCharge ? REVERSE_CHARGE_MENTION : null);
        },
      ),
    );
  });

  it("gives the withdrawal right to a private client only, and the off-premises notice with the flag", () => {
    const onSite = quote([item()], { offPremises: true });
    const atOffice = quote([item()], { offPremises: false });
    expect(quoteMentions(onSite, client())).toMatchObject({ withdrawal: true, offPremises: true });
    expect(quoteMentions(atOffice, client())).toMatchObject({ withdrawal: true, offPremises: false });
    expect(quoteMentions(onSite, business())).toMatchObject({ withdrawal: false, offPremises: false });
    expect(quoteMentions(atOffice, business())).toMatchObject({ withdrawal: false, offPremises: false });
    expect(WITHDRAWAL_NOTICE).toContain("quatorze jours");
    expect(withdrawalFormLines("BTP Toulon, 1 rue du Port, 83000 Toulon")[1]).toBe(
      "À l'attention de BTP Toulon, 1 rue du Port, 83000 Toulon :",
    );
  });

  it("says whether the quote is free or paid, and its price", () => {
    expect(quoteMentions(quote([item()]), client()).price).toBe("Devis gratuit");
    const paid = (priceCents: number) =>
      quoteMentions(quote([item()], { terms: { ...quote([]).terms, paid: true, priceCents } }), client())
        .price;
    expect(paid(12_000)).toBe(`Devis payant : 120,00${NBSP}€ TTC`);
    expect(paid(123_456)).toBe(`Devis payant : 1${NNBSP}234,56${NBSP}€ TTC`);
    expect(paid(0)).toBe(`Devis payant : 0,00${NBSP}€ TTC`);
    // A price left over from when it was paid is not printed on a free quote.
    const free = quote([item()], { terms: { ...quote([]).terms, paid: false, priceCents: 12_000 } });
    expect(quoteMentions(free, client()).price).toBe("Devis gratuit");
  });
});

// ─── missingForSending ────────────────────────────────────────────────────────────────

describe("missingForSending", () => {
  it("lets an all-good quote go, for a private client or a business, with or without reverse charge", () => {
    expect(missing(good())).toEqual([]);
    expect(missing({ ...good(), client: business() })).toEqual([]);
    expect(
      missing({ ...good(), client: business(), content: quote([item()], { reverseCharge: true }) }),
    ).toEqual([]);
    // Without a 5,5 % line, the RGE is not asked.
    expect(
      missing({
        ...good(),
        content: quote([item(), item({ vatCode: "10" })]),
        company: company({ rgeNumber: null, rgeValidUntil: null }),
      }),
    ).toEqual([]);
  });

  const cases: [string, (c: Case) => Case, Reason][] = [
    ["an anonymised client", (c) => ({ ...c, client: { ...c.client, anonymised: true } }), "anonymised"],
    ["no billing street", (c) => ({ ...c, client: { ...c.client, billingStreet: null } }), "clientAddress"],
    [
      "a blank billing street",
      (c) => ({ ...c, client: { ...c.client, billingStreet: "  " } }),
      "clientAddress",
    ],
    [
      "no billing postal code",
      (c) => ({ ...c, client: { ...c.client, billingPostalCode: "" } }),
      "clientAddress",
    ],
    ["no billing city", (c) => ({ ...c, client: { ...c.client, billingCity: null } }), "clientAddress"],
    ["no e-mail", (c) => ({ ...c, client: { ...c.client, email: null } }), "clientEmail"],
    ["a blank e-mail", (c) => ({ ...c, client: { ...c.client, email: " " } }), "clientEmail"],
    [
      "no site street",
      (c) => ({ ...c, content: { ...c.content, site: { ...c.content.site, street: "" } } }),
      "siteAddress",
    ],
    [
      "no site postal code",
      (c) => ({ ...c, content: { ...c.content, site: { ...c.content.site, postalCode: "" } } }),
      "siteAddress",
    ],
    [
      "no site city",
      (c) => ({ ...c, content: { ...c.content, site: { ...c.content.site, city: " " } } }),
      "siteAddress",
    ],
    ["an empty description", (c) => ({ ...c, content: { ...c.content, description: "" } }), "description"],
    [
      "no estimated start",
      (c) => ({ ...c, content: { ...c.content, terms: { ...c.content.terms, startOn: null } } }),
      "startOn",
    ],
    [
      "a blank estimated duration",
      (c) => ({ ...c, content: { ...c.content, terms: { ...c.content.terms, duration: "  " } } }),
      "duration",
    ],
    [
      "no décennale date",
      (c) => ({ ...c, company: company({ insuranceValidUntil: null }) }),
      "insuranceUnknown",
    ],
    [
      "a décennale that ended yesterday",
      (c) => ({ ...c, company: company({ insuranceValidUntil: "2026-11-22" }) }),
      "insuranceExpired",
    ],
    [
      "no décennale in the register",
      (c) => ({ ...c, company: company({ decennale: false }) }),
      "insuranceNone",
    ],
    [
      "a 5,5 % line without RGE number",
      (c) => ({ ...c, company: company({ rgeNumber: null }) }),
      "rgeMissing",
    ],
    [
      "a 5,5 % line without RGE end date",
      (c) => ({ ...c, company: company({ rgeValidUntil: null }) }),
      "rgeMissing",
    ],
    [
      "a 5,5 % line with an RGE that ended yesterday",
      (c) => ({ ...c, company: company({ rgeValidUntil: "2026-11-22" }) }),
      "rgeExpired",
    ],
    [
      "reverse charge for a private client",
      (c) => ({ ...c, content: { ...c.content, reverseCharge: true } }),
      "reverseCharge",
    ],
    [
      "reverse charge for a business without VAT number",
      (c) => ({
        ...c,
        client: business({ vatNumber: null }),
        content: { ...c.content, reverseCharge: true },
      }),
      "reverseCharge",
    ],
    [
      "reverse charge for a business with a blank VAT number",
      (c) => ({
        ...c,
        client: business({ vatNumber: "  " }),
        content: { ...c.content, reverseCharge: true },
      }),
      "reverseCharge",
    ],
    [
      "a line without quantity",
      (c) => ({ ...c, content: quote([item(), item({ quantity: null })]) }),
      "quantity",
    ],
    ["a line of quantity 0", (c) => ({ ...c, content: quote([item(), item({ quantity: 0 })]) }), "quantity"],
    [
      "an option without quantity",
      (c) => ({ ...c, content: quote([item(), item({ quantity: null, optional: true })]) }),
      "quantity",
    ],
    [
      "a line without price",
      (c) => ({ ...c, content: quote([item(), item({ unitPriceHt: null })]) }),
      "price",
    ],
    ["only options", (c) => ({ ...c, content: quote([item({ optional: true })]) }), "noLine"],
    [
      "only text lines and travel costs",
      (c) => ({
        ...c,
        content: quote([{ id: "t", kind: "text", text: "Forfait" }], {
          travel: { amountHt: 4_500, vatCode: "20" },
        }),
      }),
      "noLine",
    ],
    ["no line at all", (c) => ({ ...c, content: quote([]) }), "noLine"],
  ];

  it.each(cases)("names %s, and that reason only", (_, breakIt, reason) => {
    expect(missing(good())).toEqual([]); // fixed: nothing missing
    expect(reasons(missing(breakIt(good())))).toEqual([reason]);
  });

  it("says where a line lacks its quantity or its price, and takes a price of 0 as given", () => {
    const content: QuoteContent = {
      ...quote([]),
      lots: [
        { id: "a", title: "Démolition", lines: [item()] },
        {
          id: "b",
          title: "Isolation",
          lines: [
            { id: "t", kind: "text", text: "Combles" },
            item({ designation: "Laine de verre", quantity: null, unitPriceHt: null }),
            item({ designation: "Geste offert", unitPriceHt: 0 }),
          ],
        },
      ],
    };
    expect(missing({ ...good(), content })).toEqual([
      "Lot « Isolation », ligne 2 (Laine de verre) : indiquez la quantité.",
      "Lot « Isolation », ligne 2 (Laine de verre) : indiquez le prix unitaire HT.",
    ]);
  });

  it("takes the décennale and the RGE as valid on their last day, expired the day after", () => {
    const on = (insuranceValidUntil: IsoDay, rgeValidUntil: IsoDay, today: IsoDay) =>
      missing({ ...good(), company: company({ insuranceValidUntil, rgeValidUntil }), today });
    // The last day, including across a change of clocks (29 March 2026) and of year.
    for (const [last, next] of [
      ["2026-11-23", "2026-11-24"],
      ["2026-03-28", "2026-03-29"],
      ["2026-10-24", "2026-10-25"],
      ["2026-12-31", "2027-01-01"],
      ["2028-02-28", "2028-02-29"],
    ] as const) {
      expect(on(last, "2030-01-01", last)).toEqual([]);
      expect(on("2030-01-01", last, last)).toEqual([]);
      expect(reasons(on(last, "2030-01-01", next))).toEqual(["insuranceExpired"]);
      expect(reasons(on("2030-01-01", last, next))).toEqual(["rgeExpired"]);
    }
    expect(on("2026-11-22", "2026-11-22", TODAY)).toEqual([
      "L'assurance décennale a expiré le 22 novembre 2026 : ajoutez la nouvelle attestation au registre des documents.",
      "La qualification RGE n° E-E123456 a expiré le 22 novembre 2026 : une ligne à 5,5 % ne peut pas être proposée. Ajoutez le nouveau certificat au registre des documents.",
    ]);
  });

  it("asks the RGE for a 5,5 % option or 5,5 % travel costs too, but not under reverse charge", () => {
    const noRge = company({ rgeNumber: null, rgeValidUntil: null });
    expect(reasons(missing({ ...good(), company: noRge }))).toEqual(["rgeMissing"]); // the option at 5,5 %
    const travel = quote([item()], { travel: { amountHt: 4_500, vatCode: "5.5" } });
    expect(reasons(missing({ ...good(), content: travel, company: noRge }))).toEqual(["rgeMissing"]);
    const reverse = { ...good().content, reverseCharge: true };
    expect(missing({ ...good(), content: reverse, client: business(), company: noRge })).toEqual([]);
  });

  it("names exactly the problems a quote has, whatever their combination", () => {
    const choice = <T>(...values: T[]) => fc.constantFrom(...values);
    fc.assert(
      fc.property(
        fc.record({
          anonymised: fc.boolean(),
          clientAddress: choice("ok", "street", "postalCode", "city"),
          email: choice<string | null>("ok", null, "", " "),
          site: choice("ok", "street", "postalCode", "city"),
          description: choice("ok", "", " \n "),
          insurance: choice("ok", "unknown", "expired", "lastDay"),
          has55: fc.boolean(),
          rge: choice("ok", "noNumber", "noDate", "expired", "lastDay"),
          kind: choice<"particulier" | "entreprise">("particulier", "entreprise"),
          vatNumber: choice<string | null>("FR12123456789", null, ""),
          reverseCharge: fc.boolean(),
          noQuantity: fc.boolean(),
          noPrice: fc.boolean(),
          onlyOptions: fc.boolean(),
          daysAgo: fc.integer({ min: 1, max: 3_000 }),
        }),
        (p) => {
          const today = TODAY;
          const past = new Date(Date.parse(`${today}T00:00:00Z`) - p.daysAgo * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const dateFor = (state: string) =>
            state === "expired" ? past : state === "lastDay" ? today : "2030-01-01";
          const lines: QuoteLine[] = [
            item({ optional: p.onlyOptions }),
            item({ vatCode: "10", optional: p.onlyOptions }),
            ...(p.has55 ? [item({ vatCode: "5.5", optional: p.onlyOptions })] : []),
            ...(p.noQuantity ? [item({ quantity: null, optional: p.onlyOptions })] : []),
            ...(p.noPrice ? [item({ unitPriceHt: null, optional: p.onlyOptions })] : []),
          ];
          const site = { street: "12 rue Jean Jaurès", postalCode: "83000", city: "Toulon" };
          if (p.site !== "ok") site[p.site as keyof typeof site] = "";
          const facts = client({
            kind: p.kind,
            vatNumber: p.vatNumber,
            anonymised: p.anonymised,
            email: p.email === "ok" ? "contact@example.fr" : p.email,
            ...(p.clientAddress === "street" ? { billingStreet: null } : {}),
            ...(p.clientAddress === "postalCode" ? { billingPostalCode: "" } : {}),
            ...(p.clientAddress === "city" ? { billingCity: "  " } : {}),
          });
          const content = quote(lines, {
            site,
            reverseCharge: p.reverseCharge,
            description: p.description === "ok" ? "Travaux" : p.description,
          });
          const settings = company({
            insuranceValidUntil: p.insurance === "unknown" ? null : dateFor(p.insurance),
            rgeNumber: p.rge === "noNumber" ? null : "E-E123456",
            rgeValidUntil: p.rge === "noDate" ? null : dateFor(p.rge),
          });

          const expected: Reason[] = [];
          if (p.anonymised) expected.push("anonymised");
          if (p.clientAddress !== "ok") expected.push("clientAddress");
          if (p.email !== "ok") expected.push("clientEmail");
          if (p.site !== "ok") expected.push("siteAddress");
          if (p.description !== "ok") expected.push("description");
          if (p.insurance === "unknown") expected.push("insuranceUnknown");
          if (p.insurance === "expired") expected.push("insuranceExpired");
          if (p.has55 && !p.reverseCharge) {
            if (p.rge === "noNumber" || p.rge === "noDate") expected.push("rgeMissing");
            if (p.rge === "expired") expected.push("rgeExpired");
          }
          if (p.reverseCharge && (p.kind !== "entreprise" || !p.vatNumber)) expected.push("reverseCharge");
          if (p.noQuantity) expected.push("quantity");
          if (p.noPrice) expected.push("price");
          if (p.onlyOptions) expected.push("noLine");

          expect(reasons(missingForSending(content, facts, settings, today))).toEqual(expected.sort());
        },
      ),
      { numRuns: 500 },
    );
  });
});

// ─── Where each reason is fixed ──────────────────────────────────────────────────────

describe("sendingProblems", () => {
  const CLIENT_ID = "0b8f7a34-5a6e-4c1e-9a51-3f0c2d9e8b71";

  it("links each missing fact to the field that fixes it: the client's page, the editor, the settings", () => {
    const content = quote(
      [item({ id: "ligne-1", quantity: null }), item({ id: "ligne-2", unitPriceHt: null })],
      {
        site: { street: "", postalCode: "83000", city: "Toulon" },
        description: "",
        terms: { ...quote([]).terms, startOn: null, duration: "" },
      },
    );
    const problems = sendingProblems(
      content,
      client({ id: CLIENT_ID, billingStreet: "12 rue Jean Jaurès", billingPostalCode: "", email: null }),
      company({ insuranceValidUntil: null }),
      TODAY,
    );
    expect(problems.map((p) => [p.message.slice(0, 31), p.href])).toEqual([
      ["L'adresse du client est incompl", `/erp/clients/${CLIENT_ID}/modifier#client-billing-postal-code`],
      ["Le client n'a pas d'adresse e-m", `/erp/clients/${CLIENT_ID}/modifier#client-email`],
      ["L'adresse du chantier est incom", "#devis-site-street"],
      ["Décrivez la nature exacte des t", "#devis-description"],
      ["Indiquez la date de début estim", "#devis-terms-startOn"],
      ["Indiquez la durée estimée des t", "#devis-terms-duration"],
      ["La date de fin de validité de l", "/erp/docs/nouveau?type=decennale"],
      ["Lot « Démolition », ligne 1 (Dé", "#devis-ligne-ligne-1-quantity"],
      ["Lot « Démolition », ligne 2 (Dé", "#devis-ligne-ligne-2-unitPriceHt"],
    ]);
    // The text-only list says the same, in the same order.
    expect(
      missingForSending(
        content,
        client({ id: CLIENT_ID, billingPostalCode: "", email: null }),
        company({ insuranceValidUntil: null }),
        TODAY,
      ),
    ).toEqual(problems.map((p) => p.message));
  });

  it("sends a missing or expired décennale or RGE to the register's form for that kind", () => {
    const rge = quote([item({ vatCode: "5.5" })]);
    const hrefs = (facts: RegisterFacts) =>
      sendingProblems(rge, client(), company(facts), TODAY).map((p) => p.href);
    expect(hrefs({ decennale: false })).toEqual(["/erp/docs/nouveau?type=decennale"]);
    expect(hrefs({ insuranceValidUntil: "2026-11-22" })).toEqual(["/erp/docs/nouveau?type=decennale"]);
    expect(hrefs({ rgeNumber: null })).toEqual(["/erp/docs/nouveau?type=rge"]);
    expect(hrefs({ rgeValidUntil: null })).toEqual(["/erp/docs/nouveau?type=rge"]);
    expect(hrefs({ rgeValidUntil: "2026-11-01" })).toEqual(["/erp/docs/nouveau?type=rge"]);
  });

  it("has no link to the page of a client it does not know, nor of an anonymised one", () => {
    const content = quote([item()]);
    const unknown = sendingProblems(content, client({ email: null }), company(), TODAY);
    expect(unknown).toEqual([{ message: expect.stringMatching(/pas d'adresse e-mail/), href: null }]);
    const erased = sendingProblems(
      content,
      client({ id: CLIENT_ID, anonymised: true, email: null }),
      company(),
      TODAY,
    );
    expect(erased.every((p) => p.href === null)).toBe(true);
  });
});

describe("sendingWarnings", () => {
  const deposit = quote([item()], {
    terms: { ...quote([]).terms, deposit: { kind: "percent", basisPoints: 3000 } },
  });
  const noBank = { holder: null, iban: null, bic: null };
  const bank = { holder: "Batirade SARL", iban: "FR7630006000011234567890189", bic: "AGRIFRPP" };

  it("warns, with a link to the bank details, when a deposit is asked and the settings have none", () => {
    expect(sendingWarnings(deposit, company({ bank: noBank }))).toEqual([
      {
        message:
          "Le devis demande un acompte : la facture d'acompte devra porter les coordonnées bancaires (titulaire, IBAN, BIC). Renseignez-les dans les paramètres de l'entreprise.",
        href: "/erp/parametres#bankAccountHolder",
      },
    ]);
    // A warning only: the quote can still be sent.
    expect(missingForSending(deposit, client(), company({ bank: noBank }), TODAY)).toEqual([]);
  });

  it("says nothing without a deposit, or with the bank details filled in", () => {
    expect(sendingWarnings(quote([item()]), company({ bank: noBank }))).toEqual([]);
    expect(sendingWarnings(deposit, company({ bank }))).toEqual([]);
  });
});
