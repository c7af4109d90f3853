import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter } from "age-encryption";
import { extract, pack } from "tar-stream";
import { namedError } from "#app/lib/named-error.ts";

/*
 * A backup archive: one tar file holding the database's dump, every stored file and a
 * manifest, encrypted with age (a passphrase, scrypt) when BACKUP_PASSPHRASE is set. The
 * encryption is the age library's (https://age-encryption.org); nothing here is cipher
 * code.
 *
 *   database/<kind>.<ext>     the dump (PGlite's data directory, or pg_dump's custom format)
 *   files/<storage key>       each stored file, as stored
 *   manifest.json             what the archive holds, with the SHA-256 of every entry
 *   manifest.sha256           the manifest's own SHA-256
 *
 * The manifest comes last, once every hash is known. Reading checks every entry against it
 * and refuses, with a French message, an archive that was cut, changed, or opened with the
 * wrong passphrase; a restore reads the archive twice, writing nothing before the first
 * reading has checked it all.
 */

export const BACKUP_FORMAT = "batirade-sauvegarde/1";
const AGE_MAGIC = "age-encryption.org/v1\n";

export type DatabaseKind = "pglite" | "postgresql";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The build that made it (scripts/build-stamp.ts), when known. */
  build: string | null;
  /** The database's migrations applied, by count and the last one's tag. */
  migrations: { count: number; last: string | null };
  /** Each table's row count when the dump was taken. */
  tables: Record<string, number>;
  database: { kind: DatabaseKind; entry: string; size: number; sha256: string };
  files: { key: string; size: number; sha256: string }[];
  encrypted: boolean;
};

/** An archive that cannot be used, and why, in French (the command prints it and stops). */
export class BackupArchiveError extends namedError("BackupArchiveError") {}

export const sha256 = (content: Uint8Array): string => createHash("sha256").update(content).digest("hex");

export type BackupContent = {
  database: { kind: DatabaseKind; dump: Uint8Array };
  /** Each stored file, read one at a time. */
  files: AsyncIterable<{ key: string; content: Uint8Array }>;
  meta: Pick<BackupManifest, "build" | "migrations" | "tables">;
};

export type ArchiveOptions = {
  passphrase?: string | null;
  /** age's scrypt work factor (log2 N); the library's default (18) unless a test asks for less. */
  scryptWorkFactor?: number;
  now?: Date;
};

const DATABASE_ENTRY: Record<DatabaseKind, string> = {
  pglite: "database/pglite.tar.gz",
  postgresql: "database/postgresql.dump",
};

/**
 * Writes the archive to `target` (through a temporary file renamed at the end, so a
 * failed backup never leaves a partial archive under the final name). Returns its manifest,
 * size and SHA-256.
 */
export async function writeBackupArchive(
  target: string,
  content: BackupContent,
  options: ArchiveOptions = {},
): Promise<{ manifest: BackupManifest; size: number; sha256: string }> {
  const tar = pack();
  const encrypted = Boolean(options.passphrase);
  const temporary = `${target}.${process.pid}.partiel`;
  const hash = createHash("sha256");
  let size = 0;
  // tar-stream's streams are streamx ones: read as an async iterable, they become Node's.
  let output: Readable = Readable.from(tar);
  if (options.passphrase) {
    const encrypter = new Encrypter();
    encrypter.setPassphrase(options.passphrase);
    if (options.scryptWorkFactor) encrypter.setScryptWorkFactor(options.scryptWorkFactor);
    const web = Readable.toWeb(output) as unknown as ReadableStream<Uint8Array>;
    output = Readable.fromWeb((await encrypter.encrypt(web)) as unknown as WebReadableStream<Uint8Array>);
  }
  output.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  const written = pipeline(output, createWriteStream(temporary, { mode: 0o600 }));
  const add = (name: string, bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      tar.entry({ name, size: bytes.byteLength, mode: 0o600 }, Buffer.from(bytes), (error) =>
        error ? reject(error) : resolve(),
      );
    });
  try {
    const entry = DATABASE_ENTRY[content.database.kind];
    await add(entry, content.database.dump);
    const files: BackupManifest["files"] = [];
    for await (const file of content.files) {
      await add(`files/${file.key}`, file.content);
      files.push({ key: file.key, size: file.content.byteLength, sha256: sha256(file.content) });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      ...content.meta,
      database: {
        kind: content.database.kind,
        entry,
        size: content.database.dump.byteLength,
        sha256: sha256(content.database.dump),
      },
      files,
      encrypted,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await add("manifest.json", manifestBytes);
    await add("manifest.sha256", Buffer.from(`${sha256(manifestBytes)}\n`));
    tar.finalize();
    await written;
    await rename(temporary, target);
    return { manifest, size, sha256: hash.digest("hex") };
  } catch (error) {
    tar.destroy();
    await written.catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}

/** What a reader of the archive is handed, entry by entry, once its hash is checked. */
export type ArchiveVisitor = {
  database?: (kind: DatabaseKind, dump: Buffer) => Promise<void>;
  file?: (key: string, content: Buffer) => Promise<void>;
};

async function isEncrypted(source: string): Promise<boolean> {
  const handle = await open(source, "r");
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).toString("latin1") === AGE_MAGIC;
  } finally {
    await handle.close();
  }
}

