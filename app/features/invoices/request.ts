import { PAYMENT_METHOD_VALUES, type PaymentMethod } from "#app/db/schema/invoices.ts";
import { bareIntent, confirmedIntent, formText } from "#app/lib/form-intent.ts";
import { parseMoney, parsePercent, parseQuantity } from "#app/lib/money.ts";
import {
  hasControlCharacters,
  hasControlCharactersInText,
  isoDayProblem,
  TEXT_RULE_MESSAGES,
} from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";
import type {
  CreditNoteReason,
  CreditNoteRequest,
  ItemCorrection,
  LotCorrection,
  ProgressEntry,
} from "./billing-model.ts";
import type { InvoiceRequest } from "./query.server.ts";

/*
 * The « Facturer » forms of an accepted quote's page: kind=acompte (mode pourcentage or
 * montant, value), kind=situation (mode pourcentage or montant; lot.<id> = cumulative
 * progress in %, or cumulative amount HT), kind=solde.
 */

export type ParsedInvoiceRequest = { ok: true; request: InvoiceRequest } | { ok: false; message: string };

/** « Facturer »'s form → the request, or the French reason it is refused. */
export function parseInvoiceRequest(form: FormData): ParsedInvoiceRequest {
  const kind = form.get("kind");
  if (kind === "solde") return { ok: true, request: { kind: "solde" } };
  if (kind === "acompte") {
    const value = String(form.get("value") ?? "").trim();
    if (form.get("mode") === "montant") {
      const amount = parseMoney(value);
      if (!amount.ok) return { ok: false, message: `Montant de l'acompte : ${amount.message}` };
      if (amount.cents <= 0) return { ok: false, message: "Le montant de l'acompte doit être positif." };
      return { ok: true, request: { kind: "acompte", deposit: { kind: "amount", cents: amount.cents } } };
    }
    const percent = parsePercent(value);
    if (!percent.ok) return { ok: false, message: `Pourcentage de l'acompte : ${percent.message}` };
    if (percent.basisPoints <= 0)
      return { ok: false, message: "Le pourcentage de l'acompte doit être positif." };
    return {
      ok: true,
      request: { kind: "acompte", deposit: { kind: "percent", basisPoints: percent.basisPoints } },
    };
  }
  if (kind === "situation") {
    // The cumulative progress of each lot: in % (default), or as the cumulative amount HT.
    const byAmount = form.get("mode") === "montant";
    const lots: ProgressEntry[] = [];
    for (const [key, raw] of form) {
      const match = /^lot\.([A-Za-z0-9_:-]{1,40})$/.exec(key);
      if (!match?.[1] || typeof raw !== "string" || raw.trim() === "") continue;
      if (byAmount) {
        const amount = parseMoney(raw);
        if (!amount.ok) return { ok: false, message: `Montant cumulé : ${amount.message}` };
        if (amount.cents < 0) return { ok: false, message: "Le montant cumulé ne peut pas être négatif." };
        lots.push({ lotId: match[1], cumulativeHt: amount.cents });
        continue;
      }
      const percent = parsePercent(raw);
      if (!percent.ok) return { ok: false, message: `Avancement : ${percent.message}` };
      lots.push({ lotId: match[1], percent: percent.basisPoints });
    }
    if (lots.length === 0 || lots.length > 100) {
      return { ok: false, message: "Indiquez l'avancement cumulé d'au moins un lot." };
    }
    return { ok: true, request: { kind: "situation", lots } };
  }
  return { ok: false, message: "Choisissez le type de facture." };
}

/*
 * The « Relances » panel of an issued invoice's page: intent=relancer (behind a
 * confirmation, confirmation=oui), intent=suspendre-relances, intent=reprendre-relances;
 * read by `InvoicePostSchema` below.
 */

export const REMINDER_INTENTS = {
  send: "relancer",
  suspend: "suspendre-relances",
  resume: "reprendre-relances",
} as const;

/*
 * « Faire un avoir » on an issued invoice's page: mode = annulation (the whole invoice),
 * correction-lots (a quote's invoice: reprise.<lotId> = the HT taken back from the lot),
 * correction-lignes (a standalone invoice: reprise.<n> = the quantity taken back from its
 * n-th line), correction-pourcentage / correction-montant (part of its work; all four reopen
 * billing), geste / remise (an amount TTC under a designation, billing stays closed);
 * motif = the reason, required, printed and carried in the Factur-X XML.
 */

export type CreditNoteField = "mode" | "percent" | "ttc" | "designation" | "motif" | "reprise";

export type ParsedCreditNoteRequest =
  | { ok: true; amount: CreditNoteRequest["amount"]; reason: CreditNoteReason }
  | { ok: false; message: string; field: CreditNoteField };

