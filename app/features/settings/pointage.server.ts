import { asc, desc, eq, lte, sql } from "drizzle-orm";
import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import {
  allowanceRates,
  allowanceRateVersions,
  companySettings,
  type GeocodingStatus,
} from "#app/db/schema/settings.ts";
import { type ActivityActor, type ActivityInput, recordActivities } from "#app/lib/activity.server.ts";
import { type AddressToGeocode, type GeocodingConfig, geocodeAddress } from "#app/lib/geocoding.server.ts";
import { formatCents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import {
  type AllowanceRates,
  type AllowanceRatesInput,
  type PointageSettingsInput,
  ZONE_ORIGIN_LABELS,
  type Zone,
  type ZoneOriginValue,
} from "./pointage-schema.ts";
import { SETTINGS_SUBJECT, SettingsMissingError } from "./settings.server.ts";

/*
 * The Pointage settings: the zone origin, the office's position and the overtime quota (in
 * the company settings' row), and the allowance amounts by zone, one version per start date
 * (app/db/schema/settings.ts). Read by the time sheets through `timeSheetSettings` and
 * `allowanceRatesOn`; changed by the owners on /erp/parametres, each change in the history.
 */

export type TimeSheetSettings = {
  zoneOrigin: ZoneOriginValue;
  /** The office's position; null while the geocoding service has not placed it. */
  office: { lat: number; lon: number } | null;
  overtimeQuotaMinutes: number;
};

/** What the time sheets need from the settings. */
export async function timeSheetSettings(db: DbExecutor): Promise<TimeSheetSettings> {
  const [row] = await db
    .select({
      zoneOrigin: companySettings.zoneOrigin,
      officeLatitude: companySettings.officeLatitude,
      officeLongitude: companySettings.officeLongitude,
      overtimeQuotaHours: companySettings.overtimeQuotaHours,
    })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  if (!row) throw new SettingsMissingError();
  return {
    zoneOrigin: row.zoneOrigin,
    office:
      row.officeLatitude !== null && row.officeLongitude !== null
        ? { lat: row.officeLatitude, lon: row.officeLongitude }
        : null,
    overtimeQuotaMinutes: row.overtimeQuotaHours * 60,
  };
}

/** The office's geocoding as the settings page shows it. */
export type OfficePosition = {
  status: GeocodingStatus | null;
  lat: number | null;
  lon: number | null;
};

export async function officePosition(db: DbExecutor): Promise<OfficePosition> {
  const [row] = await db
    .select({
      status: companySettings.officeGeocodingStatus,
      lat: companySettings.officeLatitude,
      lon: companySettings.officeLongitude,
    })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  if (!row) throw new SettingsMissingError();
  return row;
}

/** The rates of these versions, by start date. */
async function withZones(
  db: DbExecutor,
  versions: { validFrom: string; mealCents: number }[],
): Promise<AllowanceRates[]> {
  if (versions.length === 0) return [];
  const rows = await db
    .select()
    .from(allowanceRates)
    .where(
      sql`${allowanceRates.validFrom} in (${sql.join(
        versions.map((version) => sql`${version.validFrom}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(allowanceRates.zone));
  return versions.map((version) => ({
    validFrom: version.validFrom,
    mealCents: version.mealCents,
    zones: rows
      .filter((row) => row.validFrom === version.validFrom)
      .map((row) => ({
        zone: row.zone as Zone,
        transportCents: row.transportCents,
        travelTimeCents: row.travelTimeCents,
      })),
  }));
}

/** The allowance amounts in force on a day: the version with the latest start on or before it; null before the first. */
export async function allowanceRatesOn(db: DbExecutor, day: IsoDay): Promise<AllowanceRates | null> {
  const [version] = await db
    .select({ validFrom: allowanceRateVersions.validFrom, mealCents: allowanceRateVersions.mealCents })
    .from(allowanceRateVersions)
    .where(lte(allowanceRateVersions.validFrom, day))
    .orderBy(desc(allowanceRateVersions.validFrom))
    .limit(1);
  if (!version) return null;
  const [rates] = await withZones(db, [version]);
  return rates ?? null;
}

/** Every version, the latest start first (the settings page lists them). */
export async function allowanceRateVersionsList(db: DbExecutor): Promise<AllowanceRates[]> {
  const versions = await db
    .select({ validFrom: allowanceRateVersions.validFrom, mealCents: allowanceRateVersions.mealCents })
    .from(allowanceRateVersions)
    .orderBy(desc(allowanceRateVersions.validFrom));
  return withZones(db, versions);
}

export type PointageSaveResult = {
  changed: ("zoneOrigin" | "overtimeQuotaHours")[];
  office: OfficePosition;
};

/**
 * Saves the zone origin and the overtime quota (one history line per change), then places
 * the office from the company's address through the geocoding service. The call happens
 * after the transaction has committed: a slow service never holds the settings' row locked.
 * `officeAddress` is the company's (app/config/company.ts); tests name one the stub knows.
 */
export async function savePointageSettings(
  db: Database,
  geocoding: GeocodingConfig,
  actor: ActivityActor,
  input: PointageSettingsInput,
  officeAddress: AddressToGeocode = company.address,
): Promise<PointageSaveResult> {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        zoneOrigin: companySettings.zoneOrigin,
        overtimeQuotaHours: companySettings.overtimeQuotaHours,
      })
      .from(companySettings)
      .where(eq(companySettings.id, 1))
      .for("update");
    if (!before) throw new SettingsMissingError();
    const events: ActivityInput[] = [];
    const fields: PointageSaveResult["changed"] = [];
    if (before.zoneOrigin !== input.zoneOrigin) {
      fields.push("zoneOrigin");
      events.push({
        ...SETTINGS_SUBJECT,
        kind: "modification",
        summary: `Pointage : zones de déplacement « ${ZONE_ORIGIN_LABELS[before.zoneOrigin]} » → « ${ZONE_ORIGIN_LABELS[input.zoneOrigin]} »`,
        data: { field: "zoneOrigin", from: before.zoneOrigin, to: input.zoneOrigin },
        actor,
      });
    }
    if (before.overtimeQuotaHours !== input.overtimeQuotaHours) {
      fields.push("overtimeQuotaHours");
      events.push({
        ...SETTINGS_SUBJECT,
        kind: "modification",
        summary: `Pointage : contingent annuel d'heures supplémentaires ${before.overtimeQuotaHours} h → ${input.overtimeQuotaHours} h`,
        data: { field: "overtimeQuotaHours", from: before.overtimeQuotaHours, to: input.overtimeQuotaHours },
        actor,
      });
    }
    if (fields.length > 0) {
      await tx
        .update(companySettings)
        .set({
          zoneOrigin: input.zoneOrigin,
          overtimeQuotaHours: input.overtimeQuotaHours,
          revision: sql`${companySettings.revision} + 1`,
          updatedAt: new Date(),
          updatedBy: actor.id,
        })
        .where(eq(companySettings.id, 1));
      await recordActivities(tx, events.reverse());
    }
    return fields;
  });
  return { changed, office: await locateOffice(db, geocoding, officeAddress) };
}

