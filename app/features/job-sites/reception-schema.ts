import type { ReceptionKind } from "#app/db/schema/receptions.ts";
import { formText } from "#app/lib/form-intent.ts";
import { IsoDaySchema, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The reception page's posts (/erp/chantiers/:id/reception) and their French messages,
 * shared by the browser and the server.
 */

export const RESERVATION_MAX = 1000;

export const RECEPTION_MESSAGES = {
  receivedOn: "Indiquez la date de la réception.",
  future: "La date de réception ne peut pas être dans le futur.",
  beforeStart: (day: string) =>
    `La réception ne peut pas précéder le début du chantier ni l'acceptation de ses devis (le ${day}).`,
  afterDeadlines: "Une réserve a un délai antérieur à cette date : corrigez d'abord son délai.",
  siteStatus: "La réception se prépare sur un chantier planifié, en cours ou suspendu.",
  noDraft: "Préparez d'abord le PV de réception (sa date).",
  frozen: "Le PV de réception n'est plus un brouillon : remettez-le en brouillon pour le modifier.",
  notToSign: "Le PV de réception doit d'abord être présenté à la signature.",
  signed: "Le PV de réception est déjà signé.",
  notSigned: "Les réserves se lèvent une fois le PV de réception signé.",
  alreadyLifted: "Cette réserve est déjà levée.",
  liftedOn: "Indiquez le jour où la réserve a été levée.",
  liftedFuture: "La levée ne peut pas être datée dans le futur.",
  liftedBeforeReception: "La levée ne peut pas précéder la réception.",
  closeStatus: "Seul un chantier réceptionné peut être clos.",
  nothingLifted: "Aucune réserve levée n'attend de PV de levée.",
  lifting: "Ce PV de levée des réserves n'existe pas.",
  liftingSigned: "Ce PV de levée des réserves est déjà signé.",
  noEmail:
    "Le client n'a pas d'adresse e-mail : renseignez-la sur sa fiche, ou faites signer le PV sur papier.",
  description: "Décrivez la réserve.",
  descriptionTooLong: `La description ne doit pas dépasser ${RESERVATION_MAX.toLocaleString("fr-FR")} caractères.`,
  deadline: "Le délai de la réserve ne peut pas précéder la réception.",
  deadlineMissing: "Indiquez le délai pour lever la réserve.",
  lot: "Ce lot n'appartient pas à ce chantier.",
  reservation: "Cette réserve n'existe pas ou a déjà été retirée.",
} as const;

const day = (missing: string) =>
  formText(singleLineText().pipe(z.string().min(1, missing).pipe(IsoDaySchema)));

export const ReceptionDateSchema = z.object({
  intent: z.literal("date"),
  receivedOn: day(RECEPTION_MESSAGES.receivedOn),
});

export const ReservationSchema = z.object({
  intent: z.literal("ajouter-reserve"),
  lotId: formText(singleLineText())
    .refine((value) => value === "" || isUuid(value), RECEPTION_MESSAGES.lot)
    .transform((value) => value || null),
  description: formText(multiLineText().pipe(z.string().min(1, RECEPTION_MESSAGES.description))).pipe(
    z.string().max(RESERVATION_MAX, RECEPTION_MESSAGES.descriptionTooLong),
  ),
  deadline: day(RECEPTION_MESSAGES.deadlineMissing),
});

export const ReceptionPostSchema = z.discriminatedUnion("intent", [
  ReceptionDateSchema,
  ReservationSchema,
  z.object({ intent: z.literal("supprimer-reserve"), reservationId: formText(singleLineText()) }),
  z.object({ intent: z.literal("presenter") }),
  z.object({ intent: z.literal("brouillon") }),
  z.object({ intent: z.literal("papier") }),
  z.object({ intent: z.literal("envoyer") }),
  z.object({
    intent: z.literal("lever-reserve"),
    reservationId: formText(singleLineText()),
    liftedOn: day(RECEPTION_MESSAGES.liftedOn),
  }),
  z.object({ intent: z.literal("clore") }),
  z.object({ intent: z.literal("preparer-levee") }),
  z.object({ intent: z.literal("papier-levee"), liftingId: formText(singleLineText()) }),
  z.object({ intent: z.literal("envoyer-levee"), liftingId: formText(singleLineText()) }),
]);
export type ReceptionPost = z.output<typeof ReceptionPostSchema>;

export const RECEPTION_STATUS_LABELS = {
  brouillon: "Brouillon",
  a_signer: "À signer",
  signe: "Signé",
} as const;

/** How each kind of PV is named in the client's page, the e-mails and the files. */
export const PV_WORDS = {
  reception: {
    short: "PV de réception",
    long: "procès-verbal de réception",
    file: "pv-reception",
    title: "Procès-verbal de réception des travaux",
  },
  levee: {
    short: "PV de levée des réserves",
    long: "procès-verbal de levée des réserves",
    file: "pv-levee-reserves",
    title: "Procès-verbal de levée des réserves",
  },
} as const satisfies Record<ReceptionKind, { short: string; long: string; file: string; title: string }>;
