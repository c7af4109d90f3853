import { z } from "#app/lib/zod.ts";

/*
 * How an action reads its post: one zod discriminated union on `intent` per page (the
 * Epic Stack's `z.literal` intents), each branch the fields of one form. The form's text
 * fields are read as strings, a missing one as "" (what `String(form.get(name) ?? "")`
 * gave every hand-written parser before); files stay in the FormData for the feature.
 */

/** The first value of each field of a post, as text ("" for none). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!(name in values)) values[name] = String(value);
  }
  return values;
}

export type ParsedIntent<Data> =
  | { ok: true; intent: string; data: Data }
  /** No branch has this intent: the page answers « Action inconnue. ». */
  | { ok: false; intent: string; unknown: true }
  /** The branch refused its fields: the zod error, for `invalid` or the first message. */
  | { ok: false; intent: string; unknown: false; error: z.ZodError };

/** A post → its branch of the page's union, « unknown intent », or the branch's refusal. */
export function parseIntent<Schema extends z.ZodType>(
  schema: Schema,
  form: FormData,
): ParsedIntent<z.output<Schema>> {
  const values = formValues(form);
  const intent = values.intent ?? "";
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, intent, data: parsed.data };
  const unknown = parsed.error.issues.some(
    (issue) => issue.code === "invalid_union" && issue.path.length === 1 && issue.path[0] === "intent",
  );
  return unknown
    ? { ok: false, intent, unknown: true }
    : { ok: false, intent, unknown: false, error: parsed.error };
}

/** The first issue of a refused branch: its message and the field it is about (its first path segment). */
export function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    message: issue?.message ?? "Données invalides.",
    ...(typeof field === "string" && field !== "" ? { field } : {}),
  };
}

/** A text field of a post: missing reads as "" (then `inner` checks it). */
export function formText<Inner extends z.ZodType>(inner: Inner) {
  return z.preprocess((value) => value ?? "", inner);
}

/** An intent posted behind a confirmation dialog (confirmation=oui): refused with `message`, about no field. */
export function confirmedIntent<Intent extends string>(intent: Intent, message: string) {
  return z
    .object({ intent: z.literal(intent), confirmation: z.string().optional() })
    .refine((value) => value.confirmation === "oui", { message });
}

/** An intent with no field of its own. */
export function bareIntent<Intent extends string>(intent: Intent) {
  return z.object({ intent: z.literal(intent) });
}
