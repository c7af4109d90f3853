import { HeadRow } from "#app/components/data/head-row.tsx";
import { retentionTermsText } from "#app/lib/guarantee-retention.ts";
import { formatCents, formatQuantity, lineTotal } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import {
  CERTIFICATION_IN_FORM,
  OFF_PREMISES_NOTICE,
  type QuoteMentions,
  WITHDRAWAL_NOTICE,
} from "../mentions.ts";
import type {
  PublicQuoteContent as QuoteContent,
  PublicQuoteItemLine as QuoteItemLine,
  PublicQuoteTotals as QuoteTotals,
} from "../public-view.ts";

/*
 * A quote as HTML, as the client reads it: the staff's view of a sent version and the
 * client's page /accord/{token} render the same component. Lots as lists of lines (a
 * table on a computer, stacked on a phone), totals per VAT rate, terms and mentions.
 * The staff's cost and margin are never here: it takes the client's projection of the
 * quote (../public-view.ts), which the staff's full quote also satisfies.
 */

type Props = {
  content: QuoteContent;
  totals: QuoteTotals;
  mentions: QuoteMentions;
  /** Last day of validity, once sent. */
  validUntil: string | null;
  /** Heading level of the sections (2 on a page of its own, 3 inside a panel). */
  level?: 2 | 3;
  /**
   * Where the client's VAT certification is printed: here (the default), or in the
   * acceptance form of the client's page, which prints it beside the box the client
   * ticks; the document then only points there, so that the text is read once.
   */
  certificationsIn?: "document" | "formulaire";
};

function vatLabel(content: QuoteContent, line: Pick<QuoteItemLine, "vatCode">): string {
  return content.reverseCharge ? "Autoliq." : VAT_RATES[line.vatCode].label.replace("TVA ", "");
}

function LineRows({
  content,
  lines,
}: {
  content: QuoteContent;
  lines: QuoteContent["lots"][number]["lines"];
}) {
  return (
    <>
      {lines.map((line) =>
        line.kind === "text" ? (
          <tr key={line.id} className="border-t border-slate-200">
            <td colSpan={5} className="whitespace-pre-line py-2 pr-2 text-slate-800 italic">
              {line.text}
            </td>
          </tr>
        ) : (
          <tr
            key={line.id}
            className="border-t border-slate-200 align-top max-sm:grid max-sm:grid-cols-2 max-sm:py-2"
          >
            <td className="py-2 pr-2 max-sm:col-span-2 max-sm:py-0">
              <span className="font-semibold text-slate-900">{line.designation}</span>
              {line.description ? (
                <span className="block whitespace-pre-line text-sm text-slate-700">{line.description}</span>
              ) : null}
            </td>
            <td className="py-2 pr-2 text-right whitespace-nowrap max-sm:py-0 max-sm:text-left">
              <span className="sm:sr-only">Quantité : </span>
              {line.quantity === null ? "—" : formatQuantity(line.quantity)} {line.unit}
            </td>
            <td className="py-2 pr-2 text-right whitespace-nowrap max-sm:py-0">
              <span className="sm:sr-only">Prix unitaire HT : </span>
              {line.unitPriceHt === null ? "—" : formatCents(line.unitPriceHt)}
            </td>
            <td className="py-2 pr-2 text-right whitespace-nowrap max-sm:py-0 max-sm:text-left">
              <span className="sm:sr-only">TVA : </span>
              {vatLabel(content, line)}
            </td>
            <td className="py-2 text-right font-semibold whitespace-nowrap max-sm:py-0">
              <span className="sm:sr-only">Total HT : </span>
              {line.quantity === null || line.unitPriceHt === null
                ? "—"
                : formatCents(lineTotal(line.quantity, line.unitPriceHt))}
            </td>
          </tr>
        ),
      )}
    </>
  );
}

function Head() {
  return (
    <thead className="max-sm:sr-only">
      <HeadRow
        columns={[
          { label: "Désignation" },
          { label: "Quantité", numeric: true },
          { label: "Prix unitaire HT", numeric: true },
          { label: "TVA", numeric: true },
          { label: "Total HT", numeric: true },
        ]}
      />
    </thead>
  );
}

