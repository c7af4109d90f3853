import { z } from "#app/lib/zod.ts";

/** Staff passwords: at least 12 characters; long passphrases (up to 128) are welcome. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const roleLabels: Record<StaffRole, string> = { owner: "Gérant", staff: "Équipe" };

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
  role: z.enum(STAFF_ROLES, { error: "Le rôle doit être « owner » (gérant) ou « staff » (équipe)." }),
  name: z.string().trim().max(120, "Le nom est trop long.").optional(),
});
export type StaffAccountInput = z.input<typeof StaffAccountSchema>;

/** Where to go after signing in: only a path inside the Espace Pro. */
export function safeErpRedirect(target: string | null | undefined): string {
  if (!target) return "/erp";
  if (!/^\/erp(\/|\?|$)/.test(target) || target.startsWith("//") || target.includes("\\")) return "/erp";
  if (target.startsWith("/erp/login") || target.startsWith("/erp/logout")) return "/erp";
  return target;
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

export type LoginActionResult = { ok: false; reason: "invalid" | "rate-limited" | "input"; message: string };
