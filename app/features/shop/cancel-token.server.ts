import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * The proof that a cancellation comes from the buyer. A random secret is created with
 * each order and handed only to the payment page, inside the cancel address it sends a
 * buyer who gives up (`…/cancel?token=…`); the order keeps its SHA-256, never the
 * secret, so a copy of the database cannot cancel anything either.
 */

/** 32 random bytes, base64url: 43 characters, safe in a query string. */
export function newCancelToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashCancelToken(token) };
}

/** SHA-256 of the token, hex (what the order stores). */
export function hashCancelToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Whether `token` is the secret of the order that stores `storedHash`. The hashes are
 * compared in constant time, whatever the token's length; no token, or an order without
 * a hash, never matches.
 */
export function cancelTokenMatches(token: string | null, storedHash: string | null): boolean {
  if (!token || !storedHash || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  const given = createHash("sha256").update(token, "utf8").digest();
  return timingSafeEqual(given, Buffer.from(storedHash, "hex"));
}
