import { createHash } from "node:crypto";
import type { DbTransaction } from "./outbox.server.ts";
import { type RateLimit, recordHit } from "./rate-limit.server.ts";

/**
 * Acknowledgements (of a quote request, of a shop order) go to an address typed by
 * an anonymous visitor. However many requests or orders name one address, that
 * address receives at most this many acknowledgements a day, quotes and orders
 * together: the site cannot be used to flood someone's mailbox. The request or the
 * order is still stored and the company still notified; only the acknowledgement
 * is left out.
 */
export const ACKNOWLEDGEMENT_LIMIT = 3;
export const ACKNOWLEDGEMENT_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The mailbox an address reaches, as far as can be told without asking its
 * provider: lower-cased, without a sub-address tag ("marie+devis@" is "marie@"),
 * and without the dots Gmail ignores. Only used to count, never to send.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  const tag = local.indexOf("+");
  if (tag > 0) local = local.slice(0, tag);
  if (domain === "gmail.com" || domain === "googlemail.com") {
    return `${local.replaceAll(".", "")}@gmail.com`;
  }
  return `${local}@${domain}`;
}

/** The rate-limit rule of one recipient. The key holds a hash, never the address itself. */
export function acknowledgementRule(address: string): RateLimit {
  const digest = createHash("sha256").update(mailboxOf(address)).digest("hex");
  return { key: `accuse:${digest}`, limit: ACKNOWLEDGEMENT_LIMIT, windowMs: ACKNOWLEDGEMENT_WINDOW_MS };
}

/**
 * Takes one acknowledgement of `address` inside the transaction that stores the
 * request or the order (so the count holds across instances and rolls back with
 * it). True: enqueue the acknowledgement; false: the address had its share today.
 */
export function claimAcknowledgement(tx: DbTransaction, address: string, now = new Date()): Promise<boolean> {
  return recordHit(tx, acknowledgementRule(address), now);
}
