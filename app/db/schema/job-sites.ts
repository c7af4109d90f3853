import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { clients } from "./clients.ts";
import {
  bigNumber,
  createdAtColumn,
  isoDate,
  optionalText,
  revisionColumn,
  searchTextColumn,
  textParent,
  timestampTz,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { quotes } from "./quotes.ts";
import type { GeocodingStatus } from "./settings.ts";
import { authoredColumns, staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Chantiers ───────────────────────────────────────────────────────────
// A job site: the work between « devis accepté » and « facture de solde ». Created from
// an accepted quote (or by hand for a client), numbered CH-YYYY-NNNN by the document
// counters at creation. It may gather several accepted quotes of the same client (a
// supplementary quote joins the site): each quote series belongs to one site at most.
// Its lots carry the budget copied from the quotes when they join: the sale price HT and
// the estimated cost of each lot (labour hours × loaded hourly cost + materials), frozen
// at that moment so that a later change of the hourly cost does not rewrite the budget.

/** The statuses of a job site (labels in app/features/job-sites/schema.ts). */
export const JOB_SITE_STATUS_VALUES = [
  "a_planifier",
  "planifie",
  "en_cours",
  "suspendu",
  "receptionne",
  "clos",
] as const;
export type JobSiteStatus = (typeof JOB_SITE_STATUS_VALUES)[number];

/** The statuses of a site still to do or being done (the list's default, the time sheets' choices). */
export const OPEN_JOB_SITE_STATUSES: readonly JobSiteStatus[] = [
  "a_planifier",
  "planifie",
  "en_cours",
  "suspendu",
];

export const jobSites = pgTable(
  "job_sites",
  {
    id: uuidPrimaryKey(),
    /** « CH-2026-0007 » (app/lib/numbering.server.ts). */
    number: text("number").notNull().unique("job_sites_number_unique"),
    clientId: uuidParent("client_id", () => clients.id, "restrict"),
    /** « Rénovation salle de bains » : the first quote's title, or typed. */
    title: text("title").notNull(),
    status: text("status").$type<JobSiteStatus>().notNull().default("a_planifier"),
    siteStreet: optionalText("site_street"),
    sitePostalCode: optionalText("site_postal_code"),
    siteCity: text("site_city").notNull(),
    /** The site's position (WGS84), geocoded from its address when saved; null when not placed. */
    siteLatitude: doublePrecision("site_latitude"),
    siteLongitude: doublePrecision("site_longitude"),
    /** The last geocoding of the address: 'ok', or why it has no position; null before the first. */
    geocodingStatus: text("geocoding_status").$type<GeocodingStatus>(),
    /** Distance from the office typed by staff (when the address could not be placed), in metres. */
    distanceOverrideMetres: integer("distance_override_metres"),
    /** Practical access: what the team needs on the morning of the first day. */
    accessCode: optionalText("access_code"),
    keys: optionalText("keys"),
    contactName: optionalText("contact_name"),
    contactPhone: optionalText("contact_phone"),
    parking: optionalText("parking"),
    constraints: optionalText("constraints"),
    notes: optionalText("notes"),
    plannedStart: isoDate("planned_start"),
    plannedEnd: isoDate("planned_end"),
    actualStart: isoDate("actual_start"),
    actualEnd: isoDate("actual_end"),
    /** Folded number, title, client name and town: what the list's search compares. */
    searchText: searchTextColumn(),
    /** Incremented by every save: a save over an older revision is refused, not merged. */
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("job_sites_client_idx").on(t.clientId),
    index("job_sites_status_idx").on(t.status, t.plannedStart),
    index("job_sites_created_idx").on(t.createdAt, t.id),
    check(
      "job_sites_status_check",
      sql`${t.status} in ('a_planifier', 'planifie', 'en_cours', 'suspendu', 'receptionne', 'clos')`,
    ),
    check("job_sites_title_check", sql`${t.title} <> ''`),
    check("job_sites_city_check", sql`${t.siteCity} <> ''`),
    check("job_sites_postal_code_check", sql`${t.sitePostalCode} = '' or ${t.sitePostalCode} ~ '^[0-9]{5}$'`),
    check(
      "job_sites_position_check",
      sql`(${t.siteLatitude} is null) = (${t.siteLongitude} is null) and ${t.siteLatitude} between -90 and 90 and ${t.siteLongitude} between -180 and 180`,
    ),
    check(
      "job_sites_geocoding_status_check",
      sql`${t.geocodingStatus} in ('ok', 'unreachable', 'not_found', 'uncertain') and coalesce(${t.geocodingStatus} = 'ok', false) = (${t.siteLatitude} is not null)`,
    ),
    check("job_sites_distance_override_check", sql`${t.distanceOverrideMetres} between 1 and 1000000`),
    check(
      "job_sites_planned_check",
      sql`${t.plannedEnd} is null or ${t.plannedStart} is null or ${t.plannedEnd} >= ${t.plannedStart}`,
    ),
    check(
      "job_sites_actual_check",
      sql`${t.actualEnd} is null or ${t.actualStart} is null or ${t.actualEnd} >= ${t.actualStart}`,
    ),
  ],
);

export type JobSiteRow = typeof jobSites.$inferSelect;

/** The accepted quotes of a site: one row per quote series (its versions share it). */
export const jobSiteQuotes = pgTable(
  "job_site_quotes",
  {
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "cascade"),
    /** The series: a quote belongs to one site at most, whatever its version. */
    quoteSeriesId: uuid("quote_series_id").notNull(),
    /** The accepted version whose lots made the budget. */
    quoteId: uuidParent("quote_id", () => quotes.id, "restrict"),
    /** The order the quotes joined the site, from 0 (the first is the site's own). */
    position: integer("position").notNull(),
    addedAt: timestampTz("added_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_site_quotes_series_unique").on(t.quoteSeriesId),
    uniqueIndex("job_site_quotes_position_unique").on(t.jobSiteId, t.position),
  ],
);

/** The lots of a site and their budget: copied from a quote's lots, or typed for a site made by hand. */
export const jobSiteLots = pgTable(
  "job_site_lots",
  {
    id: uuidPrimaryKey(),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "cascade"),
    /** The quote it comes from; null for a lot typed on the site. */
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    /** The lot's id in that quote's content (« Facturer l'avancement » names the lots by it). */
    quoteLotId: text("quote_lot_id"),
    /** The order on the site's page, from 0. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** Sale price HT of the lot (options excluded, before the document's discount), in cents. */
    saleHtCents: bigNumber("sale_ht_cents").notNull(),
    /** Labour budget, in thousandths of an hour (quantity × hours per unit, summed). */
    labourHoursMilli: bigNumber("labour_hours_milli").notNull().default(0),
    /** Materials budget in cents. */
    materialsCents: bigNumber("materials_cents").notNull().default(0),
    /** Estimated cost at `hourlyCostCents`; null when the quote carried no cost for the lot. */
    estimatedCostCents: bigNumber("estimated_cost_cents"),
    /** The loaded hourly cost the estimate used (the settings' value when the lot joined). */
    hourlyCostCents: bigNumber("hourly_cost_cents").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("job_site_lots_position_unique").on(t.jobSiteId, t.position),
    index("job_site_lots_quote_idx").on(t.quoteId),
    check("job_site_lots_title_check", sql`${t.title} <> ''`),
    check("job_site_lots_amounts_check", sql`${t.labourHoursMilli} >= 0 and ${t.materialsCents} >= 0`),
    check("job_site_lots_hourly_cost_check", sql`${t.hourlyCostCents} >= 0`),
  ],
);

