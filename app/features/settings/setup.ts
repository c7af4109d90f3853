import { registerHref } from "#app/lib/compliance.ts";
import { daysBetween, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { type Problem, problem, settingsHref } from "#app/lib/problems.ts";

/*
 * The dashboard's setup checklist: every fact of the company that « Avant l'envoi » (a
 * quote) and « Émettre » (an invoice) refuse without, each linked to its field of
 * /erp/parametres, or for the décennale to the compliance register's form. Empty when quotes and invoices can go. The identity (name, SIRET, VAT
 * number, address) is fixed in app/config/company.ts: it has no field to link to.
 * Browser-safe.
 */

/** What the checklist reads: the register's current décennale, the settings row's facts, and the configured identity. */
export type SetupFacts = {
  decennale: {
    issuer: string;
    issuerAddress: string;
    number: string;
    coverage: string;
    validUntil: IsoDay | null;
  } | null;
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
  const { decennale } = facts;
  const renew = registerHref("decennale");
  if (!decennale) {
    items.push(problem("L'attestation d'assurance décennale, dans le registre des documents.", renew));
  } else {
    const missing = [
      blank(decennale.issuer) ? "l'assureur" : null,
      blank(decennale.issuerAddress) ? "son adresse" : null,
      blank(decennale.number) ? "le numéro de contrat" : null,
      blank(decennale.coverage) ? "la couverture géographique" : null,
    ].filter((item): item is string => item !== null);
    if (missing.length > 0) {
      items.push(problem(`Assurance décennale du registre des documents : ${missing.join(", ")}.`, renew));
    }
    if (!decennale.validUntil) {
      items.push(
        problem(
          "La date de fin de validité de l'assurance décennale (à renseigner dans le registre).",
          renew,
        ),
      );
    } else if (daysBetween(today, decennale.validUntil) < 0) {
      items.push(
        problem(
          `Une attestation d'assurance décennale en cours de validité (celle du registre a expiré le ${formatDate(decennale.validUntil)}).`,
          renew,
        ),
      );
    }
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
