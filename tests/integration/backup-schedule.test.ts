import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownerAlertMails, ownerAlerts, ownerChecks } from "#app/db/schema/alerts.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { dailyJobRuns } from "#app/db/schema/jobs.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { verifyBackupArchive } from "#app/lib/backup/archive.server.ts";
import { backupPrefixAmongFiles } from "#app/lib/backup/destination.server.ts";
import { restoreBackup } from "#app/lib/backup/restore.server.ts";
import { archiveName } from "#app/lib/backup/rotation.ts";
import {
  BACKUP_FAILED_ALERT,
  BACKUP_MISSING_ALERT,
  backupStatus,
  runScheduledBackup,
  ScheduledBackupError,
  startBackupSchedule,
  watchBackups,
} from "#app/lib/backup/schedule.server.ts";
import { openOwnerAlerts } from "#app/lib/owner-alerts.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { createApp } from "#server/app.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The scheduled backup (issue 25) on real parts: an in-memory PGlite (PostgreSQL in CI),
// real folders, real S3 servers (s3rver on loopback), the real outbox table. The clock is
// moved by handing each run its instant, never by waiting.

let database: TestDatabase;
let root: string;
let s3: TestS3Server;
/** A second S3 server: the backups' own bucket, with its own endpoint. */
let offsite: TestS3Server;
let owner: { cookie: string; email: string };
let staff: { cookie: string; email: string };

const PASSPHRASE = "une phrase secrète pour les archives";

/** Services over the shared database, with their own data folder and these variables. */
function servicesWith(overrides: Record<string, string> = {}): AppServices {
  const dataDir = mkdtempSync(path.join(root, "data-"));
  return staffTestServices(database, {
    DATA_DIR: dataDir,
    NOTIFY_EMAIL: "bureau@batirade.test",
    ...overrides,
  });
}

/** A folder of its own for one test's archives. */
function folder(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const archivesIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith("sauvegarde-"))
    .sort();

