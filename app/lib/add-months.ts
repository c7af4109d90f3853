import type { IsoDay } from "./paris-time.ts";

/**
 * `day` plus whole `months`, to the same day of the month, or the month's last day when it
 * lacks it (31 → 30): a document valid 6 months, a certificate renewed each year.
 */
export function addMonths(day: IsoDay, months: number): IsoDay {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(targetYear, 4)}-${pad(targetMonth, 2)}-${pad(Math.min(date, lastDay), 2)}`;
}
