import type { QuoteContent, QuoteDraftInput } from "#app/features/quotes/content.ts";

/*
 * Quotes as the unit tests build them: a draft as the editor posts it, and a quote's
 * content as it is stored. Each builder gives a plain bathroom renovation in Toulon;
 * the test passes what it is about.
 */

/** The terms of a draft: valid 30 days, paid on invoice, nothing else; then what the test changes. */
export function draftTermsInput(overrides: Partial<QuoteDraftInput["terms"]> = {}): QuoteDraftInput["terms"] {
  return {
    validityDays: "30",
    startOn: "",
    duration: "",
    deposit: { kind: "", value: "" },
    depositSchedule: "",
    paymentTerms: "À réception de facture.",
    paid: false,
    priceCents: "",
    noteToClient: "",
    retentionPercent: "",
    retentionBankGuarantee: false,
    ...overrides,
  };
}

/** A draft as the editor posts it: no lot, no discount nor travel costs; then what the test changes. */
export function draftInput(overrides: Partial<QuoteDraftInput> = {}): QuoteDraftInput {
  return {
    title: "Rénovation de la salle de bains",
    description: "Dépose et repose du carrelage.",
    site: { street: "12 rue Paul Lendrin", postalCode: "83000", city: "Toulon" },
    reverseCharge: false,
    offPremises: false,
    lots: [],
    discount: { kind: "", value: "" },
    travel: { amountHt: "", vatCode: "20" },
    terms: draftTermsInput(),
    ...overrides,
  };
}

/** The terms of a stored quote: valid 30 days, nothing else; then what the test changes. */
export function storedTerms(overrides: Partial<QuoteContent["terms"]> = {}): QuoteContent["terms"] {
  return {
    validityDays: 30,
    startOn: null,
    duration: "",
    deposit: null,
    depositSchedule: "",
    paymentTerms: "",
    paid: false,
    priceCents: null,
    noteToClient: "",
    ...overrides,
  };
}

/** A stored quote's content: no lot, no discount nor travel costs; then what the test changes. */
export function storedContent(overrides: Partial<QuoteContent> = {}): QuoteContent {
  return {
    title: "Rénovation",
    description: "Travaux",
    site: { street: "1 rue de la Paix", postalCode: "83000", city: "Toulon" },
    reverseCharge: false,
    offPremises: false,
    lots: [],
    discount: null,
    travel: null,
    terms: storedTerms(),
    ...overrides,
  };
}
