import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { type QuoteContent, QuoteDraftSchema } from "./content.ts";

/*
 * What the lines editor posts (« Enregistrer »): `revision` and the whole draft as JSON in
 * `draft`, parsed with `QuoteDraftSchema`. Shared by the quote's page and a standalone
 * invoice's page (same editor).
 */

export type DraftPost =
  | { ok: true; revision: number; content: QuoteContent }
  | { ok: false; fieldErrors?: Record<string, string[]>; formError: string };

/** The editor's post → the content to save, or the messages at their fields (a 400). */
export function readDraftPost(form: FormData, refusedMessage: string): DraftPost {
  const revision = Number(form.get("revision"));
  const raw = form.get("draft");
  let json: unknown;
  try {
    json = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  if (!Number.isSafeInteger(revision) || json === undefined) {
    return { ok: false, formError: "Le formulaire envoyé est incomplet : rechargez la page." };
  }
  const parsed = QuoteDraftSchema.safeParse(json);
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error);
    return { ok: false, fieldErrors: errors.fieldErrors, formError: errors.formErrors[0] ?? refusedMessage };
  }
  return { ok: true, revision, content: parsed.data };
}
