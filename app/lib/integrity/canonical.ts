import { createHash } from "node:crypto";

/**
 * A value as JSON with every object's keys sorted, dates as ISO 8601: the same facts give
 * the same text whatever the order a driver or `jsonb` gives the keys back in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** SHA-256 of text (UTF-8) or bytes, lower-case hex. */
export function sha256Of(content: string | Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}
