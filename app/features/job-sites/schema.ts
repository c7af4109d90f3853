import {
  ASSIGNMENT_SLOT_VALUES,
  JOB_SITE_STATUS_VALUES,
  type JobSiteStatus,
  OPEN_JOB_SITE_STATUSES,
} from "#app/db/schema/job-sites.ts";
import { formText } from "#app/lib/form-intent.ts";
import {
  enumFilter,
  type ListFiltersResult,
  listFiltersSchema,
  listSort,
  parseListFilters,
} from "#app/lib/list-filters.ts";
import { MoneySchema } from "#app/lib/money.ts";
import { daysBetween } from "#app/lib/paris-time.ts";
import { FRENCH_PHONE, PHONE_MESSAGE } from "#app/lib/phone.ts";
import { IsoDaySchema, isoDayProblem, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The job sites' rules, shared by the browser and the server actions: statuses and the
 * moves between them, the list's filters, the site's form and the page's intents. Every
 * message is the one the page shows.
 */

export { JOB_SITE_STATUS_VALUES as JOB_SITE_STATUSES, type JobSiteStatus };

export const JOB_SITE_STATUS_LABELS: Record<JobSiteStatus, string> = {
  a_planifier: "À planifier",
  planifie: "Planifié",
  en_cours: "En cours",
  suspendu: "Suspendu",
  receptionne: "Réceptionné",
  clos: "Clos",
};

/** The sites still to be worked on: what the list shows first and a supplementary quote may join. */
export { OPEN_JOB_SITE_STATUSES };

/**
 * The moves the site's page offers, by status, each with its button. « Réceptionné »
 * comes with the PV de réception, and « Clos » once the final invoice is paid and the
 * reservations lifted: neither is a plain button (both on /erp/chantiers/:id/reception,
 * ./reception.server.ts).
 */
export const JOB_SITE_MOVES: Record<JobSiteStatus, readonly { to: JobSiteStatus; label: string }[]> = {
  a_planifier: [{ to: "planifie", label: "Marquer planifié" }],
  planifie: [
    { to: "en_cours", label: "Démarrer le chantier" },
    { to: "a_planifier", label: "Remettre à planifier" },
  ],
  en_cours: [{ to: "suspendu", label: "Suspendre" }],
  suspendu: [{ to: "en_cours", label: "Reprendre le chantier" }],
  receptionne: [],
  clos: [],
};

export function canMove(from: JobSiteStatus, to: JobSiteStatus): boolean {
  return JOB_SITE_MOVES[from].some((move) => move.to === to);
}

export const JOB_SITES_PAGE_SIZE = 25;
export const TEXT_MAX = 2000;

export const JOB_SITE_MESSAGES = {
  title: "Donnez un intitulé au chantier.",
  titleTooLong: "L'intitulé ne doit pas dépasser 160 caractères.",
  city: "Indiquez la commune du chantier.",
  postalCode: "Le code postal doit compter 5 chiffres.",
  tooLong: "Ce champ ne doit pas dépasser 200 caractères.",
  textTooLong: `Ce texte ne doit pas dépasser ${TEXT_MAX.toLocaleString("fr-FR")} caractères.`,
  plannedOrder: "La fin prévue doit suivre le début prévu.",
  actualOrder: "La fin réelle doit suivre le début réel.",
  plannedToPlan: "Indiquez les dates de début et de fin prévues avant de marquer le chantier planifié.",
  client: "Choisissez le client du chantier.",
  quote: "Devis inconnu.",
  jobSite: "Chantier inconnu.",
  status: "Ce statut n'existe pas.",
  move: "Ce changement de statut n'est pas possible depuis le statut actuel du chantier.",
  stale: "Ce chantier a été modifié entre-temps : rechargez la page pour voir la dernière version.",
} as const;

// ─── The list ─────────────────────────────────────────────────────────────────────────

/** Columns the list sorts by: planned start (default, soonest first), number, client. */
export const JOB_SITE_SORTS = ["debut", "numero", "client"] as const;
export type JobSiteSort = (typeof JOB_SITE_SORTS)[number];

/** The list's query string: /erp/chantiers?q=&statut=&tri=&ordre=&page= (« ouverts » by default). */
export const JobSiteFiltersSchema = listFiltersSchema(JOB_SITE_SORTS, {
  statut: enumFilter([...JOB_SITE_STATUS_VALUES, "ouverts", "tous"], JOB_SITE_MESSAGES.status),
});
export type JobSiteFilters = z.output<typeof JobSiteFiltersSchema>;

export function parseJobSiteFilters(searchParams: URLSearchParams): ListFiltersResult<JobSiteFilters> {
  return parseListFilters(JobSiteFiltersSchema, searchParams);
}

/** Text sorts ascending first; the start date too (the soonest first). */
export function jobSiteSort(filters: JobSiteFilters) {
  return listSort(filters, "debut", ["debut", "numero", "client"]);
}

// ─── The site's form ──────────────────────────────────────────────────────────────────

const line = (max: number, message: string) => formText(singleLineText().pipe(z.string().max(max, message)));
const text = formText(multiLineText().pipe(z.string().max(TEXT_MAX, JOB_SITE_MESSAGES.textTooLong)));
const optionalDay = formText(singleLineText().pipe(z.union([z.literal(""), IsoDaySchema]))).transform(
  (value) => value || null,
);

const JobSiteFields = z.object({
  title: formText(singleLineText().pipe(z.string().min(1, JOB_SITE_MESSAGES.title))).pipe(
    z.string().max(160, JOB_SITE_MESSAGES.titleTooLong),
  ),
  siteStreet: line(200, JOB_SITE_MESSAGES.tooLong),
  sitePostalCode: formText(
    singleLineText()
      .transform((value) => value.replace(/\s/g, ""))
      .pipe(z.string().regex(/^(\d{5})?$/, JOB_SITE_MESSAGES.postalCode)),
  ),
  siteCity: formText(singleLineText().pipe(z.string().min(1, JOB_SITE_MESSAGES.city))).pipe(
    z.string().max(120, JOB_SITE_MESSAGES.tooLong),
  ),
  accessCode: line(200, JOB_SITE_MESSAGES.tooLong),
  keys: line(200, JOB_SITE_MESSAGES.tooLong),
  contactName: line(200, JOB_SITE_MESSAGES.tooLong),
  contactPhone: formText(
    singleLineText().pipe(z.string().regex(FRENCH_PHONE, PHONE_MESSAGE).or(z.literal(""))),
  ),
  parking: text,
  constraints: text,
  notes: text,
  plannedStart: optionalDay,
  plannedEnd: optionalDay,
  actualStart: optionalDay,
  actualEnd: optionalDay,
});

type Dates = Pick<
  z.output<typeof JobSiteFields>,
  "plannedStart" | "plannedEnd" | "actualStart" | "actualEnd"
>;

/** An end before its start is refused on the end's field. */
function datesInOrder(site: Dates, ctx: z.RefinementCtx) {
  if (site.plannedStart && site.plannedEnd && site.plannedEnd < site.plannedStart) {
    ctx.addIssue({ code: "custom", path: ["plannedEnd"], message: JOB_SITE_MESSAGES.plannedOrder });
  }
  if (site.actualStart && site.actualEnd && site.actualEnd < site.actualStart) {
    ctx.addIssue({ code: "custom", path: ["actualEnd"], message: JOB_SITE_MESSAGES.actualOrder });
  }
}

export const JobSiteSchema = JobSiteFields.superRefine(datesInOrder);

export type JobSiteData = z.output<typeof JobSiteSchema>;

/** The fields of the form, in order. */
export const JOB_SITE_FIELDS = [
  "title",
  "siteStreet",
  "sitePostalCode",
  "siteCity",
  "accessCode",
  "keys",
  "contactName",
  "contactPhone",
  "parking",
  "constraints",
  "notes",
  "plannedStart",
  "plannedEnd",
  "actualStart",
  "actualEnd",
] as const;
export type JobSiteField = (typeof JOB_SITE_FIELDS)[number];

/** What the form posts, as strings: shown again after a refusal. */
export type JobSiteFormValues = Record<JobSiteField, string>;

/** The history's names of the fields (« Accès : digicode modifié »). */
export const JOB_SITE_FIELD_NAMES: Record<JobSiteField, string> = {
  title: "intitulé",
  siteStreet: "adresse",
  sitePostalCode: "code postal",
  siteCity: "commune",
  accessCode: "digicode",
  keys: "clés",
  contactName: "contact sur place",
  contactPhone: "téléphone du contact",
  parking: "stationnement",
  constraints: "contraintes",
  notes: "notes",
  plannedStart: "début prévu",
  plannedEnd: "fin prévue",
  actualStart: "début réel",
  actualEnd: "fin réelle",
};

const uuid = (message: string) => z.string().refine(isUuid, message);

/** The « Nouveau chantier » page's posts: from an accepted quote, a quote joining a site, or by hand. */
export const NewJobSitePostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("depuis-devis"), quoteId: uuid(JOB_SITE_MESSAGES.quote) }),
  z.object({
    intent: z.literal("rattacher"),
    quoteId: uuid(JOB_SITE_MESSAGES.quote),
    jobSiteId: uuid(JOB_SITE_MESSAGES.jobSite),
  }),
  JobSiteFields.extend({ intent: z.literal("creer"), clientId: uuid(JOB_SITE_MESSAGES.client) }).superRefine(
    datesInOrder,
  ),
]);

