import type { SubcontractStatus } from "#app/db/schema/subcontracts.ts";
import { formText } from "#app/lib/form-intent.ts";
import { type Cents, parseMoney } from "#app/lib/money.ts";
import { optionalDayField } from "#app/lib/optional-day-field.ts";
import { IsoDaySchema, multiLineText } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { z } from "#app/lib/zod.ts";
import { DOCUMENT_KIND_LABELS, type DocumentKind } from "./vigilance.ts";

/*
 * Subcontracts (Achats › Sous-traitance) and the vigilance file: the forms' fields and
 * their French messages, shared by the browser and the server.
 */

export const SUBCONTRACTS_PATH = "/erp/achats/sous-traitances";
export const NEW_SUBCONTRACT_PATH = `${SUBCONTRACTS_PATH}/nouvelle`;
export const subcontractPath = (id: string) => `${SUBCONTRACTS_PATH}/${id}`;
export const supplierDocumentsPath = (supplierId: string) =>
  `/erp/achats/fournisseurs/${supplierId}/documents`;
export const supplierDocumentFilePath = (supplierId: string, documentId: string) =>
  `/erp/achats/fournisseurs/${supplierId}/documents/${documentId}`;

export const SUBCONTRACT_STATUS_LABELS: Record<SubcontractStatus, string> = {
  brouillon: "Brouillon",
  signe: "Signé",
  termine: "Terminé",
  annule: "Annulé",
};

/** The intents of « Nouvelle sous-traitance »: save, or (the owner) pass the vigilance stop. */
export const SUBCONTRACT_INTENTS = { create: "creer", override: "passer_outre" } as const;

/** The refusal of a contract stopped by vigilance: 409, the reason, and whether the viewer may pass it. */
export type VigilanceRefusalExtra = { vigilanceStop?: string; canOverride?: boolean };

export const SCOPE_MAX = 4000;
/** A written reason to pass a vigilance stop: a sentence, not « ok ». */
export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = 2000;

export const SUBCONTRACT_MESSAGES = {
  supplier: "Choisissez le sous-traitant.",
  notSubcontractor: "Ce fournisseur n'est pas un sous-traitant actif du registre.",
  jobSite: "Choisissez le chantier.",
  jobSiteMissing: "Ce chantier n'existe pas.",
  lot: "Ce lot n'appartient pas au chantier choisi.",
  scope: "Décrivez les travaux confiés au sous-traitant.",
  scopeTooLong: `La description ne doit pas dépasser ${SCOPE_MAX} caractères.`,
  price: "Indiquez le prix HT du contrat, supérieur à 0 €.",
  endBeforeStart: "La fin ne peut pas précéder le début.",
  overrideReason: `Écrivez la raison de passer outre (au moins ${OVERRIDE_REASON_MIN} caractères) : elle est gardée dans l'historique.`,
  overrideOwnerOnly: "Seul un gérant peut passer outre le devoir de vigilance.",
  notFound: "Ce contrat de sous-traitance n'existe pas.",
} as const;

const uuidField = (message: string) =>
  formText(
    z
      .string()
      .trim()
      .refine((value) => isUuid(value), message),
  );

const optionalUuid = (message: string) =>
  formText(
    z
      .string()
      .trim()
      .refine((value) => value === "" || isUuid(value), message)
      .transform((value) => (value === "" ? null : value)),
  );

const moneyField = (message: string) =>
  formText(z.string()).transform((value, ctx): Cents => {
    const parsed = parseMoney(value);
    if (!parsed.ok || parsed.cents <= 0) {
      ctx.addIssue({ code: "custom", message: parsed.ok ? message : `${parsed.message}` });
      return z.NEVER;
    }
    return parsed.cents;
  });

const dayField = formText(IsoDaySchema);

