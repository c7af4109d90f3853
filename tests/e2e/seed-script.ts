import { type DatabaseHandle, openDatabase } from "#app/db/client.server.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

// The frame of the seed scripts that fill a spec's own server's data directory before the
// server opens it (`node tests/e2e/<name>-seed.ts <dataDir> …`, run by `startSeededServer`):
// read the arguments, migrate the embedded database, seed, print the seed's ids as JSON.

export type SeedContext = {
  handle: DatabaseHandle;
  services: AppServices;
  dataDir: string;
  /** The arguments after the data directory, as many as the usage names. */
  args: string[];
};

export type OwnerSeedContext = SeedContext & { owner: { id: string; email: string } };

/**
 * Runs `seed` on the data directory given first on the command line, once migrated. `usage`
 * names the other arguments (« <e-mail> <mot de passe> »), each required. What `seed`
 * returns, if anything, is printed as JSON for the spec to read.
 */
export async function runSeed<T>(
  script: string,
  usage: string,
  seed: (context: SeedContext) => Promise<T>,
): Promise<void> {
  const [dataDir, ...args] = process.argv.slice(2);
  const wanted = usage.match(/<[^>]+>/g)?.length ?? 0;
  if (!dataDir || args.length < wanted || args.slice(0, wanted).some((arg) => !arg)) {
    console.error(`usage : node tests/e2e/${script} <dataDir>${usage ? ` ${usage}` : ""}`);
    process.exit(2);
  }
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const services = staffTestServices({ ...handle, cleanup: handle.close }, { DATA_DIR: dataDir });
    const result = await seed({ handle, services, dataDir, args });
    if (result !== undefined) console.log(JSON.stringify(result));
  } finally {
    await handle.close();
  }
}

/**
 * The usual seed: `<dataDir> <e-mail> <mot de passe>` (then the arguments `more` names), an
 * owner account made first.
 */
export function runOwnerSeed<T>(
  script: string,
  seed: (context: OwnerSeedContext) => Promise<T>,
  more = "",
): Promise<void> {
  return runSeed(script, `<e-mail> <mot de passe>${more ? ` ${more}` : ""}`, async (context) => {
    const [email, password] = context.args;
    const owner = await createStaffAccount(context.services, { email, password, role: "owner" });
    return seed({ ...context, owner });
  });
}

export type TeamSeedContext = OwnerSeedContext & { worker: { id: string; email: string } };

/**
 * The team seed: `<dataDir> <gérant> <compagnon> <mot de passe>`, an owner (« Nadia
 * Gérante ») and a site worker (« Lucas Martin », role compagnon) made first, both with
 * that password.
 */
export function runTeamSeed<T>(
  script: string,
  seed: (context: TeamSeedContext) => Promise<T>,
): Promise<void> {
  return runSeed(script, "<gérant> <compagnon> <mot de passe>", async (context) => {
    const [ownerEmail, workerEmail, password] = context.args;
    const account = (email: string | undefined, role: "owner" | "compagnon", name: string) =>
      createStaffAccount(context.services, { email, password, role, name });
    const owner = await account(ownerEmail, "owner", "Nadia Gérante");
    const worker = await account(workerEmail, "compagnon", "Lucas Martin");
    return seed({ ...context, owner, worker });
  });
}
