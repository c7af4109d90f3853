import { count, desc } from "drizzle-orm";
import { type IntegrityEntryRow, type IntegrityEvent, integrityEntries } from "#app/db/schema/integrity.ts";
import { csvText } from "#app/lib/csv.ts";
import { INTEGRITY_EVENT_LABELS } from "#app/lib/integrity/register.server.ts";
import type { IntegrityReport } from "#app/lib/integrity/verify.server.ts";
import { integritySummary } from "#app/lib/integrity/verify.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { formatDate, formatTime } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";

/** An entry as « Paramètres › Registre d'intégrité » lists it. */
export type RegisterRow = {
  seq: number;
  recordedAt: Date;
  event: string;
  number: string;
  author: string;
};

export type RegisterOverview = {
  entries: number;
  byEvent: { event: IntegrityEvent; label: string; count: number }[];
  latest: RegisterRow[];
  headHash: string | null;
};

/** How many of the latest entries the page lists (the CSV holds them all). */
export const LATEST_ENTRIES = 15;

export async function registerOverview(db: DbExecutor): Promise<RegisterOverview> {
  const counts = await db
    .select({ event: integrityEntries.event, count: count() })
    .from(integrityEntries)
    .groupBy(integrityEntries.event);
  const latest = await db
    .select()
    .from(integrityEntries)
    .orderBy(desc(integrityEntries.seq))
    .limit(LATEST_ENTRIES);
  const byEvent = counts
    .map((row) => ({ event: row.event, label: INTEGRITY_EVENT_LABELS[row.event], count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, "fr"));
  return {
    entries: byEvent.reduce((sum, row) => sum + row.count, 0),
    byEvent,
    latest: latest.map((entry) => ({
      seq: entry.seq,
      recordedAt: entry.recordedAt,
      event: INTEGRITY_EVENT_LABELS[entry.event],
      number: entry.number,
      author: entry.authorLabel,
    })),
    headHash: latest[0]?.hash ?? null,
  };
}

/** How many entries the register holds (the settings page says it). */
export async function registerEntryCount(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ count: count() }).from(integrityEntries);
  return Number(row?.count ?? 0);
}

const CSV_HEADERS = [
  "N°",
  "Date",
  "Heure (Paris)",
  "Événement",
  "Document",
  "Auteur",
  "Identifiant de l'enregistrement",
  "SHA-256 de l'enregistrement",
  "Fichier",
  "SHA-256 du fichier",
  "SHA-256 du XML Factur-X",
  "Empreinte précédente",
  "Empreinte",
  "Horodatage (UTC)",
];

/**
 * The whole register for a spreadsheet, with the chain: anyone can recompute each
 * « Empreinte » from the entry's fields and the one before it (docs/decisions/024).
 */
export function registerCsv(entries: readonly IntegrityEntryRow[]): string {
  return csvText([
    CSV_HEADERS,
    ...entries.map((entry) => [
      String(entry.seq),
      formatDate(entry.recordedAt, "numeric"),
      formatTime(entry.recordedAt),
      INTEGRITY_EVENT_LABELS[entry.event],
      entry.number,
      entry.authorLabel,
      entry.subjectId,
      entry.recordSha256,
      entry.fileKey ?? "",
      entry.fileSha256 ?? "",
      entry.xmlSha256 ?? "",
      entry.previousHash,
      entry.hash,
      entry.recordedAt.toISOString(),
    ]),
  ]);
}

/** « registre-integrite-2026-11-27.csv » */
export function registerCsvFileName(day: string): string {
  return `registre-integrite-${day}.csv`;
}

/** What the page shows of a check: the summary, and the anomalies (the first 50). */
export type CheckResult = {
  ok: boolean;
  /** « Registre intègre : … » with the counts, or « Registre altéré : N anomalies. ». */
  headline: string;
  problems: string[];
  more: number;
};

const LISTED_PROBLEMS = 50;

export function checkResult(report: IntegrityReport): CheckResult {
  return {
    ok: report.ok,
    headline: report.ok
      ? integritySummary(report)
      : `Registre altéré : ${plural(report.problems.length, "anomalie")}, la première en tête de liste.`,
    problems: report.problems.slice(0, LISTED_PROBLEMS).map((problem) => problem.message),
    more: Math.max(0, report.problems.length - LISTED_PROBLEMS),
  };
}
