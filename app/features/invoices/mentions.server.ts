import { bicProblem, ibanProblem, normalizeBic, normalizeIban } from "#app/lib/bank.ts";
import { decennaleProblem } from "#app/lib/compliance.ts";
import { type BasisPoints, formatPercent } from "#app/lib/money.ts";
import {
  clientHref,
  editorHref,
  messagesOf,
  type Problem,
  problem,
  settingsHref,
} from "#app/lib/problems.ts";
import type { BillingInvoice, InvoiceKind } from "./billing-model.ts";
import { documentFigures, filled, type InvoiceDocumentInput } from "./document-model.server.ts";

/*
 * The invoice's mentions: the texts it prints, and what an issue needs (every mention
 * filled), one French reason a line.
 */

export const INVOICE_DRAFT_MARK = "Brouillon – sans valeur";
/** BT-1 of a draft preview's XML: a draft has no number. */
export const DRAFT_NUMBER = "BROUILLON";
export const SERVICES_MENTION = "Prestations de services";
export const GOODS_MENTION = "Livraison de biens";
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";
export const RECOVERY_INDEMNITY_MENTION =
  "Indemnité forfaitaire pour frais de recouvrement : 40 € (articles L441-10 et D441-5 du Code de commerce)";
/**
 * The early-payment discount condition (Code de commerce L441-9; BR-FR-05 of the reform
 * asks for it as the note AAB). The settings hold no discount for early payment: none is
 * granted, and every invoice and credit note says so.
 */
export const EARLY_PAYMENT_DISCOUNT_MENTION = "Pas d'escompte pour paiement anticipé.";
export const NET_TO_PAY_LABEL = "Net à payer";

export function latePaymentMention(rate: BasisPoints): string {
  return `Pénalités de retard : ${formatPercent(rate)} par an, exigibles dès le lendemain de la date d'échéance (article L441-10 du Code de commerce)`;
}

const FRAME_TITLES: Record<InvoiceKind, (sequence: number) => string> = {
  acompte: () => "Facture d'acompte",
  situation: (sequence) => `Facture de situation n° ${sequence}`,
  solde: () => "Facture de solde",
  facture: () => "Facture",
  avoir: () => "Avoir",
};

export function invoiceFrameTitle(billing: Pick<BillingInvoice, "kind" | "sequence">): string {
  return FRAME_TITLES[billing.kind](billing.sequence);
}

function isReverseCharge(billing: BillingInvoice): boolean {
  return billing.reverseCharge || billing.byRate.some((rate) => rate.category === "AE" && rate.ht !== 0);
}

/**
 * Why the invoice cannot be issued, one French sentence a reason; [] when every mention
 * can be filled.
 */
export function issueProblems(
  input: Omit<InvoiceDocumentInput, "number" | "creationDate">,
  clientId: string | null = null,
): Problem[] {
  const missing: Problem[] = [];
  const { client, billing } = input;
  // A private buyer who collected a shop order at the workshop gave no address (decision 019).
  const addressless = billing.nature === "goods" && client.kind === "particulier";
  if (
    !addressless &&
    (!filled(client.billingStreet) || !filled(client.billingPostalCode) || !filled(client.billingCity))
  ) {
    const field = !filled(client.billingStreet)
      ? "billingStreet"
      : !filled(client.billingPostalCode)
        ? "billingPostalCode"
        : "billingCity";
    missing.push(
      problem(
        "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
        clientHref(clientId, field),
      ),
    );
  }
  if (!filled(input.site.street) || !filled(input.site.postalCode) || !filled(input.site.city)) {
    missing.push(
      problem(
        "L'adresse du chantier est incomplète : indiquez la rue, le code postal et la commune.",
        editorHref(
          !filled(input.site.street)
            ? "site.street"
            : !filled(input.site.postalCode)
              ? "site.postalCode"
              : "site.city",
        ),
      ),
    );
  }
  if (client.kind === "entreprise" && !filled(client.siren)) {
    missing.push(
      problem(
        "Le SIREN du client n'est pas renseigné : il est obligatoire sur la facture d'une entreprise.",
        clientHref(clientId, "siren"),
      ),
    );
  }
  if (!input.bank || !filled(input.bank.holder) || !filled(input.bank.iban) || !filled(input.bank.bic)) {
    missing.push(
      problem(
        "Les coordonnées bancaires (titulaire, IBAN, BIC) ne sont pas renseignées dans les paramètres de l'entreprise.",
        settingsHref(
          !input.bank || !filled(input.bank.holder)
            ? "bankAccountHolder"
            : !filled(input.bank.iban)
              ? "iban"
              : "bic",
        ),
      ),
    );
  } else {
    const ibanIssue = ibanProblem(normalizeIban(input.bank.iban));
    if (ibanIssue) {
      missing.push(
        problem(`L'IBAN des paramètres de l'entreprise est invalide : ${ibanIssue}`, settingsHref("iban")),
      );
    }
    const bicIssue = bicProblem(normalizeBic(input.bank.bic));
    if (bicIssue) {
      missing.push(
        problem(`Le BIC des paramètres de l'entreprise est invalide : ${bicIssue}`, settingsHref("bic")),
      );
    }
  }
  // The identity's insurance comes from the compliance register (app/lib/compliance.server.ts):
  // no insurer, no décennale filed.
  const insurance = decennaleProblem(
    filled(input.identity.insurance.insurer)
      ? { validUntil: input.identity.insurance.validUntil ?? null }
      : null,
    input.issuedOn,
    billing.kind === "avoir" ? "un avoir" : "une facture",
  );
  if (insurance) missing.push(insurance);
  if (isReverseCharge(billing) && !filled(client.vatNumber)) {
    missing.push(
      problem(
        "Autoliquidation : le numéro de TVA intracommunautaire du client est obligatoire (article 283-2 nonies du CGI).",
        clientHref(clientId, "vatNumber"),
      ),
    );
  }
  if (input.dueOn < input.issuedOn) missing.push(problem("La date d'échéance précède la date d'émission."));
  if (billing.kind === "avoir" && !input.credited) {
    missing.push(problem("L'avoir doit citer la facture qu'il corrige."));
  }
  const figures = documentFigures(billing);
  if (billing.kind === "solde" && figures.depositsDeductedHt !== 0 && input.depositInvoices.length === 0) {
    missing.push(
      problem("La facture de solde déduit des acomptes : indiquez les factures d'acompte déduites."),
    );
  }
  if (billing.kind !== "avoir" && figures.netToPay === 0) {
    missing.push(problem("Le net à payer est nul : il n'y a rien à facturer."));
  }
  return missing;
}

/** The reasons of `issueProblems`, as text only. */
export function missingForIssue(input: Omit<InvoiceDocumentInput, "number" | "creationDate">): string[] {
  return messagesOf(issueProblems(input));
}
