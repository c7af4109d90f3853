import { multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * What a client types on /accord/{token} (the signer's name, the reason of a refusal) and
 * what the staff type when recording an acceptance signed on paper (the signer's name).
 * They land in frozen proofs, certificates and e-mail subjects: a name is one line with
 * no control character, a reason keeps only its tabs and line breaks (app/lib/text-rules.ts).
 * Browser-safe.
 */

export const SIGNER_NAME_MAX = 120;
export const REFUSAL_REASON_MAX = 2000;

export const ACCEPTANCE_MESSAGES = {
  name: "Indiquez vos nom et prénom.",
  signerName: "Indiquez le nom du signataire.",
  reasonTooLong: "Le motif ne doit pas dépasser 2 000 caractères.",
} as const;

function nameSchema(message: string) {
  return singleLineText(message).pipe(z.string().min(2, message).max(SIGNER_NAME_MAX, message));
}

/** The name typed by the client who accepts online. */
export const AcceptanceNameSchema = nameSchema(ACCEPTANCE_MESSAGES.name);

/** The name of whoever signed the quote on paper, typed by the staff. */
export const PaperSignerNameSchema = nameSchema(ACCEPTANCE_MESSAGES.signerName);

/** The optional reason of a refusal (empty when none is given). */
export const RefusalReasonSchema = multiLineText().pipe(
  z.string().max(REFUSAL_REASON_MAX, ACCEPTANCE_MESSAGES.reasonTooLong),
);

/** The value, or the first refusal's French message. */
export function parseTyped<T>(
  schema: z.ZodType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Saisie invalide." };
}
