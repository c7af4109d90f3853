import { daysBetween, formatDate, type IsoDay } from "#app/lib/paris-time.ts";

/*
 * What the settings page warns about (a warning, never a refusal: the owner records the
 * facts as they are): the décennale attestation or the RGE certificate expired, or
 * expiring within 60 days, the first of the reminders of BACKOFFICE.md (60, 30, 7 days).
 * Browser-safe.
 */

export const EXPIRY_WARNING_DAYS = 60;

export type ExpiryFacts = {
  insuranceValidUntil: IsoDay | null;
  rgeNumber: string | null;
  rgeValidUntil: IsoDay | null;
};

function inDays(days: number): string {
  if (days === 0) return "aujourd'hui";
  return days === 1 ? "demain" : `dans ${days} jours`;
}

/** The warnings for `today` (a Paris calendar day), décennale first. The last valid day is `validUntil` itself. */
export function expiryWarnings(facts: ExpiryFacts, today: IsoDay): string[] {
  const warnings: string[] = [];
  if (!facts.insuranceValidUntil) {
    warnings.push(
      "La date de fin de validité de l'assurance décennale n'est pas renseignée : indiquez-la dans la section Assurance.",
    );
  } else {
    const left = daysBetween(today, facts.insuranceValidUntil);
    const day = formatDate(facts.insuranceValidUntil, "long");
    if (left < 0) {
      warnings.push(
        `L'attestation d'assurance décennale a expiré le ${day} : aucun devis ne peut être envoyé sans assurance en cours de validité. Renouvelez-la, puis mettez à jour sa date.`,
      );
    } else if (left <= EXPIRY_WARNING_DAYS) {
      warnings.push(
        `L'attestation d'assurance décennale expire le ${day} (${inDays(left)}) : demandez la nouvelle à l'assureur.`,
      );
    }
  }
  if (facts.rgeNumber && facts.rgeValidUntil) {
    const left = daysBetween(today, facts.rgeValidUntil);
    const day = formatDate(facts.rgeValidUntil, "long");
    if (left < 0) {
      warnings.push(
        `Le certificat RGE n° ${facts.rgeNumber} a expiré le ${day} : il ne peut plus figurer sur les devis de rénovation énergétique.`,
      );
    } else if (left <= EXPIRY_WARNING_DAYS) {
      warnings.push(
        `Le certificat RGE n° ${facts.rgeNumber} expire le ${day} (${inDays(left)}) : pensez à son renouvellement.`,
      );
    }
  }
  return warnings;
}
