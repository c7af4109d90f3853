import { watchBackups } from "#app/lib/backup/schedule.server.ts";
import { raiseOwnerAlert } from "#app/lib/owner-alerts.server.ts";
import { runSeed } from "./seed-script.ts";

/**
 * `node tests/e2e/owner-alerts-seed.ts <dataDir>`: before a server opens a fresh data
 * directory, an open owner alert (a backup that failed) and backups watched for three days
 * without a success, so that the dashboard's « Surveillance » block shows both alerts.
 */

await runSeed("owner-alerts-seed.ts", "", async ({ handle }) => {
  const now = Date.now();
  await watchBackups(handle.db, new Date(now - 3 * 24 * 60 * 60 * 1000));
  await raiseOwnerAlert(handle.db, {
    kind: "sauvegarde",
    title: "La sauvegarde automatique a échoué",
    message:
      "La sauvegarde vers s3://batirade-sauvegardes-hors-site-du-cabinet/sauvegardes/quotidiennes/ n'a pas pu être faite : le compartiment « batirade-sauvegardes-hors-site-du-cabinet » n'existe pas (NoSuchBucket).",
    now: new Date(now - 60 * 60 * 1000),
  });
});