/** Places the office through the geocoding service and stores the answer (position, or why none). */
export async function locateOffice(
  db: DbExecutor,
  geocoding: GeocodingConfig,
  officeAddress: AddressToGeocode = company.address,
): Promise<OfficePosition> {
  const found = await geocodeAddress(geocoding, officeAddress);
  const office: OfficePosition = found.ok
    ? { status: "ok", lat: found.lat, lon: found.lon }
    : { status: found.reason, lat: null, lon: null };
  await db
    .update(companySettings)
    .set({ officeGeocodingStatus: office.status, officeLatitude: office.lat, officeLongitude: office.lon })
    .where(eq(companySettings.id, 1));
  return office;
}

/** Every amount of a version, for the history of a new one. */
function ratesSummary(rates: Pick<AllowanceRates, "mealCents" | "zones">): string {
  const zones = rates.zones
    .map(
      (rate) =>
        `zone ${rate.zone} : transport ${formatCents(rate.transportCents)}, trajet ${formatCents(rate.travelTimeCents)}`,
    )
    .join(" ; ");
  return `panier ${formatCents(rates.mealCents)} ; ${zones}`;
}

/** The amounts a correction changed, « avant → après »; « aucun montant changé » when none. */
function ratesCorrection(
  before: Pick<AllowanceRates, "mealCents" | "zones">,
  after: Pick<AllowanceRates, "mealCents" | "zones">,
): string {
  const change = (label: string, from: number | undefined, to: number) =>
    from === to ? [] : [`${label} ${from === undefined ? "—" : formatCents(from)} → ${formatCents(to)}`];
  const lines = [
    ...change("panier", before.mealCents, after.mealCents),
    ...after.zones.flatMap((rate) => {
      const old = before.zones.find((entry) => entry.zone === rate.zone);
      return [
        ...change(`zone ${rate.zone} transport`, old?.transportCents, rate.transportCents),
        ...change(`zone ${rate.zone} trajet`, old?.travelTimeCents, rate.travelTimeCents),
      ];
    }),
  ];
  return lines.length > 0 ? lines.join(" ; ") : "aucun montant changé";
}

/**
 * Adds the version of the allowances that starts on `validFrom`; the earlier versions stay
 * for the days they cover. A version of the same start date is replaced (a typing slip
 * corrected), the history keeping the amounts before. One statement per table in one
 * transaction: two owners saving the same date at once end with one version, the last one's.
 */
export async function saveAllowanceRates(
  db: Database,
  actor: ActivityActor,
  input: AllowanceRatesInput,
): Promise<{ replaced: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await withZones(
      tx,
      await tx
        .select({ validFrom: allowanceRateVersions.validFrom, mealCents: allowanceRateVersions.mealCents })
        .from(allowanceRateVersions)
        .where(eq(allowanceRateVersions.validFrom, input.validFrom))
        .for("update"),
    );
    await tx
      .insert(allowanceRateVersions)
      .values({ validFrom: input.validFrom, mealCents: input.mealCents, createdBy: actor.id })
      .onConflictDoUpdate({
        target: allowanceRateVersions.validFrom,
        set: { mealCents: input.mealCents, createdAt: new Date(), createdBy: actor.id },
      });
    await tx
      .insert(allowanceRates)
      .values(input.zones.map((rate) => ({ validFrom: input.validFrom, ...rate })))
      .onConflictDoUpdate({
        target: [allowanceRates.validFrom, allowanceRates.zone],
        set: {
          transportCents: sql`excluded.transport_cents`,
          travelTimeCents: sql`excluded.travel_time_cents`,
        },
      });
    const day = formatDate(input.validFrom, "numeric");
    await recordActivities(tx, [
      {
        ...SETTINGS_SUBJECT,
        kind: "modification",
        summary: before
          ? `Pointage : indemnités valables à partir du ${day} corrigées (${ratesCorrection(before, input)})`
          : `Pointage : indemnités valables à partir du ${day} (${ratesSummary(input)})`,
        data: {
          field: "allowanceRates",
          validFrom: input.validFrom,
          mealCents: input.mealCents,
          zones: input.zones,
          ...(before ? { before: { mealCents: before.mealCents, zones: before.zones } } : {}),
        },
        actor,
      },
    ]);
    return { replaced: before !== undefined };
  });
}
