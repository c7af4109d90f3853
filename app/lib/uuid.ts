/*
 * The one check of a record id taken from a URL, a form or a signed notification
 * before it reaches a `uuid` column: PostgreSQL refuses to compare a uuid with text
 * that is not one (a 500), so anything else is answered as "not found" instead.
 * Browser-safe and free of dependencies (zod schemas pass UUID_PATTERN to `.regex`).
 */

/** Canonical textual form: 8-4-4-4-12 hexadecimal digits, any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
