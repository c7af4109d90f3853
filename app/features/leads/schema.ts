import {
  datedListFiltersSchema,
  enumFilter,
  type ListFiltersResult,
  listSort,
  parseListFilters,
} from "#app/lib/list-filters.ts";
import { FRENCH_PHONE, PHONE_MESSAGE } from "#app/lib/phone.ts";
import { IsoDaySchema, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/** The pipeline of a lead, in order (values as stored, labels as shown). */
export const LEAD_STATUSES = ["nouveau", "contacte", "devis_envoye", "gagne", "perdu"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  nouveau: "Nouveau",
  contacte: "Contacté",
  devis_envoye: "Devis envoyé",
  gagne: "Gagné",
  perdu: "Perdu",
};
/** Statuses after which nobody calls back. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ["gagne", "perdu"];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** Where a manual lead came from (written in `data.source`). */
export const MANUAL_SOURCES = [
  "Appel téléphonique",
  "Visite à l'agence",
  "Recommandation",
  "Salon ou foire",
  "Autre",
] as const;

export const LEADS_PAGE_SIZE = 25;
export const NOTE_MAX = 2000;

const optionalText = (max: number, message: string) =>
  singleLineText()
    .pipe(z.string().max(max, message))
    .optional()
    .transform((value) => (value ? value : undefined));

/** Columns the list sorts by (server-side): reception date (default, newest first), name, call-back day. */
export const LEAD_SORT_KEYS = ["recue", "nom", "relance"] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

/** The list's query string: /erp/leads?q=&statut=&type=&budget=&du=&au=&relance=&suivi=&tri=&ordre=&page= */
export const LeadFiltersSchema = datedListFiltersSchema(LEAD_SORT_KEYS, {
  statut: enumFilter(LEAD_STATUSES, "Ce statut n'existe pas."),
  type: optionalText(100, "Type de travaux invalide."),
  budget: optionalText(100, "Budget invalide."),
  relance: enumFilter(["echue"], "Filtre de relance invalide."),
  suivi: optionalText(100, "Filtre de suivi invalide."),
});
export type LeadFilters = z.output<typeof LeadFiltersSchema>;

export function parseLeadFilters(searchParams: URLSearchParams): ListFiltersResult<LeadFilters> {
  return parseListFilters(LeadFiltersSchema, searchParams);
}

/** The list's order: newest first; by name and by call-back day, ascending. */
export function leadSort(filters: LeadFilters) {
  return listSort(filters, "recue", ["nom", "relance"]);
}

/** The query string of a filtered list (what the dashboard links to). */
export function leadsHref(filters: Partial<Record<keyof LeadFilters, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "" && !(key === "page" && value === 1))
      params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/erp/leads?${query}` : "/erp/leads";
}

/** A lead entered by hand after a call or a visit. */
export const ManualLeadSchema = z
  .object({
    nom: singleLineText("Le nom/prénom est requis.")
      .pipe(z.string().min(2, "Le nom/prénom est requis."))
      .pipe(z.string().max(100, "Le nom est trop long.")),
    email: singleLineText()
      .pipe(z.string().max(254, "L'adresse e-mail est trop longue."))
      .optional()
      .transform((value) => value?.toLowerCase() || "")
      .pipe(z.email("L'adresse email n'est pas valide.").or(z.literal(""))),
    telephone: singleLineText()
      .optional()
      .transform((value) => value ?? "")
      .pipe(z.string().regex(FRENCH_PHONE, PHONE_MESSAGE).or(z.literal(""))),
    type_projet: singleLineText("Veuillez sélectionner un type de travaux.")
      .pipe(z.string().min(1, "Veuillez sélectionner un type de travaux."))
      .pipe(z.string().max(100, "Type de travaux invalide.")),
    budget: singleLineText().pipe(z.string().max(100, "Budget invalide.")).optional().default(""),
    town: singleLineText()
      .pipe(z.string().max(100, "Le nom de la commune est trop long."))
      .optional()
      .default(""),
    message: multiLineText("Veuillez décrire le projet (10 caractères minimum).")
      .pipe(z.string().min(10, "Veuillez décrire le projet (10 caractères minimum)."))
      .pipe(z.string().max(5000, "La description ne doit pas dépasser 5 000 caractères.")),
    source: z.enum(MANUAL_SOURCES, { error: "Veuillez indiquer l'origine du contact." }),
  })
  .refine((lead) => lead.email !== "" || lead.telephone !== "", {
    message: "Indiquez au moins un téléphone ou une adresse e-mail pour recontacter la personne.",
    path: ["telephone"],
  });
export type ManualLeadInput = z.input<typeof ManualLeadSchema>;
export type ManualLead = z.output<typeof ManualLeadSchema>;

/** Changes to a lead's follow-up (each field optional: only what is sent changes). */
export const LeadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Ce statut n'existe pas." }).optional(),
  doNotContact: z.boolean().optional(),
  assigneeId: singleLineText().pipe(z.string().max(100, "Responsable inconnu.")).nullable().optional(),
  nextFollowUp: IsoDaySchema.nullable().optional(),
  town: singleLineText()
    .pipe(z.string().max(100, "Le nom de la commune est trop long."))
    .nullable()
    .optional(),
});
export type LeadUpdate = z.output<typeof LeadUpdateSchema>;

export const NoteSchema = multiLineText("La note est vide.")
  .pipe(z.string().min(1, "La note est vide."))
  .pipe(z.string().max(NOTE_MAX, `La note ne doit pas dépasser ${NOTE_MAX} caractères.`));