async function ownerAlertMailsQueued() {
  return database.db
    .select({ kind: outboxMessages.kind, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(like(outboxMessages.kind, "owner-alert.%"));
}

beforeAll(async () => {
  database = await createTestDatabase();
  root = mkdtempSync(path.join(tmpdir(), "batirade-sauvegarde-planifiee-"));
  s3 = await startS3Server({ bucket: "batirade-fichiers" });
  offsite = await startS3Server({ bucket: "batirade-sauvegardes" });
  const signIn = servicesWith();
  owner = await signedInStaff(signIn, "owner", "gerante@batirade.test");
  staff = await signedInStaff(signIn, "staff", "equipe@batirade.test");
  // A disabled owner is never e-mailed.
  const former = await signedInStaff(signIn, "owner", "ancien-gerant@batirade.test");
  await database.db.update(authUsers).set({ disabled: true }).where(eq(authUsers.email, former.email));
}, 60_000);

afterAll(async () => {
  await s3?.close();
  await offsite?.close();
  await database?.cleanup();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(async () => {
  // Each test starts with nothing watched, alerted or sent.
  await database.db.delete(ownerAlerts);
  await database.db.delete(ownerAlertMails);
  await database.db.delete(ownerChecks);
  await database.db.delete(outboxMessages);
  await database.db.delete(dailyJobRuns);
});

/** One archive name per day from `from` to `to` (inclusive), written at 02:00 UTC. */
function dailyNames(from: string, to: string, encrypted = false): string[] {
  const names: string[] = [];
  for (let day = new Date(`${from}T02:00:00Z`); day <= new Date(`${to}T02:00:00Z`); ) {
    names.push(archiveName(day, parisDay(day), encrypted));
    day = new Date(day.getTime() + 24 * 60 * 60 * 1000);
  }
  return names;
}

/**
 * What the rotation must leave after the run of Friday 27 November 2026, with one archive a
 * day planted from 23 October 2025 to the day before (worked out by hand):
 * - the last 7 days: 21 to 27 November;
 * - the newest of this week and the 3 before: 27 (today's), 22, 15 and 8 November;
 * - the newest of this month and the 11 before: 27 November, then the last day of each
 *   month from October 2026 back to December 2025.
 */
const KEPT_DAYS = [
  "2025-12-31",
  "2026-01-31",
  "2026-02-28",
  "2026-03-31",
  "2026-04-30",
  "2026-05-31",
  "2026-06-30",
  "2026-07-31",
  "2026-08-31",
  "2026-09-30",
  "2026-10-31",
  "2026-11-08",
  "2026-11-15",
  "2026-11-21",
  "2026-11-22",
  "2026-11-23",
  "2026-11-24",
  "2026-11-25",
  "2026-11-26",
];
const RUN_AT = new Date("2026-11-27T02:30:00Z");

describe("the scheduled backup on the disk (BACKUP_DIR)", () => {
  it("runs once per Paris day across instances: two claims, one archive", async () => {
    const dir = folder("une-par-jour");
    const services = servicesWith({ BACKUP_DIR: dir });
    const timing = { firstRunDelayMs: 3_600_000 };
    const a = startBackupSchedule(services, timing);
    const b = startBackupSchedule(services, timing);
    try {
      await Promise.all([a.runNow(), b.runNow()]);
      await a.runNow();
    } finally {
      await a.stop();
      await b.stop();
    }
    expect(archivesIn(dir)).toHaveLength(1);
    const runs = await database.db.select().from(dailyJobRuns).where(eq(dailyJobRuns.job, "sauvegarde"));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.finishedAt).not.toBeNull();
    const status = await backupStatus(database.db);
    expect(status.lastSuccessAt).not.toBeNull();
    expect(status.lastSuccessDetail).toContain(archivesIn(dir)[0]);
  });

  it("applies the rotation to the folder: exactly the archives it should keep remain, other files untouched", async () => {
    const dir = folder("rotation-disque");
    const planted = dailyNames("2025-10-23", "2026-11-26");
    for (const name of planted) writeFileSync(path.join(dir, name), "archive plantée");
    writeFileSync(path.join(dir, "notes-du-technicien.txt"), "à garder");
    const services = servicesWith({ BACKUP_DIR: dir });

    const result = await runScheduledBackup(services, RUN_AT);

    const today = "sauvegarde-2026-11-27-023000.tar";
    expect(result.archive).toBe(today);
    expect(archivesIn(dir)).toEqual(
      [...KEPT_DAYS.map((day) => `sauvegarde-${day}-020000.tar`), today].sort(),
    );
    expect(result.deleted).toHaveLength(planted.length - KEPT_DAYS.length);
    expect(readdirSync(dir)).toContain("notes-du-technicien.txt");
    // Today's archive is a real one, which the verification accepts.
    const manifest = await verifyBackupArchive(path.join(dir, today));
    expect(manifest.tables.auth_users).toBeGreaterThanOrEqual(3);
  });

  it("a folder it cannot write to: one alert, one e-mail to the active owners, a second failure the same day mails nobody", async () => {
    const blocked = path.join(root, "un-fichier");
    writeFileSync(blocked, "pas un dossier");
    const services = servicesWith({ BACKUP_DIR: path.join(blocked, "sauvegardes") });

    const first = runScheduledBackup(services, RUN_AT);
    await expect(first).rejects.toBeInstanceOf(ScheduledBackupError);
    await expect(first).rejects.toThrow(/un fichier occupe le chemin du dossier des sauvegardes/);
    const later = new Date(RUN_AT.getTime() + 3 * 60 * 60 * 1000);
    await expect(runScheduledBackup(services, later)).rejects.toThrow(ScheduledBackupError);

    const alerts = await openOwnerAlerts(database.db);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: BACKUP_FAILED_ALERT,
      title: "La sauvegarde automatique a échoué",
    });
    expect(alerts[0]?.message).toContain("27/11/2026 à 06:30");
    expect(alerts[0]?.message).toContain(`le dossier ${path.join(blocked, "sauvegardes")}`);
    const mails = await ownerAlertMailsQueued();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload.to).toBe("gerante@batirade.test");
    expect(mails[0]?.payload.subject).toBe("Alerte : La sauvegarde automatique a échoué");
    expect(mails[0]?.payload.text).toContain("un fichier occupe le chemin du dossier des sauvegardes");
    expect(mails[0]?.payload.text).toContain("http://localhost/erp");
    // The day stays open: the failure left no archive and recorded no success.
    expect((await backupStatus(database.db, later)).lastSuccessAt).toBeNull();
    expect((await backupStatus(database.db, later)).lastFailureAt).toEqual(later);
  });

  it("no success for 48 hours raises « sauvegarde-absente » (one more e-mail); a later success resolves both alerts", async () => {
    const dir = folder("quarante-huit-heures");
    const good = servicesWith({ BACKUP_DIR: dir });
    const blocked = path.join(root, "encore-un-fichier");
    writeFileSync(blocked, "pas un dossier");
    const bad = servicesWith({ BACKUP_DIR: path.join(blocked, "x") });
    const hours = (n: number) => new Date(RUN_AT.getTime() + n * 60 * 60 * 1000);

    await runScheduledBackup(good, RUN_AT);
    await expect(runScheduledBackup(bad, hours(24))).rejects.toThrow(ScheduledBackupError);
    expect((await openOwnerAlerts(database.db)).map((alert) => alert.kind)).toEqual([BACKUP_FAILED_ALERT]);
    expect(await ownerAlertMailsQueued()).toHaveLength(1);

    await expect(runScheduledBackup(bad, hours(49))).rejects.toThrow(ScheduledBackupError);
    const open = await openOwnerAlerts(database.db);
    expect(open.map((alert) => alert.kind)).toEqual([BACKUP_FAILED_ALERT, BACKUP_MISSING_ALERT]);
    const missing = open.find((alert) => alert.kind === BACKUP_MISSING_ALERT);
    expect(missing?.title).toBe("Aucune sauvegarde réussie depuis plus de 48 heures");
    expect(missing?.message).toContain("La dernière sauvegarde réussie date du 27/11/2026 à 03:30");
    // A new Paris day for the failure alert and a first one for the missing backup: two more e-mails.
    const mails = await ownerAlertMailsQueued();
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      "owner-alert.sauvegarde",
      "owner-alert.sauvegarde",
      "owner-alert.sauvegarde-absente",
    ]);

    await runScheduledBackup(good, hours(50));
    expect(await openOwnerAlerts(database.db)).toEqual([]);
    const resolved = await database.db.select().from(ownerAlerts);
    expect(resolved.every((alert) => alert.resolvedAt !== null)).toBe(true);
    expect((await backupStatus(database.db, hours(50))).overdue).toBe(false);
  });
});

