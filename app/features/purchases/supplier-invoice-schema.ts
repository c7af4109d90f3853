import {
  PAYMENT_METHOD_VALUES,
  type PaymentMethod,
  SUPPLIER_INVOICE_STATUS_VALUES,
  type SupplierInvoiceStatus,
} from "#app/db/schema/supplier-invoices.ts";
import { formText } from "#app/lib/form-intent.ts";
import {
  datedListFiltersSchema,
  enumFilter,
  type ListFiltersResult,
  parseListFilters,
} from "#app/lib/list-filters.ts";
import { MoneySchema } from "#app/lib/money.ts";
import { IsoDaySchema, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { VAT_CODES, VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import { z } from "#app/lib/zod.ts";

/*
 * Supplier invoices (Achats › Factures fournisseurs): paths, labels, the list's query string,
 * the forms of the invoice's page (payment, dispute, allocation) and the manual form of a
 * plain PDF or a photo, with their French messages. Shared by the browser and the server.
 */

export const SUPPLIER_INVOICES_PATH = "/erp/achats/factures";
export const IMPORT_SUPPLIER_INVOICES_PATH = `${SUPPLIER_INVOICES_PATH}/importer`;
export const supplierInvoicePath = (id: string) => `${SUPPLIER_INVOICES_PATH}/${id}`;
export const SUPPLIER_INVOICES_PAGE_SIZE = 25;
/** At most this many files per import post. */
export const MAX_IMPORT_FILES = 10;

export const SUPPLIER_INVOICE_STATUSES = SUPPLIER_INVOICE_STATUS_VALUES;
export const SUPPLIER_INVOICE_STATUS_LABELS: Record<SupplierInvoiceStatus, string> = {
  a_payer: "À payer",
  payee: "Payée",
  en_litige: "En litige",
};

export const PAYMENT_METHODS = PAYMENT_METHOD_VALUES;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: "Virement",
  cheque: "Chèque",
  carte: "Carte bancaire",
  especes: "Espèces",
  prelevement: "Prélèvement",
};

export const SUPPLIER_INVOICE_MESSAGES = {
  notFound: "Cette facture fournisseur n'existe pas.",
  noFile: "Choisissez au moins un fichier de facture (PDF, XML, photo).",
  tooManyFiles: `Importez ${MAX_IMPORT_FILES} fichiers au plus à la fois.`,
  duplicateFile: (number: string, supplier: string, day: string) =>
    `Ce fichier a déjà été importé (facture ${number} de ${supplier} du ${day}).`,
  duplicateNumber: (number: string) =>
    `Attention : une autre facture n° ${number} de ce fournisseur est déjà enregistrée. Vérifiez qu'il ne s'agit pas d'un doublon.`,
  currency: (currency: string) =>
    `Cette facture est en ${currency} : seules les factures en euros (EUR) sont enregistrées pour l'instant.`,
  noIssueDate: "La date de la facture ne peut pas être lue : saisissez la facture à la main.",
  noTotals: "Les totaux de la facture ne peuvent pas être lus : saisissez la facture à la main.",
  staged: "Le fichier en attente n'existe plus : importez-le à nouveau.",
  supplierUnknown: "Fournisseur inconnu : créez-le depuis la facture ou choisissez-en un.",
  supplierSirenTaken: (name: string) => `Ce SIREN est déjà celui de ${name} : la facture lui est rattachée.`,
  chooseSupplier: "Choisissez le fournisseur.",
  number: "Indiquez le numéro de la facture du fournisseur.",
  issueDate: "Indiquez la date de la facture.",
  dueBeforeIssue: "L'échéance ne peut pas précéder la date de la facture.",
  noAmount: "Indiquez au moins un montant HT.",
  paidOn: "Indiquez la date du paiement.",
  paidInFuture: "La date du paiement ne peut pas être dans le futur.",
  method: "Choisissez le moyen de paiement.",
  reason: "Indiquez la raison du litige.",
  alreadyPaid: "Cette facture est déjà payée.",
  notPaidOrDisputed: "Cette facture est déjà à payer.",
  disputePaid: "Une facture payée ne peut pas être mise en litige : remettez-la d'abord à payer.",
  jobSite: "Choisissez un chantier.",
  lot: "Ce lot n'appartient pas au chantier choisi.",
  line: "Cette ligne n'appartient pas à la facture.",
  noAllocation: "Indiquez au moins une répartition (chantier et montant).",
  allocationSum: (typed: string, expected: string) =>
    `La répartition fait ${typed} HT : elle doit faire exactement ${expected} HT.`,
  tooLong: (max: number) => `${max} caractères au plus.`,
  filters: {
    status: "Statut inconnu.",
    due: "Filtre d'échéance inconnu.",
    supplier: "Fournisseur inconnu.",
  },
} as const;

export const DUE_FILTERS = ["retard", "semaine", "7jours"] as const;
/** « semaine »: to Sunday of this week; « 7jours »: today to today + 6 (the dashboard's window). */
export const DUE_FILTER_LABELS = {
  retard: "En retard",
  semaine: "À payer cette semaine",
  "7jours": "Dans les 7 jours",
} as const;

/** /erp/achats/factures?statut=&fournisseur=&echeance=&du=&au=&page= (by due date). */
export const SupplierInvoiceFiltersSchema = datedListFiltersSchema(["echeance", "date"], {
  statut: enumFilter(SUPPLIER_INVOICE_STATUSES, SUPPLIER_INVOICE_MESSAGES.filters.status),
  echeance: enumFilter(DUE_FILTERS, SUPPLIER_INVOICE_MESSAGES.filters.due),
  fournisseur: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.uuid(SUPPLIER_INVOICE_MESSAGES.filters.supplier).optional()),
});
export type SupplierInvoiceFilters = z.output<typeof SupplierInvoiceFiltersSchema>;

