import { allowanceRateVersionsList, timeSheetSettings } from "#app/features/settings/pointage.server.ts";
import type { AllowanceSettings } from "#app/features/time-sheets/allowances.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";

/**
 * The part of the Pointage settings the payroll's allowances read (zone origin, office
 * position, every version of the amounts), for the payroll page and its files: the routes
 * join the two features, which do not import each other.
 */
export async function payrollSettings(db: DbExecutor): Promise<AllowanceSettings> {
  const settings = await timeSheetSettings(db);
  return {
    zoneOrigin: settings.zoneOrigin,
    office: settings.office,
    rateVersions: await allowanceRateVersionsList(db),
  };
}