const ALTERED = "L'archive est altérée ou incomplète : elle ne peut pas servir.";

/**
 * Reads the archive at `source`, checks every entry against the manifest (and the manifest
 * against its own hash) and returns the manifest. Entries reach the visitor as they are
 * read; the manifest, last, is checked at the end: a visitor that writes must only run
 * after a first reading without one has passed (`verifyBackupArchive`).
 */
export async function readBackupArchive(
  source: string,
  passphrase: string | null | undefined,
  visitor: ArchiveVisitor = {},
): Promise<BackupManifest> {
  const encrypted = await isEncrypted(source).catch(() => {
    throw new BackupArchiveError(`Archive introuvable ou illisible : ${source}`);
  });
  if (encrypted && !passphrase) {
    throw new BackupArchiveError(
      "Cette archive est chiffrée : indiquez sa phrase secrète (BACKUP_PASSPHRASE).",
    );
  }
  let input: Readable = createReadStream(source);
  if (encrypted) {
    const decrypter = new Decrypter();
    decrypter.addPassphrase(passphrase as string);
    try {
      const web = Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>;
      input = Readable.fromWeb((await decrypter.decrypt(web)) as unknown as WebReadableStream<Uint8Array>);
    } catch {
      throw new BackupArchiveError(
        "Phrase secrète incorrecte : cette archive ne s'ouvre pas avec la phrase secrète donnée.",
      );
    }
  }
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | null = null;
  let manifestHash: string | null = null;
  const reader = extract();
  const reading = (async () => {
    for await (const entry of reader) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const name = entry.header.name;
      if (name === "manifest.json") manifestBytes = bytes;
      else if (name === "manifest.sha256") manifestHash = bytes.toString("utf8").trim();
      else {
        if (seen.has(name)) throw new BackupArchiveError(ALTERED);
        seen.set(name, { size: bytes.byteLength, sha256: sha256(bytes) });
        if (name.startsWith("database/")) {
          await visitor.database?.(name === DATABASE_ENTRY.postgresql ? "postgresql" : "pglite", bytes);
        } else if (name.startsWith("files/")) {
          await visitor.file?.(name.slice("files/".length), bytes);
        } else throw new BackupArchiveError(ALTERED);
      }
    }
  })();
  try {
    await Promise.all([pipeline(input, reader), reading]);
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    throw new BackupArchiveError(encrypted ? `${ALTERED} (le déchiffrement a échoué)` : ALTERED);
  }
  const bytes = manifestBytes as Buffer | null;
  if (!bytes || !manifestHash || sha256(bytes) !== manifestHash) throw new BackupArchiveError(ALTERED);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString("utf8")) as BackupManifest;
  } catch {
    throw new BackupArchiveError(ALTERED);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupArchiveError(`Format d'archive inconnu : ${String(manifest.format)}.`);
  }
  const expected = new Map<string, { size: number; sha256: string }>([
    [manifest.database.entry, { size: manifest.database.size, sha256: manifest.database.sha256 }],
    ...manifest.files.map((file) => [`files/${file.key}`, { size: file.size, sha256: file.sha256 }] as const),
  ]);
  if (expected.size !== seen.size) throw new BackupArchiveError(ALTERED);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got || got.size !== want.size || got.sha256 !== want.sha256) {
      throw new BackupArchiveError(`${ALTERED} (${name} ne correspond pas à son empreinte)`);
    }
  }
  return manifest;
}

/** Checks the archive without writing anything: its manifest when every hash holds. */
export function verifyBackupArchive(source: string, passphrase?: string | null): Promise<BackupManifest> {
  return readBackupArchive(source, passphrase);
}
