import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_RULE_MESSAGES, PasswordSchema } from "./schema.ts";

/**
 * The rules of a new password, wherever one is set (`npm run user:create`, an owner's
 * « Comptes de l'équipe » page, /api/auth/change-password): 12 to 128 characters, not
 * only spaces, not the account's own e-mail (nor its local part when that is 12
 * characters or more), and not a common password. The common passwords are the list
 * zxcvbn-ts ships (@zxcvbn-ts/language-common, MIT: about 49,000 of the most used
 * passwords, lower case); this module is server-only, so the list never reaches a browser.
 */

let commonPasswords: Set<string> | undefined;

function commonSet(): Set<string> {
  commonPasswords ??= new Set(dictionary["passwords-common"]);
  return commonPasswords;
}

function normalized(password: string): string {
  return password.normalize("NFKC").trim().toLowerCase();
}

/**
 * A password of the list, in any case, or one of its words with only digits and
 * symbols around it ("Sunshine2025!", "!!motherfucker1234"): these are the first
 * variants a guessing tool tries.
 */
export function isCommonPassword(password: string): boolean {
  const text = normalized(password);
  const list = commonSet();
  if (list.has(text)) return true;
  const stem = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return stem.length >= 4 && stem !== text && list.has(stem);
}

/** The first rule a new password breaks, as the French message to show, or null. */
export function newPasswordProblem(password: unknown, email: string): string | null {
  if (typeof password === "string" && password.length > 0 && password.trim() === "") {
    return PASSWORD_RULE_MESSAGES.blank;
  }
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Mot de passe invalide.";
  const text = normalized(parsed.data);
  const address = email.trim().toLowerCase();
  const localPart = address.split("@")[0] ?? "";
  if (text === address || (localPart.length >= 12 && text === localPart)) return PASSWORD_RULE_MESSAGES.email;
  if (isCommonPassword(parsed.data)) return PASSWORD_RULE_MESSAGES.common;
  return null;
}