export type JobSiteLotRow = typeof jobSiteLots.$inferSelect;

/**
 * The progress of a lot, as recorded on site or in the office: each record is kept (the
 * history), the latest by day then by time is the lot's progress.
 */
export const jobSiteProgress = pgTable(
  "job_site_progress",
  {
    id: uuidPrimaryKey(),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "cascade"),
    lotId: uuidParent("lot_id", () => jobSiteLots.id, "cascade"),
    /** Basis points: 4000 is 40 %. */
    percentBp: integer("percent_bp").notNull(),
    /** The Paris day the progress was observed. */
    recordedOn: isoDate("recorded_on").notNull(),
    createdAt: createdAtColumn(),
    createdBy: staffRef("created_by"),
  },
  (t) => [
    index("job_site_progress_lot_idx").on(t.lotId, t.recordedOn, t.createdAt),
    index("job_site_progress_site_idx").on(t.jobSiteId),
    check("job_site_progress_percent_check", sql`${t.percentBp} between 0 and 10000`),
  ],
);

/**
 * « Autres dépenses »: what a site costs besides hours and purchase orders (skip hire,
 * equipment rental, small purchases on a card), on a lot or on the whole site.
 */
export const jobSiteExpenses = pgTable(
  "job_site_expenses",
  {
    id: uuidPrimaryKey(),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "cascade"),
    /** Null: the whole site (shared by its lots in proportion to their budget). */
    lotId: uuid("lot_id").references(() => jobSiteLots.id, { onDelete: "restrict" }),
    spentOn: isoDate("spent_on").notNull(),
    label: text("label").notNull(),
    amountHtCents: bigNumber("amount_ht_cents").notNull(),
    /** « 20 », « 10 », « 5.5 » or « 0 » (no VAT on the receipt). */
    vatCode: text("vat_code").notNull(),
    /** The receipt (a phone photo or a PDF), checked by its bytes; null when none was joined. */
    receiptStorageKey: text("receipt_storage_key"),
    receiptContentType: text("receipt_content_type"),
    createdAt: createdAtColumn(),
    createdBy: staffRef("created_by"),
  },
  (t) => [
    index("job_site_expenses_site_idx").on(t.jobSiteId, t.spentOn),
    check("job_site_expenses_label_check", sql`${t.label} <> ''`),
    check("job_site_expenses_amount_check", sql`${t.amountHtCents} > 0`),
    check("job_site_expenses_vat_check", sql`${t.vatCode} in ('20', '10', '5.5', '0')`),
  ],
);

