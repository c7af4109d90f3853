import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { formatCents, formatQuantity } from "#app/lib/money.ts";
import { CERTIFICATION_HEADING } from "#app/lib/pdf/blocks.server.ts";
import { identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, REVERSE_CHARGE_MENTION } from "#app/lib/vat.ts";
import { privateParty } from "#tests/helpers/parties.ts";
import { expectNoOverlappingText } from "#tests/helpers/pdf-layout.ts";
import {
  brokenPhrases,
  flattenSpaces,
  type PdfContent,
  pageImages,
  pageTextBoxes,
  readPdf,
} from "#tests/helpers/pdf-text.ts";
import type { QuoteContent, QuoteItemLine, QuoteLot } from "./content.ts";
import {
  ACCEPTANCE_BLOCK,
  OFF_PREMISES_NOTICE,
  type QuoteClientFacts,
  quoteMentions,
  WITHDRAWAL_FORM_TITLE,
  WITHDRAWAL_NOTICE,
  withdrawalFormLines,
} from "./mentions.ts";
import { DRAFT_MARK, OPTIONS_HEADING, type QuotePdfInput, renderQuotePdf } from "./pdf.server.ts";
import { ACCEPTANCE_CERTIFICATE_TITLE, type QuotePdfAcceptance } from "./pdf-acceptance.server.ts";
import { quoteTotals } from "./totals.ts";

// ─── Fixtures ────────────────────────────────────────────────────────────────────────

const CREATED = new Date(Date.UTC(2026, 10, 23, 9, 30));
const HOURLY_COST = 4_500;
const identity = identityFromCompanyConfig(company, {
  rge: { number: "E-E182736", validUntil: "2027-06-30" },
});

type Client = QuoteClientFacts & { phone: string | null };

const privateClient: Client = { ...privateParty(), anonymised: false, phone: "06 11 22 33 44" };

const businessClient: Client = {
  kind: "entreprise",
  name: "Martin Construction",
  legalName: "MARTIN CONSTRUCTION SARL",
  siren: "552100554",
  vatNumber: "FR40552100554",
  email: "compta@martin-construction.example",
  billingStreet: "27 rue Lafayette",
  billingPostalCode: "83000",
  billingCity: "Toulon",
  anonymised: false,
  phone: null,
};

function item(
  id: string,
  designation: string,
  vatCode: QuoteItemLine["vatCode"],
  quantity: number,
  unitPriceHt: number,
  extra: Partial<QuoteItemLine> = {},
): QuoteItemLine {
  return {
    id,
    kind: "item",
    designation,
    description: "",
    unit: "u",
    quantity,
    unitPriceHt,
    vatCode,
    optional: false,
    libraryItemId: null,
    cost: null,
    ...extra,
  };
}

/** A bathroom renovation and loft insulation at 20, 10 and 5,5 %, with an option and costs. */
const renovation: QuoteContent = {
  title: "Rénovation de la salle de bains et isolation des combles",
  description:
    "Dépose de la baignoire, création d'une douche à l'italienne et isolation des combles perdus " +
    "par soufflage de laine minérale.",
  site: { street: "3 chemin des Oliviers", postalCode: "83200", city: "Toulon" },
  reverseCharge: false,
  offPremises: true,
  lots: [
    {
      id: "lot-demolition",
      title: "Démolition",
      lines: [
        item("l1", "Dépose de la baignoire", "20", 1_000, 35_000, {
          description: "Baignoire en fonte, évacuation comprise.",
        }),
        { id: "t1", kind: "text", text: "Évacuation des gravats en déchetterie agréée." },
        item("l2", "Dépose du carrelage mural", "20", 12_500, 2_500, { unit: "m²", optional: true }),
      ],
    },
    {
      id: "lot-plomberie",
      title: "Plomberie",
      lines: [
        item("l3", "Douche à l'italienne", "10", 1_000, 185_000, {
          unit: "forfait",
          description: "Receveur extra-plat 90 × 120, paroi fixe en verre trempé, mitigeur thermostatique.",
          cost: { labourHours: 16_000, materialsCents: 62_000 },
        }),
        item("l4", "Remplacement du mitigeur du lavabo", "10", 1_000, 24_000),
      ],
    },
    {
      id: "lot-isolation",
      title: "Isolation",
      lines: [
        item("l5", "Isolation des combles perdus par soufflage", "5.5", 45_500, 3_200, {
          unit: "m²",
          description: "Laine minérale, R = 7 m².K/W.",
          cost: { labourHours: 200, materialsCents: 900 },
        }),
      ],
    },
  ],
  discount: { kind: "percent", basisPoints: 500 },
  travel: { amountHt: 5_000, vatCode: "20" },
  terms: {
    validityDays: 30,
    startOn: "2027-01-11",
    duration: "3 semaines",
    deposit: { kind: "percent", basisPoints: 3_000 },
    depositSchedule: "30 % à la signature, le solde à la réception des travaux.",
    paymentTerms: "Paiement par virement à réception de facture.",
    paid: false,
    priceCents: null,
    noteToClient: "Merci de votre confiance : nous restons à votre disposition pour toute question.",
  },
};