export function parseSupplierInvoiceFilters(
  searchParams: URLSearchParams,
): ListFiltersResult<SupplierInvoiceFilters> {
  return parseListFilters(SupplierInvoiceFiltersSchema, searchParams);
}

// ─── The invoice's page ───────────────────────────────────────────────────────────────

export const SUPPLIER_INVOICE_INTENTS = {
  paid: "payee",
  dispute: "litige",
  reopen: "a_payer",
  allocate: "repartir",
} as const;

const day = (message: string) =>
  formText(IsoDaySchema.or(z.literal("")).refine((value) => value !== "", message));

const line = (max: number) =>
  formText(singleLineText().pipe(z.string().max(max, SUPPLIER_INVOICE_MESSAGES.tooLong(max))));

/** How many allocation rows the form shows. */
export const ALLOCATION_ROWS = 6;
export const allocationKey = (index: number, field: "jobSiteId" | "lotId" | "lineId" | "amount") =>
  `allocations.${index}.${field}`;

export const SupplierInvoicePostSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(SUPPLIER_INVOICE_INTENTS.paid),
    revision: z.coerce.number().int().optional(),
    paidOn: day(SUPPLIER_INVOICE_MESSAGES.paidOn),
    paymentMethod: formText(z.enum(PAYMENT_METHODS, { error: SUPPLIER_INVOICE_MESSAGES.method })),
    paymentReference: line(120).transform((value) => value || null),
  }),
  z.object({
    intent: z.literal(SUPPLIER_INVOICE_INTENTS.dispute),
    disputeReason: formText(
      multiLineText().pipe(
        z
          .string()
          .min(1, SUPPLIER_INVOICE_MESSAGES.reason)
          .max(2000, SUPPLIER_INVOICE_MESSAGES.tooLong(2000)),
      ),
    ),
  }),
  z.object({ intent: z.literal(SUPPLIER_INVOICE_INTENTS.reopen) }),
  z.object({ intent: z.literal(SUPPLIER_INVOICE_INTENTS.allocate) }).loose(),
]);

export type AllocationInput = {
  lineId: string | null;
  jobSiteId: string;
  lotId: string | null;
  amountCents: number;
};

/**
 * The allocation rows typed (`allocations.N.jobSiteId`, `.lotId`, `.lineId`, `.amount`): an
 * entirely empty row is skipped; a row's refusal names its field.
 */
