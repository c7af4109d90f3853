import { memo } from "react";
import { type Cents, divideHalfAwayFromZero, formatCents, formatPercent } from "#app/lib/money.ts";
import { plural } from "#app/lib/plural.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10, VAT_RATES } from "#app/lib/vat.ts";
import type { QuoteMentions } from "../../mentions.ts";
import type { QuoteTotalsResult } from "../../totals.ts";
import { Figure, panelClass, sectionTitleClass } from "./shared.tsx";

/*
 * What the editor shows beside the lines, from the deferred draft read leniently: the
 * totals as the document will print them, the estimated cost and margin (the staff's
 * eyes only), and the mentions the document will carry.
 */

export const TotalsPanel = memo(function TotalsPanel({
  result,
  reverseCharge,
}: {
  result: QuoteTotalsResult;
  reverseCharge: boolean;
}) {
  return (
    <section aria-labelledby="devis-totaux-titre" className={panelClass}>
      <h2 id="devis-totaux-titre" className={sectionTitleClass}>
        Totaux
      </h2>
      {result.ok ? (
        <Figures totals={result.totals} reverseCharge={reverseCharge} />
      ) : (
        <p className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {result.message}
        </p>
      )}
    </section>
  );
});

function Figures({
  totals,
  reverseCharge,
}: {
  totals: Extract<QuoteTotalsResult, { ok: true }>["totals"];
  reverseCharge: boolean;
}) {
  const hasOptions = totals.optional.byRate.length > 0;
  return (
    <>
      <dl className="grid gap-1.5 text-sm text-ink">
        <Figure label="Total HT des lignes" value={formatCents(totals.linesHt - totals.travelHt)} />
        {totals.travelHt !== 0 ? (
          <Figure label="Frais de déplacement HT" value={formatCents(totals.travelHt)} />
        ) : null}
        {totals.discountHt !== 0 ? <Figure label="Remise" value={formatCents(-totals.discountHt)} /> : null}
        <Figure label="Total HT" value={formatCents(totals.totalHt)} strong />
        {reverseCharge ? (
          <Figure label="TVA" value="Autoliquidation" />
        ) : (
          totals.byRate.map((rate) => (
            <Figure
              key={rate.code}
              label={
                <>
                  {VAT_RATES[rate.code].label}{" "}
                  <span className="text-slate-700">(sur {formatCents(rate.ht)} HT)</span>
                </>
              }
              value={formatCents(rate.vat)}
            />
          ))
        )}
        {reverseCharge ? null : (
          // A row of the list itself: a <dl> holds its <dt>/<dd> pairs one <div> deep at most.
          <Figure
            label="Total TTC"
            value={formatCents(totals.totalTtc)}
            strong
            className="mt-1 border-t border-slate-200 pt-2 text-base"
          />
        )}
      </dl>
      {reverseCharge ? (
        <p className="text-sm text-slate-700">
          Autoliquidation : la TVA est due par le client, le devis montre les montants HT seulement.
        </p>
      ) : null}
      {hasOptions || totals.depositTtc !== null ? (
        <dl className="grid gap-1.5 border-t border-slate-200 pt-3 text-sm text-ink">
          {hasOptions ? (
            <Figure
              label="Options (non comprises dans le total)"
              value={
                reverseCharge
                  ? `${formatCents(totals.optional.totalHt)} HT`
                  : `${formatCents(totals.optional.totalHt)} HT · ${formatCents(totals.optional.totalTtc)} TTC`
              }
            />
          ) : null}
          {totals.depositTtc !== null ? (
            <Figure
              label="Acompte demandé"
              value={`${formatCents(totals.depositTtc)} ${reverseCharge ? "HT" : "TTC"}`}
            />
          ) : null}
        </dl>
      ) : null}
    </>
  );
}

function marginRate(margin: Cents | null, cost: Cents | null): string | null {
  if (margin === null || cost === null) return null;
  const base = margin + cost;
  if (base <= 0) return null;
  return formatPercent(Number(divideHalfAwayFromZero(BigInt(margin) * 10_000n, BigInt(base))));
}