/** Subcontracted work for a main contractor: reverse charge. */
const subcontract: QuoteContent = {
  ...renovation,
  title: "Sous-traitance : maçonnerie du lot gros œuvre",
  description: "Élévation des murs en parpaings du garage.",
  reverseCharge: true,
  offPremises: false,
  lots: [
    {
      id: "lot-maconnerie",
      title: "Maçonnerie",
      lines: [
        item("m1", "Murs en parpaings de 20", "20", 38_000, 6_500, { unit: "m²" }),
        item("m2", "Chaînages et linteaux", "10", 14_000, 4_200, { unit: "ml" }),
        item("m3", "Enduit de façade", "20", 38_000, 2_800, { unit: "m²", optional: true }),
      ],
    },
  ],
  discount: null,
  terms: { ...renovation.terms, deposit: { kind: "percent", basisPoints: 2_000 }, depositSchedule: "" },
};

function quoteInput(
  content: QuoteContent,
  client: Client,
  overrides: Partial<QuotePdfInput> = {},
): QuotePdfInput {
  return {
    identity,
    number: "DEV-2026-0007",
    version: 1,
    date: "2026-11-23",
    validUntil: "2026-12-23",
    creationDate: CREATED,
    client,
    content,
    totals: quoteTotals(content, HOURLY_COST),
    mentions: quoteMentions(content, client),
    ...overrides,
  };
}

/** 200 lines over four lots, one line in nine with a long description. */
function longQuote(): QuoteContent {
  const lots: QuoteLot[] = [0, 1, 2, 3].map((lot) => ({
    id: `lot-${lot}`,
    title: `Façades ${lot + 1}`,
    lines: Array.from({ length: 50 }, (_, index) => {
      const number = lot * 50 + index + 1;
      return item(
        `line-${number}`,
        `Ligne ${String(number).padStart(3, "0")} – enduit à la chaux`,
        (["20", "10", "5.5"] as const)[number % 3] ?? "20",
        12_500,
        4_550 + number,
        {
          unit: "m²",
          description:
            number % 9 === 0
              ? "Reprise des fissures et des éclats, traitement des angles et des appuis."
              : "",
        },
      );
    }),
  }));
  return { ...renovation, lots, discount: null, travel: null };
}

const acceptance: QuotePdfAcceptance = {
  name: "Élodie Dupont",
  email: "elodie.dupont@example.fr",
  codeVerifiedAt: new Date(Date.UTC(2026, 10, 25, 14, 2, 17)),
  acceptedAt: new Date(Date.UTC(2026, 10, 25, 14, 5, 42)),
  ip: "2a01:cb1d:8123:4500:1c2e:9a4f:7b1d:3e21",
  userAgent:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
    "Version/18.1 Safari/605.1.15 Ecosia/2.3 (compatible; a-rather-long-extension-token-to-wrap/1.0)",
  pdfSha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  certificationConfirmed: true,
  quoteNumber: "DEV-2026-0007",
};

// ─── Reading back ────────────────────────────────────────────────────────────────────

/**
 * Text as a reader sees it, whatever the line breaks: runs of white space as one space,
 * and no space after a hyphen where pdfkit broke a line (« L221- 18 »).
 */
