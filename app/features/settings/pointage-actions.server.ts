import { invalid } from "#app/components/forms/refusal.server.ts";
import type { ActionContext } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { type OfficePosition, saveAllowanceRates, savePointageSettings } from "./pointage.server.ts";
import {
  ALLOWANCES_INTENT,
  AllowanceRatesSchema,
  POINTAGE_INTENT,
  PointageSettingsSchema,
} from "./pointage-schema.ts";

/*
 * The work of the Pointage forms of /erp/parametres: the zone origin and overtime quota
 * (then the office placed from the company's address), and a version of the allowances.
 * A refused post answers THE refusal with the form's intent, its fields' messages and what
 * was typed.
 */

/** What the owner reads after a save about the office's position. */
export function officeSentence(office: OfficePosition): string {
  switch (office.status) {
    case "ok":
      return "le siège est localisé depuis l'adresse de l'entreprise.";
    case "unreachable":
      return "le service de géocodage n'a pas répondu, le siège n'a pas pu être localisé : enregistrez à nouveau plus tard ; en attendant, saisissez la distance du siège sur la page de chaque chantier.";
    case "not_found":
    case "uncertain":
      return "le service de géocodage n'a pas pu situer l'adresse de l'entreprise avec certitude : saisissez la distance du siège sur la page de chaque chantier.";
    default:
      return "le siège n'est pas encore localisé.";
  }
}

/** « Enregistrer les réglages du pointage ». */
export async function answerPointagePost({ request, services, actor }: ActionContext, form: FormData) {
  const values = formValues(form);
  const parsed = PointageSettingsSchema.safeParse(values);
  if (!parsed.success) return invalid(POINTAGE_INTENT, parsed, { values });
  const { changed, office } = await savePointageSettings(services.db, services.env, actor, parsed.data);
  const saved = changed.length > 0 ? "Réglages du pointage enregistrés" : "Réglages du pointage inchangés";
  return redirectWithFlash(request, "/erp/parametres", {
    tone: office.status === "ok" ? "success" : "info",
    message: `${saved} ; ${officeSentence(office)}`,
  });
}

/** « Enregistrer ces montants »: a new version of the allowances (or the same date corrected). */
export async function answerAllowancesPost({ request, services, actor }: ActionContext, form: FormData) {
  const values = formValues(form);
  const parsed = AllowanceRatesSchema.safeParse(values);
  if (!parsed.success) return invalid(ALLOWANCES_INTENT, parsed, { values });
  const { replaced } = await saveAllowanceRates(services.db, actor, parsed.data);
  const day = formatDate(parsed.data.validFrom);
  return redirectWithFlash(request, "/erp/parametres", {
    tone: "success",
    message: replaced
      ? `Indemnités valables à partir du ${day} corrigées.`
      : `Indemnités valables à partir du ${day} enregistrées ; les montants précédents restent appliqués aux jours d'avant.`,
  });
}
