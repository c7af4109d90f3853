import type { IsoDay } from "#app/lib/paris-time.ts";

/*
 * A week's hours against the employee's contract, in integer minutes.
 * - Overtime is every minute beyond the legal 35 hours (Code du travail L3121-27), paid
 *   25 % more from the 36th to the 43rd hour and 50 % beyond (L3121-36, when no
 *   agreement sets other rates). A 39-hour contract's 36th to 39th hours are
 *   structural overtime: paid every week, they are still in the 25 % tier and in the
 *   yearly quota.
 * - A part-time employee's hours beyond the contract and below 35 hours are « heures
 *   complémentaires », reported apart; beyond 35 hours they are overtime as for anyone.
 * - The yearly quota (contingent annuel) counts every overtime minute; the minutes
 *   beyond it are reported, since they give the employee rest in return (L3121-30).
 */

export const LEGAL_WEEKLY_MINUTES = 35 * 60;
/** The last minute of the 25 % tier: the end of the 43rd hour. */
export const TIER_25_END_MINUTES = 43 * 60;
/** The legal maximum of a week (L3121-20): no contract can ask for more. */
const MAX_CONTRACT_MINUTES = 48 * 60;
const WEEK_MINUTES = 7 * 24 * 60;
/**
 * 220 hours: the quota the Code du travail sets when no agreement sets one (D3121-24).
 * The building trade's agreements set others; the company's figure comes from its
 * settings and is passed in.
 */
export const DEFAULT_OVERTIME_QUOTA_MINUTES = 220 * 60;

/** The weekly hours of an employment contract, in minutes (35 h: 2100; 39 h: 2340; 24 h part time: 1440). */
export type Contract = { weeklyMinutes: number };
export type WorkingTimeKind = "full_time" | "part_time";

function assertMinutes(value: number, max: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new RangeError(`${what} invalide : ${value} min`);
}

function assertContract(contract: Contract): void {
  assertMinutes(contract.weeklyMinutes, MAX_CONTRACT_MINUTES, "Durée du contrat");
  if (contract.weeklyMinutes === 0) throw new RangeError("Durée du contrat invalide : 0 min");
}

/** Full time from 35 hours a week; part time below. */
export function contractKind(contract: Contract): WorkingTimeKind {
  assertContract(contract);
  return contract.weeklyMinutes >= LEGAL_WEEKLY_MINUTES ? "full_time" : "part_time";
}

/** A week's worked minutes, split as the payroll needs them. */
export type WeekOvertime = {
  workedMinutes: number;
  contractMinutes: number;
  kind: WorkingTimeKind;
  /** Worked beyond the contract's hours (0 when fewer were worked). */
  beyondContractMinutes: number;
  /** Part time: from the contract's hours up to 35 hours. Always 0 for full time. */
  complementaryMinutes: number;
  /** Beyond 35 hours: the sum of the two tiers. */
  overtimeMinutes: number;
  /** From the 36th to the 43rd hour. */
  overtime25Minutes: number;
  /** Beyond the 43rd hour. */
  overtime50Minutes: number;
  /** The part of the overtime the contract itself asks for (39-hour contract: up to 4 hours). */
  structuralOvertimeMinutes: number;
};

export function weekOvertime(workedMinutes: number, contract: Contract): WeekOvertime {
  assertMinutes(workedMinutes, WEEK_MINUTES, "Durée travaillée");
  const kind = contractKind(contract);
  const contractMinutes = contract.weeklyMinutes;
  const overtimeMinutes = Math.max(0, workedMinutes - LEGAL_WEEKLY_MINUTES);
  const overtime50Minutes = Math.max(0, workedMinutes - TIER_25_END_MINUTES);
  return {
    workedMinutes,
    contractMinutes,
    kind,
    beyondContractMinutes: Math.max(0, workedMinutes - contractMinutes),
    complementaryMinutes:
      kind === "part_time" ? Math.max(0, Math.min(workedMinutes, LEGAL_WEEKLY_MINUTES) - contractMinutes) : 0,
    overtimeMinutes,
    overtime25Minutes: overtimeMinutes - overtime50Minutes,
    overtime50Minutes,
    structuralOvertimeMinutes: Math.min(overtimeMinutes, Math.max(0, contractMinutes - LEGAL_WEEKLY_MINUTES)),
  };
}

/** One week of the year's running total. */
export type QuotaWeek = {
  /** The week's Monday. */
  week: IsoDay;
  overtimeMinutes: number;
  /** Overtime from the first week given to this one, included. */
  cumulativeMinutes: number;
  /** The part of this week's overtime beyond the quota. */
  beyondQuotaMinutes: number;
};

export type YearOvertime = {
  weeks: QuotaWeek[];
  quotaMinutes: number;
  totalMinutes: number;
  /** What remains of the quota (0 once it is used up). */
  remainingMinutes: number;
  beyondQuotaMinutes: number;
};

/**
 * The running total of a year's overtime against the quota. The caller gives the weeks
 * of the quota's year (the calendar year unless an agreement says otherwise), each once.
 */
export function yearOvertime(
  weeks: readonly { week: IsoDay; overtimeMinutes: number }[],
  quotaMinutes: number = DEFAULT_OVERTIME_QUOTA_MINUTES,
): YearOvertime {
  if (!Number.isInteger(quotaMinutes) || quotaMinutes < 0)
    throw new RangeError(`Contingent invalide : ${quotaMinutes} min`);
  const sorted = [...weeks].sort((a, b) => (a.week < b.week ? -1 : a.week > b.week ? 1 : 0));
  let cumulativeMinutes = 0;
  const running: QuotaWeek[] = [];
  for (const [index, { week, overtimeMinutes }] of sorted.entries()) {
    if (index > 0 && sorted[index - 1]?.week === week) throw new RangeError(`Semaine en double : ${week}`);
    assertMinutes(overtimeMinutes, WEEK_MINUTES, "Heures supplémentaires");
    const before = cumulativeMinutes;
    cumulativeMinutes += overtimeMinutes;
    running.push({
      week,
      overtimeMinutes,
      cumulativeMinutes,
      beyondQuotaMinutes: Math.max(0, cumulativeMinutes - Math.max(before, quotaMinutes)),
    });
  }
  return {
    weeks: running,
    quotaMinutes,
    totalMinutes: cumulativeMinutes,
    remainingMinutes: Math.max(0, quotaMinutes - cumulativeMinutes),
    beyondQuotaMinutes: Math.max(0, cumulativeMinutes - quotaMinutes),
  };
}
