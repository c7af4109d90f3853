import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { dailyJob } from "#app/lib/daily-job.server.ts";
import type { OutboxSignal } from "#app/lib/outbox.server.ts";
import { orderReference } from "./labels.ts";
import { cancelUnpaidOrders } from "./orders.server.ts";

/**
 * The shop's daily run: an order to pay by transfer or cash still unpaid
 * SHOP_UNPAID_ORDER_DAYS days after it was placed is cancelled, so that its reserved
 * stock returns to the shelf; the buyer is told by e-mail. Returns the references.
 */
export async function runUnpaidOrdersJob(
  services: { db: Database; env: Env; outbox?: Pick<OutboxSignal, "wake"> },
  now = new Date(),
): Promise<string[]> {
  const cancelled = await cancelUnpaidOrders(services, { days: services.env.SHOP_UNPAID_ORDER_DAYS, now });
  if (cancelled.length > 0) services.outbox?.wake();
  return cancelled.map(orderReference);
}

/** The daily run of `runUnpaidOrdersJob` inside the server process. */
export const startUnpaidOrdersJob = dailyJob({
  job: "boutique-impayees",
  task: async (services: { db: Database; env: Env; logger: Logger; outbox: Pick<OutboxSignal, "wake"> }) => ({
    cancelled: await runUnpaidOrdersJob(services),
  }),
  done: "boutique : passage quotidien fait (commandes impayées annulées, stock rendu)",
  failed: "boutique : l'annulation quotidienne des commandes impayées a échoué",
});
