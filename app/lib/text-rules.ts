import { z } from "./zod.ts";

/*
 * The rules every text and date field of the product shares, so that no route can
 * forget them. PostgreSQL refuses a NUL byte in a text value (and a date in year 0),
 * which would turn a typing accident or a hostile post into a 500: a field refuses
 * control characters, and a date outside 1900–2100, before anything reaches the
 * database. Browser-safe.
 */

export const TEXT_RULE_MESSAGES = {
  controlCharacters: "Ce texte contient des caractères non autorisés.",
  dateFormat: "La date doit être au format AAAA-MM-JJ.",
  dateMissing: "Cette date n'existe pas.",
  dateRange: "La date doit être comprise entre 1900 et 2100.",
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
// A multi-line field keeps its line breaks and tabs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether a one-line value (a name, a search, an id) holds a control character. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** Whether a multi-line value (a description, a note) holds a control character other than tab and line breaks. */
export function hasControlCharactersInText(value: string): boolean {
  return CONTROL_CHARACTERS_EXCEPT_LINES.test(value);
}

/**
 * A trimmed one-line string with no control character. `error` is the message when the
 * value is not a string at all (missing field).
 */
export function singleLineText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .trim()
    .refine((value) => !hasControlCharacters(value), TEXT_RULE_MESSAGES.controlCharacters);
}

/** A trimmed multi-line string: tabs and line breaks allowed, no other control character. */
export function multiLineText(error?: string) {
  return z
    .string(error ? { error } : undefined)
    .trim()
    .refine((value) => !hasControlCharactersInText(value), TEXT_RULE_MESSAGES.controlCharacters);
}

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** Whether `value` is a real calendar day written AAAA-MM-JJ, between 1900 and 2100. */
export function isoDayProblem(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return TEXT_RULE_MESSAGES.dateFormat;
  const year = Number(value.slice(0, 4));
  if (year < MIN_YEAR || year > MAX_YEAR) return TEXT_RULE_MESSAGES.dateRange;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    return TEXT_RULE_MESSAGES.dateMissing;
  }
  return null;
}

/** A calendar day written AAAA-MM-JJ, between 1900-01-01 and 2100-12-31. */
export const IsoDaySchema = z.string().superRefine((value, ctx) => {
  const problem = isoDayProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Whether an instant lies between 1900 and 2100 (timestamps read from a query string). */
export function isWithinDateRange(date: Date): boolean {
  if (Number.isNaN(date.getTime())) return false;
  const year = date.getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}
