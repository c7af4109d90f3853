import { firstFieldErrors, zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { FRENCH_PHONE, PHONE_MESSAGE } from "#app/lib/phone.ts";
import { multiLineText, singleLineText, TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/**
 * The quote request: one schema for the browser (react-hook-form) and the server
 * action (FormData). Browser-safe: no server import here.
 */

export const WORK_TYPES = [
  "Maçonnerie générale",
  "Rénovation complète",
  "Isolation thermique",
  "Ravalement de façade",
  "Extension",
  "Autre",
] as const;
export type WorkType = (typeof WORK_TYPES)[number];

export const BUDGETS = [
  "Moins de 5 000 €",
  "5 000 € - 15 000 €",
  "15 000 € - 30 000 €",
  "30 000 € - 60 000 €",
  "Plus de 60 000 €",
  "Je ne sais pas",
] as const;
export type Budget = (typeof BUDGETS)[number];

/** Spec section 9: 5*1024*1024 bytes per photo. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 10;
/**
 * Pixels, read from each photo's header before anything is decoded: a 5 MB file may
 * claim a huge canvas (a one-bit PNG of 50 megapixels weighs 6 KB). Per photo, and
 * for the whole request: ten photos of a 24-megapixel phone camera pass.
 */
export const PHOTO_MAX_MEGAPIXELS = 50;
export const PHOTOS_MAX_MEGAPIXELS = 250;
export const PHOTO_MIME_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;
/** For the file input's `accept` attribute. */
export const PHOTO_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

/** Where the request came from, and how it is written in `erp_submissions.data.source`. */
export const QUOTE_SOURCES = ["modal", "page"] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];
export const SOURCE_LABELS: Record<QuoteSource, string> = {
  modal: "Site Web - Modal Devis",
  page: "Site Web - Page Devis",
};

/** Spec section 5, word for word; the others are ours, for limits the spec leaves open. */
export const QUOTE_MESSAGES = {
  name: "Le nom/prénom est requis.",
  email: "L'adresse email n'est pas valide.",
  phone: PHONE_MESSAGE,
  workType: "Veuillez sélectionner un type de travaux.",
  message: "Veuillez décrire votre projet (10 caractères minimum).",
  photoSize: "La taille max. par photo est 5MB.",
  photoType: "Formats acceptés : .jpg, .jpeg, .png, .webp.",
  consent: "Vous devez accepter notre politique de confidentialité.",
  nameTooLong: `Le nom/prénom ne doit pas dépasser ${NAME_MAX} caractères.`,
  messageTooLong: "Votre description ne doit pas dépasser 5 000 caractères.",
  budget: "Veuillez choisir un budget dans la liste.",
  photoCount: `Vous pouvez joindre ${PHOTO_MAX_COUNT} photos au maximum.`,
  photoUnreadable: "Cette photo est illisible ou endommagée. Veuillez en choisir une autre.",
  photoPixels: `Une photo dépasse ${PHOTO_MAX_MEGAPIXELS} mégapixels. Réduisez sa taille ou choisissez-en une autre.`,
  photosPixels: `Vos photos sont trop grandes au total (${PHOTOS_MAX_MEGAPIXELS} mégapixels au maximum pour l'ensemble). Envoyez-en moins ou réduisez leur taille.`,
  controlCharacters: TEXT_RULE_MESSAGES.controlCharacters,
} as const;

/** Messages about the whole submission (the field messages are above). */
export const QUOTE_FORM_ERRORS = {
  unreadable: "Le formulaire envoyé est illisible. Veuillez réessayer.",
  invalid: "Certains champs sont à corriger.",
  rateLimited:
    "Vous avez envoyé plusieurs demandes en peu de temps. Veuillez patienter quelques minutes avant de réessayer, ou appelez-nous.",
  unavailable: "Une erreur est survenue. Veuillez réessayer.",
  busy: "Nous recevons beaucoup de photos en ce moment : votre demande n'a pas été enregistrée. Veuillez la renvoyer dans une minute.",
  method: "Cette adresse n'accepte que l'envoi du formulaire de devis.",
} as const;

/** The toasts of spec section 8. */
export const QUOTE_TOASTS = {
  success: { title: "Demande envoyée !", description: "Merci ! Nous vous répondrons sous 48h." },
  failure: { title: "Erreur", description: "Une erreur est survenue. Veuillez réessayer." },
} as const;

/** What the /devis action answers a script (the form without script is redirected to /merci). */
export type QuoteActionResult =
  | { status: "success"; source: QuoteSource; workType: string }
  | { status: "error"; formError: string; fieldErrors: QuoteFieldErrors; values: QuoteFormValues | null };

const singleLine = (message: string) => singleLineText(message);

export const PhotoSchema = z
  .file({ error: QUOTE_MESSAGES.photoType })
  .max(PHOTO_MAX_BYTES, QUOTE_MESSAGES.photoSize)
  .mime([...PHOTO_MIME_TYPES], QUOTE_MESSAGES.photoType);

export const QuoteRequestSchema = z.object({
  user_name: singleLine(QUOTE_MESSAGES.name)
    .pipe(z.string().min(NAME_MIN, QUOTE_MESSAGES.name))
    .pipe(z.string().max(NAME_MAX, QUOTE_MESSAGES.nameTooLong)),
  user_email: singleLine(QUOTE_MESSAGES.email).pipe(
    z.email({ error: QUOTE_MESSAGES.email }).max(EMAIL_MAX, QUOTE_MESSAGES.email),
  ),
  user_phone: singleLine(QUOTE_MESSAGES.phone).pipe(z.string().regex(FRENCH_PHONE, QUOTE_MESSAGES.phone)),
  work_type: z.enum(WORK_TYPES, { error: QUOTE_MESSAGES.workType }),
  budget: z.union([z.literal(""), z.enum(BUDGETS)], { error: QUOTE_MESSAGES.budget }).default(""),
  message: multiLineText(QUOTE_MESSAGES.message)
    .pipe(z.string().min(MESSAGE_MIN, QUOTE_MESSAGES.message))
    .pipe(z.string().max(MESSAGE_MAX, QUOTE_MESSAGES.messageTooLong)),
  photos: z
    .array(PhotoSchema, { error: QUOTE_MESSAGES.photoType })
    .max(PHOTO_MAX_COUNT, QUOTE_MESSAGES.photoCount)
    .default([]),
  consent: z.boolean({ error: QUOTE_MESSAGES.consent }).refine((value) => value, QUOTE_MESSAGES.consent),
  honeypot: z.string().optional().default(""),
  source: z.enum(QUOTE_SOURCES).catch("page"),
});

/** What the form holds (before parsing). */
export type QuoteRequestInput = z.input<typeof QuoteRequestSchema>;
/** What the server stores (after parsing). */
export type QuoteRequest = z.output<typeof QuoteRequestSchema>;

export type QuoteFieldName = Exclude<keyof QuoteRequestInput, "honeypot" | "source">;
export type QuoteFieldErrors = Partial<Record<QuoteFieldName, string>>;
/** What the form shows back after a refused submission: the text values (never the files). */
export type QuoteFormValues = {
  user_name: string;
  user_email: string;
  user_phone: string;
  work_type: string;
  budget: string;
  message: string;
  consent: boolean;
};

/** The first message of each field, as the form shows it under the field. */
export function fieldErrorsOf(error: z.ZodError): QuoteFieldErrors {
  const { honeypot: _trap, source: _source, ...fields } = firstFieldErrors(zodFieldErrors(error).fieldErrors);
  return fields as QuoteFieldErrors;
}

const TEXT_FIELDS = ["user_name", "user_email", "user_phone", "work_type", "budget", "message"] as const;

/**
 * Turns a submitted form into the schema's input. Only the first value of each
 * field counts; an empty file part (what a browser sends for an untouched file
 * input) is not a photo.
 */
export function readQuoteFormData(formData: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = formData.get(name);
    if (value !== null) input[name] = value;
  }
  const consent = formData.get("consent");
  input.consent = consent === "on" || consent === "true";
  const honeypot = formData.get("honeypot");
  input.honeypot = typeof honeypot === "string" ? honeypot : honeypot === null ? "" : "fichier";
  input.source = formData.get("source");
  input.photos = formData
    .getAll("photos")
    .filter((entry) => !(typeof entry !== "string" && entry.size === 0 && entry.name === ""));
  return input;
}

/** Text values to put back in the form after a refused submission. */
export function formValuesOf(input: Record<string, unknown>): QuoteFormValues {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, MESSAGE_MAX + 100) : "");
  return {
    user_name: text(input.user_name),
    user_email: text(input.user_email),
    user_phone: text(input.user_phone),
    work_type: text(input.work_type),
    budget: text(input.budget),
    message: text(input.message),
    consent: input.consent === true,
  };
}
