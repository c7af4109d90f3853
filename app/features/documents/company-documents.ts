import type { CompanyDocumentKind } from "#app/db/schema/company-documents.ts";
import { addMonths } from "#app/lib/add-months.ts";
import { formText } from "#app/lib/form-intent.ts";
import { optionalDayField } from "#app/lib/optional-day-field.ts";
import { addDays, daysBetween, type IsoDay } from "#app/lib/paris-time.ts";
import { IsoDaySchema, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { z } from "#app/lib/zod.ts";

/*
 * Documents › the company's compliance register: the kinds, their validity, a document's
 * status on a Paris day, the form's fields and their French messages. Browser-safe.
 */

export const DOCS_PATH = "/erp/docs";
export const NEW_DOCUMENT_PATH = `${DOCS_PATH}/nouveau`;
export const documentPath = (id: string) => `${DOCS_PATH}/${id}`;
export const documentFilePath = (id: string) => `${DOCS_PATH}/${id}/fichier`;
export const renewDocumentPath = (id: string) => `${NEW_DOCUMENT_PATH}?remplace=${id}`;
/** The form with its kind chosen (app/lib/compliance.ts links a refusal there: it renews the current one). */
export const newDocumentOfKindPath = (kind: CompanyDocumentKind) => `${NEW_DOCUMENT_PATH}?type=${kind}`;

export const COMPANY_DOCUMENT_KIND_LABELS: Record<CompanyDocumentKind, string> = {
  decennale: "Attestation d'assurance décennale",
  rc_pro: "Responsabilité civile professionnelle",
  kbis: "Extrait Kbis",
  urssaf: "Attestation de vigilance URSSAF",
  fiscale: "Attestation de régularité fiscale",
  rge: "Certificat RGE",
  qualibat: "Certificat Qualibat",
  carte_btp: "Carte BTP",
  verification: "Vérification de véhicule ou d'équipement",
  autre: "Autre document",
};

/** The kinds in the register's order (the form's choices, the groups of the list). */
export const COMPANY_DOCUMENT_KINDS = Object.keys(COMPANY_DOCUMENT_KIND_LABELS) as CompanyDocumentKind[];

export const COMPANY_DOCUMENT_KIND_CHOICES = COMPANY_DOCUMENT_KINDS.map((kind) => ({
  value: kind,
  label: COMPANY_DOCUMENT_KIND_LABELS[kind],
}));

/** The kinds whose end of validity comes from the day of issue, in months (docs/decisions/034). */
export const COMPUTED_VALIDITY_MONTHS: Partial<Record<CompanyDocumentKind, number>> = {
  kbis: 3,
  urssaf: 6,
  rge: 48,
};

/** The kinds that name what they are about (the employee, the vehicle or the machine). */
export const LABEL_REQUIRED_KINDS: readonly CompanyDocumentKind[] = ["carte_btp", "verification"];

/** The kinds whose insurer's address and geographic coverage quotes and invoices print (loi 96-603 art. 22-2). */
export const INSURER_DETAILS_KINDS: readonly CompanyDocumentKind[] = ["decennale"];

/** A current document with this many days left or fewer is « À renouveler ». */
export const RENEW_WINDOW_DAYS = 60;

/** The owner is e-mailed this many days before an expiry, each level once. */
export const REMINDER_DAYS = [60, 30, 7] as const;

// Kept here for the tests and the e2e seed that read it from this module.
export { addMonths };

/** The last valid day: computed for the Kbis, URSSAF and RGE, as typed otherwise. */
export function validUntilOf(
  kind: CompanyDocumentKind,
  validFrom: IsoDay,
  typed: IsoDay | null,
): IsoDay | null {
  const months = COMPUTED_VALIDITY_MONTHS[kind];
  return months === undefined ? typed : addMonths(validFrom, months);
}

export type DocumentState = "valide" | "a_renouveler" | "expire";

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  valide: "Valide",
  a_renouveler: "À renouveler",
  expire: "Expiré",
};

export type DocumentStatus = {
  state: DocumentState;
  label: string;
  /** Days left until the last valid day (0 on that day, negative once expired); null without an end. */
  daysLeft: number | null;
};

/** A document's status on the Paris day `today`: « Valide », « À renouveler » (60 days or fewer left), « Expiré ». */
export function documentStatus(validUntil: IsoDay | null, today: IsoDay): DocumentStatus {
  if (validUntil === null) return { state: "valide", label: DOCUMENT_STATE_LABELS.valide, daysLeft: null };
  const daysLeft = daysBetween(today, validUntil);
  const state: DocumentState =
    daysLeft < 0 ? "expire" : daysLeft <= RENEW_WINDOW_DAYS ? "a_renouveler" : "valide";
  return { state, label: DOCUMENT_STATE_LABELS[state], daysLeft };
}

/**
 * The end of validity as the register shows it: the date, « Sans échéance » for a kind that
 * may have none, « Date à renseigner » for one copied from the former settings without it.
 */
export function validUntilText(
  document: { kind: CompanyDocumentKind; validUntil: IsoDay | null },
  format: (day: IsoDay) => string,
): string {
  if (document.validUntil) return format(document.validUntil);
  return document.kind === "autre" ? "Sans échéance" : "Date à renseigner";
}