export function QuoteDocument({
  content,
  totals,
  mentions,
  validUntil,
  level = 2,
  certificationsIn = "document",
}: Props) {
  const Heading = `h${level}` as const;
  const SubHeading = `h${level + 1}` as "h3" | "h4";
  const retention = retentionTermsText(content.terms);
  const optionLines = content.lots.flatMap((lot) =>
    lot.lines.filter((line): line is QuoteItemLine => line.kind === "item" && line.optional),
  );
  const counted = (lines: QuoteContent["lots"][number]["lines"]) =>
    lines.filter((line) => line.kind === "text" || !line.optional);
  return (
    <div className="grid gap-5">
      <section className="grid gap-1">
        <Heading className="text-lg font-bold text-brand-900">{content.title}</Heading>
        {content.description ? (
          <p className="whitespace-pre-line text-slate-800">{content.description}</p>
        ) : null}
        <p className="text-sm text-slate-700">
          Adresse du chantier :{" "}
          {[content.site.street, [content.site.postalCode, content.site.city].filter(Boolean).join(" ")]
            .filter(Boolean)
            .join(", ") || "—"}
        </p>
      </section>

      {content.lots.map((lot, index) => {
        const lotTotals = totals.lots[index];
        return (
          <section key={lot.id} className="grid gap-2" aria-labelledby={`lot-${lot.id}`}>
            <SubHeading id={`lot-${lot.id}`} className="font-bold text-brand-900">
              {index + 1}. {lot.title}
            </SubHeading>
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Lignes du lot {lot.title}</caption>
              <Head />
              <tbody className="max-sm:grid">
                <LineRows content={content} lines={counted(lot.lines)} />
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-300">
                  <th scope="row" colSpan={4} className="py-2 pr-2 text-right font-semibold max-sm:text-left">
                    Sous-total {lot.title}
                  </th>
                  <td className="py-2 text-right font-bold whitespace-nowrap">
                    {formatCents(lotTotals?.subtotalHt ?? 0)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
        );
      })}

      {content.travel ? (
        <p className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-sm">
          <span>Frais de déplacement</span>
          <span className="font-semibold">{formatCents(content.travel.amountHt)} HT</span>
        </p>
      ) : null}

      <section
        aria-label="Totaux"
        className="ml-auto grid w-full max-w-md gap-1 rounded-lg bg-slate-50 p-3 text-sm"
      >
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {totals.discountHt !== 0 ? (
            <>
              <dt>Total HT des lignes</dt>
              <dd className="text-right">{formatCents(totals.linesHt)}</dd>
              <dt>Remise</dt>
              <dd className="text-right">−{formatCents(totals.discountHt)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Total HT</dt>
          <dd className="text-right font-semibold">{formatCents(totals.totalHt)}</dd>
          {content.reverseCharge ? (
            <>
              <dt>TVA</dt>
              <dd className="text-right">autoliquidation</dd>
            </>
          ) : (
            totals.byRate.map((rate) => (
              <FragmentRow
                key={rate.code}
                label={`${VAT_RATES[rate.code].label} sur ${formatCents(rate.ht)}`}
                value={formatCents(rate.vat)}
              />
            ))
          )}
          <dt className="text-base font-bold text-brand-900">
            {content.reverseCharge ? "Total net HT" : "Total TTC"}
          </dt>
          <dd className="text-right text-base font-bold text-brand-900">{formatCents(totals.totalTtc)}</dd>
          {totals.depositTtc !== null ? (
            <>
              <dt>Acompte à la signature</dt>
              <dd className="text-right">{formatCents(totals.depositTtc)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {optionLines.length > 0 ? (
        <section className="grid gap-2" aria-labelledby="options-devis">
          <SubHeading id="options-devis" className="font-bold text-brand-900">
            Options (non comprises dans le total)
          </SubHeading>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Lignes en option</caption>
            <Head />
            <tbody className="max-sm:grid">
              <LineRows content={content} lines={optionLines} />
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300">
                <th scope="row" colSpan={4} className="py-2 pr-2 text-right font-semibold max-sm:text-left">
                  Total des options HT
                </th>
                <td className="py-2 text-right font-bold whitespace-nowrap">
                  {formatCents(totals.optional.totalHt)}
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      ) : null}

      <section className="grid gap-2 text-sm text-slate-800" aria-labelledby="conditions-devis">
        <SubHeading id="conditions-devis" className="font-bold text-brand-900">
          Conditions
        </SubHeading>
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            {validUntil
              ? `Devis valable jusqu'au ${formatDate(validUntil)}.`
              : `Validité : ${content.terms.validityDays} jours à compter de son envoi.`}
          </li>
          <li>{mentions.price}.</li>
          {content.terms.startOn ? (
            <li>Début estimé des travaux : {formatDate(content.terms.startOn)}.</li>
          ) : null}
          {content.terms.duration ? <li>Durée estimée : {content.terms.duration}.</li> : null}
          {content.terms.depositSchedule ? <li>Échéancier : {content.terms.depositSchedule}</li> : null}
          {content.terms.paymentTerms ? <li>Paiement : {content.terms.paymentTerms}</li> : null}
          {retention ? <li>{retention}</li> : null}
        </ul>
        {content.terms.noteToClient ? (
          <p className="whitespace-pre-line rounded-lg bg-brand-50 p-3">{content.terms.noteToClient}</p>
        ) : null}
        {mentions.reverseCharge ? <p className="font-semibold">{mentions.reverseCharge}</p> : null}
        {certificationsIn === "document" ? (
          mentions.certifications.map((text) => <p key={text}>{text}</p>)
        ) : mentions.certifications.length > 0 ? (
          <p>{CERTIFICATION_IN_FORM}</p>
        ) : null}
        {mentions.offPremises ? <p>{OFF_PREMISES_NOTICE}</p> : null}
        {mentions.withdrawal ? (
          <p>{WITHDRAWAL_NOTICE} Le formulaire de rétractation figure à la dernière page du devis en PDF.</p>
        ) : null}
      </section>
    </div>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </>
  );
}
