import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import {
  bicIbanMismatch,
  bicProblem,
  formatIban,
  ibanProblem,
  isValidIban,
  normalizeBic,
  normalizeIban,
} from "#app/lib/bank.ts";
import {
  type BasisPoints,
  type Cents,
  formatCentsForInput,
  MoneySchema,
  PercentSchema,
} from "#app/lib/money.ts";
import { isoDayProblem, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The company settings form (/erp/parametres): its fields, their French messages, and
 * the stored values as the form's strings. The insurance and the RGE are not here: the
 * compliance register holds them (docs/decisions/035-compliance-source.md). Browser-safe.
 */

/** The fields of the form, in the order of the page; each is also the name of its input. */
export const SETTINGS_FIELDS = [
  "bankAccountHolder",
  "iban",
  "bic",
  "paymentTermsDays",
  "paymentTermsText",
  "quoteValidityDays",
  "latePaymentRate",
  "vatOnDebits",
  "hourlyCost",
  "marginAlert",
  "autoSendInvoices",
] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

/** What the form posts, and shows again after a refusal: one string per field. */
export type SettingsFormValues = Record<SettingsField, string>;

/** The hidden field that carries the revision the form was loaded from. */
export const REVISION_FIELD = "revision";

/** The value of the VAT-on-debits checkbox when ticked. */
export const CHECKED = "oui";

/** Between professionals a payment term may not exceed 60 days from the invoice (Code de commerce L441-10). */
export const MAX_PAYMENT_TERMS_DAYS = 60;
export const MAX_QUOTE_VALIDITY_DAYS = 365;
/** The fixed indemnity for recovery costs owed by a late business client (Code de commerce D441-5): 40 €, set by law. */
export const RECOVERY_INDEMNITY_CENTS: Cents = 4000;
/** Highest hourly cost accepted: 1 000,00 € (a typing slip, beyond). */
export const MAX_HOURLY_COST_CENTS: Cents = 100_000;

export const TEXT_LIMITS = {
  /** A SEPA transfer carries at most 70 characters of the creditor's name. */
  bankAccountHolder: 70,
  paymentTermsText: 500,
} as const;

export const SETTINGS_MESSAGES = {
  bankAccountHolderLong: `Le titulaire du compte compte ${TEXT_LIMITS.bankAccountHolder} caractères au plus (limite d'un virement SEPA).`,
  bankAccountHolderMissing:
    "Indiquez le titulaire du compte, tel qu'il figure sur le relevé d'identité bancaire.",
  ibanMissing: "Indiquez l'IBAN du compte (ou effacez toutes les coordonnées bancaires).",
  bicMissing: "Indiquez le BIC de la banque (8 ou 11 caractères).",
  paymentTermsDays: `Le délai de paiement est un nombre entier de jours, de 0 à ${MAX_PAYMENT_TERMS_DAYS} (maximum légal entre professionnels).`,
  paymentTermsText: "Indiquez la mention des conditions de paiement imprimée sur les factures.",
  paymentTermsTextLong: `La mention des conditions de paiement compte ${TEXT_LIMITS.paymentTermsText} caractères au plus.`,
  quoteValidityDays: `La durée de validité d'un devis est un nombre entier de jours, de 1 à ${MAX_QUOTE_VALIDITY_DAYS}.`,
  latePaymentRateZero:
    "Le taux des pénalités de retard ne peut pas être nul : la loi impose au moins trois fois le taux d'intérêt légal.",
  vatOnDebits: "Valeur invalide pour l'option de paiement de la TVA d'après les débits.",
  autoSendInvoices: "Valeur invalide pour l'envoi automatique des factures.",
  hourlyCost: "Le coût horaire doit être compris entre 0,01\u00a0€ et 1\u202f000,00\u00a0€.",
  revision: "Le formulaire est incomplet : rechargez la page, puis enregistrez à nouveau.",
} as const;

const _requiredLine = (missing: string, max: number, tooLong: string) =>
  singleLineText(missing).pipe(z.string().min(1, missing).max(max, tooLong));

/** An empty field is null (nothing entered). */
const optionalLine = (max: number, tooLong: string) =>
  singleLineText()
    .pipe(z.string().max(max, tooLong))
    .transform((value) => value || null);

const _optionalDay = singleLineText()
  .superRefine((value, ctx) => {
    const problem = value ? isoDayProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value || null);

/** Whole days typed as digits (no sign, no decimals), within a range; one message for all that is not. */
const wholeDays = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

const ibanField = singleLineText()
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    const problem = iban ? ibanProblem(iban) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((iban) => iban || null);

const bicField = singleLineText()
  .transform(normalizeBic)
  .superRefine((bic, ctx) => {
    const problem = bic ? bicProblem(bic) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((bic) => bic || null);

/** Whether a field holds something, parsed (null when empty) or still the raw text (when refused). */
function filled(value: unknown): boolean {
  if (typeof value === "string") return value.trim() !== "";
  return value !== null && value !== undefined;
}

/** The form → the settings, with every field's message at once. */
export const CompanySettingsSchema = z
  .object({
    bankAccountHolder: optionalLine(TEXT_LIMITS.bankAccountHolder, SETTINGS_MESSAGES.bankAccountHolderLong),
    iban: ibanField,
    bic: bicField,
    paymentTermsDays: wholeDays(0, MAX_PAYMENT_TERMS_DAYS, SETTINGS_MESSAGES.paymentTermsDays),
    paymentTermsText: multiLineText(SETTINGS_MESSAGES.paymentTermsText).pipe(
      z
        .string()
        .min(1, SETTINGS_MESSAGES.paymentTermsText)
        .max(TEXT_LIMITS.paymentTermsText, SETTINGS_MESSAGES.paymentTermsTextLong),
    ),
    quoteValidityDays: wholeDays(1, MAX_QUOTE_VALIDITY_DAYS, SETTINGS_MESSAGES.quoteValidityDays),
    latePaymentRate: PercentSchema.refine((rate) => rate > 0, SETTINGS_MESSAGES.latePaymentRateZero),
    vatOnDebits: z
      .enum(["", CHECKED], { error: SETTINGS_MESSAGES.vatOnDebits })
      .transform((value) => value === CHECKED),
    hourlyCost: MoneySchema.refine(
      (cents) => cents >= 1 && cents <= MAX_HOURLY_COST_CENTS,
      SETTINGS_MESSAGES.hourlyCost,
    ),
    marginAlert: PercentSchema,
    autoSendInvoices: z
      .enum(["", CHECKED], { error: SETTINGS_MESSAGES.autoSendInvoices })
      .transform((value) => value === CHECKED),
  })
  .superRefine(
    (settings, ctx) => {
      // Runs even when a field was refused (`when` below), so that every message shows at
      // once: a refused field still holds its text here, a parsed empty one null.
      const raw = settings as Record<SettingsField, unknown>;
      const bank = [
        ["bankAccountHolder", SETTINGS_MESSAGES.bankAccountHolderMissing],
        ["iban", SETTINGS_MESSAGES.ibanMissing],
        ["bic", SETTINGS_MESSAGES.bicMissing],
      ] as const;
      if (bank.some(([field]) => filled(raw[field]))) {
        for (const [field, message] of bank) {
          if (!filled(raw[field])) ctx.addIssue({ code: "custom", path: [field], message });
        }
      }
      const { iban, bic } = raw;
      if (typeof iban === "string" && typeof bic === "string" && isValidIban(iban) && !bicProblem(bic)) {
        const mismatch = bicIbanMismatch(bic, iban);
        if (mismatch) ctx.addIssue({ code: "custom", path: ["bic"], message: mismatch });
      }
    },
    { when: () => true },
  );

export type CompanySettingsInput = z.output<typeof CompanySettingsSchema>;

/** The form's fields read from a posted form: a missing field is an empty string. */
export function settingsFormValues(form: FormData): SettingsFormValues {
  return Object.fromEntries(
    SETTINGS_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as SettingsFormValues;
}

/** « 12,15 » for 1215: what the percentage field shows (`parsePercent` reads it back). */
export function percentForInput(rate: BasisPoints): string {
  const whole = Math.trunc(rate / 100);
  const fraction = String(rate % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole},${fraction}` : String(whole);
}

/** The stored settings as the form's strings. */
export function formValuesOf(settings: {
  bankAccountHolder: string | null;
  iban: string | null;
  bic: string | null;
  paymentTermsDays: number;
  paymentTermsText: string;
  quoteValidityDays: number;
  latePaymentRateBp: BasisPoints;
  vatOnDebits: boolean;
  hourlyCostCents: Cents;
  marginAlertBp: BasisPoints;
  autoSendInvoices: boolean;
}): SettingsFormValues {
  return {
    bankAccountHolder: settings.bankAccountHolder ?? "",
    // Grouped by four, as on a bank statement: the field reads it back without the spaces.
    iban: settings.iban ? formatIban(settings.iban) : "",
    bic: settings.bic ?? "",
    paymentTermsDays: String(settings.paymentTermsDays),
    paymentTermsText: settings.paymentTermsText,
    quoteValidityDays: String(settings.quoteValidityDays),
    latePaymentRate: percentForInput(settings.latePaymentRateBp),
    vatOnDebits: settings.vatOnDebits ? CHECKED : "",
    hourlyCost: formatCentsForInput(settings.hourlyCostCents),
    marginAlert: percentForInput(settings.marginAlertBp),
    autoSendInvoices: settings.autoSendInvoices ? CHECKED : "",
  };
}

/** What the action answers to a refused post: the values sent, every field's messages, the form's own. */
export type SettingsFormAnswer = {
  /** Null when the post was not a readable form: the page shows the stored values again. */
  values: SettingsFormValues | null;
  errors: FieldErrors;
  formErrors: string[];
  /** The revision to post next (after a conflict: the one now stored). */
  revision?: number;
};
