import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { type CompanySettingsRow, companySettings } from "#app/db/schema/settings.ts";
import {
  type ActivityActor,
  type ActivityEvent,
  type ActivityInput,
  listActivity,
  recordActivities,
} from "#app/lib/activity.server.ts";
import { maskIban } from "#app/lib/bank.ts";
import { complianceFacts, identityFromCompliance } from "#app/lib/compliance.server.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { formatDate, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { type RevisionedSave, revisionConflict } from "#app/lib/revision-conflict.server.ts";
import type { CompanySettingsInput, SettingsField } from "./schema.ts";

/*
 * The company settings: one row (app/db/schema/settings.ts), read by every document
 * through `documentIdentity`, changed by the owners through `updateCompanySettings`,
 * which writes one line of history per field changed.
 */

export type CompanySettings = CompanySettingsRow;

/** The history of the settings: subject « parametres » / « entreprise ». */
export const SETTINGS_SUBJECT = { subjectType: "parametres", subjectId: "entreprise" } as const;

export class SettingsMissingError extends Error {
  override name = "SettingsMissingError";
  constructor() {
    super(
      "Paramètres de l'entreprise introuvables : la migration 0010_company_settings n'a pas été appliquée.",
    );
  }
}

/** The settings as stored. */
export async function getCompanySettings(db: DbExecutor): Promise<CompanySettings> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!row) throw new SettingsMissingError();
  return row;
}

/**
 * The `DocumentIdentity` every quote, invoice and credit note prints (app/lib/pdf/document.server.ts):
 * the identity of app/config/company.ts, the décennale and RGE of the compliance register.
 */
export async function documentIdentity(db: DbExecutor, day: IsoDay = parisDay()): Promise<DocumentIdentity> {
  return identityFromCompliance(await complianceFacts(db, day));
}

/** The history of the settings, newest first. */
export function settingsActivity(db: DbExecutor, limit = 200): Promise<ActivityEvent[]> {
  return listActivity(db, SETTINGS_SUBJECT.subjectType, SETTINGS_SUBJECT.subjectId, { limit });
}

// ─── Changes, one line of history each ───────────────────────────────────────────────

type Stored = string | number | boolean | null;

type FieldChange = {
  /** Before « A → B »: « Assurance décennale : contrat n° ». */
  label: string;
  /** How a value reads in the history (never the whole IBAN). */
  show: (value: Stored) => string;
  /** What the history keeps as data (the IBAN masked). */
  keep?: (value: Stored) => Stored;
};

const quoted = (value: Stored) => `« ${String(value)} »`;
const plain = (value: Stored) => String(value);
const orNone = (none: string, show: (value: Stored) => string) => (value: Stored) =>
  value === null || value === "" ? none : show(value);
const _day = (value: Stored) => formatDate(String(value), "numeric");
const days = (value: Stored) => (Number(value) <= 1 ? `${value} jour` : `${value} jours`);
const yesNo = (value: Stored) => (value ? "oui" : "non");
const maskedIban = (value: Stored) => (value === null ? null : maskIban(String(value)));

const FIELD_CHANGES: Record<SettingsField, FieldChange> = {
  bankAccountHolder: { label: "Banque : titulaire du compte", show: orNone("non renseigné", plain) },
  iban: {
    label: "Banque : IBAN",
    show: orNone("non renseigné", (value) => maskIban(String(value))),
    keep: maskedIban,
  },
  bic: { label: "Banque : BIC", show: orNone("non renseigné", plain) },
  paymentTermsDays: { label: "Conditions de paiement : délai", show: days },
  paymentTermsText: { label: "Conditions de paiement : mention", show: quoted },
  quoteValidityDays: { label: "Devis : durée de validité", show: days },
  latePaymentRate: { label: "Pénalités de retard : taux", show: (value) => formatPercent(Number(value)) },
  vatOnDebits: { label: "Option pour le paiement de la TVA d'après les débits :", show: yesNo },
  hourlyCost: { label: "Coût horaire de main-d'œuvre :", show: (value) => formatCents(Number(value)) },
  marginAlert: {
    label: "Chantiers : seuil d'alerte de marge projetée",
    show: (value) => formatPercent(Number(value)),
  },
  autoSendInvoices: { label: "Envoi automatique des factures au client à l'émission :", show: yesNo },
};