function normalize(text: string): string {
  return flattenSpaces(text).replace(/(\S)- /g, "$1-");
}

/**
 * The body of each page, joined: the frame is drawn after the body on every page, so a
 * page's text stops at the header's trade name. A paragraph that runs onto the next
 * page reads on without the frame in between.
 */
function bodyText(read: PdfContent): string {
  return normalize(
    read.pages
      .map((page) => {
        const frameStart = page.lastIndexOf(identity.tradeName);
        return frameStart >= 0 ? page.slice(0, frameStart) : page;
      })
      .join(" "),
  );
}

function occurrences(text: string, search: string): number {
  return text.split(search).length - 1;
}

// ─── Tests ───────────────────────────────────────────────────────────────────────────

describe("a private client's quote at 20, 10 and 5,5 %", () => {
  const input = quoteInput(renovation, privateClient);
  let pdf: Buffer;
  let read: PdfContent;
  let text: string;

  beforeAll(async () => {
    pdf = await renderQuotePdf(input);
    read = await readPdf(pdf);
    text = bodyText(read);
  });

  it("has the figures computed by hand (the fixture's check)", () => {
    expect(input.totals.linesHt).toBe(394_600);
    expect(input.totals.discountHt).toBe(19_730);
    expect(input.totals.totalHt).toBe(374_870);
    expect(input.totals.totalTtc).toBe(409_933);
    expect(input.totals.depositTtc).toBe(122_980);
    expect(input.totals.optional.totalHt).toBe(31_250);
  });

  it("prints the frame on every page: number, date, validity, identity, décennale, RGE", () => {
    const pages = read.pages.map(normalize);
    pages.forEach((page, index) => {
      for (const mention of [
        "Devis DEV-2026-0007",
        "Date : 23 novembre 2026",
        "Valable jusqu'au 23 décembre 2026",
        "BATI RADE TOULON",
        "SIRET 91234567500009",
        "Assurance décennale : Mutuelle des Artisans du Sud",
        "Qualification RGE n° E-E182736",
        `Page ${index + 1} / ${pages.length}`,
      ]) {
        expect(page, `page ${index + 1}: ${mention}`).toContain(mention);
      }
      expect(page).not.toContain("Version");
      expect(page).not.toContain(DRAFT_MARK);
    });
  });

  it("names the client, the billing address, the site and the exact nature of the work", () => {
    for (const mention of [
      "Client Mme Élodie Dupont",
      "Adresse de facturation 8 rue des Lilas 83100 Toulon",
      "Téléphone 06 11 22 33 44",
      "E-mail elodie.dupont@example.fr",
      "Adresse du chantier 3 chemin des Oliviers 83200 Toulon",
      "Nature des travaux",
      renovation.title,
      normalize(renovation.description),
    ]) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain("SIREN");
  });

  it("prints each lot with its lines, its text lines and its subtotal", () => {
    expect(
      occurrences(text, "N° Désignation Unité Quantité Prix unitaire HT TVA Total HT"),
    ).toBeGreaterThanOrEqual(4);
    for (const line of [
      "1.1 Dépose de la baignoire Baignoire en fonte, évacuation comprise. u 1 350,00 € 20 % 350,00 €",
      "Évacuation des gravats en déchetterie agréée.",
      "Sous-total Démolition 350,00 €",
      "Lot 2 – Plomberie",
      "2.1 Douche à l'italienne Receveur extra-plat 90 × 120, paroi fixe en verre trempé, mitigeur thermostatique. forfait 1 1 850,00 € 10 % 1 850,00 €",
      "2.2 Remplacement du mitigeur du lavabo u 1 240,00 € 10 % 240,00 €",
      "Sous-total Plomberie 2 090,00 €",
      "3.1 Isolation des combles perdus par soufflage Laine minérale, R = 7 m².K/W. m² 45,5 32,00 € 5,5 % 1 456,00 €",
      "Sous-total Isolation 1 456,00 €",
      "Frais de déplacement forfait 1 50,00 € 20 % 50,00 €",
    ]) {
      expect(text).toContain(line);
    }
    expect(text.indexOf("Lot 1 – Démolition")).toBeLessThan(text.indexOf("Lot 2 – Plomberie"));
    expect(text.indexOf("Lot 2 – Plomberie")).toBeLessThan(text.indexOf("Lot 3 – Isolation"));
  });

  it("prints the totals: lines, discount, HT, VAT per rate on its base, TTC and the deposit", () => {
    const totals = normalize(text.slice(text.indexOf("Récapitulatif"), text.indexOf(OPTIONS_HEADING)));
    expect(totals).toContain(
      [
        "Total HT des lignes : 3 946,00 €",
        "Remise (5 %) : -197,30 €",
        "Total HT : 3 748,70 €",
        "TVA 20 % sur 380,00 € : 76,00 €",
        "TVA 10 % sur 1 985,50 € : 198,55 €",
        "TVA 5,5 % sur 1 383,20 € : 76,08 €",
        "Total TVA : 350,63 €",
        "Total TTC : 4 099,33 €",
      ].join(" "),
    );
    // Off-premises, the deposit cannot be asked at the signature (L221-10).
    expect(totals).toContain("Acompte : 1 229,80 € TTC");
    expect(totals).toContain("exigible qu'à l'expiration d'un délai de sept jours");
    expect(totals).toContain("30 % à la signature, le solde à la réception des travaux.");
  });

  it("prints the options apart, with their own total, outside the quote's total", () => {
    const start = text.indexOf(OPTIONS_HEADING);
    expect(start).toBeGreaterThan(text.indexOf("Total TTC"));
    const options = text.slice(start, text.indexOf("Conditions", start));
    expect(options).toContain("O1 Dépose du carrelage mural m² 12,5 25,00 € 20 % 312,50 €");
    expect(options).toContain("Total des options HT 312,50 €");
    expect(options).toContain("Total des options TTC 375,00 €");
    expect(occurrences(text, "Dépose du carrelage mural")).toBe(1);
    // Not in the lot's subtotal nor in the quote's total.
    expect(text).toContain("Sous-total Démolition 350,00 €");
    expect(text).toContain("Total HT des lignes : 3 946,00 €");
  });

  it("prints the terms: validity, start, duration, payment, free quote, and the note", () => {
    for (const mention of [
      "Validité Jusqu'au 23 décembre 2026 (30 jours à compter de son envoi)",
      "Début estimé des travaux 11 janvier 2027",
      "Durée estimée des travaux 3 semaines",
      "Conditions de paiement Paiement par virement à réception de facture.",
      "Prix du devis Devis gratuit",
      "Remarques Merci de votre confiance : nous restons à votre disposition pour toute question.",
    ]) {
      expect(text).toContain(mention);
    }
  });

  it("prints both VAT certifications under their heading, and the RGE qualification", () => {
    const start = text.indexOf(CERTIFICATION_HEADING);
    expect(start).toBeGreaterThan(0);
    const certification10 = text.indexOf(normalize(CERTIFICATION_10));
    const certification55 = text.indexOf(normalize(CERTIFICATION_5_5));
    expect(certification10).toBeGreaterThan(start);
    expect(certification55).toBeGreaterThan(certification10);
    expect(text).toContain(
      "Travaux d'amélioration énergétique : qualification RGE n° E-E182736, valable jusqu'au 30 juin 2027",
    );
  });

  it("prints the withdrawal right, the off-premises notice and the signature block", () => {
    expect(text).toContain(normalize(WITHDRAWAL_NOTICE));
    expect(text).toContain(normalize(OFF_PREMISES_NOTICE));
    const signature = text.indexOf("Bon pour accord");
    expect(signature).toBeGreaterThan(text.indexOf(normalize(WITHDRAWAL_NOTICE)));
    expect(text.slice(signature)).toContain(
      `${normalize(ACCEPTANCE_BLOCK)} Date : Nom : Signature, précédée de la mention « Bon pour accord » :`,
    );
  });

  it("puts the withdrawal form, addressed to the company, on a last page of its own", () => {
    const last = normalize(read.pages.at(-1) ?? "");
    expect(read.pages.length).toBeGreaterThanOrEqual(3);
    expect(last).toContain(WITHDRAWAL_FORM_TITLE);
    const companyLine =
      "BATI RADE TOULON, 145 avenue de la République, 83000 Toulon, contact@batirade-toulon.fr";
    for (const line of withdrawalFormLines(companyLine)) expect(last).toContain(normalize(line));
    expect(last).not.toContain("Bon pour accord");
    expect(last).not.toContain("Récapitulatif");
    const before = read.pages.slice(0, -1).map(normalize).join(" ");
    expect(before).not.toContain(WITHDRAWAL_FORM_TITLE);
  });

  it("never prints the estimated cost or the margin", () => {
    // The PDF receives the document's figures only; the staff's, at the same hourly cost:
    const totals = quoteTotals(input.content, HOURLY_COST);
    expect(totals.cost).toBe(215_900);
    expect(totals.margin).not.toBeNull();
    const whole = normalize(read.pages.join(" "));
    const secret = [totals.cost, totals.margin, ...totals.lots.flatMap((lot) => [lot.cost, lot.margin])];
    for (const amount of secret) {
      if (amount === null || amount === 0) continue;
      expect(whole).not.toContain(normalize(formatCents(amount)));
    }
    expect(whole).not.toMatch(/marge|coût de revient|prix de revient|main-d'œuvre/i);
  });

  it("draws no text over other text", async () => {
    await expectNoOverlappingText(pdf);
  });
});

describe("variants of the private client's quote", () => {
  it("asks the deposit at the signature, without the off-premises notice, when signed at a distance", async () => {
    const content = { ...renovation, offPremises: false };
    const text = bodyText(await readPdf(await renderQuotePdf(quoteInput(content, privateClient))));
    expect(text).toContain("Acompte à la signature : 1 229,80 € TTC");
    expect(text).toContain(normalize(WITHDRAWAL_NOTICE));
    expect(text).not.toContain("Contrat conclu hors établissement");
    expect(text).not.toContain("sept jours");
  });

  it("says a paid quote's price", async () => {
    const content = { ...renovation, terms: { ...renovation.terms, paid: true, priceCents: 12_000 } };
    const text = bodyText(await readPdf(await renderQuotePdf(quoteInput(content, privateClient))));
    expect(text).toContain("Prix du devis Devis payant : 120,00 € TTC");
    expect(text).not.toContain("Devis gratuit");
  });

  it("marks a draft as not sent and gives its validity in days", async () => {
    const read = await readPdf(
      await renderQuotePdf(quoteInput(renovation, privateClient, { number: null, validUntil: null })),
    );
    for (const page of read.pages.map(normalize)) {
      expect(page).toContain(`Devis Date : 23 novembre 2026 ${DRAFT_MARK}`);
      expect(page).toContain("Validité : 30 jours à compter de son envoi");
      expect(page).not.toContain("DEV-");
      expect(page).not.toContain("Valable jusqu'au");
    }
    expect(read.info.Title).toBe("Devis");
    expect(bodyText(read)).toContain("Validité 30 jours à compter de son envoi");
  });

  it("shows the version from the second one", async () => {
    const read = await readPdf(
      await renderQuotePdf(quoteInput(renovation, privateClient, { number: "DEV-2026-0007-V2", version: 2 })),
    );
    for (const page of read.pages.map(normalize)) {
      expect(page).toContain("Devis DEV-2026-0007-V2");
      expect(page).toContain("Version 2 Valable jusqu'au 23 décembre 2026");
    }
  });
});

describe("a business client's subcontract under reverse charge", () => {
  const input = quoteInput(subcontract, businessClient);
  let read: PdfContent;
  let text: string;

  beforeAll(async () => {
    read = await readPdf(await renderQuotePdf(input));
    text = bodyText(read);
  });

  it("names the company by its legal name, with its SIREN and VAT number", () => {
    expect(text).toContain("Client MARTIN CONSTRUCTION SARL Martin Construction");
    expect(text).toContain("SIREN 552100554");
    expect(text).toContain("N° de TVA intracommunautaire FR40552100554");
    expect(text).toContain("Adresse de facturation 27 rue Lafayette 83000 Toulon");
  });

  it("prints amounts HT only, « TVA : autoliquidation » and the reverse-charge mention", () => {
    expect(text).toContain("1.1 Murs en parpaings de 20 m² 38 65,00 € Autoliquidation 2 470,00 €");
    expect(text).toContain("1.2 Chaînages et linteaux ml 14 42,00 € Autoliquidation 588,00 €");
    expect(text).toContain("Frais de déplacement forfait 1 50,00 € Autoliquidation 50,00 €");
    expect(text).toContain("Total HT des lignes : 3 108,00 € Total HT : 3 108,00 € TVA : autoliquidation");
    expect(text).toContain(normalize(REVERSE_CHARGE_MENTION));
    expect(text).toContain("Acompte à la signature : 621,60 € HT");
    expect(text).toContain("Total des options HT 1 064,00 €");
    const whole = normalize(read.pages.join(" "));
    expect(whole).not.toContain("TTC");
    expect(whole).not.toMatch(/TVA \d/);
    expect(whole).not.toMatch(/\d %/);
  });

  it("carries no VAT certification, RGE line or consumer notice", () => {
    expect(text).not.toContain(CERTIFICATION_HEADING);
    expect(text).not.toContain("certifie");
    expect(text).not.toContain("Travaux d'amélioration énergétique");
    expect(text).not.toContain("Droit de rétractation");
    expect(text).not.toContain(WITHDRAWAL_FORM_TITLE);
    expect(text).toContain("Bon pour accord");
  });
});

describe("the lines' columns", () => {
  const HEADERS = ["N°", "Désignation", "Unité", "Quantité", "Prix unitaire HT", "TVA", "Total HT"];
  /** The renovation with a large lot: an amount over a million, quantities in the thousands. */
  const large: QuoteContent = {
    ...renovation,
    lots: [
      ...renovation.lots,
      {
        id: "lot-extension",
        title: "Extension",
        lines: [
          item("x1", "Extension en ossature bois", "20", 1_000, 123_456_789, { unit: "forfait" }),
          item("x2", "Dalle béton", "20", 1_234_500, 8_765, { unit: "m²" }),
        ],
      },
    ],
  };
  /** Every amount, quantity and rate of the lines' tables. */
  function lineAmounts(input: QuotePdfInput): string[] {
    const prices = input.content.lots.flatMap((lot) =>
      lot.lines.flatMap((line) =>
        line.kind === "item" && line.unitPriceHt !== null && line.quantity !== null
          ? [formatCents(line.unitPriceHt), formatQuantity(line.quantity)]
          : [],
      ),
    );
    const totals = input.totals.lines.flatMap((line) =>
      line.kind === "item" ? [formatCents(line.totalHt)] : [],
    );
    const subtotals = input.totals.lots.map((lot) => formatCents(lot.subtotalHt));
    return [...prices, ...totals, ...subtotals];
  }

  it.each([
    ["a private client's quote with a large lot", quoteInput(large, privateClient)],
    ["a subcontract under reverse charge", quoteInput(subcontract, businessClient)],
  ])("%s: every header reads whole, every amount on one line", async (_label, input) => {
    const { pages } = await readPdf(await renderQuotePdf(input));
    expect(brokenPhrases(pages, { headers: HEADERS, amounts: lineAmounts(input) })).toEqual([]);
  });
});

describe("a quote of 200 lines", () => {
  const content = longQuote();
  let read: PdfContent;

  beforeAll(async () => {
    read = await readPdf(await renderQuotePdf(quoteInput(content, privateClient)));
  });

  it("runs over several pages, the table header on each, every line printed once", () => {
    expect(read.pages.length).toBeGreaterThanOrEqual(6);
    const text = bodyText(read);
    for (let number = 1; number <= 200; number++) {
      const designation = `Ligne ${String(number).padStart(3, "0")} – enduit à la chaux`;
      expect(occurrences(text, designation), designation).toBe(1);
    }
    const header = "N° Désignation Unité Quantité Prix unitaire HT TVA Total HT";
    const pagesWithLines = read.pages.map(normalize).filter((page) => page.includes("enduit à la chaux"));
    expect(pagesWithLines.length).toBeGreaterThanOrEqual(5);
    for (const page of pagesWithLines) expect(page).toContain(header);
    for (const [index, lot] of content.lots.entries()) {
      expect(text).toContain(
        `Sous-total ${lot.title} ${normalize(formatCents(quoteTotals(content, HOURLY_COST).lots[index]?.subtotalHt ?? 0))}`,
      );
    }
  });
});

describe("a long description", () => {
  it("runs over continuation rows rather than being cut", async () => {
    const sentence = "Préparation du support, application de deux couches et nettoyage du chantier. ";
    const description = `${sentence.repeat(90)}Fin de la description.`;
    const content: QuoteContent = {
      ...renovation,
      lots: [
        {
          id: "lot-long",
          title: "Peinture",
          lines: [item("p1", "Peinture des murs", "20", 1_000, 100_000, { description })],
        },
      ],
    };
    const text = bodyText(await readPdf(await renderQuotePdf(quoteInput(content, privateClient))));
    expect(occurrences(text, "Préparation du support")).toBe(90);
    const lot = text.slice(text.indexOf("Lot 1 – Peinture"), text.indexOf("Sous-total Peinture"));
    expect(lot).toContain("chantier. Fin de la description.");
    // The engine marks a cut cell with an ellipsis.
    expect(lot).not.toContain("…");
  });
});

describe("the signed copy", () => {
  const input = quoteInput(renovation, privateClient);
  let unsigned: PdfContent;
  let signed: PdfContent;

  beforeAll(async () => {
    unsigned = await readPdf(await renderQuotePdf(input));
    signed = await readPdf(await renderQuotePdf({ ...input, acceptance }));
  });

  it("is the same pages, its « Bon pour accord » box filled in, then a last page « Certificat d'acceptation »", () => {
    expect(signed.pages.length).toBe(unsigned.pages.length + 1);
    const withoutPageNumbers = (pages: string[]) =>
      pages.map((page) => normalize(page).replace(/Page \d+ \/ \d+/, ""));
    const filled = "Date : 25/11/2026 Nom : Élodie Dupont Signature, précédée";
    const signedPages = withoutPageNumbers(signed.pages.slice(0, -1));
    expect(signedPages.filter((page) => page.includes(filled))).toHaveLength(1);
    expect(signedPages.map((page) => page.replace(filled, "Date : Nom : Signature, précédée"))).toEqual(
      withoutPageNumbers(unsigned.pages),
    );
    const last = normalize(signed.pages.at(-1) ?? "");
    expect(last).toContain(ACCEPTANCE_CERTIFICATE_TITLE);
    expect(normalize(unsigned.pages.join(" "))).not.toContain(ACCEPTANCE_CERTIFICATE_TITLE);
  });

  it("lists the facts of the acceptance", () => {
    const last = normalize(signed.pages.at(-1) ?? "");
    for (const fact of [
      "Devis DEV-2026-0007 – Rénovation de la salle de bains et isolation des combles",
      "Montant accepté 4 099,33 € TTC",
      "Signataire Élodie Dupont",
      "elodie.dupont@example.fr",
      "Vérifiée par un code à usage unique envoyé à cette adresse, saisi le 25 novembre 2026 à 15:02, heure de Paris (Europe/Paris), soit 2026-11-25 14:02:17 UTC",
      "Date et heure de l'acceptation 25 novembre 2026 à 15:05, heure de Paris (Europe/Paris), soit 2026-11-25 14:05:42 UTC",
      "Adresse IP 2a01:cb1d:8123:4500:1c2e:9a4f:7b1d:3e21",
      `Empreinte SHA-256 du devis présenté ${acceptance.pdfSha256}`,
      "Confirmée par le client lors de l'acceptation",
      "articles 1366 et 1367 du Code civil",
    ]) {
      expect(last).toContain(fact);
    }
    // The user agent is wrapped over lines: every character of it is there, in order.
    expect(last.replace(/\s/g, "")).toContain(acceptance.userAgent.replace(/\s/g, ""));
  });

  it("says when the certification was not confirmed, and nothing of it without a reduced rate", async () => {
    const notConfirmed = await readPdf(
      await renderQuotePdf({ ...input, acceptance: { ...acceptance, certificationConfirmed: false } }),
    );
    expect(normalize(notConfirmed.pages.at(-1) ?? "")).toContain("Non confirmée par le client");

    const business = quoteInput(subcontract, businessClient);
    const read = await readPdf(await renderQuotePdf({ ...business, acceptance }));
    const last = normalize(read.pages.at(-1) ?? "");
    expect(last).toContain("Montant accepté 3 108,00 € HT (autoliquidation)");
    expect(last).not.toContain("Attestation du client");
    expect(last).not.toContain("Confirmée");
  });
});

describe("the signed copy with a drawn signature", () => {
  const input = quoteInput(renovation, privateClient);
  let signaturePng: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    // A stroke on white, as the acceptance hands it over: opaque RGB, 600 × 200 (the pad's size).
    signaturePng = await sharp({
      create: { width: 600, height: 200, channels: 3, background: "#ffffff" },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M40 150 C 150 20, 250 180, 560 60" stroke="#111" stroke-width="6" fill="none"/></svg>',
          ),
        },
      ])
      .removeAlpha()
      .png()
      .toBuffer();
    pdf = await renderQuotePdf({ ...input, acceptance: { ...acceptance, signaturePng } });
  });

  it("holds the signature as an image XObject, which the unsigned quote and a copy without one lack", async () => {
    expect(pdf.includes("/Subtype /Image")).toBe(true);
    const unsigned = await renderQuotePdf(input);
    const withoutDrawing = await renderQuotePdf({ ...input, acceptance });
    expect(unsigned.includes("/Subtype /Image")).toBe(false);
    expect(withoutDrawing.includes("/Subtype /Image")).toBe(false);
    expect(normalize((await readPdf(withoutDrawing)).pages.at(-1) ?? "")).toContain(
      "Signature dessinée Aucune (facultative",
    );
  });

  it("draws it inside the « Bon pour accord » box, and again on the certificate", async () => {
    const [images, boxes, read] = await Promise.all([pageImages(pdf), pageTextBoxes(pdf), readPdf(pdf)]);
    const boxPage = read.pages.findIndex((page) => normalize(page).includes("Date : 25/11/2026"));
    expect(boxPage).toBeGreaterThanOrEqual(0);
    // Only the box's page and the certificate paint an image.
    expect(images.map((page) => page.length)).toEqual(
      read.pages.map((_, index) => (index === boxPage || index === read.pages.length - 1 ? 1 : 0)),
    );
    const [inBox] = images[boxPage] ?? [];
    const label = boxes[boxPage]?.find((box) => box.text.startsWith("Signature, précédée"));
    if (!inBox || !label) throw new Error("signature ou libellé introuvable");
    expect(inBox).toMatchObject({ pixelWidth: 600, pixelHeight: 200 });
    // Under the box's label, above the bottom of the box (118 pt tall, the label 26 pt from its top).
    expect(inBox.y + inBox.height).toBeLessThanOrEqual(label.y);
    expect(inBox.y).toBeGreaterThan(label.y - 118);
    expect(inBox.width).toBeCloseTo(inBox.height * 3, 0);
    expect(inBox.width).toBeGreaterThan(100);

    const last = normalize(read.pages.at(-1) ?? "");
    expect(last).toContain("Signature dessinée Tracée par le signataire sur la page du devis");
    const [onCertificate] = images.at(-1) ?? [];
    expect(onCertificate).toMatchObject({ pixelWidth: 600, pixelHeight: 200 });
  });

  it("keeps the rendering deterministic, and no text over other text", async () => {
    const again = await renderQuotePdf({
      ...input,
      acceptance: { ...acceptance, signaturePng: Buffer.from(signaturePng) },
    });
    expect(again.equals(pdf)).toBe(true);
    await expectNoOverlappingText(pdf);
  });
});

describe("rendering", () => {
  it("gives the same bytes for the same input", async () => {
    const input = quoteInput(renovation, privateClient, { acceptance });
    const first = await renderQuotePdf(input);
    const second = await renderQuotePdf(structuredClone(input));
    expect(first.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(first.equals(second)).toBe(true);
  });

  it("declares PDF/A-3b", async () => {
    const read = await readPdf(await renderQuotePdf(quoteInput(renovation, privateClient)));
    expect(read.xmp).toMatch(/pdfaid:part>3</);
    expect(read.info.Title).toBe("Devis DEV-2026-0007");
  });
});