/** The part of each day an assignment covers (labels in app/features/job-sites/schema.ts). */
export const ASSIGNMENT_SLOT_VALUES = ["journee", "matin", "apres_midi"] as const;
export type AssignmentSlot = (typeof ASSIGNMENT_SLOT_VALUES)[number];

/**
 * The planning: a person on a site for a period, every day of it, the whole day or one
 * half-day. Two assignments of one person on the same half-day of different sites are a
 * conflict: shown, not refused (the owner decides). Moving a site's planned dates moves
 * its assignments by the same number of days.
 */
export const jobSiteAssignments = pgTable(
  "job_site_assignments",
  {
    id: uuidPrimaryKey(),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "cascade"),
    /** A member of the team (owner, staff or compagnon); accounts are disabled, never deleted. */
    userId: textParent("user_id", () => authUsers.id, "restrict"),
    startDate: isoDate("start_date").notNull(),
    endDate: isoDate("end_date").notNull(),
    slot: text("slot").$type<AssignmentSlot>().notNull().default("journee"),
    createdAt: createdAtColumn(),
    createdBy: staffRef("created_by"),
  },
  (t) => [
    index("job_site_assignments_user_idx").on(t.userId, t.startDate),
    index("job_site_assignments_site_idx").on(t.jobSiteId, t.startDate),
    index("job_site_assignments_period_idx").on(t.startDate, t.endDate),
    check("job_site_assignments_period_check", sql`${t.endDate} >= ${t.startDate}`),
    check("job_site_assignments_slot_check", sql`${t.slot} in ('journee', 'matin', 'apres_midi')`),
  ],
);

export type JobSiteAssignmentRow = typeof jobSiteAssignments.$inferSelect;
