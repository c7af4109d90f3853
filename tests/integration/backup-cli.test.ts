import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run backup`, `npm run backup:verify` and `npm run restore` as a user runs them, on an embedded
// database in a fresh DATA_DIR that no server holds.

const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-backup-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function command(script: string, args: string[] = [], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env },
    timeout: 120_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe("npm run backup, backup:verify and restore", () => {
  it("makes an encrypted archive of a data directory, says it is whole, and refuses it altered or with the wrong passphrase", () => {
    expect(command("scripts/db-migrate.ts").status).toBe(0);
    const passphrase = { BACKUP_PASSPHRASE: "phrase secrète de sauvegarde" };
    const made = command("scripts/backup.ts", [], passphrase);
    expect(made.err).toBe("");
    expect(made.status).toBe(0);
    expect(made.out).toMatch(
      /^Sauvegarde faite : .*sauvegardes\/sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.age\n/,
    );
    expect(made.out).toContain(", chiffrée (BACKUP_PASSPHRASE)");
    const archives = readdirSync(path.join(dataDir, "sauvegardes"));
    expect(archives).toHaveLength(1);
    const archive = path.join(dataDir, "sauvegardes", archives[0] as string);

    const verified = command("scripts/backup-verify.ts", [archive], passphrase);
    expect(verified.status).toBe(0);
    expect(verified.out).toMatch(/^Archive intègre : /);
    expect(verified.out).toMatch(/- base pglite : \d+ tables, \d+ lignes ; migrations : \d+/);

    const wrong = command("scripts/backup-verify.ts", [archive], {
      BACKUP_PASSPHRASE: "une autre phrase secrète",
    });
    expect(wrong.status).toBe(1);
    expect(wrong.err).toMatch(/^Phrase secrète incorrecte/);

    const bytes = readFileSync(archive);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    const altered = path.join(dataDir, "alteree.tar.age");
    writeFileSync(altered, bytes);
    const refused = command("scripts/backup-verify.ts", [altered], passphrase);
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/^L'archive est altérée ou incomplète/);

    // Restored into a fresh data directory, with its migrations and counts checked.
    const restoredDir = mkdtempSync(path.join(tmpdir(), "batirade-restore-cli-"));
    try {
      const into = { ...passphrase, DATA_DIR: restoredDir };
      const restored = command("scripts/restore.ts", [archive], into);
      expect(restored.err).toBe("");
      expect(restored.status).toBe(0);
      expect(restored.out).toMatch(/^Restauration faite depuis /);
      expect(restored.out).toContain("- migrations : la base est au niveau du code");
      expect(restored.out).toContain("- chaque table a le nombre de lignes de la sauvegarde");
      // Not onto what is now there, unless forced.
      const again = command("scripts/restore.ts", [archive], into);
      expect(again.status).toBe(1);
      expect(again.err).toMatch(/^Restauration refusée : le dossier .* contient déjà une base de données\./);
      expect(command("scripts/restore.ts", [archive, "--force"], into).status).toBe(0);
    } finally {
      rmSync(restoredDir, { recursive: true, force: true });
    }

    const missing = command("scripts/backup-verify.ts", []);
    expect(missing.status).toBe(1);
    expect(missing.err).toContain("Indiquez l'archive à vérifier");
  }, 180_000);
});
