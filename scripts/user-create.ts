import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pino from "pino";
import { type Env, EnvError, loadEnv } from "#app/config/env.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { AccountError, createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { StaffAccountSchema } from "#app/features/auth/schema.ts";
import {
  claimDataDirForCli,
  isProcessAlive,
  LOCAL_ADMIN_PATH,
  readServerInfo,
} from "#app/features/auth/server-info.server.ts";

/**
 * `npm run user:create -- --email E --password P --role owner|staff|compagnon [--name N]`
 *
 * Creates an Espace Pro account. With a server running on the same DATA_DIR it asks
 * that server (over loopback, with the token it wrote in DATA_DIR/server.json), since
 * an embedded PGlite database must never be opened by two processes; otherwise it
 * opens the database itself, applying the migrations first.
 */

const USAGE = "Usage : npm run user:create -- --email E --password P --role owner|staff|compagnon [--name N]";
const SERVER_WAIT_MS = 60_000;

class CliError extends Error {}

type Created = { id: string; email: string; role: string };

async function viaServer(port: number, token: string, input: unknown): Promise<Created> {
  const response = await fetch(`http://127.0.0.1:${port}${LOCAL_ADMIN_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(input),
  });
  const body = (await response.json().catch(() => ({}))) as Partial<Created> & { message?: string };
  if (!response.ok) throw new CliError(body.message ?? `Le serveur a répondu ${response.status}.`);
  return body as Created;
}

async function directly(env: Env, input: unknown): Promise<Created> {
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const logger = pino({ level: "silent" });
    return await createStaffAccount({ db: database.db, env, logger }, input);
  } finally {
    await database.close();
  }
}

export async function createUserFromCli(
  argv: string[],
  env: Env,
): Promise<{ account: Created; via: string }> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`);
  }
  const parsed = StaffAccountSchema.safeParse(values);
  if (!parsed.success) {
    throw new CliError(`${parsed.error.issues.map((issue) => issue.message).join("\n")}\n${USAGE}`);
  }
  const input = { ...values };

  const deadline = Date.now() + SERVER_WAIT_MS;
  for (;;) {
    const info = readServerInfo(env.DATA_DIR);
    if (!info || !isProcessAlive(info.pid)) {
      const claim = claimDataDirForCli(env.DATA_DIR);
      if (claim.claimed) {
        try {
          return { account: await directly(env, input), via: "base de données" };
        } finally {
          claim.release();
        }
      }
      continue;
    }
    if (info.state === "ready") {
      try {
        return { account: await viaServer(info.port, info.token, input), via: `serveur (port ${info.port})` };
      } catch (error) {
        if (error instanceof CliError) throw error;
        // The server is starting or stopping: try again below.
      }
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `Un serveur (pid ${info.pid}) utilise ce dossier de données mais ne répond pas. Réessayez quand il est démarré, ou arrêtez-le.`,
      );
    }
    await sleep(200);
  }
}

if (import.meta.main) {
  try {
    const env = loadEnv();
    const { account, via } = await createUserFromCli(process.argv.slice(2), env);
    console.log(`Compte créé : ${account.email} (${account.role}) via ${via}.`);
  } catch (error) {
    if (error instanceof CliError || error instanceof AccountError || error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
