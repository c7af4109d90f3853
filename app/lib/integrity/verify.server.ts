import type { IntegrityEntryRow, IntegrityEvent } from "#app/db/schema/integrity.ts";
import { INTEGRITY_EVENT_VALUES } from "#app/db/schema/integrity.ts";
import type { DbExecutor } from "../outbox.server.ts";
import { type FileStorage, StorageNotFoundError } from "../storage.server.ts";
import { sha256Of } from "./canonical.ts";
import { issuedRecordRefs, readIssuedRecords, recordKey } from "./records.server.ts";
import { entryHash, GENESIS_HASH, INTEGRITY_EVENT_LABELS, registerEntries } from "./register.server.ts";

/** One thing that differs, in French, with the entry it was found at (null: a record with no entry). */
export type IntegrityProblem = { seq: number | null; number: string; message: string };

export type IntegrityReport = {
  ok: boolean;
  entries: number;
  /** Stored files read back and hashed. */
  files: number;
  byEvent: Record<IntegrityEvent, number>;
  /** The last entry's hash: written down elsewhere, it anchors the chain. */
  headHash: string | null;
  /** Every difference found, by entry order; the first is what the command prints first. */
  problems: IntegrityProblem[];
};

function entryName(entry: Pick<IntegrityEntryRow, "seq" | "event" | "number">): string {
  return `entrée n° ${entry.seq} (${INTEGRITY_EVENT_LABELS[entry.event] ?? entry.event} ${entry.number})`;
}

/**
 * Walks the chain and checks, entry by entry: that none is missing (numbers follow each
 * other), that each follows the one before (its `previousHash`), that its own fields are
 * those it was hashed with, that the record it fingerprints is unchanged in the database,
 * and that the stored file has the SHA-256 it had. Then that every issued record has its
 * entry (the last entries deleted leave no gap). Reads everything; stops at nothing.
 */
export async function verifyRegister(services: {
  db: DbExecutor;
  storage: FileStorage;
}): Promise<IntegrityReport> {
  const { db, storage } = services;
  const entries = await registerEntries(db);
  const records = await readIssuedRecords(db, entries);
  const problems: IntegrityProblem[] = [];
  const byEvent = Object.fromEntries(INTEGRITY_EVENT_VALUES.map((event) => [event, 0])) as Record<
    IntegrityEvent,
    number
  >;
  let files = 0;
  let previous: IntegrityEntryRow | null = null;
  const registered = new Set<string>();

  for (const entry of entries) {
    byEvent[entry.event] = (byEvent[entry.event] ?? 0) + 1;
    registered.add(recordKey(entry));
    const name = entryName(entry);
    const report = (message: string) => problems.push({ seq: entry.seq, number: entry.number, message });
    const expectedSeq = (previous?.seq ?? 0) + 1;
    if (entry.seq !== expectedSeq) {
      const missing =
        entry.seq - expectedSeq === 1
          ? `l'entrée n° ${expectedSeq} manque`
          : `les entrées n° ${expectedSeq} à ${entry.seq - 1} manquent`;
      report(`Avant l'${name} : ${missing} (supprimée du registre).`);
    }
    if (entry.previousHash !== (previous?.hash ?? GENESIS_HASH)) {
      report(`L'${name} ne suit pas l'entrée qui la précède : le chaînage est rompu.`);
    }
    const { hash, ...fields } = entry;
    if (entryHash(fields) !== hash) report(`L'${name} a été modifiée après son écriture.`);
    const record = records.get(recordKey(entry));
    if (!record) {
      report(`L'${name} : l'enregistrement n'est plus dans la base de données.`);
    } else if (record.recordSha256 !== entry.recordSha256) {
      report(`L'${name} : l'enregistrement a été modifié dans la base de données depuis son émission.`);
    }
    if (entry.fileKey && entry.fileSha256) {
      files += 1;
      const bytes = await storage.get(entry.fileKey).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) return null;
        throw error;
      });
      if (!bytes) report(`L'${name} : le fichier ${entry.fileKey} est introuvable dans le stockage.`);
      else if (sha256Of(bytes) !== entry.fileSha256) {
        report(`L'${name} : le fichier ${entry.fileKey} a été remplacé (son SHA-256 a changé).`);
      }
    }
    previous = entry;
  }

  const unregistered = (await issuedRecordRefs(db)).filter((ref) => !registered.has(recordKey(ref)));
  const unregisteredRecords = await readIssuedRecords(db, unregistered);
  for (const ref of unregistered) {
    const number = unregisteredRecords.get(recordKey(ref))?.number ?? ref.subjectId;
    problems.push({
      seq: null,
      number,
      message: `${INTEGRITY_EVENT_LABELS[ref.event]} ${number} : aucune entrée dans le registre (entrée supprimée, ou enregistrement écrit hors de l'application).`,
    });
  }

  return {
    ok: problems.length === 0,
    entries: entries.length,
    files,
    byEvent,
    headHash: previous?.hash ?? null,
    problems,
  };
}

/** The report in French, as `npm run audit:verify` prints it and the settings page shows it. */
export function integritySummary(report: IntegrityReport): string {
  if (report.ok) {
    const counts = INTEGRITY_EVENT_VALUES.filter((event) => report.byEvent[event] > 0)
      .map((event) => `${INTEGRITY_EVENT_LABELS[event].toLowerCase()} : ${report.byEvent[event]}`)
      .join(", ");
    return `Registre intègre : ${report.entries} entrée${report.entries > 1 ? "s" : ""}, ${report.files} fichier${report.files > 1 ? "s" : ""} vérifié${report.files > 1 ? "s" : ""}${counts ? ` (${counts})` : ""}.`;
  }
  const [first] = report.problems;
  return `Registre altéré : ${report.problems.length} anomalie${report.problems.length > 1 ? "s" : ""}. Première : ${first?.message ?? ""}`;
}
