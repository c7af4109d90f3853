import { type Cents, formatCents } from "#app/lib/money.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";

/*
 * The VAT invoiced per rate, as the accountant reads it: the rate, its HT base and its
 * VAT; under reverse charge the VAT is « Due par le client » (CGI 283-2 nonies). Shared
 * by the dashboard's Factures block and the accounting export page.
 */
export function VatRateTable({
  caption,
  rates,
  className = "w-full",
}: {
  caption: string;
  rates: readonly { code: VatCode; ht: Cents; vat: Cents }[];
  className?: string;
}) {
  return (
    <table className={`${className} border-collapse text-sm`}>
      <caption className="mb-1 text-left font-semibold text-slate-700">{caption}</caption>
      <thead>
        <tr className="text-left text-xs font-bold tracking-wide text-slate-700 uppercase">
          <th scope="col" className="py-2 pr-2">
            Taux
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            Base HT
          </th>
          <th scope="col" className="py-2 text-right">
            TVA
          </th>
        </tr>
      </thead>
      <tbody>
        {rates.map((rate) => (
          <tr key={rate.code} className="border-t border-slate-200">
            <th scope="row" className="py-2 pr-2 text-left font-semibold">
              {VAT_RATES[rate.code].label}
            </th>
            <td className="py-2 pr-2 text-right whitespace-nowrap">{formatCents(rate.ht)}</td>
            <td className="py-2 text-right whitespace-nowrap">
              {rate.code === "autoliquidation" ? "Due par le client" : formatCents(rate.vat)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