describe("the scheduled backup on S3 (BACKUP_S3_PREFIX)", () => {
  it("in the files' own bucket: encrypted archive under the prefix, rotation there, earlier archives never inside the new one", async () => {
    const services = servicesWith({
      ...s3.env(),
      BACKUP_S3_PREFIX: "sauvegardes",
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    const bucket = s3.storage();
    await bucket.put("devis/2026/11/photo.jpg", Buffer.from("une photo de chantier"));
    const planted = dailyNames("2025-10-23", "2026-11-26", true);
    for (const name of planted) await bucket.put(`sauvegardes/${name}`, Buffer.from("archive plantée"));
    // Someone else's folder under the prefix, and a file beside it: left alone.
    await bucket.put("sauvegardes/autre/sauvegarde-2025-01-01-020000.tar", Buffer.from("pas à nous"));

    const result = await runScheduledBackup(services, RUN_AT);

    const today = "sauvegarde-2026-11-27-023000.tar.age";
    expect(result).toMatchObject({ archive: today, destination: "s3://batirade-fichiers/sauvegardes/" });
    const keys = await bucket.list();
    expect(keys.filter((key) => key.startsWith("sauvegardes/sauvegarde-"))).toEqual(
      [
        ...KEPT_DAYS.map((day) => `sauvegardes/sauvegarde-${day}-020000.tar.age`),
        `sauvegardes/${today}`,
      ].sort(),
    );
    expect(keys).toContain("sauvegardes/autre/sauvegarde-2025-01-01-020000.tar");
    expect(keys).toContain("devis/2026/11/photo.jpg");

    const copy = path.join(root, today);
    writeFileSync(copy, await bucket.get(`sauvegardes/${today}`));
    const manifest = await verifyBackupArchive(copy, PASSPHRASE);
    expect(manifest.encrypted).toBe(true);
    expect(manifest.files.map((file) => file.key)).toEqual(["devis/2026/11/photo.jpg"]);
    expect((await backupStatus(database.db, RUN_AT)).lastSuccessDetail).toContain(today);
  }, 60_000);

  it("on another bucket of another server (BACKUP_S3_BUCKET, BACKUP_S3_ENDPOINT), files staying on the disk", async () => {
    const services = servicesWith({
      BACKUP_S3_PREFIX: "batirade/quotidiennes/",
      BACKUP_S3_BUCKET: offsite.bucket,
      BACKUP_S3_ENDPOINT: offsite.endpoint,
      BACKUP_S3_REGION: "eu-west-3",
      BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
      BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
      BACKUP_S3_FORCE_PATH_STYLE: "true",
    });
    await services.storage.put("documents/pv.pdf", Buffer.from("%PDF-1.7 pv"));
    const timing = { firstRunDelayMs: 3_600_000 };
    const a = startBackupSchedule(services, timing);
    const b = startBackupSchedule(services, timing);
    try {
      await Promise.all([a.runNow(), b.runNow()]);
    } finally {
      await a.stop();
      await b.stop();
    }
    const keys = await offsite.storage().list();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^batirade\/quotidiennes\/sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}\.tar$/);
    expect(await s3.storage().list()).not.toContainEqual(expect.stringContaining("quotidiennes"));
  });

  // A restore into PGlite: the archive's kind must match (PostgreSQL in CI's second pass).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "a restore into the files' bucket that only holds the daily archives: not refused as « not empty »",
    async () => {
      const server = await startS3Server({ bucket: "batirade-reprise" });
      try {
        const env = { ...server.env(), BACKUP_S3_PREFIX: "sauvegardes/" };
        const services = servicesWith(env);
        await services.storage.put("devis/2026/11/plan.pdf", Buffer.from("%PDF-1.7 plan"));
        const { archive } = await runScheduledBackup(services, RUN_AT);
        // The disaster: the files are lost, the archives under the prefix are left.
        await services.storage.delete("devis/2026/11/plan.pdf");
        const copy = path.join(root, `reprise-${archive}`);
        writeFileSync(copy, await services.storage.get(`sauvegardes/${archive}`));
        const target = { kind: "pglite" as const, dataDir: mkdtempSync(path.join(root, "reprise-")) };
        const leaveOut = backupPrefixAmongFiles(services.env);
        expect(leaveOut).toBe("sauvegardes/");

        await expect(restoreBackup(copy, target, services.storage)).rejects.toThrow(
          "le stockage des fichiers contient déjà 1 fichier(s)",
        );
        const restored = await restoreBackup(copy, target, services.storage, { leaveOut });
        expect(restored.files).toBe(1);
        expect(restored.mismatches).toEqual([]);
        expect((await services.storage.get("devis/2026/11/plan.pdf")).toString()).toBe("%PDF-1.7 plan");
      } finally {
        await server.close();
      }
    },
    120_000,
  );

  it("a bucket that does not exist: the alert names it, one e-mail to the owner", async () => {
    const services = servicesWith({
      ...s3.env(),
      BACKUP_S3_PREFIX: "sauvegardes/",
      BACKUP_S3_BUCKET: "compartiment-absent",
    });
    const before = await s3.storage().list();
    await expect(runScheduledBackup(services, RUN_AT)).rejects.toThrow(
      /le compartiment « compartiment-absent » n'existe pas/,
    );
    const [alert] = await openOwnerAlerts(database.db);
    expect(alert?.message).toContain("vers s3://compartiment-absent/sauvegardes/ n'a pas pu être faite");
    const mails = await ownerAlertMailsQueued();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload.to).toBe("gerante@batirade.test");
    // Nothing was written elsewhere instead (the files' bucket of the same server).
    expect(await s3.storage().list()).toEqual(before);
  });
});

