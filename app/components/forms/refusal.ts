import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import type { Problem } from "#app/lib/problems.ts";

/*
 * THE answer of a refused form post, for every action of the Espace Pro (the Epic Stack's
 * `submission` reply, here one plain object): the intent it answers, the French message a
 * page shows (a toast, an alert, or under `field`), and what the screens need to say more.
 * Browser-safe: the pages read it back with `refusalOf` and `refusedField`. The server side
 * (`refused`, `invalid`, `notFound`) is in `refusal.server.ts` beside it, next to React Router's `data`.
 */

export type Refusal<Extra extends object = object> = {
  ok: false;
  /** The form's intent (« enregistrer », « paiement »…); none for an unknown intent on some pages. */
  intent?: string;
  /** The one-line answer: a toast, the alert on top of the form, or the field's message. */
  message: string;
  /** The one field the message belongs to, on forms that show one message at a time. */
  field?: string;
  /** Every field's messages, by path (`lines.2.quantity`), from `zodFieldErrors`. */
  fieldErrors?: FieldErrors;
  /** A message about the whole form, shown by an editor above its fields. */
  formError?: string;
  /** What is missing for a document to go (« Émettre », « Envoyer au client »). */
  missing?: string[];
  /** The same reasons, each with the address of the field that fixes it. */
  problems?: Problem[];
  /** Where the missing fact is filled in (the client's record). */
  fix?: { href: string; label: string };
  /** What was typed in the refused form, for a form that shows it again. */
  values?: Record<string, string>;
} & Extra;

/** An action's answer → its refusal, or null (no answer yet, or a success). */
export function refusalOf<Answer>(answer: Answer | undefined | null): Extract<Answer, { ok: false }> | null {
  if (!answer || typeof answer !== "object" || !("ok" in answer) || answer.ok !== false) return null;
  return answer as Extract<Answer, { ok: false }>;
}

/** The message of a refusal for this form's field, when the refusal is about them: a Field's `errors`. */
export function refusedField(
  refusal: Pick<Refusal, "intent" | "field" | "message" | "fieldErrors"> | null | undefined,
  intent: string,
  field: string,
): string[] | undefined {
  if (!refusal || refusal.intent !== intent) return undefined;
  if (refusal.field === field) return [refusal.message];
  return refusal.fieldErrors?.[field];
}
