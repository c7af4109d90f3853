import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { type EmployeeRow, timeEntries } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import {
  type AllowanceLine,
  type AllowanceRateVersion,
  type DayAllowance,
  dayAllowance,
  ratesInForce,
  type SitePosition,
  siteDistanceFrom,
} from "./allowances.ts";
import type { GeoPoint } from "./zones.ts";

/*
 * The days' allowances of employees over a range of days, read from the database: their
 * work lines and the positions of the sites they name, each read once whatever the number
 * of days (the monthly export of 30 employees stays a handful of queries). The origin of the
 * zones (the office, or each employee's home) and the versions of the amounts come from the
 * Pointage settings, which the route reads and hands in (`AllowanceSettings`): a feature
 * does not reach into another's files. The rules are in ./allowances.ts.
 *
 * The sites' positions are read here in one query rather than through
 * site-distance.server.ts (one query a site), and with their typed distance kept apart: it
 * is measured from the office, so it does not hold when the zones start at a home.
 */

/** What the allowances need from the Pointage settings (app/features/settings/pointage.server.ts). */
export type AllowanceSettings = {
  zoneOrigin: "siege" | "domicile";
  /** The office's position; null while the geocoding service has not placed it. */
  office: { lat: number; lon: number } | null;
  /** Every version of the amounts, any order. */
  rateVersions: readonly AllowanceRateVersion[];
};

export type AllowanceEmployee = Pick<EmployeeRow, "id" | "homeLatitude" | "homeLongitude">;

/** A line of an employee's day, as the allowances read it. */
export type EmployeeAllowanceLine = AllowanceLine & { employeeId: string; day: IsoDay };

/** The lines of the employees' days in the range that may earn an allowance (work on a site). */
export async function allowanceLines(
  db: DbExecutor,
  employeeIds: readonly string[],
  from: IsoDay,
  to: IsoDay,
): Promise<EmployeeAllowanceLine[]> {
  if (employeeIds.length === 0) return [];
  return db
    .select({
      employeeId: timeEntries.employeeId,
      day: timeEntries.day,
      kind: timeEntries.kind,
      jobSiteId: timeEntries.jobSiteId,
      wentHomeForLunch: timeEntries.wentHomeForLunch,
    })
    .from(timeEntries)
    .where(
      and(
        inArray(timeEntries.employeeId, [...employeeIds]),
        gte(timeEntries.day, from),
        lte(timeEntries.day, to),
        eq(timeEntries.kind, "travail"),
      ),
    )
    .orderBy(asc(timeEntries.day));
}

async function sitePositions(db: DbExecutor, siteIds: readonly string[]): Promise<Map<string, SitePosition>> {
  if (siteIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: jobSites.id,
      distanceOverrideMetres: jobSites.distanceOverrideMetres,
      latitude: jobSites.siteLatitude,
      longitude: jobSites.siteLongitude,
    })
    .from(jobSites)
    .where(inArray(jobSites.id, [...siteIds]));
  return new Map(rows.map(({ id, ...position }) => [id, position]));
}

/**
 * Each employee's days worked on a site in the range, with their zone and allowances, in
 * order of day. `lines` may be given when the caller has read them (any kinds: only work
 * on a site counts); otherwise they are read.
 */
export async function employeesAllowances(
  db: DbExecutor,
  settings: AllowanceSettings,
  employees: readonly AllowanceEmployee[],
  from: IsoDay,
  to: IsoDay,
  lines?: readonly EmployeeAllowanceLine[],
): Promise<Map<string, DayAllowance[]>> {
  const result = new Map<string, DayAllowance[]>(employees.map((employee) => [employee.id, []]));
  const read =
    lines ??
    (await allowanceLines(
      db,
      employees.map((employee) => employee.id),
      from,
      to,
    ));
  const work = read.filter((line) => line.kind === "travail" && line.day >= from && line.day <= to);
  if (work.length === 0) return result;
  const versions = settings.rateVersions;
  const positions = await sitePositions(db, [
    ...new Set(work.flatMap((line) => (line.jobSiteId ? [line.jobSiteId] : []))),
  ]);
  const office: GeoPoint | null = settings.office
    ? { latitude: settings.office.lat, longitude: settings.office.lon }
    : null;
  for (const employee of employees) {
    const fromOffice = settings.zoneOrigin === "siege";
    const home: GeoPoint | null =
      employee.homeLatitude !== null && employee.homeLongitude !== null
        ? { latitude: employee.homeLatitude, longitude: employee.homeLongitude }
        : null;
    const origin = fromOffice ? office : home;
    const distances = new Map<string, number | null>();
    const distanceOf = (siteId: string) => {
      if (!distances.has(siteId)) {
        const position = positions.get(siteId);
        distances.set(siteId, position ? siteDistanceFrom(position, origin, fromOffice) : null);
      }
      return distances.get(siteId) ?? null;
    };
    const byDay = new Map<IsoDay, EmployeeAllowanceLine[]>();
    for (const line of work) {
      if (line.employeeId !== employee.id) continue;
      const ofDay = byDay.get(line.day);
      if (ofDay) ofDay.push(line);
      else byDay.set(line.day, [line]);
    }
    const days = [...byDay.keys()].sort();
    const allowances = result.get(employee.id) ?? [];
    for (const day of days) {
      const allowance = dayAllowance(day, byDay.get(day) ?? [], distanceOf, ratesInForce(versions, day));
      if (allowance) allowances.push(allowance);
    }
    result.set(employee.id, allowances);
  }
  return result;
}
