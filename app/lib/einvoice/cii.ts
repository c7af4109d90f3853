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
 * UN/CEFACT CII D16B (EN 16931's first syntax, the XML inside Factur-X and ZUGFeRD 2) into
 * a `ReadSupplierInvoice`. Paths follow the EN 16931-3-3 syntax binding.
 */

export const CII_NAMESPACE = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100";

const NS: Prefixes = {
  rsm: CII_NAMESPACE,
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

export function isCiiInvoice(root: XmlElement): boolean {
  return root.ns === CII_NAMESPACE && root.local === "CrossIndustryInvoice";
}

export function readCii(root: XmlElement): ReadSupplierInvoice {
  const issues: SupplierInvoiceProblem[] = [];
  const at = (element: XmlElement | undefined, path: string) => textOf(select(element, NS, path));
  const document = select(root, NS, "rsm:ExchangedDocument");
  const transaction = select(root, NS, "rsm:SupplyChainTradeTransaction");
  const agreement = select(transaction, NS, "ram:ApplicableHeaderTradeAgreement");
  const settlement = select(transaction, NS, "ram:ApplicableHeaderTradeSettlement");
  const currency = at(settlement, "ram:InvoiceCurrencyCode") ?? "";
  const typeCode = at(document, "ram:TypeCode") ?? "";

  const party = (element: XmlElement | undefined) => {
    const legal = select(element, NS, "ram:SpecifiedLegalOrganization/ram:ID");
    const registrations = selectAll(element, NS, "ram:SpecifiedTaxRegistration/ram:ID");
    const vatNumber = textOf(registrations.find((id) => id.attributes.schemeID === "VA"));
    const legalId = textOf(legal) ? { id: legal?.text ?? "", scheme: legal?.attributes.schemeID } : undefined;
    return { name: at(element, "ram:Name") ?? "", legalId, vatNumber, siren: partySiren(legalId, vatNumber) };
  };
  const seller = select(agreement, NS, "ram:SellerTradeParty");
  const sellerParty = party(seller);
  const buyerParty = party(select(agreement, NS, "ram:BuyerTradeParty"));
  const address = select(seller, NS, "ram:PostalTradeAddress");
  const paymentMeans = selectAll(settlement, NS, "ram:SpecifiedTradeSettlementPaymentMeans");
  const iban = paymentMeans
    .map((means) => at(means, "ram:PayeePartyCreditorFinancialAccount/ram:IBANID"))
    .find(Boolean);
  const bic = paymentMeans
    .map((means) => at(means, "ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID"))
    .find(Boolean);
  const terms = selectAll(settlement, NS, "ram:SpecifiedTradePaymentTerms");

  const allowanceCharges = selectAll(settlement, NS, "ram:SpecifiedTradeAllowanceCharge").map((element) => {
    const isCharge = at(element, "ram:ChargeIndicator/udt:Indicator") === "true";
    const entry: ReadAllowanceCharge = {
      amountCents: readCents(at(element, "ram:ActualAmount"), isCharge ? "Frais" : "Remise", issues),
      reason: at(element, "ram:Reason"),
      vatCategory: at(element, "ram:CategoryTradeTax/ram:CategoryCode"),
      vatRate: readRate(at(element, "ram:CategoryTradeTax/ram:RateApplicablePercent")),
    };
    return { isCharge, entry };
  });

  const summation = select(settlement, NS, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
  // BT-110 is the TaxTotalAmount in the invoice's currency (BT-111, in the accounting currency, may follow).
  const taxTotals = selectAll(summation, NS, "ram:TaxTotalAmount");
  const taxTotal =
    taxTotals.find(
      (element) => !element.attributes.currencyID || element.attributes.currencyID === currency,
    ) ?? taxTotals[0];
  const total = (name: string, label: string) => readCents(at(summation, name), label, issues);

  return {
    typeCode,
    isCreditNote: CREDIT_NOTE_TYPE_CODES.has(typeCode),
    number: at(document, "ram:ID") ?? "",
    issueDate: readDay(at(document, "ram:IssueDateTime/udt:DateTimeString")),
    dueDate: terms.map((term) => readDay(at(term, "ram:DueDateDateTime/udt:DateTimeString"))).find(Boolean),
    currency,
    orderReference: at(agreement, "ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID"),
    buyerReference: at(agreement, "ram:BuyerReference"),
    precedingInvoices: selectAll(settlement, NS, "ram:InvoiceReferencedDocument/ram:IssuerAssignedID")
      .map((element) => element.text)
      .filter(Boolean),
    seller: {
      ...sellerParty,
      tradingName: at(seller, "ram:SpecifiedLegalOrganization/ram:TradingBusinessName"),
      address: address && {
        lines: ["ram:LineOne", "ram:LineTwo", "ram:LineThree"]
          .map((line) => at(address, line))
          .filter((line): line is string => Boolean(line)),
        postcode: at(address, "ram:PostcodeCode"),
        city: at(address, "ram:CityName"),
        countryCode: at(address, "ram:CountryID"),
      },
      iban: iban?.replace(/\s/g, ""),
      bic,
    },
    buyer: { name: buyerParty.name, siren: buyerParty.siren, vatNumber: buyerParty.vatNumber },
    lines: selectAll(transaction, NS, "ram:IncludedSupplyChainTradeLineItem").map((item, index) => {
      const id = at(item, "ram:AssociatedDocumentLineDocument/ram:LineID") ?? "";
      const quantity = select(item, NS, "ram:SpecifiedLineTradeDelivery/ram:BilledQuantity");
      const tax = select(item, NS, "ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax");
      return {
        id,
        reference: at(item, "ram:SpecifiedTradeProduct/ram:SellerAssignedID"),
        designation: at(item, "ram:SpecifiedTradeProduct/ram:Name") ?? "",
        quantity: textOf(quantity) ?? "",
        quantityMilli: readMilli(textOf(quantity)),
        unitCode: quantity?.attributes.unitCode,
        unitPrice: at(item, "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount"),
        netCents: readCents(
          at(
            item,
            "ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount",
          ),
          `Ligne ${id || index + 1}, montant net`,
          issues,
        ),
        vatCategory: at(tax, "ram:CategoryCode"),
        vatRate: readRate(at(tax, "ram:RateApplicablePercent")),
      };
    }),
    allowances: allowanceCharges.filter((entry) => !entry.isCharge).map((entry) => entry.entry),
    charges: allowanceCharges.filter((entry) => entry.isCharge).map((entry) => entry.entry),
    vatBreakdown: selectAll(settlement, NS, "ram:ApplicableTradeTax").map((tax) => {
      const exemptionCode = at(tax, "ram:ExemptionReasonCode");
      return {
        category: at(tax, "ram:CategoryCode") ?? "",
        rate: readRate(at(tax, "ram:RateApplicablePercent")),
        baseCents: readCents(at(tax, "ram:BasisAmount"), "Ventilation de la TVA, base", issues),
        vatCents: readCents(at(tax, "ram:CalculatedAmount"), "Ventilation de la TVA, montant", issues),
        exemptionReason: at(tax, "ram:ExemptionReason") ?? exemptionCode,
        exemptionCode,
      };
    }),
    totals: {
      lines: total("ram:LineTotalAmount", "Total des lignes"),
      allowances: total("ram:AllowanceTotalAmount", "Total des remises"),
      charges: total("ram:ChargeTotalAmount", "Total des frais"),
      net: total("ram:TaxBasisTotalAmount", "Total HT"),
      vat: readCents(textOf(taxTotal), "Total de la TVA", issues),
      gross: total("ram:GrandTotalAmount", "Total TTC"),
      prepaid: total("ram:TotalPrepaidAmount", "Montant déjà payé"),
      rounding: total("ram:RoundingAmount", "Arrondi"),
      due: total("ram:DuePayableAmount", "Montant à payer"),
    },
    paymentTerms: terms.map((term) => at(term, "ram:Description")).find(Boolean),
    notes: selectAll(document, NS, "ram:IncludedNote/ram:Content")
      .map((element) => element.text)
      .filter(Boolean),
    readIssues: issues,
  };
}
