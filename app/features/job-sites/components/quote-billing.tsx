import { formatCents } from "#app/lib/money.ts";

/** Where a quote of the site stands: invoiced and paid, against the work done at its progress. */
export type QuoteBilling = {
  /** Invoiced HT, deposits not yet deducted left out: the work invoiced. */
  workInvoicedHt: number;
  depositsToDeductHt: number;
  paidTtc: number;
  /** The quote's lots at their sale price × progress. */
  progressValueHt: number;
};

/** « Facturé … · Payé … · Avancement valorisé … », then whether the invoices run ahead of the work or behind it. */
export function QuoteBillingLine({ billing }: { billing: QuoteBilling }) {
  const gap = billing.workInvoicedHt - billing.progressValueHt;
  return (
    <div className="grid basis-full gap-0.5 text-sm text-slate-700">
      <p>
        Travaux facturés {formatCents(billing.workInvoicedHt)} HT
        {billing.depositsToDeductHt > 0
          ? ` (plus ${formatCents(billing.depositsToDeductHt)} HT d'acomptes à déduire)`
          : ""}{" "}
        · payé {formatCents(billing.paidTtc)} TTC · avancement valorisé {formatCents(billing.progressValueHt)}{" "}
        HT
      </p>
      <p
        className={
          gap > 0 ? "font-semibold text-amber-900" : gap < 0 ? "font-semibold text-brand-900" : undefined
        }
      >
        {gap > 0
          ? `Facturé en avance sur l'avancement de ${formatCents(gap)} HT.`
          : gap < 0
            ? `Reste à facturer sur l'avancement : ${formatCents(-gap)} HT.`
            : "Facturation à jour de l'avancement."}
      </p>
    </div>
  );
}
