import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { compactIdentifier, isValidSiren, vatKeyOf } from "#app/lib/company-ids.ts";
import { confirmedIntent } from "#app/lib/form-intent.ts";
import {
  enumFilter,
  type ListFiltersResult,
  listFiltersSchema,
  listSort,
  parseListFilters,
} from "#app/lib/list-filters.ts";
import { FRENCH_PHONE, PHONE_MESSAGE } from "#app/lib/phone.ts";
import { multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The client register's rules, shared by the browser and the server actions. Every
 * message is the one the form shows under its field.
 */

export const CLIENT_KINDS = ["particulier", "entreprise"] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const CLIENT_KIND_LABELS: Record<ClientKind, string> = {
  particulier: "Particulier",
  entreprise: "Entreprise",
};

export function isClientKind(value: unknown): value is ClientKind {
  return typeof value === "string" && (CLIENT_KINDS as readonly string[]).includes(value);
}

export const CLIENTS_PAGE_SIZE = 25;
export const MAX_SITES = 20;
export const NOTES_MAX = 5000;

export const CLIENT_MESSAGES = {
  kind: "Choisissez le type de client : particulier ou entreprise.",
  name: "Le nom du client est requis.",
  nameTooLong: "Le nom ne doit pas dépasser 120 caractères.",
  confirmDuplicate: "La confirmation « Créer quand même » est invalide : cochez la case ou laissez-la vide.",
  legalName: "La raison sociale est requise pour une entreprise.",
  siren: "Le SIREN est invalide : vérifiez les 9 chiffres.",
  vatFormat: "Le numéro de TVA s'écrit FR, 2 chiffres de clé puis les 9 chiffres du SIREN.",
  vatKey: "La clé du numéro de TVA ne correspond pas : vérifiez-le.",
  vatSiren: "Le numéro de TVA ne correspond pas au SIREN indiqué.",
  email: "L'adresse e-mail n'est pas valide.",
  contact: "Indiquez au moins une adresse e-mail ou un téléphone pour joindre le client.",
  postalCode: "Le code postal doit compter 5 chiffres.",
  billingStreet: "Indiquez le numéro et la rue de l'adresse de facturation.",
  billingPostalCode: "Indiquez le code postal de l'adresse de facturation.",
  billingCity: "Indiquez la ville de l'adresse de facturation.",
  siteCity: "Indiquez la commune du chantier.",
  tooManySites: `${MAX_SITES} adresses de chantier au plus.`,
  notesTooLong: `Les notes ne doivent pas dépasser ${NOTES_MAX.toLocaleString("fr-FR")} caractères.`,
} as const;

// ─── SIREN and VAT number ────────────────────────────────────────────────────────────

/** What is wrong with a (compacted) French VAT number, or null. */
export function vatNumberProblem(value: string): string | null {
  const match = /^FR(\d{2})(\d{9})$/.exec(value);
  if (!match) return CLIENT_MESSAGES.vatFormat;
  const [, key = "", siren = ""] = match;
  if (!isValidSiren(siren) || vatKeyOf(siren) !== key) return CLIENT_MESSAGES.vatKey;
  return null;
}

// ─── The form ─────────────────────────────────────────────────────────────────────────

/** A one-line field that may stay empty: null when it is. */
const optionalLine = (max: number, tooLong: string) =>
  singleLineText()
    .pipe(z.string().max(max, tooLong))
    .transform((value) => value || null);

const postalCode = singleLineText()
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(/^(\d{5})?$/, CLIENT_MESSAGES.postalCode))
  .transform((value) => value || null);

/** A job-site address; an entirely empty row of the form is no site (null). */
export const ClientSiteSchema = z
  .object({
    /** The site's id when it exists already (edit form). */
    id: z
      .string()
      .refine((value) => value === "" || isUuid(value), "Adresse inconnue.")
      .transform((value) => value || null),
    label: optionalLine(80, "Le nom de l'adresse ne doit pas dépasser 80 caractères."),
    street: optionalLine(200, "La rue ne doit pas dépasser 200 caractères."),
    postalCode,
    city: optionalLine(100, "Le nom de la commune ne doit pas dépasser 100 caractères."),
  })
  .refine((site) => !(site.label || site.street || site.postalCode) || Boolean(site.city), {
    message: CLIENT_MESSAGES.siteCity,
    path: ["city"],
    // Also when another field of the row is refused: every message at once.
    when: () => true,
  });
export type ClientSiteInput = z.input<typeof ClientSiteSchema>;

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";

