import { describe, expect, it } from "vitest";
import { isUuid, UUID_PATTERN } from "./uuid.ts";

describe("isUuid", () => {
  it("accepts the ids the database generates, in either case", () => {
    const id = crypto.randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(UUID_PATTERN.test(id)).toBe(true);
  });

  it.each([
    ["36 dashes", "-".repeat(36)],
    ["36 letters a", "a".repeat(36)],
    ["hex digits without dashes", "0123456789abcdef0123456789abcdef0123"],
    ["dashes in the wrong places", "0123-4567-89ab-cdef-0123-4567-89abcd"],
    ["a non-hex digit", "0123456g-89ab-cdef-0123-456789abcdef"],
    ["one digit short", "0123456-89ab-cdef-0123-456789abcdef"],
    ["a trailing line break", "01234567-89ab-cdef-0123-456789abcdef\n"],
    ["braces", "{01234567-89ab-cdef-0123-456789abcdef}"],
    ["empty", ""],
  ])("refuses %s", (_label, value) => {
    expect(isUuid(value)).toBe(false);
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, {}, ["01234567-89ab-cdef-0123-456789abcdef"]]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
