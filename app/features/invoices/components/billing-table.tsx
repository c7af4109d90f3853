import { HeadRow } from "#app/components/data/head-row.tsx";
import { formatCents, formatPercent, formatQuantity } from "#app/lib/money.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import type { BillingInvoice } from "../billing-model.ts";

/* What an invoice bills, as its page shows it: its lines (a standalone invoice, a sale), or its lots' progress and VAT lines. */

/** The columns of both tables: designation, `detail`, amount HT. */
function BillingTableHead({ detail }: { detail: string }) {
  return (
    <thead>
      <HeadRow
        columns={[
          { label: "Désignation" },
          { label: detail, numeric: true },
          { label: "Montant HT", numeric: true },
        ]}
      />
    </thead>
  );
}

function ItemsTable({ items }: { items: NonNullable<BillingInvoice["items"]> }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Lignes de la facture</caption>
      <BillingTableHead detail="Quantité × prix HT" />
      <tbody>
        {items.map((item, index) =>
          item.kind === "text" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never move
            <tr key={index} className="border-t border-slate-200">
              <td colSpan={3} className="py-2 whitespace-pre-line text-slate-700">
                {item.text}
              </td>
            </tr>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never move
            <tr key={index} className="border-t border-slate-200 align-top">
              <th scope="row" className="py-2 pr-2 text-left font-semibold">
                {item.designation}
              </th>
              <td className="py-2 pr-2 text-right text-slate-700 whitespace-nowrap">
                {formatQuantity(item.quantity)} {item.unit} × {formatCents(item.unitPriceHt)} ·{" "}
                {VAT_RATES[item.vatCode].label}
              </td>
              <td className="py-2 text-right whitespace-nowrap">{formatCents(item.ht)}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

export function BillingTable({ billing }: { billing: BillingInvoice }) {
  if (billing.items) return <ItemsTable items={billing.items} />;
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Détail de la facture</caption>
      <BillingTableHead detail="Détail" />
      <tbody>
        {billing.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never move
          <tr key={index} className="border-t border-slate-200 align-top">
            <th scope="row" className="py-2 pr-2 text-left font-semibold">
              {line.kind === "lot" ? line.title : line.label}
            </th>
            <td className="py-2 pr-2 text-right text-slate-700">
              {line.kind === "lot"
                ? `${formatPercent(line.cumulativePercent)} cumulés sur ${formatCents(line.contractHt)}, déjà facturé ${formatCents(line.previousHt)}`
                : VAT_RATES[line.code].label}
            </td>
            <td className="py-2 text-right whitespace-nowrap">{formatCents(line.ht)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