// ─── Progress and costs ───────────────────────────────────────────────────────────────

/** The VAT of a receipt: the three French rates, or none (« 0 »). */
export const EXPENSE_VAT_CODES = ["20", "10", "5.5", "0"] as const;
export const EXPENSE_VAT_LABELS: Record<(typeof EXPENSE_VAT_CODES)[number], string> = {
  "20": "20 %",
  "10": "10 %",
  "5.5": "5,5 %",
  "0": "Sans TVA",
};

/** The progress form names each lot's field `avancement.<lot id>`. */
export const PROGRESS_FIELD_PREFIX = "avancement.";

export const COST_MESSAGES = {
  day: "Indiquez la date.",
  future: "Cette date est dans le futur.",
  label: "Indiquez ce qui a été payé (benne, location, fournitures…).",
  labelTooLong: "Le libellé ne doit pas dépasser 200 caractères.",
  amount: "Indiquez un montant HT supérieur à zéro.",
  vat: "Choisissez le taux de TVA du justificatif.",
  lot: "Ce lot n'appartient pas à ce chantier.",
  expense: "Cette dépense n'existe pas ou a déjà été supprimée.",
  noChange: "Aucun avancement modifié : changez au moins un pourcentage.",
  quoteNotOnSite: "Ce devis n'est pas rattaché à ce chantier.",
  noProgressToInvoice: "Aucun lot de ce devis n'a d'avancement : enregistrez-le avant de le facturer.",
} as const;

