import {
  LINE_VAT_CODE_VALUES,
  type LineVatCode,
  QUOTE_STATUS_VALUES,
  QUOTE_UNIT_VALUES,
  type QuoteContent,
  type QuoteItemLine,
  type QuoteLine,
  type QuoteLot,
  type QuoteStatus,
  type QuoteTerms,
  type QuoteTextLine,
  type QuoteUnit,
} from "#app/db/schema/quotes.ts";
import { MAX_RETENTION_BASIS_POINTS } from "#app/lib/guarantee-retention.ts";
import {
  type BasisPoints,
  type Cents,
  formatCentsForInput,
  formatPercent,
  formatQuantity,
  type Milli,
  MoneySchema,
  PercentSchema,
  QuantitySchema,
} from "#app/lib/money.ts";
import { isoDayProblem, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import type { PercentOrAmount } from "#app/lib/vat.ts";
import { z } from "#app/lib/zod.ts";

/*
 * A quote's content: its header (title, nature of the work, site address), its lots and
 * lines, its discount and travel costs, and its terms. Shared by the editor (which keeps
 * what the staff type as text) and the server (which parses that text with the same
 * schema and stores numbers: cents, thousandths, basis points). The stored form is
 * `QuoteContent`; the form the editor posts is `QuoteDraftInput` (strings), parsed by
 * `QuoteDraftSchema`. A refusal names its field by path (`lots.0.lines.3.quantity`).
 *
 * A draft may hold a line without quantity or price (the staff fill it in later):
 * « Envoyer au client » refuses it (./mentions.ts).
 */

export const QUOTE_UNITS = QUOTE_UNIT_VALUES;
export const LINE_VAT_CODES = LINE_VAT_CODE_VALUES;
export const QUOTE_STATUSES = QUOTE_STATUS_VALUES;
export type {
  LineVatCode,
  QuoteContent,
  QuoteItemLine,
  QuoteLine,
  QuoteLot,
  QuoteStatus,
  QuoteTerms,
  QuoteTextLine,
  QuoteUnit,
};
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  brouillon: "Brouillon",
  envoye: "Envoyé",
  accepte: "Accepté",
  refuse: "Refusé",
  expire: "Expiré",
  remplace: "Remplacé",
};

export const MAX_LOTS = 50;
export const MAX_LINES = 500;
export const TITLE_MAX = 160;
export const DESIGNATION_MAX = 300;
export const LONG_TEXT_MAX = 5000;
export const MAX_VALIDITY_DAYS = 365;

export const QUOTE_MESSAGES = {
  title: "Indiquez l'objet du devis.",
  titleTooLong: `L'objet ne doit pas dépasser ${TITLE_MAX} caractères.`,
  textTooLong: `Ce texte ne doit pas dépasser ${LONG_TEXT_MAX.toLocaleString("fr-FR")} caractères.`,
  lotTitle: "Donnez un titre au lot (par exemple « Démolition »).",
  designation: "Indiquez la désignation de la ligne.",
  designationTooLong: `La désignation ne doit pas dépasser ${DESIGNATION_MAX} caractères.`,
  unit: "Choisissez une unité.",
  vat: "Choisissez un taux de TVA : 20 %, 10 % ou 5,5 %.",
  tooManyLots: `${MAX_LOTS} lots au plus.`,
  tooManyLines: `${MAX_LINES} lignes au plus sur un devis.`,
  noLot: "Un devis compte au moins un lot.",
  postalCode: "Le code postal doit compter 5 chiffres.",
  validity: `La durée de validité doit être comprise entre 1 et ${MAX_VALIDITY_DAYS} jours.`,
  duration: "La durée estimée ne doit pas dépasser 120 caractères.",
  price: "Indiquez le prix du devis payant.",
  discountKind: "Choisissez une remise en pourcentage ou en montant.",
  depositKind: "Choisissez un acompte en pourcentage ou en montant.",
  negative: "Le montant ne peut pas être négatif.",
  retention: "La retenue de garantie est de 5 % au plus (loi n° 71-584 du 16 juillet 1971).",
  retentionZero: "Indiquez un taux de retenue supérieur à 0, ou laissez le champ vide.",
  retentionGuarantee: "Indiquez le taux de la retenue que la caution bancaire remplace.",
  id: "Identifiant de ligne invalide.",
} as const;

// ─── What the editor posts: text as typed ────────────────────────────────────────────

