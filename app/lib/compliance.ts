import { daysBetween, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { type Problem, problem } from "#app/lib/problems.ts";

/*
 * What a quote, an invoice and the dashboard's checklist say about the décennale and the
 * RGE, read from the compliance register (app/lib/compliance.server.ts): one sentence each,
 * linked to the register's form for that kind (a document of the same kind renews the
 * current one). Browser-safe.
 */

export type ComplianceKind = "decennale" | "rc_pro" | "rge";

/** The register's form, its kind chosen: adding the document renews the current one of that kind. */
export function registerHref(kind: ComplianceKind): string {
  return `/erp/docs/nouveau?type=${kind}`;
}

/** The décennale as a document checks it: none filed, or its last valid day (null: to enter). */
export type DecennaleFacts = { validUntil: IsoDay | null } | null;

/** The RGE as a quote checks it: none held, or its number and last valid day. */
export type RgeFacts = { number: string; validUntil: IsoDay | null } | null;

/** Why the décennale stops a document dated `day` (« un devis », « une facture »); null when it is valid. */
export function decennaleProblem(decennale: DecennaleFacts, day: IsoDay, what: string): Problem | null {
  if (!decennale) {
    return problem(
      `Aucune attestation d'assurance décennale dans le registre des documents : ajoutez-la pour émettre ${what}.`,
      registerHref("decennale"),
    );
  }
  if (!decennale.validUntil) {
    return problem(
      "La date de fin de validité de l'assurance décennale est à renseigner : joignez l'attestation dans le registre des documents.",
      registerHref("decennale"),
    );
  }
  if (daysBetween(day, decennale.validUntil) < 0) {
    return problem(
      `L'assurance décennale a expiré le ${formatDate(decennale.validUntil)} : ajoutez la nouvelle attestation au registre des documents.`,
      registerHref("decennale"),
    );
  }
  return null;
}

/** Why a line at 5,5 % cannot be offered on `day`; null when the RGE is valid. */
export function rgeProblem(rge: RgeFacts, day: IsoDay): Problem | null {
  if (!rge?.validUntil) {
    return problem(
      "Une ligne à 5,5 % demande une qualification RGE : ajoutez le certificat RGE au registre des documents.",
      registerHref("rge"),
    );
  }
  if (daysBetween(day, rge.validUntil) < 0) {
    return problem(
      `La qualification RGE n° ${rge.number} a expiré le ${formatDate(rge.validUntil)} : une ligne à 5,5 % ne peut pas être proposée. Ajoutez le nouveau certificat au registre des documents.`,
      registerHref("rge"),
    );
  }
  return null;
}

/** « Valide », « À renouveler » (60 days or fewer left), « Expiré », « Date à renseigner » on the Paris day `day`. */
export function complianceStatusText(validUntil: IsoDay | null, day: IsoDay): string {
  if (!validUntil) return "Date à renseigner";
  const left = daysBetween(day, validUntil);
  if (left < 0) return `Expiré depuis le ${formatDate(validUntil)}`;
  if (left <= 60) return `À renouveler (valable jusqu'au ${formatDate(validUntil)})`;
  return `Valide jusqu'au ${formatDate(validUntil)}`;
}
