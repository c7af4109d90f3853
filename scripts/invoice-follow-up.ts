import { parseArgs } from "node:util";
import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { runDailyInvoiceFollowUp } from "#app/features/invoices/overdue.server.ts";
import { LOCAL_INVOICE_FOLLOW_UP_PATH } from "../server/internal.ts";
import { runHereOrOnServer } from "./server-or-here.ts";

/**
 * `npm run invoices:follow-up [-- --at 2027-01-15T09:00:00Z]`
 *
 * Runs the invoices' daily follow-up now (the server runs it once a day): invoices past
 * their due date become « En retard », and the reminders due (due date + 1, + 15, + 30
 * days) are queued in the outbox. `--at` runs it as of another instant (after the server
 * was down for days, or to rehearse a schedule). Run again, it sends nothing twice. With a
 * server running on an embedded database, the work is asked of that server, whose outbox
 * sends the e-mails; otherwise they leave when the server next starts.
 */

const USAGE = "Usage : npm run invoices:follow-up [-- --at 2027-01-15T09:00:00Z]";

type Done = { overdue: number; reminders: number };

async function followUp(at: Date | null): Promise<Done> {
  const env = loadEnv();
  return runHereOrOnServer(env, {
    path: `${LOCAL_INVOICE_FOLLOW_UP_PATH}${at ? `?at=${encodeURIComponent(at.toISOString())}` : ""}`,
    here: async () => {
      const database = env.DATABASE_URL
        ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
        : await openDatabase({ dataDir: env.DATA_DIR });
      try {
        await database.migrate();
        const done = await runDailyInvoiceFollowUp({ db: database.db }, at ?? new Date());
        return { overdue: done.overdue, reminders: done.reminders.length };
      } finally {
        await database.close();
      }
    },
  });
}

if (import.meta.main) {
  try {
    const { values } = parseArgs({ options: { at: { type: "string" } }, strict: true });
    const at = values.at === undefined ? null : new Date(values.at);
    if (at && Number.isNaN(at.getTime())) throw new Error(`Date invalide : ${values.at}. ${USAGE}`);
    const done = await followUp(at);
    console.log(
      `Suivi des factures fait : ${done.overdue} passée(s) « En retard », ${done.reminders} relance(s) mise(s) en file d'envoi.`,
    );
  } catch (error) {
    console.error(
      error instanceof EnvError
        ? error.message
        : `Suivi des factures impossible : ${(error as Error).message}`,
    );
    process.exit(1);
  }
}
