import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { isoDate, revisionColumn, timestampTz, updatedAtColumn } from "./columns.ts";
import { staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Paramètres de l'entreprise ──────────────────────────────────────────
// The company's facts that change during its life and that quotes and invoices print:
// bank details, payment terms, quote validity, late-payment
// rate, VAT on debits, hourly cost of labour. One row (id = 1), inserted by the migration
// that creates the table, edited by the owners on /erp/parametres
// (app/features/settings/settings.server.ts), every change written to the activity history.
// The Pointage settings (zone origin, office position, overtime quota) live in the same row;
// the allowance amounts by zone, versioned by start date, in `allowance_rate_versions`.
// The identity that never changes (name, SIRET, address) stays in app/config/company.ts.
// The décennale, RC pro and RGE are read from the compliance register (company_documents,
// app/lib/compliance.server.ts; docs/decisions/035-compliance-source.md).

/** Where travel zones are measured from (app/features/time-sheets/settings-schema.ts labels them). */
export const ZONE_ORIGIN_VALUES = ["siege", "domicile"] as const;
export type ZoneOrigin = (typeof ZONE_ORIGIN_VALUES)[number];

/** A geocoded address's state: placed (`ok`), or why not (app/lib/geocoding.server.ts). */
export const GEOCODING_STATUS_VALUES = ["ok", "unreachable", "not_found", "uncertain"] as const;
export type GeocodingStatus = (typeof GEOCODING_STATUS_VALUES)[number];

export const companySettings = pgTable(
  "company_settings",
  {
    /** Always 1: the check makes a second row impossible. */
    id: integer("id").primaryKey(),
    /** Bank details for transfers: all three or none (none until entered). */
    bankAccountHolder: text("bank_account_holder"),
    /** Capitals, no space: « FR7630006000011234567890189 » (mod-97 checked by app/lib/bank.ts). */
    iban: text("iban"),
    /** 8 or 11 characters, capitals. */
    bic: text("bic"),
    /** Default payment term of an invoice, in days: 0 to 60 (Code de commerce L441-10, the B2B maximum). */
    paymentTermsDays: integer("payment_terms_days").notNull(),
    /** The sentence printed on documents: « Paiement à 30 jours à réception de facture, par virement. » */
    paymentTermsText: text("payment_terms_text").notNull(),
    /** How long a quote stays valid, in days. */
    quoteValidityDays: integer("quote_validity_days").notNull(),
    /** Late-payment penalty rate, in basis points (12,15 % is 1215). */
    latePaymentRateBp: integer("late_payment_rate_bp").notNull(),
    /** « Option pour le paiement de la taxe d'après les débits », printed on invoices when chosen. */
    vatOnDebits: boolean("vat_on_debits").notNull().default(false),
    /** « Envoyer automatiquement les factures au client à l'émission »: issuing queues the e-mail with the PDF. */
    autoSendInvoices: boolean("auto_send_invoices").notNull().default(false),
    /** Loaded hourly cost of labour, in cents: the cost side of the job sites' margins. */
    hourlyCostCents: integer("hourly_cost_cents").notNull(),
    /** A job site whose projected margin falls below this rate is flagged (basis points, 15 % by default). */
    marginAlertBp: integer("margin_alert_bp").notNull().default(1500),
    /**
     * Pointage: where the building trade's travel zones are measured from, one rule for the
     * whole company: the office (`siege`) or each worker's home (`domicile`).
     */
    zoneOrigin: text("zone_origin").$type<ZoneOrigin>().notNull().default("siege"),
    /** The office's position (WGS84), geocoded from the company's address; null when not placed. */
    officeLatitude: doublePrecision("office_latitude"),
    officeLongitude: doublePrecision("office_longitude"),
    /** The last geocoding of the office: 'ok', or why it has no position; null before the first. */
    officeGeocodingStatus: text("office_geocoding_status").$type<GeocodingStatus>(),
    /** The yearly overtime quota (contingent annuel), in hours: 220 by default (Code du travail D3121-24). */
    overtimeQuotaHours: integer("overtime_quota_hours").notNull().default(220),
    /** Incremented by every save: a form posted over an older revision is refused, not merged. */
    revision: revisionColumn(),
    updatedAt: updatedAtColumn(),
    updatedBy: staffRef("updated_by"),
  },
  (t) => [
    check("company_settings_single_row_check", sql`${t.id} = 1`),
    check(
      "company_settings_bank_check",
      sql`(${t.bankAccountHolder} is null) = (${t.iban} is null) and (${t.iban} is null) = (${t.bic} is null) and ${t.bankAccountHolder} <> ''`,
    ),
    check("company_settings_iban_check", sql`${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check("company_settings_bic_check", sql`${t.bic} ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'`),
    check("company_settings_payment_terms_check", sql`${t.paymentTermsDays} between 0 and 60`),
    check("company_settings_payment_text_check", sql`${t.paymentTermsText} <> ''`),
    check("company_settings_quote_validity_check", sql`${t.quoteValidityDays} between 1 and 365`),
    check("company_settings_late_rate_check", sql`${t.latePaymentRateBp} between 1 and 10000`),
    check("company_settings_hourly_cost_check", sql`${t.hourlyCostCents} between 1 and 100000`),
    check("company_settings_margin_alert_check", sql`${t.marginAlertBp} between 0 and 10000`),
    check("company_settings_revision_check", sql`${t.revision} >= 1`),
    check("company_settings_zone_origin_check", sql`${t.zoneOrigin} in ('siege', 'domicile')`),
    check(
      "company_settings_office_position_check",
      sql`(${t.officeLatitude} is null) = (${t.officeLongitude} is null) and ${t.officeLatitude} between -90 and 90 and ${t.officeLongitude} between -180 and 180`,
    ),
    check(
      "company_settings_office_geocoding_check",
      sql`${t.officeGeocodingStatus} in ('ok', 'unreachable', 'not_found', 'uncertain') and coalesce(${t.officeGeocodingStatus} = 'ok', false) = (${t.officeLatitude} is not null)`,
    ),
    check("company_settings_overtime_quota_check", sql`${t.overtimeQuotaHours} between 1 and 1000`),
  ],
);

export type CompanySettingsRow = typeof companySettings.$inferSelect;

// ─── Pointage › indemnités de petits déplacements ───────────────────────────────────────
// The building trade's allowances change yearly with the regional agreement: each version
// holds, from its start date, the meal allowance (panier) and, for each of zones 1 to 5, the
// transport and travel-time allowances per day. A day uses the version in force that day
// (the latest start on or before it); the older versions stay for the days they cover.

export const allowanceRateVersions = pgTable(
  "allowance_rate_versions",
  {
    /** « valables à partir du »: one version per start date. */
    validFrom: isoDate("valid_from").primaryKey(),
    /** Meal allowance (indemnité de repas, « panier ») per day worked on a site, in cents. */
    mealCents: integer("meal_cents").notNull(),
    createdAt: timestampTz("created_at").notNull().defaultNow(),
    createdBy: staffRef("created_by"),
  },
  (t) => [check("allowance_rate_versions_meal_check", sql`${t.mealCents} between 0 and 100000`)],
);

export const allowanceRates = pgTable(
  "allowance_rates",
  {
    validFrom: isoDate("valid_from")
      .notNull()
      .references(() => allowanceRateVersions.validFrom, { onDelete: "cascade" }),
    /** 1 to 5: the 10-km rings of app/features/time-sheets/zones.ts. */
    zone: integer("zone").notNull(),
    /** Indemnité de transport per day, in cents. */
    transportCents: integer("transport_cents").notNull(),
    /** Indemnité de trajet per day, in cents. */
    travelTimeCents: integer("travel_time_cents").notNull(),
  },
  (t) => [
    primaryKey({ name: "allowance_rates_pk", columns: [t.validFrom, t.zone] }),
    check("allowance_rates_zone_check", sql`${t.zone} between 1 and 5`),
    check(
      "allowance_rates_amounts_check",
      sql`${t.transportCents} between 0 and 100000 and ${t.travelTimeCents} between 0 and 100000`,
    ),
  ],
);