export const SubcontractSchema = z
  .object({
    supplierId: uuidField(SUBCONTRACT_MESSAGES.supplier),
    jobSiteId: uuidField(SUBCONTRACT_MESSAGES.jobSite),
    lotId: optionalUuid(SUBCONTRACT_MESSAGES.lot),
    scope: formText(
      multiLineText().pipe(
        z.string().min(1, SUBCONTRACT_MESSAGES.scope).max(SCOPE_MAX, SUBCONTRACT_MESSAGES.scopeTooLong),
      ),
    ),
    priceHt: moneyField(SUBCONTRACT_MESSAGES.price),
    startOn: dayField,
    endOn: dayField,
    signedOn: optionalDayField,
    /** A checkbox: posted « oui » when ticked. Building subcontracting is reverse-charged by default. */
    reverseCharge: z.preprocess((value) => value === "oui" || value === "on", z.boolean()),
  })
  .superRefine((data, ctx) => {
    if (data.endOn < data.startOn) {
      ctx.addIssue({ code: "custom", path: ["endOn"], message: SUBCONTRACT_MESSAGES.endBeforeStart });
    }
  });

export type SubcontractData = z.infer<typeof SubcontractSchema>;
export type SubcontractFormValues = Partial<Record<keyof z.input<typeof SubcontractSchema>, string>>;

export const OverrideReasonSchema = formText(
  multiLineText().pipe(
    z
      .string()
      .min(OVERRIDE_REASON_MIN, SUBCONTRACT_MESSAGES.overrideReason)
      .max(OVERRIDE_REASON_MAX, SUBCONTRACT_MESSAGES.overrideReason),
  ),
);

export const DOCUMENT_KIND_CHOICES = (
  ["attestation_vigilance", "kbis", "decennale", "autre"] as const satisfies readonly DocumentKind[]
).map((kind) => ({ value: kind, label: DOCUMENT_KIND_LABELS[kind] }));

export const DOCUMENT_MESSAGES = {
  kind: "Choisissez le type de document.",
  validUntil: "Indiquez la date de fin de validité écrite sur l'attestation.",
  validBeforeIssue: "La fin de validité ne peut pas précéder la date d'émission.",
  trades: "Indiquez les activités couvertes par l'attestation décennale.",
  issuedInFuture: "La date d'émission ne peut pas être dans le futur.",
  notFound: "Ce document n'existe pas.",
} as const;

export const SupplierDocumentSchema = z
  .object({
    kind: z.enum(["attestation_vigilance", "kbis", "decennale", "autre"], { error: DOCUMENT_MESSAGES.kind }),
    issuedOn: dayField,
    validUntil: optionalDayField,
    trades: formText(multiLineText().pipe(z.string().max(1000))),
  })
  .superRefine((data, ctx) => {
    if (data.kind === "decennale" || data.kind === "autre") {
      if (data.kind === "decennale" && data.validUntil === null) {
        ctx.addIssue({ code: "custom", path: ["validUntil"], message: DOCUMENT_MESSAGES.validUntil });
      }
      if (data.validUntil !== null && data.validUntil < data.issuedOn) {
        ctx.addIssue({ code: "custom", path: ["validUntil"], message: DOCUMENT_MESSAGES.validBeforeIssue });
      }
    }
    if (data.kind === "decennale" && data.trades === "") {
      ctx.addIssue({ code: "custom", path: ["trades"], message: DOCUMENT_MESSAGES.trades });
    }
  });

export type SupplierDocumentData = z.infer<typeof SupplierDocumentSchema>;

/** The intents of a contract's page: « Marquer terminé » (a signed contract), « Annuler le contrat ». */
export const SUBCONTRACT_STATUS_INTENTS = { finish: "terminer", cancel: "annuler" } as const;
export type SubcontractStatusIntent =
  (typeof SUBCONTRACT_STATUS_INTENTS)[keyof typeof SUBCONTRACT_STATUS_INTENTS];

export const SUBCONTRACT_STATUS_MESSAGES = {
  unknownIntent: "Action inconnue.",
  finishNotSigned: "Seul un contrat signé peut être marqué terminé.",
  cancelClosed: "Ce contrat est déjà terminé ou annulé : il ne peut plus être annulé.",
  finished: "Contrat de sous-traitance marqué terminé.",
  cancelled:
    "Contrat de sous-traitance annulé : il ne compte plus dans le total du sous-traitant sur 12 mois.",
} as const;

/** What the page's buttons may do with a contract in `status`. */
export function subcontractStatusActions(status: SubcontractStatus): SubcontractStatusIntent[] {
  if (status === "signe") return [SUBCONTRACT_STATUS_INTENTS.finish, SUBCONTRACT_STATUS_INTENTS.cancel];
  if (status === "brouillon") return [SUBCONTRACT_STATUS_INTENTS.cancel];
  return [];
}
