import { SITE_LOG_WEATHER_VALUES, type SiteLogWeather } from "#app/db/schema/site-log.ts";
import { multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The site log's words, limits and form schemas (browser-safe): what the log page's form
 * posts and the French messages it answers with.
 */

export const SITE_LOG_WEATHER_LABELS: Record<SiteLogWeather, string> = {
  ensoleille: "Ensoleillé",
  nuageux: "Nuageux",
  pluie: "Pluie",
  vent_fort: "Vent fort",
  gel_neige: "Gel / neige",
};

export const SITE_LOG_WEATHER_OPTIONS = [
  { value: "", label: "Non précisée" },
  ...SITE_LOG_WEATHER_VALUES.map((value) => ({ value, label: SITE_LOG_WEATHER_LABELS[value] })),
];

/** A phone's photo is 2 to 6 MB; 10 MB leaves room, a 50 MB file is refused. */
export const LOG_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const LOG_PHOTO_MAX_COUNT = 8;
export const LOG_PHOTO_MAX_MEGAPIXELS = 50;
/** Longest side kept: enough to read a detail on a wall, and the log stays light. */
export const LOG_PHOTO_MAX_SIDE = 2048;
export const LOG_BODY_MAX_LENGTH = 5000;
export const LOG_PEOPLE_MAX_LENGTH = 300;
/** An entry may be corrected by its author for this long after it was written. */
export const LOG_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Entries of the log per page (answers come with their entry). */
export const LOG_PAGE_SIZE = 20;

export const SITE_LOG_MESSAGES = {
  body: "Écrivez ce qui s'est passé sur le chantier.",
  bodyLength: `Le texte ne peut dépasser ${LOG_BODY_MAX_LENGTH} caractères.`,
  people: `La liste des présents ne peut dépasser ${LOG_PEOPLE_MAX_LENGTH} caractères.`,
  weather: "Choisissez une météo de la liste.",
  photoSize: `Une photo dépasse ${LOG_PHOTO_MAX_BYTES / (1024 * 1024)} Mo : choisissez-en une plus légère.`,
  photoType: "Ce fichier n'est pas une photo : formats acceptés JPEG, PNG et WebP.",
  photoUnreadable: "Une photo est illisible ou endommagée : choisissez-en une autre.",
  photoPixels: `Une photo dépasse ${LOG_PHOTO_MAX_MEGAPIXELS} mégapixels : réduisez sa taille.`,
  photoCount: `Joignez ${LOG_PHOTO_MAX_COUNT} photos au plus par note.`,
  entryNotFound: "Cette note du journal n'existe pas sur ce chantier.",
  answerOfAnswer: "On répond à une note du journal, pas à une réponse : répondez à la note elle-même.",
  notAuthor: "Seul l'auteur d'une note peut la corriger. Vous pouvez y répondre.",
  editTooLate:
    "Cette note a plus de 24 heures : elle ne peut plus être corrigée, seulement complétée par une réponse (le journal fait foi en cas de litige).",
  stale: "Cette note a été corrigée entre-temps : rechargez la page et reprenez votre correction.",
  photoNotFound: "Cette photo n'existe pas.",
  storageDown:
    "Le stockage des photos ne répond pas : rien n'a été enregistré. Réessayez dans quelques instants.",
} as const;

const body = multiLineText(SITE_LOG_MESSAGES.body)
  .min(1, SITE_LOG_MESSAGES.body)
  .max(LOG_BODY_MAX_LENGTH, SITE_LOG_MESSAGES.bodyLength);

/** The text fields of a new entry (the photos come apart, as files). */
export const EntryFieldsSchema = z.object({
  body,
  weather: z.union([z.literal(""), z.enum(SITE_LOG_WEATHER_VALUES)], { error: SITE_LOG_MESSAGES.weather }),
  peoplePresent: singleLineText().max(LOG_PEOPLE_MAX_LENGTH, SITE_LOG_MESSAGES.people),
  isProblem: z.boolean(),
});
export type EntryFields = z.infer<typeof EntryFieldsSchema>;

export const AnswerFieldsSchema = z.object({ body });
