import type { z } from "#app/lib/zod.ts";

/**
 * THE mapping from a zod error to what a form shows: every server action and every
 * browser form (through `schemaResolver`) goes through `zodFieldErrors`, so a message
 * lands under the same field whichever side refused it.
 */

/** Messages per field name, in the order zod reported them, each message once. */
export type FieldErrors = Record<string, string[]>;

export type FormErrors = {
  /** Keyed by the field's `name`: `email`, `address.city`; an array item belongs to its array (`photos`). */
  fieldErrors: FieldErrors;
  /** Messages about the whole form (issues without a path, from a refine on the object). */
  formErrors: string[];
  /** The first message zod reported, field or form: what a one-line answer or a toast says. */
  firstMessage: string | undefined;
};

type ZodErrorLike = Pick<z.core.$ZodError, "issues">;
type SafeParseLike = { success: true } | { success: false; error: ZodErrorLike };

/**
 * The field name an issue belongs to. Trailing array indexes are dropped: a refused
 * photo (`["photos", 2]`) is shown under the `photos` input; inside an array of
 * objects the index stays (`lines.2.quantity`), as a form would name that input.
 */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  const segments = [...path];
  while (segments.length > 0 && typeof segments.at(-1) === "number") segments.pop();
  return segments.map((segment) => String(segment)).join(".");
}

/** A zod error (or a `safeParse` result) → the messages of each field and of the form. */
export function zodFieldErrors(source: ZodErrorLike | SafeParseLike): FormErrors {
  const result: FormErrors = { fieldErrors: {}, formErrors: [], firstMessage: undefined };
  const error = "success" in source ? (source.success ? undefined : source.error) : source;
  if (!error) return result;
  for (const issue of error.issues) {
    const message = issue.message;
    result.firstMessage ??= message;
    const name = fieldNameOf(issue.path);
    let list = result.formErrors;
    if (name !== "") {
      list = result.fieldErrors[name] ?? [];
      result.fieldErrors[name] = list;
    }
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/** The first message of each field: for answers that carry one message per field. */
export function firstFieldErrors(fieldErrors: FieldErrors): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (message !== undefined) first[name] = message;
  }
  return first;
}

/** What a Field accepts as its errors: one message, several, or nothing. */
export type ErrorsInput = string | readonly string[] | null | undefined;

/** `ErrorsInput` → a list without empty messages. */
export function errorList(errors: ErrorsInput): string[] {
  if (!errors) return [];
  return (typeof errors === "string" ? [errors] : [...errors]).filter((message) => message.trim() !== "");
}