export const ClientSchema = z
  .object({
    kind: z.enum(CLIENT_KINDS, { error: CLIENT_MESSAGES.kind }),
    name: singleLineText(CLIENT_MESSAGES.name)
      .pipe(z.string().min(1, CLIENT_MESSAGES.name))
      .pipe(z.string().max(120, CLIENT_MESSAGES.nameTooLong)),
    legalName: optionalLine(160, "La raison sociale ne doit pas dépasser 160 caractères."),
    siren: singleLineText()
      .transform(compactIdentifier)
      .refine((value) => value === "" || isValidSiren(value), CLIENT_MESSAGES.siren)
      .transform((value) => value || null),
    vatNumber: singleLineText()
      .transform(compactIdentifier)
      .superRefine((value, ctx) => {
        const problem = value === "" ? null : vatNumberProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((value) => value || null),
    mainContractor: z
      .enum(["", "oui"], {
        error: "La case « entrepreneur principal » est invalide : cochez-la ou laissez-la vide.",
      })
      .optional()
      .transform((value) => value === "oui"),
    email: singleLineText()
      .pipe(z.string().max(254, "L'adresse e-mail est trop longue."))
      .transform((value) => value.toLowerCase())
      .pipe(z.email(CLIENT_MESSAGES.email).or(z.literal("")))
      .transform((value) => value || null),
    phone: singleLineText()
      .pipe(z.string().regex(FRENCH_PHONE, PHONE_MESSAGE).or(z.literal("")))
      .transform((value) => value || null),
    billingStreet: optionalLine(200, "La rue ne doit pas dépasser 200 caractères."),
    billingPostalCode: postalCode,
    billingCity: optionalLine(100, "Le nom de la ville ne doit pas dépasser 100 caractères."),
    sites: z
      .array(ClientSiteSchema)
      .max(MAX_SITES * 2, CLIENT_MESSAGES.tooManySites)
      .transform((sites) => sites.filter((site) => site.label || site.street || site.postalCode || site.city))
      .refine((sites) => sites.length <= MAX_SITES, CLIENT_MESSAGES.tooManySites),
    notes: multiLineText()
      .pipe(z.string().max(NOTES_MAX, CLIENT_MESSAGES.notesTooLong))
      .transform((value) => value || null),
  })
  // The rules across fields run even when another field is refused (`when`), so that a
  // refused post shows every message at once. They read the values as sent.
  .check(
    z.superRefine(
      (raw, ctx) => {
        const value = raw as unknown as Record<string, unknown>;
        if (!filled(value.email) && !filled(value.phone)) {
          ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.contact, path: ["email"] });
          ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.contact, path: ["phone"] });
        }
        if (value.kind === "entreprise" && !filled(value.legalName)) {
          ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.legalName, path: ["legalName"] });
        }
        if (value.kind === "entreprise" && filled(value.siren) && filled(value.vatNumber)) {
          const siren = compactIdentifier(String(value.siren));
          const vat = compactIdentifier(String(value.vatNumber));
          if (isValidSiren(siren) && vatNumberProblem(vat) === null && vat.slice(4) !== siren) {
            ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.vatSiren, path: ["vatNumber"] });
          }
        }
        const billing = [value.billingStreet, value.billingPostalCode, value.billingCity];
        if (billing.some(filled)) {
          if (!filled(value.billingStreet)) {
            ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.billingStreet, path: ["billingStreet"] });
          }
          if (!filled(value.billingPostalCode)) {
            ctx.addIssue({
              code: "custom",
              message: CLIENT_MESSAGES.billingPostalCode,
              path: ["billingPostalCode"],
            });
          }
          if (!filled(value.billingCity)) {
            ctx.addIssue({ code: "custom", message: CLIENT_MESSAGES.billingCity, path: ["billingCity"] });
          }
        }
      },
      { when: () => true },
    ),
  )
  .transform((client) =>
    // A person has no company identity: whatever the hidden company fields held goes.
    client.kind === "particulier"
      ? { ...client, legalName: null, siren: null, vatNumber: null, mainContractor: false }
      : client,
  );

export type ClientInput = z.input<typeof ClientSchema>;
export type ClientData = z.output<typeof ClientSchema>;
export type ClientSiteData = ClientData["sites"][number];

/** The names of the form's fields (sites apart: `sites.<n>.<field>`). */
export const CLIENT_FIELDS = [
  "kind",
  "name",
  "legalName",
  "siren",
  "vatNumber",
  "mainContractor",
  "email",
  "phone",
  "billingStreet",
  "billingPostalCode",
  "billingCity",
  "notes",
] as const;
export type ClientField = (typeof CLIENT_FIELDS)[number];

/** How the history names a changed field (« Fiche modifiée : e-mail, téléphone »). */
export const clientFieldNames: Record<ClientField, string> = {
  kind: "type de client",
  name: "nom",
  legalName: "raison sociale",
  siren: "SIREN",
  vatNumber: "numéro de TVA",
  mainContractor: "entrepreneur principal (autoliquidation)",
  email: "e-mail",
  phone: "téléphone",
  billingStreet: "adresse de facturation",
  billingPostalCode: "code postal de facturation",
  billingCity: "ville de facturation",
  notes: "notes",
};
export const SITE_FIELDS = ["id", "label", "street", "postalCode", "city"] as const;
export type SiteField = (typeof SITE_FIELDS)[number];