const REASON_LIMIT = 500;
const DESIGNATION_LIMIT = 200;

function trimmedText(
  form: FormData,
  name: string,
  multiLine: boolean,
): { ok: true; value: string } | { ok: false; message: string } {
  const raw = form.get(name);
  const value = typeof raw === "string" ? raw.trim() : "";
  const bad = multiLine ? hasControlCharactersInText(value) : hasControlCharacters(value);
  return bad ? { ok: false, message: TEXT_RULE_MESSAGES.controlCharacters } : { ok: true, value };
}

/** « Faire un avoir »'s form → the credit note's amount and reason, or the French reason it is refused. */
export function parseCreditNoteRequest(form: FormData): ParsedCreditNoteRequest {
  const mode = form.get("mode");
  const motif = trimmedText(form, "motif", true);
  if (!motif.ok) return { ok: false, message: motif.message, field: "motif" };
  if (motif.value === "")
    return {
      ok: false,
      message: "Indiquez le motif de l'avoir : il est imprimé sur l'avoir.",
      field: "motif",
    };
  if (motif.value.length > REASON_LIMIT)
    return { ok: false, message: `Le motif tient en ${REASON_LIMIT} caractères au plus.`, field: "motif" };
  const text = motif.value;
  if (mode === "annulation")
    return { ok: true, amount: { kind: "total" }, reason: { kind: "annulation", text } };
  if (mode === "correction-lots" || mode === "correction-lignes") {
    const byLines = mode === "correction-lignes";
    const lots: LotCorrection[] = [];
    const items: ItemCorrection[] = [];
    for (const [key, raw] of form) {
      const match = /^reprise\.([A-Za-z0-9_:-]{1,40})$/.exec(key);
      if (!match?.[1] || typeof raw !== "string" || raw.trim() === "") continue;
      if (byLines) {
        if (!/^\d{1,4}$/.test(match[1])) continue;
        const quantity = parseQuantity(raw);
        if (!quantity.ok)
          return { ok: false, message: `Quantité à reprendre : ${quantity.message}`, field: "reprise" };
        if (quantity.milli < 0)
          return {
            ok: false,
            message: "La quantité à reprendre ne peut pas être négative.",
            field: "reprise",
          };
        if (quantity.milli > 0) items.push({ index: Number(match[1]), quantity: quantity.milli });
        continue;
      }
      const amount = parseMoney(raw);
      if (!amount.ok)
        return { ok: false, message: `Montant HT à reprendre : ${amount.message}`, field: "reprise" };
      if (amount.cents < 0)
        return { ok: false, message: "Le montant à reprendre ne peut pas être négatif.", field: "reprise" };
      if (amount.cents > 0) lots.push({ lotId: match[1], ht: amount.cents });
    }
    const count = byLines ? items.length : lots.length;
    if (count === 0 || count > 200) {
      return {
        ok: false,
        message: byLines
          ? "Indiquez la quantité à reprendre sur au moins une ligne."
          : "Indiquez le montant HT à reprendre sur au moins un lot.",
        field: "reprise",
      };
    }
    return {
      ok: true,
      amount: byLines ? { kind: "items", items } : { kind: "lots", lots },
      reason: { kind: "correction", text },
    };
  }
  if (mode === "correction-pourcentage") {
    const parsed = parsePercent(String(form.get("percent") ?? ""));
    if (!parsed.ok || parsed.basisPoints <= 0 || parsed.basisPoints > 10_000) {
      return {
        ok: false,
        message: parsed.ok ? "Le pourcentage doit être compris entre 0 et 100\u00a0%." : parsed.message,
        field: "percent",
      };
    }
    return {
      ok: true,
      amount: { kind: "percent", basisPoints: parsed.basisPoints },
      reason: { kind: "correction", text },
    };
  }
  if (mode === "correction-montant" || mode === "geste" || mode === "remise") {
    const parsed = parseMoney(String(form.get("ttc") ?? ""));
    if (!parsed.ok || parsed.cents <= 0) {
      return {
        ok: false,
        message: parsed.ok ? "Le montant doit être positif." : parsed.message,
        field: "ttc",
      };
    }
    if (mode === "correction-montant") {
      return {
        ok: true,
        amount: { kind: "amount", ttc: parsed.cents },
        reason: { kind: "correction", text },
      };
    }
    const designation = trimmedText(form, "designation", false);
    if (!designation.ok) return { ok: false, message: designation.message, field: "designation" };
    if (designation.value === "") {
      return {
        ok: false,
        message:
          "Indiquez la désignation imprimée sur l'avoir, par exemple « Geste commercial sur la peinture ».",
        field: "designation",
      };
    }
    if (designation.value.length > DESIGNATION_LIMIT) {
      return {
        ok: false,
        message: `La désignation tient en ${DESIGNATION_LIMIT} caractères au plus.`,
        field: "designation",
      };
    }
    return {
      ok: true,
      amount: { kind: "allowance", ttc: parsed.cents, designation: designation.value },
      reason: { kind: mode, text },
    };
  }
  return { ok: false, message: "Choisissez le type d'avoir.", field: "mode" };
}

