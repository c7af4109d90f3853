import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import type { Database } from "#app/db/client.server.ts";
import { SIGN_IN_ADDRESS_RULE, SIGN_IN_PAIR_RULE } from "./auth.server.ts";
import { forgetHits, forgetKey, takeDelayedAttempt } from "./rate-limit.server.ts";

/** The eight groups of an IPv6 address, or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const embedded = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * Who is knocking, for counting: an IPv4 address as is, an IPv4-mapped IPv6 address as
 * its IPv4, and any other IPv6 address as its /64 (one subscriber's network), since a
 * host that owns a /64 can change address at every attempt.
 */
export function addressBucket(clientIp: string): string {
  const bare =
    clientIp
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, "")
      .split("%")[0] ?? "";
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare || "inconnue";
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const mapped = groups.slice(0, 6).join(":") === "0:0:0:0:0:65535";
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** One account seen from one address; the e-mail is hashed, never stored. */
export function pairKey(email: string, bucket: string): string {
  const digest = createHash("sha256").update(`${email.trim().toLowerCase()}\n${bucket}`).digest("hex");
  return `sign-in:pair:${digest}`;
}

export function addressKey(bucket: string): string {
  return `sign-in:address:${bucket}`;
}

export type SignInTicket =
  | { allowed: true; pair: string; hitIds: number[]; addressHit: number | undefined }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Asks whether this address may try this account's password now (see SIGN_IN_PAIR_RULE
 * and SIGN_IN_ADDRESS_RULE). The attempt is counted as a failure under both keys until
 * `settleSignIn` says otherwise.
 */
export async function takeSignInTicket(
  db: Database,
  email: string,
  clientIp: string,
  now = new Date(),
): Promise<SignInTicket> {
  const bucket = addressBucket(clientIp);
  const pair = pairKey(email, bucket);
  const address = addressKey(bucket);
  const decision = await takeDelayedAttempt(
    db,
    [
      { key: pair, rule: SIGN_IN_PAIR_RULE },
      { key: address, rule: SIGN_IN_ADDRESS_RULE },
    ],
    now,
  );
  if (!decision.allowed) return decision;
  return {
    allowed: true,
    pair,
    hitIds: [...decision.hitIds.values()],
    addressHit: decision.hitIds.get(address),
  };
}

/**
 * What the password check said: a success clears the pair's failures and gives the
 * address its attempt back; a server error gives both back (the caller was not wrong);
 * a refusal stays counted.
 */
export async function settleSignIn(
  db: Database,
  ticket: Extract<SignInTicket, { allowed: true }>,
  outcome: "success" | "failure" | "error",
): Promise<void> {
  if (outcome === "success") {
    await forgetKey(db, ticket.pair);
    await forgetHits(db, ticket.addressHit === undefined ? [] : [ticket.addressHit]);
  } else if (outcome === "error") {
    await forgetHits(db, ticket.hitIds);
  }
}
