import { parseMoney, parsePercent } from "#app/lib/money.ts";
import type { ProgressEntry } from "./billing.ts";
import type { InvoiceRequest } from "./invoices.server.ts";

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
 * confirmation, confirmation=oui), intent=suspendre-relances, intent=reprendre-relances.
 */

export const REMINDER_INTENTS = {
  send: "relancer",
  suspend: "suspendre-relances",
  resume: "reprendre-relances",
} as const;

export type ReminderRequest = { kind: "send" } | { kind: "suspend"; suspended: boolean };

export type ParsedReminderRequest =
  | { ok: true; request: ReminderRequest }
  | { ok: false; message: string }
  /** Not a reminder intent: the page's other intents decide. */
  | null;

/** A reminder intent of the invoice's page → the request, its refusal, or null for another intent. */
export function parseReminderRequest(form: FormData): ParsedReminderRequest {
  const intent = form.get("intent");
  if (intent === REMINDER_INTENTS.send) {
    if (form.get("confirmation") !== "oui") {
      return { ok: false, message: "Confirmez l'envoi de la relance au client." };
    }
    return { ok: true, request: { kind: "send" } };
  }
  if (intent === REMINDER_INTENTS.suspend) return { ok: true, request: { kind: "suspend", suspended: true } };
  if (intent === REMINDER_INTENTS.resume) return { ok: true, request: { kind: "suspend", suspended: false } };
  return null;
}