export type PercentOrAmountInput = { kind: "" | "percent" | "amount"; value: string };
export type QuoteItemLineInput = {
  id: string;
  kind: "item";
  designation: string;
  description: string;
  unit: string;
  quantity: string;
  unitPriceHt: string;
  vatCode: string;
  optional: boolean;
  libraryItemId: string | null;
  cost: { labourHours: Milli; materialsCents: Cents } | null;
};
export type QuoteTextLineInput = { id: string; kind: "text"; text: string };
export type QuoteLineInput = QuoteItemLineInput | QuoteTextLineInput;
export type QuoteLotInput = { id: string; title: string; lines: QuoteLineInput[] };
export type QuoteDraftInput = {
  title: string;
  description: string;
  site: { street: string; postalCode: string; city: string };
  reverseCharge: boolean;
  offPremises: boolean;
  lots: QuoteLotInput[];
  discount: PercentOrAmountInput;
  travel: { amountHt: string; vatCode: string };
  terms: {
    validityDays: string;
    startOn: string;
    duration: string;
    deposit: PercentOrAmountInput;
    depositSchedule: string;
    paymentTerms: string;
    paid: boolean;
    priceCents: string;
    noteToClient: string;
    /** « 5 » for 5 %; empty when the contract provides no retention. */
    retentionPercent: string;
    retentionBankGuarantee: boolean;
  };
};

const LINE_ID = /^[A-Za-z0-9_-]{1,40}$/;
const id = z.string().regex(LINE_ID, QUOTE_MESSAGES.id);

function bounded(max: number, tooLong: string, multiLine = false) {
  return (multiLine ? multiLineText() : singleLineText()).pipe(z.string().max(max, tooLong));
}

/**
 * Empty → null; anything else through `schema`, whose French messages are kept. (Piped
 * into `z.union([z.null(), schema])`, a refusal came out as the union's « Invalid input ».)
 */
function optionalNumber<T extends z.ZodType<number, string>>(schema: T) {
  return z.string().transform((text, ctx): number | null => {
    const value = text.trim();
    if (value === "") return null;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.issues.push({ code: "custom", message: issue.message, input: value });
    }
    return z.NEVER;
  });
}

const nonNegativeMoney = MoneySchema.refine((cents) => cents >= 0, QUOTE_MESSAGES.negative);

function percentOrAmount(kindMessage: string) {
  return z
    .object({ kind: z.enum(["", "percent", "amount"], { error: kindMessage }), value: z.string() })
    .transform((input, ctx): PercentOrAmount | null => {
      const value = input.value.trim();
      if (input.kind === "" || value === "") return null;
      const parsed =
        input.kind === "percent" ? PercentSchema.safeParse(value) : nonNegativeMoney.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.issues.push({ code: "custom", message: issue.message, input: value, path: ["value"] });
        }
        return z.NEVER;
      }
      return input.kind === "percent"
        ? { kind: "percent", basisPoints: parsed.data as BasisPoints }
        : { kind: "amount", cents: parsed.data as Cents };
    });
}

const CostSchema = z
  .object({
    labourHours: z.number().int().min(0).max(9_999_999),
    materialsCents: z.number().int().min(0).max(999_999_999_999),
  })
  .nullable();

const ItemLineSchema = z.object({
  id,
  kind: z.literal("item"),
  designation: bounded(DESIGNATION_MAX, QUOTE_MESSAGES.designationTooLong).pipe(
    z.string().min(1, QUOTE_MESSAGES.designation),
  ),
  description: bounded(LONG_TEXT_MAX, QUOTE_MESSAGES.textTooLong, true),
  unit: z.enum(QUOTE_UNITS, { error: QUOTE_MESSAGES.unit }),
  quantity: optionalNumber(QuantitySchema),
  unitPriceHt: optionalNumber(MoneySchema),
  vatCode: z.enum(LINE_VAT_CODES, { error: QUOTE_MESSAGES.vat }),
  optional: z.boolean(),
  libraryItemId: z.string().uuid().nullable(),
  cost: CostSchema,
});

const TextLineSchema = z.object({
  id,
  kind: z.literal("text"),
  text: bounded(LONG_TEXT_MAX, QUOTE_MESSAGES.textTooLong, true).pipe(
    z.string().min(1, "Saisissez le texte ou supprimez la ligne."),
  ),
});

const LotSchema = z.object({
  id,
  title: bounded(TITLE_MAX, QUOTE_MESSAGES.titleTooLong).pipe(z.string().min(1, QUOTE_MESSAGES.lotTitle)),
  lines: z
    .array(z.discriminatedUnion("kind", [ItemLineSchema, TextLineSchema]))
    .max(MAX_LINES, QUOTE_MESSAGES.tooManyLines),
});