/** The three fields stored under a name that says their unit; the others are stored under their own. */
const RENAMED_COLUMNS = {
  latePaymentRate: "latePaymentRateBp",
  hourlyCost: "hourlyCostCents",
  marginAlert: "marginAlertBp",
} as const satisfies Partial<Record<SettingsField, keyof CompanySettingsRow>>;

type RenamedField = keyof typeof RENAMED_COLUMNS;

/** The settings column a field is stored in. */
function settingsColumn(field: SettingsField): keyof CompanySettingsRow {
  return field in RENAMED_COLUMNS
    ? RENAMED_COLUMNS[field as RenamedField]
    : (field as Exclude<SettingsField, RenamedField>);
}

/** The settings columns an input writes: its fields by their names, three of them renamed to their unit. */
function columnsOf(input: CompanySettingsInput) {
  const { latePaymentRate, hourlyCost, marginAlert, ...sameNames } = input;
  return {
    ...sameNames,
    [RENAMED_COLUMNS.latePaymentRate]: latePaymentRate,
    [RENAMED_COLUMNS.hourlyCost]: hourlyCost,
    [RENAMED_COLUMNS.marginAlert]: marginAlert,
  } satisfies Partial<CompanySettingsRow>;
}

/** The history line of one changed field: « Assurance décennale : contrat n° A → B ». */
export function changeEvent(
  field: SettingsField,
  from: Stored,
  to: Stored,
  actor: ActivityActor,
): ActivityInput {
  const change = FIELD_CHANGES[field];
  const keep = change.keep ?? ((value: Stored) => value);
  return {
    ...SETTINGS_SUBJECT,
    kind: "modification",
    summary: `${change.label} ${change.show(from)} → ${change.show(to)}`,
    data: { field, from: keep(from), to: keep(to) },
    actor,
  };
}

export type UpdateSettingsResult = RevisionedSave<SettingsField>;

/**
 * Saves the settings and writes one line of history per changed field, in one
 * transaction. The row is locked while it is compared and written, so two owners saving
 * at once are put one after the other; with `expectedRevision` (the revision the form was
 * loaded from), the second is refused rather than silently undoing the first's changes.
 * Nothing changed: nothing is written, the revision stays.
 */
export async function updateCompanySettings(
  db: Database,
  actor: ActivityActor,
  input: CompanySettingsInput,
  { expectedRevision }: { expectedRevision?: number } = {},
): Promise<UpdateSettingsResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(companySettings).where(eq(companySettings.id, 1)).for("update");
    if (!before) throw new SettingsMissingError();
    if (expectedRevision !== undefined && expectedRevision !== before.revision) {
      return revisionConflict(tx, SETTINGS_SUBJECT.subjectType, SETTINGS_SUBJECT.subjectId, before);
    }
    const next = columnsOf(input);
    const changed = (Object.keys(FIELD_CHANGES) as SettingsField[]).filter((field) => {
      const column = settingsColumn(field) as keyof typeof next;
      return (before[column] ?? null) !== (next[column] ?? null);
    });
    if (changed.length === 0) return { ok: true, changed, revision: before.revision };
    const [after] = await tx
      .update(companySettings)
      .set({
        ...next,
        revision: sql`${companySettings.revision} + 1`,
        updatedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(eq(companySettings.id, 1))
      .returning({ revision: companySettings.revision });
    // Written last field first: the timeline shows one save's lines newest (highest id)
    // first, so they read in the order of the page.
    await recordActivities(
      tx,
      [...changed].reverse().map((field) => {
        const column = settingsColumn(field) as keyof typeof next;
        return changeEvent(field, before[column] ?? null, next[column] ?? null, actor);
      }),
    );
    return { ok: true, changed, revision: after?.revision ?? before.revision + 1 };
  });
}
