import { parseMoney, parsePercent } from "#app/lib/money.ts";
import type { InvoiceRequest } from "./invoices.server.ts";

/*
 * The « Facturer » forms of an accepted quote's page: kind=acompte (mode pourcentage or
 * montant, value), kind=situation (lot.<id> = cumulative progress in %), kind=solde.
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
    const lots: { lotId: string; percent: number }[] = [];
    for (const [key, raw] of form) {
      const match = /^lot\.([A-Za-z0-9_:-]{1,40})$/.exec(key);
      if (!match?.[1] || typeof raw !== "string" || raw.trim() === "") continue;
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
