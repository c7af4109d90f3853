import { type Invoice, InvoiceService } from "@e-invoice-eu/core";
import PDFDocument from "pdfkit";

/*
 * E-invoices made by software other than this product: @e-invoice-eu/core (an independent
 * EN 16931 generator, Factur-X/ZUGFeRD, UBL and CII) writes them from its own JSON input,
 * which these helpers build. The tests assert the figures written here, read back from
 * the generator's XML or PDF. Tests only.
 */

export type SampleLine = {
  id: string;
  name: string;
  reference?: string;
  quantity: string;
  unit: string;
  price: string;
  net: string;
  category: string;
  rate?: string;
};

export type SampleVat = {
  category: string;
  rate?: string;
  base: string;
  vat: string;
  exemptionReason?: string;
  exemptionCode?: string;
};

export type Sample = {
  number: string;
  typeCode: string;
  issueDate: string;
  dueDate?: string;
  orderReference?: string;
  seller: { name: string; siren?: string; vatNumber?: string; iban?: string; bic?: string };
  buyer: { name: string; vatNumber?: string };
  lines: SampleLine[];
  allowance?: { amount: string; reason: string; category: string; rate: string };
  vat: SampleVat[];
  totals: {
    lines: string;
    allowances?: string;
    net: string;
    vat: string;
    gross: string;
    prepaid?: string;
    due: string;
  };
  paymentTerms?: string;
  note?: string;
  precedingInvoice?: string;
};

/** The materials supplier most tests read from, and the company as its buyer. */
export const NEGOCE_SELLER = {
  name: "Négoce Matériaux du Var SAS",
  siren: "542051180",
  vatNumber: "FR59542051180",
} as const;
export const BUYER = { name: "BTP Toulon", vatNumber: "FR65912345675" } as const;

/**
 * Négoce's invoice FA-2026-00117: 10 bags of cement at 10,00 € and 2,5 m³ of sand at 48,40 €,
 * 20 %: 221,00 € HT, 44,20 € VAT, 265,20 € TTC. The lines carry the supplier's references
 * (CIM35, SAB04) unless `references` says otherwise (null: a line without one, matched by its
 * designation then); `overrides` sets the rest (order reference, IBAN, notes…).
 */
export function materialsInvoice(
  overrides: Partial<Sample> = {},
  { references = ["CIM35", "SAB04"] }: { references?: readonly [string | null, string | null] } = {},
): Sample {
  const [cement, sand] = references;
  return {
    number: "FA-2026-00117",
    typeCode: "380",
    issueDate: "2026-10-05",
    dueDate: "2026-11-04",
    seller: { ...NEGOCE_SELLER },
    buyer: { ...BUYER },
    lines: [
      {
        id: "1",
        name: "Sac de ciment 35 kg",
        ...(cement ? { reference: cement } : {}),
        quantity: "10",
        unit: "H87",
        price: "10.00",
        net: "100.00",
        category: "S",
        rate: "20",
      },
      {
        id: "2",
        name: "Sable 0/4 lavé",
        ...(sand ? { reference: sand } : {}),
        quantity: "2.5",
        unit: "MTQ",
        price: "48.40",
        net: "121.00",
        category: "S",
        rate: "20",
      },
    ],
    vat: [{ category: "S", rate: "20", base: "221.00", vat: "44.20" }],
    totals: { lines: "221.00", net: "221.00", vat: "44.20", gross: "265.20", due: "265.20" },
    ...overrides,
  };
}

/** Adds « …@currencyID »: EUR beside every amount, as the generator's schema asks. */
function withCurrency(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withCurrency);
  if (value && typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      result[key] = withCurrency(entry);
      if (/Amount$/.test(key) && typeof entry === "string") result[`${key}@currencyID`] = "EUR";
    }
    return result;
  }
  return value;
}

const taxCategory = (category: string, rate?: string) => ({
  "cbc:ID": category,
  ...(rate === undefined ? {} : { "cbc:Percent": rate }),
  "cac:TaxScheme": { "cbc:ID": "VAT" },
});

const address = (street: string, postcode: string, city: string) => ({
  "cbc:StreetName": street,
  "cbc:CityName": city,
  "cbc:PostalZone": postcode,
  "cac:Country": { "cbc:IdentificationCode": "FR" },
});

