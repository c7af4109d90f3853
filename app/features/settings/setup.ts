import { daysBetween, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { type Problem, problem, settingsHref } from "#app/lib/problems.ts";

/*
 * The dashboard's setup checklist: every fact of the company that « Avant l'envoi » (a
 * quote) and « Émettre » (an invoice) refuse without, each linked to its field of
 * /erp/parametres. Empty when quotes and invoices can go. The identity (name, SIRET, VAT
 * number, address) is fixed in app/config/company.ts: it has no field to link to.
 * Browser-safe.
 */

/** What the checklist reads: the settings row's facts, and the configured identity. */
export type SetupFacts = {
  insurerName: string;
  insurerAddress: string;
  decennialPolicy: string;
  insuranceCoverage: string;
  insuranceValidUntil: IsoDay | null;
  bankAccountHolder: string | null;
  iban: string | null;
  bic: string | null;
  paymentTermsText: string;
  identity: { legalName: string; siret: string; vatNumber: string; street: string; city: string };
};

const blank = (value: string | null | undefined) => !value?.trim();

export function setupChecklist(facts: SetupFacts, today: IsoDay): Problem[] {
  const items: Problem[] = [];
  const { identity } = facts;
  const identityMissing = [
    blank(identity.legalName) ? "la raison sociale" : null,
    blank(identity.siret) ? "le SIRET" : null,
    blank(identity.vatNumber) ? "le numéro de TVA intracommunautaire" : null,
    blank(identity.street) || blank(identity.city) ? "l'adresse du siège" : null,
  ].filter((item): item is string => item !== null);
  if (identityMissing.length > 0) {
    items.push(
      problem(
        `Identité de l'entreprise : ${identityMissing.join(", ")} (fixés dans la configuration du site : adressez-vous à son prestataire).`,
      ),
    );
  }
  if (blank(facts.insurerName)) {
    items.push(problem("Le nom de l'assureur décennal.", settingsHref("insurerName")));
  }
  if (blank(facts.insurerAddress)) {
    items.push(problem("L'adresse de l'assureur décennal.", settingsHref("insurerAddress")));
  }
  if (blank(facts.decennialPolicy)) {
    items.push(problem("Le numéro du contrat d'assurance décennale.", settingsHref("decennialPolicy")));
  }
  if (blank(facts.insuranceCoverage)) {
    items.push(
      problem("La couverture géographique de l'assurance décennale.", settingsHref("insuranceCoverage")),
    );
  }
  if (!facts.insuranceValidUntil) {
    items.push(
      problem("La date de fin de validité de l'assurance décennale.", settingsHref("insuranceValidUntil")),
    );
  } else if (daysBetween(today, facts.insuranceValidUntil) < 0) {
    items.push(
      problem(
        `Une attestation d'assurance décennale en cours de validité (celle enregistrée a expiré le ${formatDate(facts.insuranceValidUntil)}).`,
        settingsHref("insuranceValidUntil"),
      ),
    );
  }
  if (blank(facts.bankAccountHolder) || blank(facts.iban) || blank(facts.bic)) {
    const field = blank(facts.bankAccountHolder) ? "bankAccountHolder" : blank(facts.iban) ? "iban" : "bic";
    items.push(problem("Les coordonnées bancaires (titulaire, IBAN, BIC).", settingsHref(field)));
  }
  if (blank(facts.paymentTermsText)) {
    items.push(problem("Les conditions de paiement.", settingsHref("paymentTermsText")));
  }
  return items;
}
