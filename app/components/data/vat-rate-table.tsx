import { type Cents, formatCents } from "#app/lib/money.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import { HeadRow } from "./head-row.tsx";

/*
 * The VAT per rate, as the accountant reads it: the rate, its HT base and its VAT; under
 * reverse charge the VAT is « Due par le client » (CGI 283-2 nonies). A row names its rate
 * by its code (sales) or by its own key and label (purchases, whose rates include the
 * self-assessed ones). Shared by the dashboard's Factures block and both accounting export
 * pages.
 */

type RateRow = ({ code: VatCode } | { key: string; label: string }) & { ht: Cents; vat: Cents };

const rowKey = (rate: RateRow) => ("code" in rate ? rate.code : rate.key);
const rowLabel = (rate: RateRow) => ("code" in rate ? VAT_RATES[rate.code].label : rate.label);

export function VatRateTable({
  caption,
  rates,
  vatHeading = "TVA",
  className = "w-full",
}: {
  caption: string;
  rates: readonly RateRow[];
  vatHeading?: string;
  className?: string;
}) {
  return (
    <table className={`${className} border-collapse text-sm`}>
      <caption className="mb-1 text-left font-semibold text-slate-700">{caption}</caption>
      <thead>
        <HeadRow
          columns={[
            { label: "Taux" },
            { label: "Base HT", numeric: true },
            { label: vatHeading, numeric: true },
          ]}
        />
      </thead>
      <tbody>
        {rates.map((rate) => (
          <tr key={rowKey(rate)} className="border-t border-slate-200">
            <th scope="row" className="py-2 pr-2 text-left font-semibold">
              {rowLabel(rate)}
            </th>
            <td className="py-2 pr-2 text-right whitespace-nowrap">{formatCents(rate.ht)}</td>
            <td className="py-2 text-right whitespace-nowrap">
              {"code" in rate && rate.code === "autoliquidation"
                ? "Due par le client"
                : formatCents(rate.vat)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