/** The generator's input (its « internal format », UBL-shaped JSON) for `sample`. */
export function generatorInput(sample: Sample): Invoice {
  const { seller, buyer, totals } = sample;
  const invoice = {
    "ubl:Invoice": {
      "cbc:CustomizationID": "urn:cen.eu:en16931:2017",
      "cbc:ID": sample.number,
      "cbc:IssueDate": sample.issueDate,
      ...(sample.dueDate ? { "cbc:DueDate": sample.dueDate } : {}),
      "cbc:InvoiceTypeCode": sample.typeCode,
      ...(sample.note ? { "cbc:Note": [sample.note] } : {}),
      "cbc:DocumentCurrencyCode": "EUR",
      "cbc:BuyerReference": sample.orderReference ?? "N/A",
      ...(sample.orderReference ? { "cac:OrderReference": { "cbc:ID": sample.orderReference } } : {}),
      ...(sample.precedingInvoice
        ? {
            "cac:BillingReference": [
              { "cac:InvoiceDocumentReference": { "cbc:ID": sample.precedingInvoice } },
            ],
          }
        : {}),
      "cac:AccountingSupplierParty": {
        "cac:Party": {
          "cbc:EndpointID": "factures@fournisseur.example",
          "cbc:EndpointID@schemeID": "EM",
          "cac:PostalAddress": address("12 rue des Négociants", "13002", "Marseille"),
          ...(seller.vatNumber
            ? {
                "cac:PartyTaxScheme": [
                  { "cbc:CompanyID": seller.vatNumber, "cac:TaxScheme": { "cbc:ID": "VAT" } },
                ],
              }
            : {}),
          "cac:PartyLegalEntity": {
            "cbc:RegistrationName": seller.name,
            ...(seller.siren ? { "cbc:CompanyID": seller.siren, "cbc:CompanyID@schemeID": "0002" } : {}),
          },
        },
      },
      "cac:AccountingCustomerParty": {
        "cac:Party": {
          "cbc:EndpointID": "compta@btp.example",
          "cbc:EndpointID@schemeID": "EM",
          "cac:PostalAddress": address("1 avenue du Port", "83000", "Toulon"),
          ...(buyer.vatNumber
            ? {
                "cac:PartyTaxScheme": {
                  "cbc:CompanyID": buyer.vatNumber,
                  "cac:TaxScheme": { "cbc:ID": "VAT" },
                },
              }
            : {}),
          "cac:PartyLegalEntity": { "cbc:RegistrationName": buyer.name },
        },
      },
      ...(seller.iban
        ? {
            "cac:PaymentMeans": [
              {
                "cbc:PaymentMeansCode": "58",
                "cac:PayeeFinancialAccount": {
                  "cbc:ID": seller.iban,
                  ...(seller.bic ? { "cac:FinancialInstitutionBranch": { "cbc:ID": seller.bic } } : {}),
                },
              },
            ],
          }
        : {}),
      ...(sample.paymentTerms ? { "cac:PaymentTerms": { "cbc:Note": sample.paymentTerms } } : {}),
      ...(sample.allowance
        ? {
            "cac:AllowanceCharge": [
              {
                "cbc:ChargeIndicator": "false",
                "cbc:AllowanceChargeReason": sample.allowance.reason,
                "cbc:Amount": sample.allowance.amount,
                "cac:TaxCategory": taxCategory(sample.allowance.category, sample.allowance.rate),
              },
            ],
          }
        : {}),
      "cac:TaxTotal": [
        {
          "cbc:TaxAmount": totals.vat,
          "cac:TaxSubtotal": sample.vat.map((entry) => ({
            "cbc:TaxableAmount": entry.base,
            "cbc:TaxAmount": entry.vat,
            "cac:TaxCategory": {
              ...taxCategory(entry.category, entry.rate),
              ...(entry.exemptionCode ? { "cbc:TaxExemptionReasonCode": entry.exemptionCode } : {}),
              ...(entry.exemptionReason ? { "cbc:TaxExemptionReason": entry.exemptionReason } : {}),
            },
          })),
        },
      ],
      "cac:LegalMonetaryTotal": {
        "cbc:LineExtensionAmount": totals.lines,
        "cbc:TaxExclusiveAmount": totals.net,
        "cbc:TaxInclusiveAmount": totals.gross,
        ...(totals.allowances ? { "cbc:AllowanceTotalAmount": totals.allowances } : {}),
        ...(totals.prepaid ? { "cbc:PrepaidAmount": totals.prepaid } : {}),
        "cbc:PayableAmount": totals.due,
      },
      "cac:InvoiceLine": sample.lines.map((line) => ({
        "cbc:ID": line.id,
        "cbc:InvoicedQuantity": line.quantity,
        "cbc:InvoicedQuantity@unitCode": line.unit,
        "cbc:LineExtensionAmount": line.net,
        "cac:Item": {
          "cbc:Name": line.name,
          ...(line.reference ? { "cac:SellersItemIdentification": { "cbc:ID": line.reference } } : {}),
          "cac:ClassifiedTaxCategory": taxCategory(line.category, line.rate),
        },
        "cac:Price": { "cbc:PriceAmount": line.price },
      })),
    },
  };
  return withCurrency(invoice) as Invoice;
}

