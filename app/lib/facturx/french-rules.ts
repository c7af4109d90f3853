/*
 * The French rules of the 2026 e-invoicing reform (BR-FR, « Flux 2 » of the DGFiP's
 * external specifications, published by the FNFE-MPE beside the EN 16931 rules), checked
 * on the invoice before its XML is written, as `checkFacturxInvoice` checks EN 16931's.
 * Written here from the published rule texts (decision 017, « Règles BR-FR »): only the
 * rules that can concern an invoice this product issues. Each violation names its rule.
 *
 * A buyer with a SIREN is a business (B2B): the product asks for it on every business
 * client's invoice (missingForIssue). A private client has none, and the rules written
 * for a business buyer (BR-FR-05's PMT and PMD, BR-FR-11, BR-FR-12) do not apply to it.
 */

export type FrenchRuleViolation = { rule: string; message: string };

type Tax = { category: string; rate: number };
type Buyer = { siren?: string; email?: string };

/**
 * What the rules read of an invoice: a `FacturxInvoice` (./facturx.ts, whose builder calls
 * them) is one. Written out here so that neither module imports the other's.
 */
export interface FrenchRulesInput {
  typeCode: string;
  businessProcess: string;
  number: string;
  issueDate: string;
  dueDate?: string;
  precedingInvoices?: readonly { number: string; issueDate: string }[];
  delivery?: { date?: string };
  servicePeriod?: { start: string; end: string };
  seller: { siren: string; siret?: string; email: string };
  buyer: Buyer;
  notes: readonly { subjectCode?: string }[];
  lines: readonly { vat: Tax }[];
  vatBreakdown: readonly Tax[];
  allowances?: readonly { vat: Tax }[];
}

/** BR-FR-04: the document types (BT-3) the reform accepts. */
const DOCUMENT_TYPES = new Set([
  "380",
  "389",
  "393",
  "501",
  "386",
  "500",
  "384",
  "471",
  "472",
  "473",
  "261",
  "262",
  "381",
  "396",
  "502",
  "503",
]);

/** BR-FR-08: the billing frameworks (BT-23, « cadre de facturation »). */
const BILLING_FRAMEWORKS = new Set("B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9".split(" "));

/** BR-FR-15: the VAT categories that exist in France (L and M, Canary Islands and Ceuta, do not). */
const VAT_CATEGORIES = new Set(["S", "E", "AE", "K", "G", "O", "Z"]);

/** BR-FR-16: the VAT rates of France, mainland and overseas, current and past, in basis points. */
const VAT_RATES_BP = new Set([
  0, 90, 105, 175, 210, 550, 700, 850, 920, 960, 1_000, 1_300, 1_960, 2_000, 2_060,
]);

/** BR-FR-01 and BR-FR-02: an invoice number of 35 characters at most, without spaces. */
const MAX_NUMBER_LENGTH = 35;
const NUMBER_CHARACTERS = /^[A-Za-z0-9+\-_/]+$/;

/** BR-FR-25: an electronic address (BT-34, BT-49) of 125 characters at most. */
const MAX_ELECTRONIC_ADDRESS_LENGTH = 125;

/** BR-FR-05 and BR-FR-06: the notes the reform requires, each at most once (TXD too). */
const REQUIRED_NOTES = {
  PMT: "la mention relative à l'indemnité forfaitaire pour frais de recouvrement (note PMT)",
  PMD: "la mention relative aux pénalités de retard (note PMD)",
  AAB: "la mention relative à l'escompte ou à son absence (note AAB)",
} as const;
const SINGLE_NOTES = ["PMT", "PMD", "AAB", "TXD"] as const;

/** A buyer identified by its SIREN: a business, to which the B2B rules apply. */
export function isBusinessBuyer(buyer: Buyer): boolean {
  return buyer.siren !== undefined;
}

/**
 * The buyer's electronic address (BT-49) as the XML writes it: its e-mail address, or for
 * a business that gave none its SIREN, its address in the reform's directory (scheme 0225).
 */
export function buyerElectronicAddress(buyer: Buyer): { id: string; scheme: "EM" | "0225" } | null {
  if (buyer.email !== undefined) return { id: buyer.email, scheme: "EM" };
  if (buyer.siren !== undefined) return { id: buyer.siren, scheme: "0225" };
  return null;
}

const inReformYears = (day: string) => /^20\d{2}-/.test(day);

