import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import { type DatabaseHandle, openDatabase } from "#app/db/client.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { fillEmptyRegister } from "#app/lib/integrity/register.server.ts";
import { createMailer } from "#app/lib/mailer.server.ts";
import { createNotifiedCache, keepCacheInStep } from "#app/lib/notified-cache.server.ts";
import { createOutboxSignal } from "#app/lib/outbox.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";
import { seedDemoContent } from "#server/seed.ts";

/** The channel the catalogue's triggers notify (drizzle/0022). */
export const CATALOGUE_CHANNEL = "shop_catalogue";

export type RunningServices = AppServices & { database: DatabaseHandle; close: () => Promise<void> };

/** Opens the database (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR), migrates and seeds it. */
export async function startServices(
  env: Env,
  logger: Logger,
  { seed = true } = {},
): Promise<RunningServices> {
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL })
    : await openDatabase({ dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    // Two instances starting together would both find the price library empty.
    if (seed) await database.serialised(() => seedDemoContent(database.db, { storeId: env.STORE_ID }));
    // Documents issued before the integrity register existed get their entries, once.
    const filled = await fillEmptyRegister(database.db);
    if (filled > 0)
      logger.warn({ entries: filled }, "registre d'intégrité : entrées reprises des documents déjà émis");
  } catch (error) {
    await database.close();
    throw error;
  }
  logger.info({ database: database.kind }, "base de données prête");
  // Every write to the catalogue's tables notifies this channel (migration 0022).
  // Only the built-in store's catalogue is in this database, whose changes notify us: a
  // hosted store (STORE_API_URL) changes behind our back, so its answers are never kept.
  const catalogueCache = env.SHOP_CACHE === "on" && !env.STORE_API_URL ? createNotifiedCache() : undefined;
  let stopListening: () => Promise<void> = async () => {};
  if (catalogueCache) {
    try {
      stopListening = await keepCacheInStep(database, CATALOGUE_CHANNEL, catalogueCache, logger);
    } catch (error) {
      // Not listening, the cache never serves: the shop is read from the database.
      logger.warn({ err: error }, "cache du catalogue : écoute des changements impossible au démarrage");
    }
  }
  const mailer = createMailer(env);
  return {
    db: database.db,
    env,
    logger,
    pingDatabase: database.ping,
    dumpDatabase: database.dump,
    storage: storageFor(env),
    mailer,
    outbox: createOutboxSignal(),
    catalogueCache,
    database,
    close: async () => {
      mailer.close();
      await stopListening();
      await database.close();
    },
  };
}