const dayOrNull = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const problem = isoDayProblem(value);
    if (problem) {
      ctx.issues.push({ code: "custom", message: problem, input: value });
      return z.NEVER;
    }
    return value;
  });

/** The editor's post → the stored content, or the errors at their fields. */
export const QuoteDraftSchema = z
  .object({
    title: bounded(TITLE_MAX, QUOTE_MESSAGES.titleTooLong).pipe(z.string().min(1, QUOTE_MESSAGES.title)),
    description: bounded(LONG_TEXT_MAX, QUOTE_MESSAGES.textTooLong, true),
    site: z.object({
      street: bounded(200, "L'adresse ne doit pas dépasser 200 caractères."),
      postalCode: singleLineText().refine(
        (value) => value === "" || /^\d{5}$/.test(value),
        QUOTE_MESSAGES.postalCode,
      ),
      city: bounded(120, "La commune ne doit pas dépasser 120 caractères."),
    }),
    reverseCharge: z.boolean(),
    offPremises: z.boolean(),
    lots: z.array(LotSchema).min(1, QUOTE_MESSAGES.noLot).max(MAX_LOTS, QUOTE_MESSAGES.tooManyLots),
    discount: percentOrAmount(QUOTE_MESSAGES.discountKind),
    travel: z.object({
      amountHt: optionalNumber(nonNegativeMoney),
      vatCode: z.enum(LINE_VAT_CODES, { error: QUOTE_MESSAGES.vat }),
    }),
    // A free quote's price field is ignored, whatever is left in it. An editor loaded before
    // the retention fields existed posts none: no retention.
    terms: z.preprocess(
      (terms) => {
        if (!terms || typeof terms !== "object") return terms;
        const withRetention = { retentionPercent: "", retentionBankGuarantee: false, ...terms };
        return (terms as { paid?: unknown }).paid === false
          ? { ...withRetention, priceCents: "" }
          : withRetention;
      },
      z.object({
        validityDays: z
          .string()
          .trim()
          .regex(/^\d{1,3}$/, QUOTE_MESSAGES.validity)
          .transform(Number)
          .refine((days) => days >= 1 && days <= MAX_VALIDITY_DAYS, QUOTE_MESSAGES.validity),
        startOn: dayOrNull,
        duration: bounded(120, QUOTE_MESSAGES.duration),
        deposit: percentOrAmount(QUOTE_MESSAGES.depositKind),
        depositSchedule: bounded(1000, "Ce texte ne doit pas dépasser 1 000 caractères.", true),
        paymentTerms: bounded(1000, "Ce texte ne doit pas dépasser 1 000 caractères.", true),
        paid: z.boolean(),
        priceCents: optionalNumber(nonNegativeMoney),
        noteToClient: bounded(LONG_TEXT_MAX, QUOTE_MESSAGES.textTooLong, true),
        retentionPercent: optionalNumber(
          PercentSchema.refine((points) => points > 0, QUOTE_MESSAGES.retentionZero).refine(
            (points) => points <= MAX_RETENTION_BASIS_POINTS,
            QUOTE_MESSAGES.retention,
          ),
        ),
        retentionBankGuarantee: z.boolean(),
      }),
    ),
  })
  .superRefine((draft, ctx) => {
    const lines = draft.lots.reduce((count, lot) => count + lot.lines.length, 0);
    if (lines > MAX_LINES)
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.tooManyLines, path: ["lots"] });
    if (draft.terms.paid && draft.terms.priceCents === null) {
      ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.price, path: ["terms", "priceCents"] });
    }
    if (draft.terms.retentionBankGuarantee && draft.terms.retentionPercent === null) {
      ctx.addIssue({
        code: "custom",
        message: QUOTE_MESSAGES.retentionGuarantee,
        path: ["terms", "retentionPercent"],
      });
    }
    const seen = new Set<string>();
    for (const lot of draft.lots) {
      for (const candidate of [lot.id, ...lot.lines.map((line) => line.id)]) {
        if (seen.has(candidate)) ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.id, path: ["lots"] });
        seen.add(candidate);
      }
    }
  })
  .transform(
    (draft): QuoteContent => ({
      title: draft.title,
      description: draft.description,
      site: draft.site,
      reverseCharge: draft.reverseCharge,
      offPremises: draft.offPremises,
      lots: draft.lots,
      discount: draft.discount,
      travel:
        draft.travel.amountHt === null
          ? null
          : { amountHt: draft.travel.amountHt, vatCode: draft.travel.vatCode },
      terms: storedTerms(draft.terms),
    }),
  );

