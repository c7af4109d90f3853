import { addDays, daysBetween, type IsoDay } from "./paris-time.ts";
import { isoDayProblem } from "./text-rules.ts";

/*
 * The period of an accountant's export (« Export comptable »): the sales journal
 * (app/features/invoices/export.server.ts) and the purchases journal
 * (app/features/purchases/purchase-export.server.ts) read the same `du`/`au` query, offer
 * the same quick choices and refuse a period with the same French messages. Days are
 * Europe/Paris days, both ends included.
 */

/** The longest period one export covers: a year, a leap year included. */
export const EXPORT_MAX_DAYS = 366;

export type ExportPeriod = { from: IsoDay; to: IsoDay };

export type PeriodField = "du" | "au";

export type ParsedPeriod =
  | { ok: true; period: ExportPeriod }
  | { ok: false; field: PeriodField; message: string };

export const PERIOD_MESSAGES = {
  fromMissing: "Indiquez la date de début de la période.",
  toMissing: "Indiquez la date de fin de la période.",
  order: "La date de fin doit être postérieure ou égale à la date de début.",
  tooLong: `La période ne peut pas dépasser ${EXPORT_MAX_DAYS} jours : exportez-la en plusieurs fois.`,
} as const;

const monthStart = (day: IsoDay): IsoDay => `${day.slice(0, 7)}-01`;
/** The last day of the month of `day`. */
const monthEnd = (day: IsoDay): IsoDay => addDays(monthStart(addDays(monthStart(day), 31)), -1);

/** The calendar month before the one of `today`. */
export function previousMonth(today: IsoDay): ExportPeriod {
  const from = monthStart(addDays(monthStart(today), -1));
  return { from, to: monthEnd(from) };
}

/** The quick choices of the page: previous month, this month (to today), previous quarter, previous year. */
export function periodPresets(today: IsoDay): { label: string; period: ExportPeriod }[] {
  const year = Number(today.slice(0, 4));
  // Months counted from January of year 0, so a quarter before January is in the year before.
  const quarterStartMonth = year * 12 + Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3;
  const firstOf = (months: number) =>
    `${String(Math.floor(months / 12)).padStart(4, "0")}-${String((months % 12) + 1).padStart(2, "0")}-01`;
  return [
    { label: "Mois précédent", period: previousMonth(today) },
    { label: "Mois en cours", period: { from: monthStart(today), to: today } },
    {
      label: "Trimestre précédent",
      period: { from: firstOf(quarterStartMonth - 3), to: addDays(firstOf(quarterStartMonth), -1) },
    },
    { label: "Année précédente", period: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } },
  ];
}

/**
 * `du` and `au` of a query string (AAAA-MM-JJ, both included) → the period, or the French
 * reason it is refused and the field it is about. Both absent: the previous month.
 */
export function parseExportPeriod(params: URLSearchParams, today: IsoDay): ParsedPeriod {
  const from = (params.get("du") ?? "").trim();
  const to = (params.get("au") ?? "").trim();
  if (from === "" && to === "") return { ok: true, period: previousMonth(today) };
  if (from === "") return { ok: false, field: "du", message: PERIOD_MESSAGES.fromMissing };
  const fromProblem = isoDayProblem(from);
  if (fromProblem) return { ok: false, field: "du", message: `Date de début : ${lowerFirst(fromProblem)}` };
  if (to === "") return { ok: false, field: "au", message: PERIOD_MESSAGES.toMissing };
  const toProblem = isoDayProblem(to);
  if (toProblem) return { ok: false, field: "au", message: `Date de fin : ${lowerFirst(toProblem)}` };
  if (to < from) return { ok: false, field: "au", message: PERIOD_MESSAGES.order };
  if (daysBetween(from, to) + 1 > EXPORT_MAX_DAYS) {
    return { ok: false, field: "au", message: PERIOD_MESSAGES.tooLong };
  }
  return { ok: true, period: { from, to } };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** « ?du=2026-10-01&au=2026-10-31 »: the query of a period, for the pages' links. */
export function periodQuery(period: ExportPeriod): string {
  return `?${new URLSearchParams({ du: period.from, au: period.to })}`;
}

export type PeriodChoice = {
  /** The usual periods, each with its query (`?du=…&au=…`). */
  presets: { label: string; period: ExportPeriod; href: string }[];
  /** The period as it stands in the fields (a refused one as it was typed). */
  values: { du: string; au: string };
};

/**
 * What an export page shows of the period in its URL: the usual periods and the fields'
 * values, then the period and its query, or the field refused and its French message.
 */
export function chosenExportPeriod(
  url: string,
  today: IsoDay,
):
  | (PeriodChoice & { ok: true; period: ExportPeriod; query: string })
  | (PeriodChoice & { ok: false; error: { field: PeriodField; message: string } }) {
  const params = new URL(url).searchParams;
  const presets = periodPresets(today).map((preset) => ({ ...preset, href: periodQuery(preset.period) }));
  const parsed = parseExportPeriod(params, today);
  if (!parsed.ok) {
    return {
      ok: false,
      presets,
      values: { du: params.get("du") ?? "", au: params.get("au") ?? "" },
      error: { field: parsed.field, message: parsed.message },
    };
  }
  return {
    ok: true,
    presets,
    values: { du: parsed.period.from, au: parsed.period.to },
    period: parsed.period,
    query: periodQuery(parsed.period),
  };
}