export const MarginPanel = memo(function MarginPanel({
  result,
  lots,
}: {
  result: QuoteTotalsResult;
  /** The lots' ids and titles. */
  lots: readonly { id: string; title: string }[];
}) {
  const titles = new Map(lots.map((lot) => [lot.id, lot.title.trim()]));
  return (
    <section aria-labelledby="devis-marge-titre" className={`${panelClass} border-dashed bg-slate-50`}>
      <h2 id="devis-marge-titre" className={sectionTitleClass}>
        Coût estimé et marge (visible par l'équipe uniquement)
      </h2>
      {result.ok ? (
        <>
          <ul className="grid gap-2 text-sm text-ink">
            {result.totals.lots.map((lot, index) => {
              const rate = marginRate(lot.margin, lot.cost);
              return (
                <li key={lot.id} className="rounded-lg bg-white p-3">
                  <p className="font-semibold text-brand-900">
                    Lot {index + 1}
                    {titles.get(lot.id) ? ` : ${titles.get(lot.id)}` : ""}
                  </p>
                  {lot.cost === null ? (
                    <p className="text-slate-700">Aucun prix de revient.</p>
                  ) : (
                    <p className="tabular-nums">
                      Coût estimé {formatCents(lot.cost)} · Marge {formatCents(lot.margin ?? 0)}
                      {rate ? ` (${rate})` : ""}
                    </p>
                  )}
                  {lot.linesWithoutCost > 0 ? (
                    <p className="text-slate-700">
                      {plural(
                        lot.linesWithoutCost,
                        "ligne sans prix de revient",
                        "lignes sans prix de revient",
                      )}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <OverallMargin totals={result.totals} />
        </>
      ) : (
        <p className="text-sm text-slate-700">
          Indisponible tant que les totaux ne peuvent pas être calculés.
        </p>
      )}
    </section>
  );
});

function OverallMargin({ totals }: { totals: Extract<QuoteTotalsResult, { ok: true }>["totals"] }) {
  const withoutCost = totals.lots.reduce((count, lot) => count + lot.linesWithoutCost, 0);
  return (
    <div className="grid gap-1.5 border-t border-slate-200 pt-3 text-sm">
      <dl className="grid gap-1.5">
        <Figure label="Coût estimé total" value={totals.cost === null ? "—" : formatCents(totals.cost)} />
        <Figure
          label="Marge estimée (après remise)"
          value={totals.margin === null ? "—" : formatCents(totals.margin)}
          strong
        />
        <Figure
          label="Taux de marge"
          value={totals.marginRate === null ? "—" : formatPercent(totals.marginRate)}
        />
      </dl>
      {withoutCost > 0 ? (
        <p className="font-medium text-slate-800">
          {plural(withoutCost, "ligne sans prix de revient", "lignes sans prix de revient")} : leur marge
          n'est pas comptée.
        </p>
      ) : null}
    </div>
  );
}

export const MentionsPanel = memo(function MentionsPanel({ mentions }: { mentions: QuoteMentions }) {
  const items: string[] = [mentions.price];
  if (mentions.certifications.includes(CERTIFICATION_10))
    items.push("Attestation du client pour la TVA à 10\u00a0% (logement achevé depuis plus de deux ans)");
  if (mentions.certifications.includes(CERTIFICATION_5_5))
    items.push("Attestation du client pour la TVA à 5,5\u00a0% (travaux d'amélioration énergétique)");
  if (mentions.needsRge) items.push("Numéro de qualification RGE de l'entreprise et sa validité");
  if (mentions.reverseCharge) items.push(`Mention « ${mentions.reverseCharge} »`);
  if (mentions.withdrawal)
    items.push("Droit de rétractation de 14 jours et son formulaire (client particulier)");
  if (mentions.offPremises) items.push("Aucun paiement avant 7 jours (contrat signé hors établissement)");
  return (
    <section aria-labelledby="devis-mentions-titre" className={panelClass}>
      <h2 id="devis-mentions-titre" className={sectionTitleClass}>
        Mentions ajoutées au devis
      </h2>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-ink">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
});
