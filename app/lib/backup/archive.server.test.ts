import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BackupArchiveError,
  type BackupContent,
  readBackupArchive,
  sha256,
  verifyBackupArchive,
  writeBackupArchive,
} from "./archive.server.ts";

const dir = mkdtempSync(path.join(tmpdir(), "batirade-archive-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES = [
  { key: "devis/2026/11/a1.pdf", content: Buffer.from("%PDF-1.7 devis signé") },
  { key: "photos/2026/11/b2.jpg", content: Buffer.alloc(70_000, 7) },
  { key: "vide.bin", content: Buffer.alloc(0) },
];

function content(): BackupContent {
  return {
    database: { kind: "pglite", dump: Buffer.from("le vidage de la base") },
    files: (async function* () {
      yield* FILES;
    })(),
    meta: {
      build: "abc123",
      migrations: { count: 24, last: "0023_invoice_auto_send" },
      tables: { clients: 3 },
    },
  };
}

/** A fast scrypt for tests: the format and the checks are the same at any work factor. */
const FAST = { scryptWorkFactor: 10 };

async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupArchiveError);
  return (error as Error).message;
}

function flipByte(source: string, target: string, at: number): void {
  const bytes = readFileSync(source);
  bytes[at] = (bytes[at] ?? 0) ^ 0xff;
  writeFileSync(target, bytes);
}

describe("backup archive", () => {
  it("holds the dump, every file and a manifest of their hashes, and reads them back", async () => {
    const target = path.join(dir, "claire.tar");
    const written = await writeBackupArchive(target, content(), { now: new Date("2026-11-27T02:00:00Z") });
    expect(statSync(target).size).toBe(written.size);
    expect(sha256(readFileSync(target))).toBe(written.sha256);
    expect(written.manifest).toMatchObject({
      format: "batirade-sauvegarde/1",
      createdAt: "2026-11-27T02:00:00.000Z",
      build: "abc123",
      migrations: { count: 24, last: "0023_invoice_auto_send" },
      tables: { clients: 3 },
      encrypted: false,
      database: {
        kind: "pglite",
        entry: "database/pglite.tar.gz",
        sha256: sha256(Buffer.from("le vidage de la base")),
      },
    });
    expect(written.manifest.files).toEqual(
      FILES.map((file) => ({ key: file.key, size: file.content.byteLength, sha256: sha256(file.content) })),
    );
    const read: Record<string, string> = {};
    const manifest = await readBackupArchive(target, null, {
      database: async (kind, dump) => {
        read[`base:${kind}`] = dump.toString();
      },
      file: async (key, bytes) => {
        read[key] = sha256(bytes);
      },
    });
    expect(manifest).toEqual(written.manifest);
    expect(read).toEqual({
      "base:pglite": "le vidage de la base",
      ...Object.fromEntries(FILES.map((file) => [file.key, sha256(file.content)])),
    });
  });

  it("is encrypted with age under a passphrase, and opens only with it", async () => {
    const target = path.join(dir, "chiffree.tar.age");
    await writeBackupArchive(target, content(), { passphrase: "correct cheval pile agrafe", ...FAST });
    const bytes = readFileSync(target);
    expect(bytes.subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
    // Nothing of the content shows through.
    expect(bytes.includes(Buffer.from("devis signé"))).toBe(false);
    expect(bytes.includes(Buffer.from("manifest"))).toBe(false);
    const manifest = await verifyBackupArchive(target, "correct cheval pile agrafe");
    expect(manifest.encrypted).toBe(true);
    expect(manifest.files).toHaveLength(3);
    expect(await refusal(verifyBackupArchive(target, "mauvaise phrase"))).toMatch(
      /^Phrase secrète incorrecte/,
    );
    expect(await refusal(verifyBackupArchive(target, null))).toBe(
      "Cette archive est chiffrée : indiquez sa phrase secrète (BACKUP_PASSPHRASE).",
    );
  });

  it("refuses an archive with one byte changed, anywhere, encrypted or not", async () => {
    const plain = path.join(dir, "a-alterer.tar");
    await writeBackupArchive(plain, content());
    const size = statSync(plain).size;
    // In a file's bytes, in the dump, in the manifest, in a tar header.
    const text = readFileSync(plain);
    const spots = [
      text.indexOf(Buffer.from("devis signé")),
      text.indexOf(Buffer.from("le vidage")),
      text.indexOf(Buffer.from('"tables"')),
      text.indexOf(Buffer.from("files/photos")),
    ];
    for (const at of spots) {
      expect(at).toBeGreaterThan(0);
      const altered = path.join(dir, `altere-${at}.tar`);
      flipByte(plain, altered, at);
      expect(await refusal(verifyBackupArchive(altered)), `octet ${at} sur ${size}`).toMatch(
        /^L'archive est altérée ou incomplète/,
      );
    }
    const encrypted = path.join(dir, "a-alterer.tar.age");
    await writeBackupArchive(encrypted, content(), { passphrase: "phrase", ...FAST });
    const alteredEncrypted = path.join(dir, "alteree.tar.age");
    flipByte(encrypted, alteredEncrypted, Math.floor(statSync(encrypted).size / 2));
    expect(await refusal(verifyBackupArchive(alteredEncrypted, "phrase"))).toMatch(
      /^L'archive est altérée ou incomplète/,
    );
  });

  it("refuses a cut archive, and leaves no partial archive when writing fails", async () => {
    const whole = path.join(dir, "entiere.tar");
    await writeBackupArchive(whole, content());
    const cut = path.join(dir, "coupee.tar");
    writeFileSync(cut, readFileSync(whole).subarray(0, 40_000));
    expect(await refusal(verifyBackupArchive(cut))).toMatch(/^L'archive est altérée ou incomplète/);
    const failing = path.join(dir, "echec.tar");
    const broken: BackupContent = {
      ...content(),
      files: (async function* () {
        yield FILES[0] as (typeof FILES)[number];
        throw new Error("stockage injoignable");
      })(),
    };
    await expect(writeBackupArchive(failing, broken)).rejects.toThrow("stockage injoignable");
    expect(() => statSync(failing)).toThrow();
    expect(readFileSync(whole).length).toBeGreaterThan(0);
  });
});
