import { readCents, readDay, readMilli, readRate } from "./numbers.ts";
import { partySiren } from "./party.ts";
import {
  CREDIT_NOTE_TYPE_CODES,
  type ReadAllowanceCharge,
  type ReadSupplierInvoice,
  type SupplierInvoiceProblem,
} from "./supplier-invoice.ts";
import { type Prefixes, select, selectAll, textOf, type XmlElement } from "./xml.ts";

/*
 * OASIS UBL 2.1 Invoice and CreditNote (EN 16931's second syntax, Peppol's) into a
 * `ReadSupplierInvoice`. Paths follow the EN 16931-3-2 syntax binding.
 */

export const UBL_INVOICE_NAMESPACE = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
export const UBL_CREDIT_NOTE_NAMESPACE = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2";

const NS: Prefixes = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

export function isUblInvoice(root: XmlElement): boolean {
  return (
    (root.ns === UBL_INVOICE_NAMESPACE && root.local === "Invoice") ||
    (root.ns === UBL_CREDIT_NOTE_NAMESPACE && root.local === "CreditNote")
  );
}

export function readUbl(root: XmlElement): ReadSupplierInvoice {
  const issues: SupplierInvoiceProblem[] = [];
  const at = (element: XmlElement | undefined, path: string) => textOf(select(element, NS, path));
  const isCreditNoteDocument = root.local === "CreditNote";
  const typeCode = at(root, isCreditNoteDocument ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode") ?? "";
  const currency = at(root, "cbc:DocumentCurrencyCode") ?? "";

  const party = (element: XmlElement | undefined) => {
    const legal = select(element, NS, "cac:PartyLegalEntity/cbc:CompanyID");
    const vatNumber = selectAll(element, NS, "cac:PartyTaxScheme")
      .filter((scheme) => (at(scheme, "cac:TaxScheme/cbc:ID") ?? "VAT") === "VAT")
      .map((scheme) => at(scheme, "cbc:CompanyID"))
      .find(Boolean);
    const legalId = textOf(legal) ? { id: legal?.text ?? "", scheme: legal?.attributes.schemeID } : undefined;
    return {
      name:
        at(element, "cac:PartyLegalEntity/cbc:RegistrationName") ??
        at(element, "cac:PartyName/cbc:Name") ??
        "",
      legalId,
      vatNumber,
      siren: partySiren(legalId, vatNumber),
    };
  };
  const seller = select(root, NS, "cac:AccountingSupplierParty/cac:Party");
  const sellerParty = party(seller);
  const buyerParty = party(select(root, NS, "cac:AccountingCustomerParty/cac:Party"));
  const address = select(seller, NS, "cac:PostalAddress");
  const paymentMeans = selectAll(root, NS, "cac:PaymentMeans");
  const iban = paymentMeans.map((means) => at(means, "cac:PayeeFinancialAccount/cbc:ID")).find(Boolean);
  const bic = paymentMeans
    .map((means) => at(means, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID"))
    .find(Boolean);

  const allowanceCharges = selectAll(root, NS, "cac:AllowanceCharge").map((element) => {
    const isCharge = at(element, "cbc:ChargeIndicator") === "true";
    const entry: ReadAllowanceCharge = {
      amountCents: readCents(at(element, "cbc:Amount"), isCharge ? "Frais" : "Remise", issues),
      reason: at(element, "cbc:AllowanceChargeReason"),
      vatCategory: at(element, "cac:TaxCategory/cbc:ID"),
      vatRate: readRate(at(element, "cac:TaxCategory/cbc:Percent")),
    };
    return { isCharge, entry };
  });

  // BT-110 is the TaxTotal in the invoice's currency; a second one (BT-111) is in the accounting currency.
  const taxTotals = selectAll(root, NS, "cac:TaxTotal");
  const taxTotal =
    taxTotals.find((total) => {
      const amount = select(total, NS, "cbc:TaxAmount");
      return !amount?.attributes.currencyID || amount.attributes.currencyID === currency;
    }) ?? taxTotals[0];
  const monetary = select(root, NS, "cac:LegalMonetaryTotal");
  const total = (name: string, label: string) => readCents(at(monetary, name), label, issues);
  const lineName = isCreditNoteDocument ? "cac:CreditNoteLine" : "cac:InvoiceLine";
  const quantityName = isCreditNoteDocument ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity";

  return {
    typeCode,
    isCreditNote: isCreditNoteDocument || CREDIT_NOTE_TYPE_CODES.has(typeCode),
    number: at(root, "cbc:ID") ?? "",
    issueDate: readDay(at(root, "cbc:IssueDate")),
    // A UBL credit note has no DueDate: its BT-9 sits in the payment means.
    dueDate: readDay(
      at(root, "cbc:DueDate") ?? paymentMeans.map((means) => at(means, "cbc:PaymentDueDate")).find(Boolean),
    ),
    currency,
    orderReference: at(root, "cac:OrderReference/cbc:ID"),
    buyerReference: at(root, "cbc:BuyerReference"),
    precedingInvoices: selectAll(root, NS, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID")
      .map((element) => element.text)
      .filter(Boolean),
    seller: {
      ...sellerParty,
      tradingName: at(seller, "cac:PartyName/cbc:Name"),
      address: address && {
        lines: [
          at(address, "cbc:StreetName"),
          at(address, "cbc:AdditionalStreetName"),
          at(address, "cac:AddressLine/cbc:Line"),
        ].filter((line): line is string => Boolean(line)),
        postcode: at(address, "cbc:PostalZone"),
        city: at(address, "cbc:CityName"),
        countryCode: at(address, "cac:Country/cbc:IdentificationCode"),
      },
      iban: iban?.replace(/\s/g, ""),
      bic,
    },
    buyer: { name: buyerParty.name, siren: buyerParty.siren, vatNumber: buyerParty.vatNumber },
    lines: selectAll(root, NS, lineName).map((line, index) => {
      const id = at(line, "cbc:ID") ?? "";
      const quantity = select(line, NS, quantityName);
      const tax = select(line, NS, "cac:Item/cac:ClassifiedTaxCategory");
      return {
        id,
        reference: at(line, "cac:Item/cac:SellersItemIdentification/cbc:ID"),
        designation: at(line, "cac:Item/cbc:Name") ?? "",
        quantity: textOf(quantity) ?? "",
        quantityMilli: readMilli(textOf(quantity)),
        unitCode: quantity?.attributes.unitCode,
        unitPrice: at(line, "cac:Price/cbc:PriceAmount"),
        netCents: readCents(
          at(line, "cbc:LineExtensionAmount"),
          `Ligne ${id || index + 1}, montant net`,
          issues,
        ),
        vatCategory: at(tax, "cbc:ID"),
        vatRate: readRate(at(tax, "cbc:Percent")),
      };
    }),
    allowances: allowanceCharges.filter((entry) => !entry.isCharge).map((entry) => entry.entry),
    charges: allowanceCharges.filter((entry) => entry.isCharge).map((entry) => entry.entry),
    vatBreakdown: selectAll(taxTotal, NS, "cac:TaxSubtotal").map((subtotal) => {
      const category = select(subtotal, NS, "cac:TaxCategory");
      const exemptionCode = at(category, "cbc:TaxExemptionReasonCode");
      return {
        category: at(category, "cbc:ID") ?? "",
        rate: readRate(at(category, "cbc:Percent")),
        baseCents: readCents(at(subtotal, "cbc:TaxableAmount"), "Ventilation de la TVA, base", issues),
        vatCents: readCents(at(subtotal, "cbc:TaxAmount"), "Ventilation de la TVA, montant", issues),
        exemptionReason: at(category, "cbc:TaxExemptionReason") ?? exemptionCode,
        exemptionCode,
      };
    }),
    totals: {
      lines: total("cbc:LineExtensionAmount", "Total des lignes"),
      allowances: total("cbc:AllowanceTotalAmount", "Total des remises"),
      charges: total("cbc:ChargeTotalAmount", "Total des frais"),
      net: total("cbc:TaxExclusiveAmount", "Total HT"),
      vat: readCents(at(taxTotal, "cbc:TaxAmount"), "Total de la TVA", issues),
      gross: total("cbc:TaxInclusiveAmount", "Total TTC"),
      prepaid: total("cbc:PrepaidAmount", "Montant déjà payé"),
      rounding: total("cbc:PayableRoundingAmount", "Arrondi"),
      due: total("cbc:PayableAmount", "Montant à payer"),
    },
    paymentTerms: selectAll(root, NS, "cac:PaymentTerms/cbc:Note")
      .map((element) => element.text)
      .find(Boolean),
    notes: selectAll(root, NS, "cbc:Note")
      .map((element) => element.text)
      .filter(Boolean),
    readIssues: issues,
  };
}