/** A one-page PDF, the visible invoice the generator turns into a Factur-X PDF/A-3. */
function visiblePdf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
    document.text(title);
    document.end();
  });
}

const quiet = { log() {}, warn() {}, error() {} };

/** `sample` as the generator writes it: « UBL », « CII », « XRechnung-CII » give XML; « Factur-X-… » a PDF. */
export async function generate(sample: Sample, format: string): Promise<Uint8Array> {
  const service = new InvoiceService(quiet);
  const input = generatorInput(sample);
  if (!format.toLowerCase().startsWith("factur-x")) {
    const xml = await service.generate(input, { format, lang: "fr-fr" });
    return new TextEncoder().encode(String(xml));
  }
  const pdf = await visiblePdf(`Facture ${sample.number}`);
  const result = await service.generate(input, {
    format,
    lang: "fr-fr",
    pdf: { buffer: pdf, filename: `${sample.number}.pdf`, mimetype: "application/pdf" },
  });
  return result as Uint8Array;
}

/**
 * A Factur-X MINIMUM invoice made by node-zugferd (another generator, whose pdf-lib writes
 * the PDF with object streams). MINIMUM carries totals and no lines: not a full invoice.
 */
export async function nodeZugferdMinimum(): Promise<Uint8Array> {
  const { zugferd } = await import("node-zugferd");
  const { MINIMUM } = await import("node-zugferd/profile/minimum");
  // strict: false skips its XSD check, which would need Java (xsd-schema-validator).
  const invoicer = zugferd({ profile: MINIMUM, strict: false, logger: { disabled: true } });
  const document = invoicer.create({
    number: "LOC-2026-311",
    typeCode: "380",
    issueDate: new Date(Date.UTC(2026, 9, 31)),
    transaction: {
      tradeAgreement: {
        buyerReference: "BC-2026-0031",
        seller: {
          name: "Loca'Var Engins",
          organization: { registrationIdentifier: { value: "443061841", schemeIdentifier: "0002" } },
          postalAddress: { countryCode: "FR" },
          taxRegistration: { vatIdentifier: "FR64443061841" },
        },
        buyer: { name: "BTP Toulon" },
        associatedOrder: { purchaseOrderReference: "BC-2026-0031" },
      },
      tradeSettlement: {
        currencyCode: "EUR",
        monetarySummation: {
          taxBasisTotalAmount: "850.00",
          taxTotal: { amount: "170.00", currencyCode: "EUR" },
          grandTotalAmount: "1020.00",
          duePayableAmount: "1020.00",
        },
      },
    },
  } as Parameters<typeof invoicer.create>[0]);
  return document.embedInPdf(await visiblePdf("Facture LOC-2026-311"), { metadata: { title: "Facture" } });
}

/** A PDF written by pdfkit with `files` attached (compressed), as any PDF producer may attach them. */
export function pdfWithAttachments(
  files: { name: string; content: Uint8Array | string }[],
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument();
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.on("error", reject);
    document.text("Facture");
    for (const file of files) {
      document.file(Buffer.from(file.content), { name: file.name, type: "text/xml" });
    }
    document.end();
  });
}