export function frenchRuleViolations(invoice: FrenchRulesInput): FrenchRuleViolation[] {
  const violations: FrenchRuleViolation[] = [];
  const add = (rule: string, message: string) => {
    if (!violations.some((violation) => violation.rule === rule && violation.message === message)) {
      violations.push({ rule, message });
    }
  };
  const { seller, buyer } = invoice;
  const business = isBusinessBuyer(buyer);

  // BR-FR-01, BR-FR-02: the invoice's number (BT-1) and those it cites (BT-25).
  const numbers = [
    { what: "Le numéro de la facture", value: invoice.number },
    ...(invoice.precedingInvoices ?? []).map((reference) => ({
      what: "Le numéro de la facture antérieure",
      value: reference.number,
    })),
  ];
  for (const { what, value } of numbers) {
    if (value.length > MAX_NUMBER_LENGTH) {
      add("BR-FR-01", `${what} (${value}) dépasse ${MAX_NUMBER_LENGTH} caractères.`);
    }
    if (!NUMBER_CHARACTERS.test(value)) {
      add(
        "BR-FR-02",
        `${what} (${value}) ne doit contenir que des lettres, des chiffres et les signes + - _ /, sans espace.`,
      );
    }
  }

  // BR-FR-03: every date between 2000 and 2099.
  const dates = [
    { what: "d'émission", day: invoice.issueDate },
    { what: "d'échéance", day: invoice.dueDate },
    { what: "de livraison", day: invoice.delivery?.date },
    { what: "de début de période", day: invoice.servicePeriod?.start },
    { what: "de fin de période", day: invoice.servicePeriod?.end },
    ...(invoice.precedingInvoices ?? []).map((reference) => ({
      what: "de la facture antérieure",
      day: reference.issueDate,
    })),
  ];
  for (const { what, day } of dates) {
    if (day !== undefined && !inReformYears(day)) {
      add("BR-FR-03", `La date ${what} (${day}) doit être comprise entre 2000 et 2099.`);
    }
  }

  // BR-FR-04, BR-FR-08.
  if (!DOCUMENT_TYPES.has(invoice.typeCode)) {
    add("BR-FR-04", `Le type de document ${invoice.typeCode} n'est pas admis par la réforme.`);
  }
  if (!BILLING_FRAMEWORKS.has(invoice.businessProcess)) {
    add("BR-FR-08", `Le cadre de facturation ${invoice.businessProcess} n'est pas admis par la réforme.`);
  }

  // BR-FR-05: the early-payment discount condition on every invoice; the penalties and the
  // recovery indemnity (L441-10, D441-5 of the Code de commerce) on a business's.
  const codes = invoice.notes.map((note) => note.subjectCode);
  const required = business ? (["PMT", "PMD", "AAB"] as const) : (["AAB"] as const);
  for (const code of required) {
    if (!codes.includes(code)) add("BR-FR-05", `${capitalize(REQUIRED_NOTES[code])} manque.`);
  }
  // BR-FR-06.
  for (const code of SINGLE_NOTES) {
    if (codes.filter((candidate) => candidate === code).length > 1) {
      add("BR-FR-06", `La note ${code} ne doit figurer qu'une fois.`);
    }
  }

  // BR-FR-09, BR-FR-10: the seller's SIREN (BT-30) and SIRET (BT-29).
  if (!/^\d{9}$/.test(seller.siren)) {
    add("BR-FR-10", "Le SIREN du vendeur est obligatoire et compte exactement neuf chiffres.");
  } else if (
    seller.siret !== undefined &&
    !(/^\d{14}$/.test(seller.siret) && seller.siret.startsWith(seller.siren))
  ) {
    add("BR-FR-09", "Le SIRET du vendeur compte quatorze chiffres et commence par son SIREN.");
  }

  // BR-FR-11, BR-FR-12: a business buyer's SIREN (BT-47) and electronic address (BT-49).
  if (business && !/^\d{9}$/.test(buyer.siren ?? "")) {
    add("BR-FR-11", "Le SIREN du client entreprise compte exactement neuf chiffres.");
  }
  const buyerAddress = buyerElectronicAddress(buyer);
  if (business && !buyerAddress?.id.trim()) {
    add("BR-FR-12", "L'adresse électronique du client entreprise est obligatoire.");
  }

  // BR-FR-13, BR-FR-25: the electronic addresses (BT-34, BT-49).
  if (!seller.email.trim()) add("BR-FR-13", "L'adresse électronique du vendeur est obligatoire.");
  for (const [who, value] of [
    ["du vendeur", seller.email],
    ["du client", buyerAddress?.id],
  ] as const) {
    if (value !== undefined && value.length > MAX_ELECTRONIC_ADDRESS_LENGTH) {
      add("BR-FR-25", `L'adresse électronique ${who} dépasse ${MAX_ELECTRONIC_ADDRESS_LENGTH} caractères.`);
    }
  }

  // BR-FR-15, BR-FR-16: VAT categories and rates, on the lines and in the breakdown.
  const taxes = [
    ...invoice.lines.map((line) => line.vat),
    ...invoice.vatBreakdown,
    ...(invoice.allowances ?? []).map((allowance) => allowance.vat),
  ];
  for (const { category, rate } of taxes) {
    if (!VAT_CATEGORIES.has(category)) {
      add("BR-FR-15", `La catégorie de TVA ${category} n'existe pas en France.`);
    }
    if (!VAT_RATES_BP.has(rate)) {
      add("BR-FR-16", `Le taux de TVA de ${rate / 100} % n'est pas un taux français.`);
    }
  }
  return violations;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
