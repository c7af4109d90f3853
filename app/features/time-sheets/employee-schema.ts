import type { ContractKind } from "#app/db/schema/time-sheets.ts";
import { formText } from "#app/lib/form-intent.ts";
import {
  enumFilter,
  type ListFiltersResult,
  listFiltersSchema,
  listSort,
  parseListFilters,
} from "#app/lib/list-filters.ts";
import { MoneySchema } from "#app/lib/money.ts";
import { IsoDaySchema, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The register of employees (Pointage › Salariés): its list's query string and the form's
 * fields, with their French messages, shared by the browser and the server.
 */

export const EMPLOYEES_PAGE_SIZE = 25;
export const EMPLOYEE_NOTES_MAX = 2000;

/** The contract as the form offers it: 35 h, 39 h (4 hours of structural overtime), or part time. */
export const CONTRACT_CHOICES = ["35", "39", "partiel"] as const;
export type ContractChoice = (typeof CONTRACT_CHOICES)[number];
export const CONTRACT_CHOICE_LABELS: Record<ContractChoice, string> = {
  "35": "Temps plein, 35 h par semaine",
  "39": "Temps plein, 39 h par semaine (heures supplémentaires structurelles)",
  partiel: "Temps partiel",
};

export const FULL_TIME_MINUTES = 35 * 60;
const CHOICE_MINUTES: Record<Exclude<ContractChoice, "partiel">, number> = { "35": 35 * 60, "39": 39 * 60 };

/** The contract in words: « 35 h », « 39 h », « Temps partiel, 24 h 30 ». */
export function contractWords(kind: ContractKind, weeklyMinutes: number): string {
  const hours = hoursWords(weeklyMinutes);
  return kind === "temps_partiel" ? `Temps partiel, ${hours}` : `Temps plein, ${hours}`;
}

/** « Martin Lucas »: the register's order and the pages' name. */
export const employeeName = (employee: { lastName: string; firstName: string }) =>
  `${employee.lastName} ${employee.firstName}`;

/** Minutes as « 24 h » or « 24 h 30 ». */
export function hoursWords(minutes: number): string {
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? "" : ` ${String(rest).padStart(2, "0")}`}`;
}

/** The home could not be placed: what the record and the flash say. */
export const HOME_NOT_PLACED =
  "Le domicile n'a pas pu être situé par le service d'adresses de l'État : ses zones de déplacement depuis le domicile seront « inconnues » tant qu'il ne l'est pas (vérifiez l'adresse et enregistrez de nouveau).";

export const EMPLOYEE_MESSAGES = {
  lastName: "Indiquez le nom du salarié.",
  firstName: "Indiquez le prénom du salarié.",
  tooLong: "Ce champ ne doit pas dépasser 100 caractères.",
  notesTooLong: `Les notes ne doivent pas dépasser ${EMPLOYEE_NOTES_MAX.toLocaleString("fr-FR")} caractères.`,
  coefficient: "Le coefficient est un nombre entier entre 100 et 999 (par exemple 185).",
  contract: "Choisissez le contrat : 35 h, 39 h ou temps partiel.",
  partTimeHours:
    "Indiquez les heures hebdomadaires du temps partiel, par quarts d'heure, entre 1 h et 34 h 45 (par exemple 24,5).",
  hireDate: "Indiquez la date d'embauche.",
  leaveDate: "La date de sortie ne peut pas précéder la date d'embauche.",
  cost: "Le coût horaire chargé doit être compris entre 0 et 1 000 € (par exemple 38,50).",
  postalCode: "Le code postal doit compter 5 chiffres.",
  account: "Ce compte n'existe pas ou n'est pas un compte de compagnon.",
  accountTaken: "Ce compte de compagnon est déjà relié à un autre salarié.",
  notFound: "Ce salarié n'existe pas.",
  stale: "Cette fiche a été modifiée entre-temps : rechargez la page pour voir la dernière version.",
  status: "Ce filtre n'existe pas.",
} as const;

// ─── The list ─────────────────────────────────────────────────────────────────────────

export const EMPLOYEE_SORTS = ["nom", "embauche"] as const;
export const EMPLOYEE_STATUS_FILTERS = ["actifs", "sortis", "tous"] as const;
/** The status filter's choices beside its default (« En poste »). */
export const EMPLOYEE_STATUS_LABELS = { sortis: "Sortis", tous: "Tout le registre" } as const;

/** /erp/temps/salaries?q=&statut=&tri=&ordre=&page= (« en poste » by default). */
export const EmployeeFiltersSchema = listFiltersSchema(EMPLOYEE_SORTS, {
  statut: enumFilter(EMPLOYEE_STATUS_FILTERS, EMPLOYEE_MESSAGES.status),
});
export type EmployeeFilters = z.output<typeof EmployeeFiltersSchema>;

export function parseEmployeeFilters(searchParams: URLSearchParams): ListFiltersResult<EmployeeFilters> {
  return parseListFilters(EmployeeFiltersSchema, searchParams);
}

/** By name (A → Z) by default; the hire date newest first. */
export function employeeSort(filters: EmployeeFilters) {
  return listSort(filters, "nom", ["nom"]);
}

// ─── The form ─────────────────────────────────────────────────────────────────────────

const name = (missing: string) =>
  formText(singleLineText().pipe(z.string().min(1, missing))).pipe(
    z.string().max(100, EMPLOYEE_MESSAGES.tooLong),
  );
const line = (max: number) => formText(singleLineText().pipe(z.string().max(max, EMPLOYEE_MESSAGES.tooLong)));

/** Part-time hours: « 24 », « 24,5 », « 24.75 » → minutes, quarter hours from 1 h to 34 h 45. */
const partTimeMinutes = formText(singleLineText()).transform((text, ctx) => {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  const minutes = match ? Math.round(Number(`${match[1]}.${match[2] ?? "0"}`) * 60) : Number.NaN;
  if (!match || minutes % 15 !== 0 || minutes < 60 || minutes >= FULL_TIME_MINUTES) {
    ctx.issues.push({ code: "custom", message: EMPLOYEE_MESSAGES.partTimeHours, input: text });
    return z.NEVER;
  }
  return minutes;
});

export const EmployeeFields = z.object({
  lastName: name(EMPLOYEE_MESSAGES.lastName),
  firstName: name(EMPLOYEE_MESSAGES.firstName),
  qualification: line(100),
  coefficient: formText(singleLineText())
    .refine((value) => value === "" || /^\d{3}$/.test(value), EMPLOYEE_MESSAGES.coefficient)
    .transform((value) => (value === "" ? null : Number(value))),
  contract: formText(z.enum(CONTRACT_CHOICES, { error: EMPLOYEE_MESSAGES.contract })),
  partTimeHours: formText(z.string()),
  hireDate: formText(singleLineText().pipe(z.string().min(1, EMPLOYEE_MESSAGES.hireDate).pipe(IsoDaySchema))),
  leaveDate: formText(singleLineText().pipe(z.union([z.literal(""), IsoDaySchema]))).transform(
    (value) => value || null,
  ),
  /** Only the owner's form has it; a staff member's post leaves the stored cost as it is. */
  loadedHourlyCost: formText(singleLineText()),
  homeStreet: line(200),
  homePostalCode: formText(
    singleLineText()
      .transform((value) => value.replace(/\s/g, ""))
      .pipe(z.string().regex(/^(\d{5})?$/, EMPLOYEE_MESSAGES.postalCode)),
  ),
  homeCity: line(100),
  userId: line(100),
  notes: formText(multiLineText().pipe(z.string().max(EMPLOYEE_NOTES_MAX, EMPLOYEE_MESSAGES.notesTooLong))),
});

/** The form's posted fields → the employee's data: the contract's minutes, the cost in cents. */
export const EmployeeSchema = EmployeeFields.transform((fields, ctx) => {
  let weeklyMinutes: number;
  if (fields.contract === "partiel") {
    const parsed = partTimeMinutes.safeParse(fields.partTimeHours);
    if (!parsed.success) {
      ctx.issues.push({
        code: "custom",
        path: ["partTimeHours"],
        message: EMPLOYEE_MESSAGES.partTimeHours,
        input: fields.partTimeHours,
      });
      return z.NEVER;
    }
    weeklyMinutes = parsed.data;
  } else {
    weeklyMinutes = CHOICE_MINUTES[fields.contract];
  }
  if (fields.leaveDate && fields.leaveDate < fields.hireDate) {
    ctx.issues.push({ code: "custom", path: ["leaveDate"], message: EMPLOYEE_MESSAGES.leaveDate, input: "" });
    return z.NEVER;
  }
  let cost: number | null = null;
  if (fields.loadedHourlyCost !== "") {
    const parsed = MoneySchema.safeParse(fields.loadedHourlyCost);
    if (!parsed.success || parsed.data < 0 || parsed.data > 100_000) {
      ctx.issues.push({
        code: "custom",
        path: ["loadedHourlyCost"],
        message: EMPLOYEE_MESSAGES.cost,
        input: fields.loadedHourlyCost,
      });
      return z.NEVER;
    }
    cost = parsed.data;
  }
  const { contract, partTimeHours: _hours, loadedHourlyCost: _cost, userId, ...rest } = fields;
  return {
    ...rest,
    contractKind: (contract === "partiel" ? "temps_partiel" : "temps_plein") as ContractKind,
    weeklyMinutes,
    loadedHourlyCostCents: cost,
    userId: userId || null,
  };
});
export type EmployeeData = z.output<typeof EmployeeSchema>;

/** The form's fields, in order. */
export const EMPLOYEE_FIELDS = [
  "lastName",
  "firstName",
  "qualification",
  "coefficient",
  "contract",
  "partTimeHours",
  "hireDate",
  "leaveDate",
  "loadedHourlyCost",
  "homeStreet",
  "homePostalCode",
  "homeCity",
  "userId",
  "notes",
] as const;
export type EmployeeField = (typeof EMPLOYEE_FIELDS)[number];
export type EmployeeFormValues = Record<EmployeeField, string>;

/** The history's names of the fields (« Contrat modifié »). */
export const EMPLOYEE_FIELD_NAMES: Record<keyof EmployeeData, string> = {
  lastName: "nom",
  firstName: "prénom",
  qualification: "qualification",
  coefficient: "coefficient",
  contractKind: "contrat",
  weeklyMinutes: "heures hebdomadaires",
  hireDate: "date d'embauche",
  leaveDate: "date de sortie",
  loadedHourlyCostCents: "coût horaire chargé",
  homeStreet: "adresse",
  homePostalCode: "code postal",
  homeCity: "commune",
  userId: "compte de compagnon",
  notes: "notes",
};
