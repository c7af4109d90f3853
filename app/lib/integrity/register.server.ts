import { asc, desc, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { type IntegrityEntryRow, type IntegrityEvent, integrityEntries } from "#app/db/schema/integrity.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor, DbTransaction } from "../outbox.server.ts";
import { canonicalJson, sha256Of } from "./canonical.ts";
import {
  type IssuedRecord,
  issuedRecordRefs,
  type RecordRef,
  readIssuedRecords,
  recordKey,
} from "./records.server.ts";

/**
 * The integrity register: one append-only chain of the issuing events.
 *
 *   await db.transaction(async (tx) => {
 *     … issue the invoice …
 *     await registerEvent(tx, { event: "facture_emise", subjectId: id, author: actor });
 *   });
 *
 * Called last in the transaction that issues, so the entry fingerprints the record as it
 * is committed; if the transaction rolls back, the entry goes with it. A transaction-level
 * advisory lock queues concurrent writers: the entries' numbers follow the commits.
 */

export const INTEGRITY_EVENT_LABELS: Record<IntegrityEvent, string> = {
  devis_envoye: "Devis envoyé",
  devis_accepte: "Devis accepté",
  devis_refuse: "Devis refusé",
  facture_emise: "Facture émise",
  avoir_emis: "Avoir émis",
  paiement: "Paiement enregistré",
  retenue_liberee: "Retenue de garantie libérée",
  pv_signe: "PV de chantier signé",
};

/** The `previousHash` of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** Who did it: a staff account (or the system), or the client answering online. */
export type RegisterAuthor = { id: string | null; email: string } | "client";

/** What `hash` covers: every field of the entry but the hash itself. */
export function entryHash(entry: Omit<IntegrityEntryRow, "hash">): string {
  return sha256Of(
    canonicalJson({
      seq: entry.seq,
      recordedAt: entry.recordedAt,
      event: entry.event,
      subjectId: entry.subjectId,
      number: entry.number,
      authorId: entry.authorId,
      authorLabel: entry.authorLabel,
      recordSha256: entry.recordSha256,
      fileKey: entry.fileKey,
      fileSha256: entry.fileSha256,
      xmlSha256: entry.xmlSha256,
      previousHash: entry.previousHash,
    }),
  );
}

/** A fixed key for pg_advisory_xact_lock: the register's writers queue on it. */
const REGISTER_LOCK = 7_246_031_927;

async function append(
  tx: DbExecutor,
  ref: RecordRef,
  record: IssuedRecord,
  author: { id: string | null; label: string },
  recordedAt: Date,
): Promise<IntegrityEntryRow> {
  const [last] = await tx
    .select({ seq: integrityEntries.seq, hash: integrityEntries.hash })
    .from(integrityEntries)
    .orderBy(desc(integrityEntries.seq))
    .limit(1);
  const entry = {
    seq: (last?.seq ?? 0) + 1,
    // Microseconds are not kept by a JavaScript date: store what is hashed.
    recordedAt: new Date(recordedAt.getTime()),
    event: ref.event,
    subjectId: ref.subjectId,
    number: record.number,
    authorId: author.id,
    authorLabel: author.label,
    recordSha256: record.recordSha256,
    fileKey: record.file?.key ?? null,
    fileSha256: record.file?.sha256 ?? null,
    xmlSha256: record.xmlSha256,
    previousHash: last?.hash ?? GENESIS_HASH,
  };
  const row = { ...entry, hash: entryHash(entry) };
  await tx.insert(integrityEntries).values(row);
  return row;
}

export class IntegrityRecordError extends namedError("IntegrityRecordError") {}

/**
 * Appends the event about `subjectId` (the quote version, the decision, the invoice, the
 * payment or the release) to the register, inside the caller's transaction.
 */
export async function registerEvent(
  tx: DbTransaction,
  input: RecordRef & { author: RegisterAuthor; at?: Date },
): Promise<IntegrityEntryRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTER_LOCK})`);
  const records = await readIssuedRecords(tx, [input]);
  const record = records.get(recordKey(input));
  if (!record)
    throw new IntegrityRecordError(
      `Enregistrement introuvable pour le registre : ${input.event} ${input.subjectId}`,
    );
  const author =
    input.author === "client"
      ? { id: null, label: "le client, en ligne" }
      : { id: input.author.id, label: input.author.email };
  return append(tx, input, record, author, input.at ?? new Date());
}

/**
 * The register's first filling: when it is empty and documents were issued before it
 * existed, one entry per record, oldest first, dated and signed as the record is. Does
 * nothing on a register that has entries (a deleted entry is never written again: the
 * verification names it). Returns how many entries it wrote.
 */
export async function fillEmptyRegister(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REGISTER_LOCK})`);
    const [any] = await tx.select({ seq: integrityEntries.seq }).from(integrityEntries).limit(1);
    if (any) return 0;
    const refs = await issuedRecordRefs(tx);
    if (refs.length === 0) return 0;
    const records = await readIssuedRecords(tx, refs);
    const users = new Map(
      (await tx.select({ id: authUsers.id, email: authUsers.email }).from(authUsers)).map((user) => [
        user.id,
        user.email,
      ]),
    );
    let written = 0;
    for (const ref of refs) {
      const record = records.get(recordKey(ref));
      if (!record) continue;
      const label = record.authorId
        ? (users.get(record.authorId) ?? "compte supprimé")
        : ref.event === "devis_accepte" || ref.event === "devis_refuse"
          ? "le client, en ligne"
          : "système";
      await append(tx, ref, record, { id: record.authorId, label: `${label} (reprise)` }, record.at);
      written += 1;
    }
    return written;
  });
}

/** Every entry, in order (the CSV download and the verification read them so). */
export async function registerEntries(db: DbExecutor): Promise<IntegrityEntryRow[]> {
  return db.select().from(integrityEntries).orderBy(asc(integrityEntries.seq));
}