describe("the owner's dashboard block over HTTP (production build)", () => {
  let build: ServerBuild;
  let clientDir: string;

  beforeAll(async () => {
    ({ build, clientDir } = await loadServerBuild());
  }, 600_000);

  async function home(services: AppServices, cookie: string): Promise<string> {
    const response = await createApp({ services, build, clientDir }).request("/erp", {
      headers: { Accept: "text/html", cookie },
    });
    expect(response.status).toBe(200);
    return (await response.text())
      .replaceAll("<!-- -->", "")
      .replaceAll("&#x27;", "'")
      .replaceAll("&amp;", "&")
      .replaceAll("&quot;", '"');
  }

  it("shows a failed backup's alert and « Dernière sauvegarde » to the owner, nothing of it to the staff", async () => {
    const dir = folder("tableau-de-bord");
    const services = servicesWith({ BACKUP_DIR: dir });
    const lastNight = new Date(Date.now() - 6 * 60 * 60 * 1000);
    await runScheduledBackup(services, lastNight);
    const blocked = path.join(root, "fichier-tableau");
    writeFileSync(blocked, "pas un dossier");
    await expect(
      runScheduledBackup(servicesWith({ BACKUP_DIR: path.join(blocked, "s") }), new Date()),
    ).rejects.toThrow(ScheduledBackupError);

    const html = await home(services, owner.cookie);
    expect(html).toContain('<h2 id="owner-alerts-dashboard-title"');
    expect(html).toContain("La sauvegarde automatique a échoué");
    expect(html).toContain("un fichier occupe le chemin du dossier des sauvegardes");
    const name = archivesIn(dir)[0] ?? "";
    expect(html).toMatch(/Dernière sauvegarde : <\/span>\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    expect(html).toContain(`Archive : ${name}`);
    expect(html).toContain(`vers le dossier ${dir}`);

    const staffHtml = await home(services, staff.cookie);
    expect(staffHtml).toContain("Tableau de bord");
    expect(staffHtml).not.toContain("owner-alerts-dashboard-title");
    expect(staffHtml).not.toContain("Dernière sauvegarde");
  });

  it("shows « no backup for 48 hours » worked out from when backups were scheduled, before any run raised it", async () => {
    const services = servicesWith({ BACKUP_DIR: folder("jamais") });
    await watchBackups(database.db, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000));
    expect(await openOwnerAlerts(database.db)).toEqual([]);
    const html = await home(services, owner.cookie);
    expect(html).toContain("Aucune sauvegarde réussie depuis plus de 48 heures");
    expect(html).toContain("Aucune sauvegarde automatique n'a réussi depuis leur mise en place");
    expect(html).toContain("aucune sauvegarde automatique réussie pour l'instant");
    expect(html).not.toContain("Aucune alerte");
  });

  it("says all is well when backups are recent and nothing is open", async () => {
    const services = servicesWith({ BACKUP_DIR: folder("tout-va-bien") });
    await runScheduledBackup(services, new Date(Date.now() - 60 * 60 * 1000));
    const html = await home(services, owner.cookie);
    expect(html).toContain("Aucune alerte : sauvegardes et contrôles sont à jour.");
    expect(html).not.toContain("Aucune sauvegarde réussie depuis plus de 48 heures");
  });
});