export type ReminderStep = { level: number; day: IsoDay; state: "envoyee" | "a_venir" | "en_attente" };

/**
 * The owners' e-mail reminders of a current document, 60, 30 and 7 days before its last
 * valid day: sent, to come, or due and waiting for the next daily run (a document filed
 * inside the window, or a day the server missed). None without an end of validity.
 */
export function reminderSteps(
  validUntil: IsoDay | null,
  sent: readonly string[],
  today: IsoDay,
): ReminderStep[] {
  if (validUntil === null) return [];
  return REMINDER_DAYS.map((level) => {
    const day = addDays(validUntil, -level);
    const state = sent.includes(String(level)) ? "envoyee" : day > today ? "a_venir" : "en_attente";
    return { level, day, state };
  });
}

export const REMINDER_STATE_LABELS: Record<ReminderStep["state"], string> = {
  envoyee: "envoyée",
  a_venir: "à venir",
  en_attente: "part au prochain envoi quotidien",
};

/** « 12 jours », « 1 jour », « expiré depuis 3 jours », « dernier jour ». */
export function daysLeftText(daysLeft: number | null): string {
  if (daysLeft === null) return "Sans échéance";
  if (daysLeft === 0) return "Dernier jour";
  const days = Math.abs(daysLeft);
  const text = `${days} jour${days > 1 ? "s" : ""}`;
  return daysLeft < 0 ? `Expiré depuis ${text}` : text;
}

export const COMPANY_DOCUMENT_MESSAGES = {
  kind: "Choisissez le type de document.",
  label: "Indiquez à qui ou à quoi se rapporte ce document (le salarié, le véhicule ou l'équipement).",
  validFrom: "Indiquez la date d'émission ou de début de validité.",
  validUntil: "Indiquez la date de fin de validité écrite sur le document.",
  issuer: "Indiquez l'assureur : il figure sur chaque devis et chaque facture.",
  number: "Indiquez le numéro du contrat : il figure sur chaque devis et chaque facture.",
  issuerAddress: "Indiquez l'adresse de l'assureur : elle figure sur chaque devis et chaque facture.",
  coverage: "Indiquez la couverture géographique du contrat, par exemple « France métropolitaine ».",
  validBeforeFrom: "La fin de validité ne peut pas précéder la date d'émission.",
  tooLong: "Ce texte est trop long.",
  replaces: "Le document à renouveler est introuvable.",
  alreadyReplaced: "Ce document a déjà été renouvelé : renouvelez sa dernière version.",
  kindChanged: "Un renouvellement garde le type du document qu'il remplace.",
  notFound: "Ce document n'existe pas.",
  noFile: "Ce document n'existe pas ou son fichier n'est pas encore joint.",
} as const;

const oneLine = (max: number) =>
  formText(singleLineText().pipe(z.string().max(max, COMPANY_DOCUMENT_MESSAGES.tooLong)));

export const CompanyDocumentSchema = z
  .object({
    kind: z.enum(COMPANY_DOCUMENT_KINDS as [CompanyDocumentKind, ...CompanyDocumentKind[]], {
      error: COMPANY_DOCUMENT_MESSAGES.kind,
    }),
    label: oneLine(200),
    issuer: oneLine(200),
    number: oneLine(100),
    issuerAddress: oneLine(300),
    coverage: oneLine(200),
    validFrom: formText(z.string().trim().min(1, COMPANY_DOCUMENT_MESSAGES.validFrom).pipe(IsoDaySchema)),
    validUntil: optionalDayField,
    notes: formText(multiLineText().pipe(z.string().max(2000, COMPANY_DOCUMENT_MESSAGES.tooLong))),
    replacesId: formText(
      z
        .string()
        .trim()
        .refine((value) => value === "" || isUuid(value), COMPANY_DOCUMENT_MESSAGES.replaces)
        .transform((value) => (value === "" ? null : value)),
    ),
  })
  .superRefine((data, ctx) => {
    if (LABEL_REQUIRED_KINDS.includes(data.kind) && data.label === "") {
      ctx.addIssue({ code: "custom", path: ["label"], message: COMPANY_DOCUMENT_MESSAGES.label });
    }
    if (INSURER_DETAILS_KINDS.includes(data.kind)) {
      for (const field of ["issuer", "number", "issuerAddress", "coverage"] as const) {
        if (data[field] === "") {
          ctx.addIssue({ code: "custom", path: [field], message: COMPANY_DOCUMENT_MESSAGES[field] });
        }
      }
    }
    if (COMPUTED_VALIDITY_MONTHS[data.kind] !== undefined) return;
    if (data.kind !== "autre" && data.validUntil === null) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: COMPANY_DOCUMENT_MESSAGES.validUntil });
    }
    if (data.validUntil !== null && data.validUntil < data.validFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: COMPANY_DOCUMENT_MESSAGES.validBeforeFrom,
      });
    }
  });

export type CompanyDocumentData = z.infer<typeof CompanyDocumentSchema>;
