import { describe, expect, it } from "vitest";
import { IsoDaySchema, multiLineText, singleLineText, TEXT_RULE_MESSAGES } from "./text-rules.ts";

describe("shared text rules", () => {
  it("refuses a NUL byte and other control characters on one line, and trims", () => {
    const schema = singleLineText("requis");
    expect(schema.parse("  Toulon ")).toBe("Toulon");
    for (const bad of ["a\u0000b", "a\nb", "a\tb", "\u007F", "x\u001B[31m"]) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TEXT_RULE_MESSAGES.controlCharacters);
    }
    expect(schema.safeParse(42).error?.issues[0]?.message).toBe("requis");
  });

  it("keeps line breaks and tabs in a multi-line text, and nothing else", () => {
    const schema = multiLineText();
    expect(schema.parse("Ligne 1\r\n\tLigne 2")).toBe("Ligne 1\r\n\tLigne 2");
    expect(schema.safeParse("note\u0000").success).toBe(false);
    expect(schema.safeParse("bip\u0007").success).toBe(false);
  });

  it("accepts real days between 1900 and 2100 only", () => {
    expect(IsoDaySchema.parse("2026-11-23")).toBe("2026-11-23");
    expect(IsoDaySchema.parse("1900-01-01")).toBe("1900-01-01");
    expect(IsoDaySchema.parse("2100-12-31")).toBe("2100-12-31");
    const message = (value: string) => IsoDaySchema.safeParse(value).error?.issues[0]?.message;
    expect(message("0000-01-01")).toBe(TEXT_RULE_MESSAGES.dateRange);
    expect(message("1899-12-31")).toBe(TEXT_RULE_MESSAGES.dateRange);
    expect(message("2101-01-01")).toBe(TEXT_RULE_MESSAGES.dateRange);
    expect(message("2026-02-30")).toBe(TEXT_RULE_MESSAGES.dateMissing);
    expect(message("23/11/2026")).toBe(TEXT_RULE_MESSAGES.dateFormat);
    expect(message("2026-11-23\u0000")).toBe(TEXT_RULE_MESSAGES.dateFormat);
  });
});
