import { loadEnv } from "#app/config/env.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { seedDemoContent } from "#server/seed.ts";

const env = loadEnv();
const database = env.DATABASE_URL
  ? await openDatabase({ url: env.DATABASE_URL })
  : await openDatabase({ dataDir: env.DATA_DIR });
try {
  await database.migrate();
  await seedDemoContent(database.db, { storeId: env.STORE_ID });
  console.log(`Contenu de démonstration en place (${database.kind}).`);
} finally {
  await database.close();
}