export function parseAllocations(
  values: Record<string, string>,
): { ok: true; rows: AllocationInput[] } | { ok: false; field: string; message: string } {
  const indexes = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = /^allocations\.(\d{1,2})\./.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  const rows: AllocationInput[] = [];
  for (const index of [...indexes].sort((a, b) => a - b)) {
    const read = (field: "jobSiteId" | "lotId" | "lineId" | "amount") =>
      (values[allocationKey(index, field)] ?? "").trim();
    const [jobSiteId, lotId, lineId, amount] = [
      read("jobSiteId"),
      read("lotId"),
      read("lineId"),
      read("amount"),
    ];
    if (!jobSiteId && !amount) continue;
    if (!z.uuid().safeParse(jobSiteId).success) {
      return {
        ok: false,
        field: allocationKey(index, "jobSiteId"),
        message: SUPPLIER_INVOICE_MESSAGES.jobSite,
      };
    }
    if (lotId && !z.uuid().safeParse(lotId).success) {
      return { ok: false, field: allocationKey(index, "lotId"), message: SUPPLIER_INVOICE_MESSAGES.lot };
    }
    if (lineId && !z.uuid().safeParse(lineId).success) {
      return { ok: false, field: allocationKey(index, "lineId"), message: SUPPLIER_INVOICE_MESSAGES.line };
    }
    const money = MoneySchema.safeParse(amount);
    if (!money.success || money.data <= 0) {
      return {
        ok: false,
        field: allocationKey(index, "amount"),
        message: money.success
          ? "Le montant doit être positif."
          : (money.error.issues[0]?.message ?? "Montant invalide."),
      };
    }
    rows.push({ jobSiteId, lotId: lotId || null, lineId: lineId || null, amountCents: money.data });
  }
  if (rows.length === 0)
    return {
      ok: false,
      field: allocationKey(0, "jobSiteId"),
      message: SUPPLIER_INVOICE_MESSAGES.noAllocation,
    };
  return { ok: true, rows };
}

// ─── The manual form (a plain PDF or a photo) ─────────────────────────────────────────

/** The amounts HT typed per VAT rate: `base.20`, `base.10`, `base.5.5`, `base.autoliquidation`. */
export const baseKey = (code: VatCode) => `base.${code}` as const;
export const MANUAL_VAT_CHOICES = VAT_CODES.map((code) => ({ code, label: VAT_RATES[code].label }));

const optionalMoney = formText(z.string()).pipe(
  z.string().transform((value, context) => {
    if (value.trim() === "") return 0;
    const parsed = MoneySchema.safeParse(value);
    if (!parsed.success) {
      context.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Montant invalide." });
      return z.NEVER;
    }
    return parsed.data;
  }),
);

export const ManualInvoiceSchema = z
  .object({
    intent: z.literal("saisir"),
    sha256: formText(z.string().regex(/^[0-9a-f]{64}$/, SUPPLIER_INVOICE_MESSAGES.staged)),
    fileName: line(200),
    supplierId: formText(z.uuid(SUPPLIER_INVOICE_MESSAGES.chooseSupplier)),
    number: line(60).pipe(z.string().min(1, SUPPLIER_INVOICE_MESSAGES.number)),
    isCreditNote: formText(z.string()).transform((value) => value === "oui"),
    issueDate: day(SUPPLIER_INVOICE_MESSAGES.issueDate),
    dueDate: formText(IsoDaySchema.or(z.literal(""))).transform((value) => value || null),
    orderReference: line(60).transform((value) => value || null),
    "base.20": optionalMoney,
    "base.10": optionalMoney,
    "base.5.5": optionalMoney,
    "base.autoliquidation": optionalMoney,
  })
  .superRefine((value, context) => {
    if (value.dueDate && value.dueDate < value.issueDate) {
      context.addIssue({
        code: "custom",
        path: ["dueDate"],
        message: SUPPLIER_INVOICE_MESSAGES.dueBeforeIssue,
      });
    }
    const sum = VAT_CODES.reduce((total, code) => total + value[baseKey(code)], 0);
    if (sum <= 0)
      context.addIssue({
        code: "custom",
        path: [baseKey("20")],
        message: SUPPLIER_INVOICE_MESSAGES.noAmount,
      });
  });
export type ManualInvoiceData = z.output<typeof ManualInvoiceSchema>;
