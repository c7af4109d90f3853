import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import {
  bigNumber,
  isoDate,
  optionalText,
  revisionColumn,
  searchTextColumn,
  timestampTz,
  uuidPrimaryKey,
} from "./columns.ts";
import { jobSiteLots, jobSites } from "./job-sites.ts";
import { authoredColumns, staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Pointage ───────────────────────────────────────────────────────────
// The register of employees whose hours are recorded (Code du travail L3171-2): they need
// not have an Espace Pro account; a site worker's account (role « compagnon ») may be
// linked to one, so that « Ma journée » knows whose hours it records.

/** « temps_plein »: 35 h, or 39 h with structural overtime; « temps_partiel »: fewer hours. */
export const CONTRACT_KIND_VALUES = ["temps_plein", "temps_partiel"] as const;
export type ContractKind = (typeof CONTRACT_KIND_VALUES)[number];

export const employees = pgTable(
  "employees",
  {
    id: uuidPrimaryKey(),
    lastName: text("last_name").notNull(),
    firstName: text("first_name").notNull(),
    /** The job as the pay slip names it (« Maçon », « Plaquiste », « Chef d'équipe »). */
    qualification: optionalText("qualification"),
    /** The collective agreement's coefficient (ouvriers du bâtiment: 150 to 270); null when not said. */
    coefficient: integer("coefficient"),
    contractKind: text("contract_kind").$type<ContractKind>().notNull(),
    /** The contract's weekly hours, in minutes (35 h: 2,100; 39 h: 2,340). */
    weeklyMinutes: integer("weekly_minutes").notNull(),
    hireDate: isoDate("hire_date").notNull(),
    /** The last day of the contract; null while employed. */
    leaveDate: isoDate("leave_date"),
    /** Wage plus employer's contributions per hour, in cents: the job sites' labour cost. The owner's only. */
    loadedHourlyCostCents: bigNumber("loaded_hourly_cost_cents"),
    /** Home address: the origin of the travel zones when the company measures them from home. */
    homeStreet: optionalText("home_street"),
    homePostalCode: optionalText("home_postal_code"),
    homeCity: optionalText("home_city"),
    homeLatitude: doublePrecision("home_latitude"),
    homeLongitude: doublePrecision("home_longitude"),
    /** The site worker's account that enters this employee's hours; one employee an account. */
    userId: staffRef("user_id").unique("employees_user_unique"),
    notes: optionalText("notes"),
    /** Folded names and qualification, for the register's search. */
    searchText: searchTextColumn(),
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("employees_name_idx").on(t.lastName, t.firstName),
    check("employees_contract_check", sql`${t.contractKind} in ('temps_plein', 'temps_partiel')`),
    // A full-time contract is 35 h or more (39 h with structural overtime); part time is less.
    check(
      "employees_weekly_minutes_check",
      sql`${t.weeklyMinutes} between 60 and 2880 and (${t.contractKind} = 'temps_partiel') = (${t.weeklyMinutes} < 2100)`,
    ),
    check(
      "employees_coefficient_check",
      sql`${t.coefficient} is null or ${t.coefficient} between 100 and 999`,
    ),
    check(
      "employees_cost_check",
      sql`${t.loadedHourlyCostCents} is null or ${t.loadedHourlyCostCents} between 0 and 100000`,
    ),
    check("employees_leave_check", sql`${t.leaveDate} is null or ${t.leaveDate} >= ${t.hireDate}`),
  ],
);

export type EmployeeRow = typeof employees.$inferSelect;

/** What a line of a day records: work, or an absence (the payroll export counts each kind). */
export const TIME_ENTRY_KIND_VALUES = [
  "travail",
  "conges_payes",
  "rtt",
  "maladie",
  "accident_travail",
  "intemperies",
  "formation",
  "jour_ferie",
  "absence_injustifiee",
] as const;
export type TimeEntryKind = (typeof TIME_ENTRY_KIND_VALUES)[number];

/**
 * A line of an employee's day: worked on a site (or at the depot when no site is named),
 * from a start to an end read on a Paris clock with a break, or as a number of hours; or
 * an absence of a kind, in hours. `minutes` is what the line counts, computed through the
 * real instants (app/features/time-sheets/durations.ts). A night counts for the day it starts.
 */
export const timeEntries = pgTable(
  "time_entries",
  {
    id: uuidPrimaryKey(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    /** The Paris day the line starts. */
    day: isoDate("day").notNull(),
    /** The Monday of the day's ISO week: what a validation locks. */
    weekStart: isoDate("week_start").notNull(),
    kind: text("kind").$type<TimeEntryKind>().notNull().default("travail"),
    jobSiteId: uuid("job_site_id").references(() => jobSites.id, { onDelete: "restrict" }),
    lotId: uuid("lot_id").references(() => jobSiteLots.id, { onDelete: "set null" }),
    /** « HH:MM » on a Paris clock, both or neither (a number of hours then). */
    startTime: text("start_time"),
    endTime: text("end_time"),
    breakMinutes: integer("break_minutes").notNull().default(0),
    startsAt: timestampTz("starts_at"),
    endsAt: timestampTz("ends_at"),
    minutes: integer("minutes").notNull(),
    /** Went home for lunch: no meal allowance (panier) that day. */
    wentHomeForLunch: boolean("went_home_for_lunch").notNull().default(false),
    note: optionalText("note"),
    ...authoredColumns(),
  },
  (t) => [
    index("time_entries_employee_day_idx").on(t.employeeId, t.day),
    index("time_entries_week_idx").on(t.weekStart, t.employeeId),
    index("time_entries_site_idx").on(t.jobSiteId, t.day),
    check(
      "time_entries_kind_check",
      sql`${t.kind} in ('travail', 'conges_payes', 'rtt', 'maladie', 'accident_travail', 'intemperies', 'formation', 'jour_ferie', 'absence_injustifiee')`,
    ),
    check("time_entries_minutes_check", sql`${t.minutes} > 0 and ${t.minutes} <= 1440`),
    check("time_entries_break_check", sql`${t.breakMinutes} >= 0 and ${t.breakMinutes} < 1440`),
    check("time_entries_times_check", sql`(${t.startTime} is null) = (${t.endTime} is null)`),
    check("time_entries_site_check", sql`${t.kind} in ('travail', 'intemperies') or ${t.jobSiteId} is null`),
  ],
);

export type TimeEntryRow = typeof timeEntries.$inferSelect;

/**
 * A validated week of an employee: from then on its lines are locked; only the owner may
 * change them, with a reason, and each change is kept in `time_entry_changes`.
 */
export const timeWeeks = pgTable(
  "time_weeks",
  {
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    weekStart: isoDate("week_start").notNull(),
    validatedAt: timestampTz("validated_at").notNull(),
    validatedBy: staffRef("validated_by"),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.weekStart] })],
);

/**
 * A day of a validated week changed by the owner: who, when, why, and the day's lines
 * before and after (as the inspector or the court reads them).
 */
export const timeEntryChanges = pgTable(
  "time_entry_changes",
  {
    id: uuidPrimaryKey(),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "restrict" }),
    weekStart: isoDate("week_start").notNull(),
    day: isoDate("day").notNull(),
    before: jsonb("before").$type<TimeLineRecord[]>().notNull(),
    after: jsonb("after").$type<TimeLineRecord[]>().notNull(),
    reason: text("reason").notNull(),
    changedAt: timestampTz("changed_at").notNull().defaultNow(),
    changedBy: staffRef("changed_by"),
  },
  (t) => [index("time_entry_changes_week_idx").on(t.employeeId, t.weekStart, t.changedAt)],
);

/** A line as the history keeps it: what it said, in the words of the page. */
export type TimeLineRecord = {
  kind: TimeEntryKind;
  site: string | null;
  start: string | null;
  end: string | null;
  breakMinutes: number;
  minutes: number;
  note: string;
};
