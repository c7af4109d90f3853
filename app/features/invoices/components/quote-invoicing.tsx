import { Form, Link } from "react-router";
import { SelectField, TextField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { InvoiceStatusBadge } from "./invoice-status-badge.tsx";

/*
 * « Facturer » on an accepted quote's page: its invoices so far, and the three ways to
 * invoice it (a deposit, a progress invoice with each lot's cumulative progress, the
 * final invoice). Each form posts to the quote's page (intent « facturer »), which
 * prepares a draft; the server refuses anything that would exceed the quote and says what
 * is left.
 */

type InvoiceSummary = {
  id: string;
  number: string | null;
  kind: string;
  status: Parameters<typeof InvoiceStatusBadge>[0]["status"];
  totalTtc: number;
  netToPay: number;
  paid: number;
  issuedOn: string | null;
};

const KIND_LABELS: Record<string, string> = {
  acompte: "Acompte",
  situation: "Situation",
  solde: "Solde",
  facture: "Facture",
  avoir: "Avoir",
};

export function QuoteInvoicing({
  lots,
  invoices,
  refusal,
  className,
}: {
  lots: readonly { id: string; title: string }[];
  invoices: readonly InvoiceSummary[];
  /** Why the last « Facturer » was refused (it would exceed the quote…). */
  refusal?: string;
  /** The page's panel style. */
  className: string;
}) {
  return (
    <section aria-labelledby="facturer" className={className}>
      <h2 id="facturer" className="mb-3 text-lg font-bold text-brand-900">
        Facturer
      </h2>
      {refusal ? (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-900"
        >
          {refusal}
        </p>
      ) : null}
      {invoices.length > 0 ? (
        <ul className="mb-4 grid gap-2" aria-label="Factures de ce devis">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center gap-2">
              <Link to={`/erp/factures/${invoice.id}`} className="font-semibold text-brand-700 underline">
                {invoice.number ?? "Brouillon"}
              </Link>
              <span>{KIND_LABELS[invoice.kind] ?? invoice.kind}</span>
              <InvoiceStatusBadge status={invoice.status} />
              <span className="ml-auto whitespace-nowrap">
                {formatCents(invoice.totalTtc)} TTC
                {invoice.issuedOn ? `, émise le ${formatDate(invoice.issuedOn, "numeric")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-slate-700">Aucune facture pour ce devis.</p>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Form method="post" className="grid content-start gap-3 rounded-lg border border-slate-200 p-3">
          <h3 className="font-bold">Facture d'acompte</h3>
          <input type="hidden" name="intent" value="facturer" />
          <input type="hidden" name="kind" value="acompte" />
          <SelectField
            name="mode"
            label="Acompte en"
            defaultValue="pourcentage"
            options={[
              { value: "pourcentage", label: "Pourcentage du TTC" },
              { value: "montant", label: "Montant TTC" },
            ]}
          />
          <TextField name="value" label="Valeur" inputMode="decimal" required defaultValue="30" />
          <div>
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Préparer l'acompte
            </button>
          </div>
        </Form>
        <Form method="post" className="grid content-start gap-3 rounded-lg border border-slate-200 p-3">
          <h3 className="font-bold">Facture de situation</h3>
          <input type="hidden" name="intent" value="facturer" />
          <input type="hidden" name="kind" value="situation" />
          <p className="text-sm text-slate-700">Avancement cumulé de chaque lot, en %.</p>
          {lots.map((lot) => (
            <TextField
              key={lot.id}
              name={`lot.${lot.id}`}
              label={lot.title}
              inputMode="decimal"
              placeholder="50"
            />
          ))}
          <div>
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Préparer la situation
            </button>
          </div>
        </Form>
        <Form method="post" className="grid content-start gap-3 rounded-lg border border-slate-200 p-3">
          <h3 className="font-bold">Facture de solde</h3>
          <input type="hidden" name="intent" value="facturer" />
          <input type="hidden" name="kind" value="solde" />
          <p className="text-sm text-slate-700">
            Le reste du devis, acomptes et situations déduits ligne par ligne.
          </p>
          <div>
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Préparer le solde
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
