import { SUPPLIER_KIND_VALUES, type SupplierKind } from "#app/db/schema/purchases.ts";
import { bicIbanMismatch, bicProblem, ibanProblem, normalizeBic, normalizeIban } from "#app/lib/bank.ts";
import { compactIdentifier, isValidSiren, vatKeyOf, vatNumberOf } from "#app/lib/company-ids.ts";
import { formText } from "#app/lib/form-intent.ts";
import {
  enumFilter,
  type ListFiltersResult,
  listFiltersSchema,
  listSort,
  parseListFilters,
} from "#app/lib/list-filters.ts";
import { FRENCH_PHONE } from "#app/lib/phone.ts";
import { multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { VAT_CODES, VAT_RATES } from "#app/lib/vat.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The register of suppliers and subcontractors (Achats › Fournisseurs): its list's query
 * string and the form's fields, with their French messages, shared by the browser and the
 * server. The form's values stay flat strings (`contacts.0.name` for the contacts' rows),
 * so that a refused post shows again exactly what was typed.
 */

export const SUPPLIER_KINDS = SUPPLIER_KIND_VALUES;
export const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = {
  fournisseur: "Fournisseur",
  sous_traitant: "Sous-traitant",
  loueur: "Loueur",
};
/** What each kind is, for the form's choice. */
export const SUPPLIER_KIND_DESCRIPTIONS: Record<SupplierKind, string> = {
  fournisseur: "Matériaux, fournitures, outillage.",
  sous_traitant: "Une entreprise qui réalise une partie des travaux (autoliquidation de la TVA).",
  loueur: "Location de matériel, d'engins, de bennes ou d'échafaudages.",
};

/** The register's address, and a supplier's. */
export const SUPPLIERS_PATH = "/erp/achats";
export const NEW_SUPPLIER_PATH = `${SUPPLIERS_PATH}/fournisseurs/nouveau`;
export const supplierPath = (id: string) => `${SUPPLIERS_PATH}/fournisseurs/${id}`;

export const SUPPLIERS_PAGE_SIZE = 25;
export const SUPPLIER_NOTES_MAX = 5000;
export const MAX_CONTACTS = 10;
/** Code de commerce L441-10: 60 days from the invoice's date, or 45 days end of month. */
export const MAX_TERMS_DAYS = 60;
export const MAX_TERMS_DAYS_END_OF_MONTH = 45;

