import { sql } from "drizzle-orm";
import { bigint, check, date, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from "./columns.ts";

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
    qualification: text("qualification").notNull().default(""),
    /** The collective agreement's coefficient (ouvriers du bâtiment: 150 to 270); null when not said. */
    coefficient: integer("coefficient"),
    contractKind: text("contract_kind").$type<ContractKind>().notNull(),
    /** The contract's weekly hours, in minutes (35 h: 2,100; 39 h: 2,340). */
    weeklyMinutes: integer("weekly_minutes").notNull(),
    hireDate: date("hire_date", { mode: "string" }).notNull(),
    /** The last day of the contract; null while employed. */
    leaveDate: date("leave_date", { mode: "string" }),
    /** Wage plus employer's contributions per hour, in cents: the job sites' labour cost. The owner's only. */
    loadedHourlyCostCents: bigint("loaded_hourly_cost_cents", { mode: "number" }),
    /** Home address: the origin of the travel zones when the company measures them from home. */
    homeStreet: text("home_street").notNull().default(""),
    homePostalCode: text("home_postal_code").notNull().default(""),
    homeCity: text("home_city").notNull().default(""),
    homeLatitude: doublePrecision("home_latitude"),
    homeLongitude: doublePrecision("home_longitude"),
    /** The site worker's account that enters this employee's hours; one employee an account. */
    userId: text("user_id")
      .references(() => authUsers.id, { onDelete: "set null" })
      .unique("employees_user_unique"),
    notes: text("notes").notNull().default(""),
    /** Folded names and qualification, for the register's search. */
    searchText: text("search_text").notNull().default(""),
    revision: integer("revision").notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
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
