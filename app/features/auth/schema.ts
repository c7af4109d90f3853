import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/** Staff passwords: at least 12 characters; long passphrases (up to 128) are welcome. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * owner: everything; staff: the office's work; compagnon: a site worker, who sees only the
 * job sites they are put on (app/lib/permissions.ts).
 */
export const STAFF_ROLES = ["owner", "staff", "compagnon"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Gérant",
  staff: "Équipe",
  compagnon: "Compagnon",
};

/** The role stored on an account; an unknown value counts as « staff » (never as more). */
export function roleOf(value: string): StaffRole {
  return value === "owner" || value === "compagnon" ? value : "staff";
}

const email = z
  .string({ error: "L'adresse e-mail est requise." })
  .trim()
  .min(1, "L'adresse e-mail est requise.")
  .max(254, "L'adresse e-mail est trop longue.")
  .pipe(z.email("L'adresse e-mail n'est pas valide."))
  .transform((value) => value.toLowerCase());

export const PasswordSchema = z
  .string({ error: "Le mot de passe est requis." })
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
  .max(PASSWORD_MAX_LENGTH, `Le mot de passe ne peut dépasser ${PASSWORD_MAX_LENGTH} caractères.`);

/** What the server says of a new password it refuses beyond its length (password-rules.server.ts). */
export const PASSWORD_RULE_MESSAGES = {
  blank: "Le mot de passe ne peut pas être composé uniquement d'espaces.",
  email: "Le mot de passe ne peut pas être votre adresse e-mail.",
  common: "Ce mot de passe est trop courant : choisissez-en un autre.",
} as const;

/** The sign-in form (spec: e-mail required and of e-mail type, password required). */
export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Le mot de passe est requis." })
    .min(1, "Le mot de passe est requis.")
    .max(PASSWORD_MAX_LENGTH, "Veuillez vérifier votre email et mot de passe."),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** A staff account created by the command line or by an owner. */
export const StaffAccountSchema = z.object({
  email,
  password: PasswordSchema,
  role: z.enum(STAFF_ROLES, {
    error: "Le rôle doit être « owner » (gérant), « staff » (équipe) ou « compagnon » (chantier).",
  }),
  name: singleLineText().pipe(z.string().max(120, "Le nom est trop long.")).optional(),
});
export type StaffAccountInput = z.input<typeof StaffAccountSchema>;

/** C0 controls, DEL and C1 controls: never part of an address a browser is sent to. */
const CONTROL_CHARACTER = /\p{Cc}/u;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;
const MAX_REDIRECT_LENGTH = 2048;

/**
 * Where to go after signing in: only a page of the Espace Pro on this site. The target
 * is refused (giving "/erp") when it holds a control character, raw or percent-encoded
 * (browsers drop tabs and newlines from addresses, which turned `/erp/..//%09/evil` into
 * another site, and a raw newline broke the Location header); otherwise it is resolved
 * against the site's origin as a browser would, and kept only when it stays on that
 * origin, under /erp, and is not the sign-in or sign-out page. What comes back is the
 * resolved path, query and fragment, never the raw text.
 */
export function safeErpRedirect(target: string | null | undefined, siteUrl: string): string {
  const fallback = "/erp";
  if (!target || target.length > MAX_REDIRECT_LENGTH) return fallback;
  if (CONTROL_CHARACTER.test(target) || ENCODED_CONTROL.test(target)) return fallback;
  // Encoded twice (%250a) is text once decoded, but refuse it all the same: no page needs it.
  if (ENCODED_CONTROL.test(target.replace(/%25/gi, "%"))) return fallback;
  let site: URL;
  let resolved: URL;
  try {
    site = new URL(siteUrl);
    resolved = new URL(target, site);
  } catch {
    return fallback;
  }
  if (resolved.origin !== site.origin || resolved.username || resolved.password) return fallback;
  let path: string;
  try {
    // Routes match the decoded path: /erp/%6cogin is /erp/login.
    path = decodeURIComponent(resolved.pathname);
  } catch {
    return fallback;
  }
  if (CONTROL_CHARACTER.test(path) || path.includes("\\")) return fallback;
  if (path !== "/erp" && !path.startsWith("/erp/")) return fallback;
  if (path.startsWith("/erp/login") || path.startsWith("/erp/logout")) return fallback;
  // The pathname starts with "/erp", so the result can never read as "//host".
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The sign-in screen's words (spec sections 2 and 8, word for word). */
export const LOGIN_TEXTS = {
  title: "Espace Pro - Connexion",
  restricted: "Accès réservé",
  emailLabel: "Identifiant (e-mail)",
  passwordLabel: "Mot de passe",
  submit: "Connexion",
  submitting: "Connexion...",
  forgotten: "Mot de passe oublié ?",
  forgottenNotice: "Bientôt disponible ! La réinitialisation de mot de passe sera bientôt implémentée.",
  forgottenMeanwhile: "En attendant, un gérant peut réinitialiser votre mot de passe.",
  loading: "Chargement de l'Espace Pro...",
  failureTitle: "Échec de la connexion",
  failure: "Veuillez vérifier votre email et mot de passe.",
  signOutFailureTitle: "Échec de la déconnexion",
  genericError: "Une erreur est survenue.",
} as const;

export function tooManyAttemptsMessage(seconds: number): string {
  return `Trop de tentatives de connexion. Veuillez réessayer dans ${seconds} seconde${seconds > 1 ? "s" : ""}.`;
}

export type LoginActionResult = {
  ok: false;
  reason: "invalid" | "rate-limited" | "input";
  message: string;
  /** With `input`: the message of each field (`email`, `password`). */
  fieldErrors?: FieldErrors;
};