export const SUPPLIER_MESSAGES = {
  kind: "Choisissez le type : fournisseur, sous-traitant ou loueur.",
  legalName: "Indiquez la raison sociale.",
  tooLong: (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`,
  siren: "Ce SIREN n'est pas valide : vérifiez ses 9 chiffres.",
  vatFormat: "Le numéro de TVA français s'écrit FR, 2 chiffres de clé puis les 9 chiffres du SIREN.",
  vatForeign:
    "Le numéro de TVA commence par le code du pays (2 lettres), suivi de 2 à 13 lettres ou chiffres.",
  vatKey: "La clé du numéro de TVA ne correspond pas : vérifiez-le.",
  vatSiren: "Le numéro de TVA ne correspond pas au SIREN indiqué.",
  country: "Indiquez le pays par son code à 2 lettres (FR, ES, IT…).",
  postcode: "Le code postal doit compter 5 chiffres.",
  email: "L'adresse e-mail n'est pas valide.",
  phone: "Le numéro de téléphone est invalide : 04 94 00 00 00, ou +34 et le numéro pour l'étranger.",
  termsDays: `Le délai de paiement est un nombre entier de jours, de 0 à ${MAX_TERMS_DAYS} (article L441-10 du Code de commerce).`,
  termsEndOfMonth: `En fin de mois, le délai de paiement ne peut dépasser ${MAX_TERMS_DAYS_END_OF_MONTH} jours (article L441-10 du Code de commerce).`,
  endOfMonthBox: "La case « fin de mois » est invalide : cochez-la ou laissez-la vide.",
  bicWithoutIban: "Indiquez l'IBAN du compte avec son BIC.",
  vatCode: "Choisissez un taux de TVA de la liste.",
  contactName: "Indiquez le nom du contact.",
  tooManyContacts: `${MAX_CONTACTS} contacts au plus.`,
  notesTooLong: `Les notes ne doivent pas dépasser ${SUPPLIER_NOTES_MAX.toLocaleString("fr-FR")} caractères.`,
  notFound: "Ce fournisseur n'existe pas, ou son adresse est incomplète.",
  status: "Ce filtre n'existe pas.",
  type: "Ce type de fournisseur n'existe pas.",
  /** The SIREN is another supplier's: the refusal names it and links to it. */
  sirenTaken: (name: string) =>
    `Ce SIREN est déjà celui de « ${name} » dans le registre : ouvrez sa fiche plutôt que d'en créer une seconde.`,
  /** Someone saved the record after this form was opened. */
  stale: (who: string | null, when: string) =>
    `Cette fiche a été modifiée par quelqu'un d'autre${who ? ` (${who})` : ""} le ${when}, après l'ouverture de ce formulaire : rien n'a été enregistré. Vos saisies sont gardées ; rechargez la fiche pour voir la dernière version, puis enregistrez de nouveau.`,
} as const;

/** The payment terms in words: « 30 jours fin de mois », « 45 jours », « À réception ». */
export function paymentTermsWords(days: number, endOfMonth: boolean): string {
  if (days === 0) return endOfMonth ? "Fin de mois" : "À réception";
  return `${days} jours${endOfMonth ? " fin de mois" : ""}`;
}

// ─── The list ─────────────────────────────────────────────────────────────────────────

export const SUPPLIER_SORTS = ["nom", "cree"] as const;
export const SUPPLIER_STATUS_FILTERS = ["actifs", "archives", "tous"] as const;
/** The status filter's choices beside its default (the active ones). */
export const SUPPLIER_STATUS_LABELS = { archives: "Archivés", tous: "Tout le registre" } as const;

/** /erp/achats?q=&type=&statut=&tri=&ordre=&page= (the active ones, by name, by default). */
export const SupplierFiltersSchema = listFiltersSchema(SUPPLIER_SORTS, {
  type: enumFilter(SUPPLIER_KINDS, SUPPLIER_MESSAGES.type),
  statut: enumFilter(SUPPLIER_STATUS_FILTERS, SUPPLIER_MESSAGES.status),
});
export type SupplierFilters = z.output<typeof SupplierFiltersSchema>;

export function parseSupplierFilters(searchParams: URLSearchParams): ListFiltersResult<SupplierFilters> {
  return parseListFilters(SupplierFiltersSchema, searchParams);
}

/** By name (A → Z) by default; the newest first by creation. */
export function supplierSort(filters: SupplierFilters) {
  return listSort(filters, "nom", ["nom"]);
}

// ─── The form ─────────────────────────────────────────────────────────────────────────

const line = (max: number) =>
  formText(singleLineText().pipe(z.string().max(max, SUPPLIER_MESSAGES.tooLong(max))));

/** « 04 94 00 00 00 », « +33 4 94… », or a foreign number written with its country code. */
const INTERNATIONAL_PHONE = /^\+[1-9](?:[ .-]?\d){6,14}$/;
const phone = formText(
  singleLineText().refine(
    (value) => value === "" || FRENCH_PHONE.test(value) || INTERNATIONAL_PHONE.test(value),
    SUPPLIER_MESSAGES.phone,
  ),
).transform((value) => value || null);

const email = formText(
  singleLineText()
    .pipe(z.string().max(254, SUPPLIER_MESSAGES.tooLong(254)))
    .transform((value) => value.toLowerCase())
    .pipe(z.email(SUPPLIER_MESSAGES.email).or(z.literal(""))),
).transform((value) => value || null);

/** One row of the contacts; an entirely empty row is no contact (null). */
export const SupplierContactSchema = z
  .object({
    name: line(120),
    role: line(80),
    email,
    phone,
  })
  .refine((contact) => !(contact.role || contact.email || contact.phone) || contact.name !== "", {
    message: SUPPLIER_MESSAGES.contactName,
    path: ["name"],
    when: () => true,
  });

export const CONTACT_FIELDS = ["name", "role", "email", "phone"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const SupplierSchema = z
  .object({
    kind: formText(z.enum(SUPPLIER_KINDS, { error: SUPPLIER_MESSAGES.kind })),
    legalName: formText(singleLineText().pipe(z.string().min(1, SUPPLIER_MESSAGES.legalName))).pipe(
      z.string().max(160, SUPPLIER_MESSAGES.tooLong(160)),
    ),
    siren: formText(
      singleLineText()
        .transform(compactIdentifier)
        .refine((value) => value === "" || isValidSiren(value), SUPPLIER_MESSAGES.siren),
    ).transform((value) => value || null),
    vatNumber: formText(singleLineText().transform(compactIdentifier)),
    street: line(200),
    postcode: formText(singleLineText().transform((value) => value.replace(/\s/g, "").toUpperCase())).pipe(
      z.string().max(10, SUPPLIER_MESSAGES.tooLong(10)),
    ),
    city: line(100),
    country: formText(singleLineText().transform((value) => value.toUpperCase() || "FR")).pipe(
      z.string().regex(/^[A-Z]{2}$/, SUPPLIER_MESSAGES.country),
    ),
    email,
    phone,
    paymentTermsDays: formText(singleLineText())
      .refine(
        (value) => /^\d{1,2}$/.test(value) && Number(value) <= MAX_TERMS_DAYS,
        SUPPLIER_MESSAGES.termsDays,
      )
      .transform(Number),
    paymentTermsEndOfMonth: formText(
      z.enum(["", "oui"], { error: SUPPLIER_MESSAGES.endOfMonthBox }),
    ).transform((value) => value === "oui"),
    iban: formText(
      singleLineText()
        .transform(normalizeIban)
        .superRefine((value, ctx) => {
          const problem = value === "" ? null : ibanProblem(value);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ).transform((value) => value || null),
    bic: formText(
      singleLineText()
        .transform(normalizeBic)
        .superRefine((value, ctx) => {
          const problem = value === "" ? null : bicProblem(value);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    ).transform((value) => value || null),
    defaultVatCode: formText(z.enum(VAT_CODES, { error: SUPPLIER_MESSAGES.vatCode })),
    trade: line(100),
    notes: formText(multiLineText().pipe(z.string().max(SUPPLIER_NOTES_MAX, SUPPLIER_MESSAGES.notesTooLong))),
    contacts: z
      .array(SupplierContactSchema)
      .transform((contacts) => contacts.filter((contact) => contact.name !== ""))
      .refine((contacts) => contacts.length <= MAX_CONTACTS, SUPPLIER_MESSAGES.tooManyContacts),
  })
  // The rules across fields run even when another field is refused (`when`), so that a
  // refused post shows every message at once. They read the values as sent.
  .check(
    z.superRefine(
      (raw, ctx) => {
        const value = raw as unknown as Record<string, unknown>;
        // The values as sent when a field is refused, as parsed when none is (a number, a box's boolean).
        const text = (name: string) => {
          const field = value[name];
          return typeof field === "string" || typeof field === "number" ? String(field) : "";
        };
        const country = text("country").trim().toUpperCase() || "FR";
        const siren = compactIdentifier(text("siren"));
        const vat = compactIdentifier(text("vatNumber"));
        if (vat !== "") {
          const problem = vatProblem(vat, country);
          if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["vatNumber"] });
          else if (vat.startsWith("FR") && isValidSiren(siren) && vat.slice(4) !== siren) {
            ctx.addIssue({ code: "custom", message: SUPPLIER_MESSAGES.vatSiren, path: ["vatNumber"] });
          }
        }
        const postcode = text("postcode").replace(/\s/g, "");
        if (country === "FR" && postcode !== "" && !/^\d{5}$/.test(postcode)) {
          ctx.addIssue({ code: "custom", message: SUPPLIER_MESSAGES.postcode, path: ["postcode"] });
        }
        const days = Number(text("paymentTermsDays"));
        const endOfMonth = value.paymentTermsEndOfMonth === "oui" || value.paymentTermsEndOfMonth === true;
        if (endOfMonth && days > MAX_TERMS_DAYS_END_OF_MONTH) {
          ctx.addIssue({
            code: "custom",
            message: SUPPLIER_MESSAGES.termsEndOfMonth,
            path: ["paymentTermsDays"],
          });
        }
        const iban = normalizeIban(text("iban"));
        const bic = normalizeBic(text("bic"));
        if (bic !== "" && bicProblem(bic) === null) {
          if (iban === "") {
            ctx.addIssue({ code: "custom", message: SUPPLIER_MESSAGES.bicWithoutIban, path: ["iban"] });
          } else if (ibanProblem(iban) === null) {
            const mismatch = bicIbanMismatch(bic, iban);
            if (mismatch) ctx.addIssue({ code: "custom", message: mismatch, path: ["bic"] });
          }
        }
      },
      { when: () => true },
    ),
  )
  .transform(({ vatNumber, ...supplier }) => ({
    ...supplier,
    // A French supplier's VAT number follows from its SIREN: left empty, it is computed.
    vatNumber:
      vatNumber || (supplier.country === "FR" && supplier.siren ? vatNumberOf(supplier.siren) : null) || null,
  }));

/** What is wrong with a (compacted) VAT number of a supplier of `country`, or null. */
function vatProblem(vat: string, country: string): string | null {
  if (vat.startsWith("FR") || country === "FR") {
    const match = /^FR(\d{2})(\d{9})$/.exec(vat);
    if (!match) return SUPPLIER_MESSAGES.vatFormat;
    const [, key = "", siren = ""] = match;
    return isValidSiren(siren) && vatKeyOf(siren) === key ? null : SUPPLIER_MESSAGES.vatKey;
  }
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(vat) ? null : SUPPLIER_MESSAGES.vatForeign;
}

export type SupplierData = z.output<typeof SupplierSchema>;
export type SupplierContactData = SupplierData["contacts"][number];

/** The form's fields, in order (the contacts apart: `contacts.<n>.<field>`). */
export const SUPPLIER_FIELDS = [
  "kind",
  "legalName",
  "siren",
  "vatNumber",
  "street",
  "postcode",
  "city",
  "country",
  "email",
  "phone",
  "paymentTermsDays",
  "paymentTermsEndOfMonth",
  "iban",
  "bic",
  "defaultVatCode",
  "trade",
  "notes",
] as const;
export type SupplierField = (typeof SUPPLIER_FIELDS)[number];

/** What the form posts, as flat strings (`contacts.0.name`…): what a refused form shows again. */
export type SupplierFormValues = Record<string, string>;

/** The key of a contact row's field in the form's values. */
export const contactKey = (index: number, field: ContactField) => `contacts.${index}.${field}`;

/** The numbers of the contacts' rows the values hold, in order (holes skipped, bounded). */
export function contactIndexes(values: SupplierFormValues): number[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(values)) {
    const match = /^contacts\.(\d{1,3})\.[a-z]+$/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  // A forged post cannot make the server loop: one row more than allowed is enough to refuse.
  return [...indexes].sort((a, b) => a - b).slice(0, MAX_CONTACTS * 2);
}

/** The form's flat values → the object SupplierSchema parses (missing fields are empty). */
export function supplierInput(values: SupplierFormValues) {
  const text = (name: string) => values[name] ?? "";
  return {
    ...Object.fromEntries(SUPPLIER_FIELDS.map((field) => [field, text(field)])),
    contacts: contactIndexes(values).map((index) =>
      Object.fromEntries(CONTACT_FIELDS.map((field) => [field, text(contactKey(index, field))])),
    ),
  };
}

/** The history's names of the fields (« Fiche modifiée : IBAN, délai de paiement »). */
export const SUPPLIER_FIELD_NAMES: Record<Exclude<keyof SupplierData, "contacts">, string> = {
  kind: "type",
  legalName: "raison sociale",
  siren: "SIREN",
  vatNumber: "numéro de TVA",
  street: "adresse",
  postcode: "code postal",
  city: "commune",
  country: "pays",
  email: "e-mail",
  phone: "téléphone",
  paymentTermsDays: "délai de paiement",
  paymentTermsEndOfMonth: "fin de mois",
  iban: "IBAN",
  bic: "BIC",
  defaultVatCode: "TVA par défaut",
  trade: "corps de métier",
  notes: "notes",
};

/** The VAT choices of the form, in the documents' order. */
export const VAT_CHOICES = VAT_CODES.map((code) => ({ value: code, label: VAT_RATES[code].label }));

/** The intents of a supplier's page. */
export const SUPPLIER_INTENTS = { archive: "archiver", restore: "restaurer" } as const;