/*
 * A payment received: « Enregistrer un paiement » on an issued invoice, and « Versement de
 * la retenue de garantie » on an accepted quote. Their method and reference follow ONE
 * rule, below; each form's fields are checked in the order it shows them, so the first
 * message is the first field's.
 */

/** The payment's reference (« VIR-2026-041 »): 120 characters at most, no control character; "" is none. */
export const PaymentReferenceSchema = formText(
  z
    .string()
    .trim()
    .refine((value) => value.length <= 120 && !hasControlCharacters(value), {
      message: "La référence est invalide (120 caractères au plus).",
    })
    .transform((value) => (value === "" ? null : value)),
);

/** One of the payment methods the invoices know. */
export const PaymentMethodSchema = formText(
  z
    .string()
    .refine((value) => (PAYMENT_METHOD_VALUES as readonly string[]).includes(value), {
      message: "Choisissez le moyen de paiement.",
    })
    .transform((value) => value as PaymentMethod),
);

/** An amount typed in euros → cents; refused with `parseMoney`'s message, after `label` if given. */
function moneySchema(label?: string) {
  return formText(
    z.string().transform((raw, context) => {
      const amount = parseMoney(raw);
      if (amount.ok) return amount.cents;
      context.addIssue({ code: "custom", message: label ? `${label} : ${amount.message}` : amount.message });
      return z.NEVER;
    }),
  );
}

/** « Enregistrer un paiement »: paidOn (a day), amount, method, reference. */
export const PaymentSchema = z.object({
  paidOn: formText(
    z.string().superRefine((value, context) => {
      const problem = isoDayProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  ),
  amount: moneySchema(),
  method: PaymentMethodSchema,
  reference: PaymentReferenceSchema,
});

export type PaymentInput = z.output<typeof PaymentSchema>;

/** « Versement de la retenue de garantie »: releasedOn (checked by the billing), amount, method, reference. */
export const RetentionReleaseSchema = z.object({
  releasedOn: formText(z.string().trim()),
  amount: moneySchema("Montant versé"),
  method: PaymentMethodSchema,
  reference: PaymentReferenceSchema,
});

export type RetentionReleaseInput = z.output<typeof RetentionReleaseSchema>;

/** The intents of an invoice's page (/erp/factures/:id). */
export const INVOICE_INTENTS = {
  save: "enregistrer",
  issue: "emettre",
  remove: "supprimer",
  pay: "paiement",
  credit: "avoir",
  send: "envoyer-client",
} as const;

/** A post of an invoice's page: one branch per form. */
export const InvoicePostSchema = z.discriminatedUnion("intent", [
  bareIntent(INVOICE_INTENTS.save),
  bareIntent(INVOICE_INTENTS.issue),
  confirmedIntent(INVOICE_INTENTS.remove, "Confirmez la suppression."),
  PaymentSchema.extend({ intent: z.literal(INVOICE_INTENTS.pay) }),
  bareIntent(INVOICE_INTENTS.credit),
  confirmedIntent(INVOICE_INTENTS.send, "Confirmez l'envoi au client."),
  confirmedIntent(REMINDER_INTENTS.send, "Confirmez l'envoi de la relance au client."),
  bareIntent(REMINDER_INTENTS.suspend),
  bareIntent(REMINDER_INTENTS.resume),
]);

export type InvoicePost = z.output<typeof InvoicePostSchema>;

/** The intents the invoices answer on an accepted quote's page (/erp/devis/:id). */
export const QUOTE_BILLING_INTENTS = { invoice: "facturer", retentionRelease: "retenue" } as const;

/** Their branches of the quote page's union: « Facturer » (read by `parseInvoiceRequest`), the retention's release. */
export const QUOTE_BILLING_BRANCHES = [
  bareIntent(QUOTE_BILLING_INTENTS.invoice),
  RetentionReleaseSchema.extend({ intent: z.literal(QUOTE_BILLING_INTENTS.retentionRelease) }),
] as const;

export type QuoteBillingPost = z.output<(typeof QUOTE_BILLING_BRANCHES)[number]>;