const requiredDay = formText(singleLineText().pipe(z.string().min(1, COST_MESSAGES.day))).pipe(IsoDaySchema);

export const ExpenseSchema = z.object({
  spentOn: requiredDay,
  label: formText(singleLineText().pipe(z.string().min(1, COST_MESSAGES.label))).pipe(
    z.string().max(200, COST_MESSAGES.labelTooLong),
  ),
  amountHt: formText(MoneySchema).pipe(z.number().int().positive(COST_MESSAGES.amount)),
  vatCode: z.enum(EXPENSE_VAT_CODES, { error: COST_MESSAGES.vat }),
  /** "" for the whole site. */
  lotId: formText(z.string().refine((value) => value === "" || isUuid(value), COST_MESSAGES.lot)).transform(
    (value) => value || null,
  ),
});
export type ExpenseData = z.output<typeof ExpenseSchema>;

// ─── The planning ─────────────────────────────────────────────────────────────────────

export const PLANNING_MESSAGES = {
  member: "Choisissez une personne de l'équipe (compte actif).",
  start: "Indiquez le premier jour.",
  end: "Indiquez le dernier jour.",
  order: "Le dernier jour doit suivre le premier.",
  tooLong: "Une affectation ne peut dépasser un an : découpez-la.",
  slot: "Choisissez la journée, le matin ou l'après-midi.",
  closed: "Ce chantier est clos : on n'y affecte plus personne et ses dates ne bougent plus.",
  assignment: "Cette affectation n'existe pas ou a déjà été retirée.",
  noDates: "Indiquez les dates prévues du chantier avant de le décaler.",
  days: "Indiquez un décalage en jours, entre -365 et 365, autre que zéro.",
} as const;

/** The longest assignment: a year (a longer one is a typing error). */
export const ASSIGNMENT_MAX_DAYS = 366;

const assignmentDay = (message: string) =>
  formText(singleLineText().pipe(z.string().min(1, message))).pipe(IsoDaySchema);

const AssignmentFields = z.object({
  userId: formText(singleLineText().pipe(z.string().min(1, PLANNING_MESSAGES.member).max(200))),
  startDate: assignmentDay(PLANNING_MESSAGES.start),
  endDate: assignmentDay(PLANNING_MESSAGES.end),
  slot: z.enum(ASSIGNMENT_SLOT_VALUES, { error: PLANNING_MESSAGES.slot }),
});