/** What the form posts, as strings: the raw values to show again after a refusal. */
export type ClientFormValues = Record<ClientField, string> & { sites: Record<SiteField, string>[] };

export const CONFIRM_DUPLICATE_FIELD = "confirmDuplicate";

/** A client that may be the one being saved: the same e-mail or the same phone. */
export type PossibleDuplicate = {
  id: string;
  name: string;
  kind: string;
  email: string | null;
  phone: string | null;
  /** What they share with the client being saved. */
  same: ("email" | "phone")[];
};

/** What a create or edit action answers when it saves nothing (the page shows it). */
export type ClientFormAnswer = {
  values: ClientFormValues;
  /** `zodFieldErrors(...).fieldErrors`. */
  errors: Record<string, string[]>;
  formErrors: string[];
  duplicates: PossibleDuplicate[];
};

/** The form's posted fields → the object ClientSchema parses (missing fields are empty). */
export function clientFormValues(form: FormData): ClientFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(CLIENT_FIELDS.map((name) => [name, text(name)])) as Record<
    ClientField,
    string
  >;
  // Rows are numbered by the form (sites.0.city, sites.1.city, ...); holes are skipped,
  // and the count is bounded so that a forged post cannot make the server loop.
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = /^sites\.(\d{1,3})\.[a-zA-Z]+$/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  const sites = [...indexes]
    .sort((a, b) => a - b)
    .slice(0, MAX_SITES * 2)
    .map(
      (index) =>
        Object.fromEntries(SITE_FIELDS.map((name) => [name, text(`sites.${index}.${name}`)])) as Record<
          SiteField,
          string
        >,
    );
  return { ...values, sites };
}

/**
 * A posted create or edit form, read and checked: the data to save, or the answer
 * that shows every field's message with what was typed (both actions use it).
 */
export function parseClientForm(
  form: FormData,
):
  | { ok: true; data: ClientData; values: ClientFormValues; confirmDuplicate: boolean }
  | { ok: false; answer: ClientFormAnswer } {
  const values = clientFormValues(form);
  const parsed = ClientSchema.safeParse(values);
  // The « Créer quand même » box sends "oui" or nothing; anything else is not from the form.
  const confirm = form.get(CONFIRM_DUPLICATE_FIELD) ?? "";
  const confirmProblems = confirm === "" || confirm === "oui" ? [] : [CLIENT_MESSAGES.confirmDuplicate];
  if (!parsed.success || confirmProblems.length > 0) {
    const { fieldErrors, formErrors } = parsed.success
      ? { fieldErrors: {}, formErrors: [] }
      : zodFieldErrors(parsed);
    return {
      ok: false,
      answer: {
        values,
        errors: fieldErrors,
        formErrors: [...formErrors, ...confirmProblems],
        duplicates: [],
      },
    };
  }
  return { ok: true, data: parsed.data, values, confirmDuplicate: confirm === "oui" };
}

/** The answer when possible duplicates stop a save until the staff confirm. */
export function duplicatesAnswer(
  values: ClientFormValues,
  duplicates: PossibleDuplicate[],
): ClientFormAnswer {
  return { values, errors: {}, formErrors: [], duplicates };
}

/** The list's query string: /erp/clients?q=&type=&tri=&ordre=&page= */
export const CLIENT_SORTS = ["nom", "cree"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

export const ClientFiltersSchema = listFiltersSchema(CLIENT_SORTS, {
  type: enumFilter(CLIENT_KINDS, "Ce type de client n'existe pas."),
});
export type ClientFilters = z.output<typeof ClientFiltersSchema>;

export function parseClientFilters(searchParams: URLSearchParams): ListFiltersResult<ClientFilters> {
  return parseListFilters(ClientFiltersSchema, searchParams);
}

/** The sort a list shows: the URL's, or the newest first. */
export function clientSort(filters: ClientFilters) {
  return listSort(filters, "cree", ["nom"]);
}

/** The intents of a client's page, each behind a confirmation (confirmation=oui). */
export const CLIENT_INTENTS = { delete: "supprimer", anonymise: "anonymiser" } as const;
export type ClientIntent = (typeof CLIENT_INTENTS)[keyof typeof CLIENT_INTENTS];

/** A post of a client's page. */
export const ClientPostSchema = z.discriminatedUnion("intent", [
  confirmedIntent(CLIENT_INTENTS.delete, "Confirmez l'action avant de l'exécuter."),
  confirmedIntent(CLIENT_INTENTS.anonymise, "Confirmez l'action avant de l'exécuter."),
]);