function storedTerms(
  terms: Omit<QuoteTerms, "retention"> & { retentionPercent: number | null; retentionBankGuarantee: boolean },
): QuoteTerms {
  const { retentionPercent, retentionBankGuarantee, ...rest } = terms;
  return {
    ...rest,
    priceCents: terms.paid ? terms.priceCents : null,
    retention:
      retentionPercent === null
        ? null
        : { basisPoints: retentionPercent, bankGuarantee: retentionBankGuarantee },
  };
}

// ─── Stored → editor ─────────────────────────────────────────────────────────────────

function percentOrAmountInput(value: PercentOrAmount | null): PercentOrAmountInput {
  if (!value) return { kind: "", value: "" };
  return value.kind === "percent"
    ? { kind: "percent", value: formatPercent(value.basisPoints).replace(/\s*%$/, "") }
    : { kind: "amount", value: formatCentsForInput(value.cents) };
}

/** The lots, each keeping its id and title, with every line turned into `line`'s form. */
export function mapLotLines<Line, Out>(
  lots: readonly { id: string; title: string; lines: readonly Line[] }[],
  line: (line: Line) => Out,
): { id: string; title: string; lines: Out[] }[] {
  return lots.map((lot) => ({ id: lot.id, title: lot.title, lines: lot.lines.map((each) => line(each)) }));
}

/** What the editor shows for a stored content: every number written back as a French field value. */
export function toDraftInput(content: QuoteContent): QuoteDraftInput {
  return {
    title: content.title,
    description: content.description,
    site: { ...content.site },
    reverseCharge: content.reverseCharge,
    offPremises: content.offPremises,
    lots: mapLotLines(
      content.lots,
      (line): QuoteLineInput =>
        line.kind === "text"
          ? { ...line }
          : {
              ...line,
              quantity: line.quantity === null ? "" : formatQuantity(line.quantity),
              unitPriceHt: line.unitPriceHt === null ? "" : formatCentsForInput(line.unitPriceHt),
            },
    ),
    discount: percentOrAmountInput(content.discount),
    travel: {
      amountHt: content.travel ? formatCentsForInput(content.travel.amountHt) : "",
      vatCode: content.travel?.vatCode ?? "20",
    },
    terms: {
      validityDays: String(content.terms.validityDays),
      startOn: content.terms.startOn ?? "",
      duration: content.terms.duration,
      deposit: percentOrAmountInput(content.terms.deposit),
      depositSchedule: content.terms.depositSchedule,
      paymentTerms: content.terms.paymentTerms,
      paid: content.terms.paid,
      noteToClient: content.terms.noteToClient,
      priceCents: content.terms.priceCents === null ? "" : formatCentsForInput(content.terms.priceCents),
      retentionPercent: content.terms.retention
        ? formatPercent(content.terms.retention.basisPoints).replace(/\s*%$/, "")
        : "",
      retentionBankGuarantee: content.terms.retention?.bankGuarantee ?? false,
    },
  };
}

/** A fresh id for a lot or a line (the editor's keys and the error paths' anchors). */
export function newLineId(): string {
  return globalThis.crypto.randomUUID().replaceAll("-", "").slice(0, 20);
}

/** A new quote's content: one lot, no line, the terms from the settings. */
export function emptyQuoteContent(defaults: {
  title: string;
  description: string;
  site: QuoteContent["site"];
  validityDays: number;
  paymentTerms: string;
  reverseCharge: boolean;
}): QuoteContent {
  return {
    title: defaults.title,
    description: defaults.description,
    site: defaults.site,
    reverseCharge: defaults.reverseCharge,
    offPremises: false,
    lots: [{ id: newLineId(), title: "Travaux", lines: [] }],
    discount: null,
    travel: null,
    terms: {
      validityDays: defaults.validityDays,
      startOn: null,
      duration: "",
      deposit: null,
      depositSchedule: "",
      paymentTerms: defaults.paymentTerms,
      paid: false,
      priceCents: null,
      noteToClient: "",
      retention: null,
    },
  };
}

/** Every line of the quote, lot after lot. */
export function allLines(content: Pick<QuoteContent, "lots">): QuoteLine[] {
  return content.lots.flatMap((lot) => lot.lines);
}

/** The number printed: « DEV-2026-0007 », « DEV-2026-0007-V2 » from version 2. */
export function quoteDisplayNumber(number: string | null, version: number): string | null {
  if (!number) return null;
  return version > 1 ? `${number}-V${version}` : number;
}