function assignmentInOrder(assignment: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  // A day the fields refused has its message already; the order is only checked between real days.
  if (isoDayProblem(assignment.startDate) || isoDayProblem(assignment.endDate)) return;
  if (assignment.endDate < assignment.startDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: PLANNING_MESSAGES.order });
  } else if (daysBetween(assignment.startDate, assignment.endDate) >= ASSIGNMENT_MAX_DAYS) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: PLANNING_MESSAGES.tooLong });
  }
}

export const AssignmentSchema = AssignmentFields.superRefine(assignmentInOrder);

/** « Décaler le chantier »: whole days, later (positive) or earlier. */
const ShiftFields = {
  days: z.coerce
    .number({ error: PLANNING_MESSAGES.days })
    .int(PLANNING_MESSAGES.days)
    .min(-365, PLANNING_MESSAGES.days)
    .max(365, PLANNING_MESSAGES.days)
    .refine((days) => days !== 0, PLANNING_MESSAGES.days),
  revision: z.coerce.number().int().min(1),
};

/** The planning page's post: a site moved from the month view. */
export const PlanningPostSchema = z.object({
  intent: z.literal("decaler"),
  jobSiteId: z.string().refine(isUuid, JOB_SITE_MESSAGES.jobSite),
  ...ShiftFields,
});

// ─── Distance from the office, typed when the address could not be placed ─────────────

/** At most 1 000 km: beyond, a typing slip (a site that far is no « petit déplacement » anyway). */
export const MAX_DISTANCE_KM = 1000;

export const DISTANCE_MESSAGES = {
  format: "Indiquez la distance du siège en kilomètres, par exemple 12,5.",
  decimals: "Indiquez la distance au dixième de kilomètre près : un chiffre après la virgule au plus.",
  range: `La distance doit être supérieure à 0 et d'au plus ${MAX_DISTANCE_KM.toLocaleString("fr-FR")} km.`,
} as const;

/** « 12,3 » or « 12.3 » (km, one decimal at most) → metres (12 300), more than 0 and at most 1 000 km. */
export const DistanceKmSchema = formText(
  z.string({ error: DISTANCE_MESSAGES.format }).trim().min(1, DISTANCE_MESSAGES.format),
).transform((text, ctx) => {
  const match = /^(\d{1,7})(?:[.,](\d+))?$/.exec(String(text).replace(/\s/g, ""));
  if (!match) {
    ctx.addIssue({ code: "custom", message: DISTANCE_MESSAGES.format });
    return z.NEVER;
  }
  const tenths = match[2] ?? "";
  if (tenths.length > 1) {
    ctx.addIssue({ code: "custom", message: DISTANCE_MESSAGES.decimals });
    return z.NEVER;
  }
  const metres = Number(match[1]) * 1000 + Number(tenths || "0") * 100;
  if (metres <= 0 || metres > MAX_DISTANCE_KM * 1000) {
    ctx.addIssue({ code: "custom", message: DISTANCE_MESSAGES.range });
    return z.NEVER;
  }
  return metres;
});

/** The site's page posts: a status move, the lots' progress, an expense added or deleted. */
export const JobSitePostSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("statut"),
    status: z.enum(JOB_SITE_STATUS_VALUES, { error: JOB_SITE_MESSAGES.status }),
    revision: z.coerce.number().int().min(1),
  }),
  // The lots' fields (`avancement.<id>`) are read from the post by the feature.
  z.object({ intent: z.literal("avancement"), recordedOn: requiredDay }).catchall(z.string()),
  ExpenseSchema.extend({ intent: z.literal("depense") }),
  AssignmentFields.extend({ intent: z.literal("affecter") }).superRefine(assignmentInOrder),
  z.object({
    intent: z.literal("retirer-affectation"),
    assignmentId: z.string().refine(isUuid, PLANNING_MESSAGES.assignment),
  }),
  z.object({ intent: z.literal("decaler"), ...ShiftFields }),
  z.object({
    intent: z.literal("supprimer-depense"),
    expenseId: z.string().refine(isUuid, COST_MESSAGES.expense),
  }),
  z.object({ intent: z.literal("distance"), distanceKm: DistanceKmSchema }),
  z.object({ intent: z.literal("effacer-distance") }),
]);

/** « Facturer l'avancement »: answered by the route, which may call the invoices feature. */
export const InvoiceProgressPostSchema = z.object({
  intent: z.literal("facturer-avancement"),
  quoteId: z.string().refine(isUuid, COST_MESSAGES.quoteNotOnSite),
});

/** The edit page's post. */
export const JobSiteEditSchema = JobSiteFields.extend({
  intent: z.literal("modifier"),
  revision: z.coerce.number().int().min(1),
}).superRefine(datesInOrder);
