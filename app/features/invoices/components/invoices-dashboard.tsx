import { AlarmClock, Landmark, ReceiptText, ShieldCheck } from "lucide-react";
import { listHref } from "#app/components/data/list-url.ts";
import {
  BigNumber,
  DashboardSection,
  MoreLink,
  RowLink,
  StatPanel,
} from "#app/components/data/stat-panel.tsx";
import { VatRateTable } from "#app/components/data/vat-rate-table.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, formatMonth } from "#app/lib/paris-time.ts";
import { pluralWord } from "#app/lib/plural.ts";
import type { InvoicesDashboardFigures } from "../dashboard.server.ts";

const INVOICES_PATH = "/erp/factures";

/**
 * The Factures block of the Espace Pro's home: what clients owe, the late invoices (the
 * oldest due first), what this month invoiced and its VAT per rate, the retentions held
 * and their release days.
 */
export function InvoicesDashboard({ figures }: { figures: InvoicesDashboardFigures }) {
  const { outstanding, overdue, month, retentions } = figures;
  const monthName = formatMonth(month.start);
  const lateHref = listHref(INVOICES_PATH, { statut: "en_retard", tri: "date", ordre: "asc" });
  const monthHref = listHref(INVOICES_PATH, { du: month.start, au: month.end });
  const issuedThisMonth = month.invoices + month.creditNotes;
  return (
    <DashboardSection
      id="invoices-dashboard-title"
      title="Factures"
      more={{ to: INVOICES_PATH, label: "Toutes les factures" }}
    >
      <StatPanel id="invoices-outstanding-title" title="Reste à encaisser" icon={Landmark}>
        <BigNumber
          to={INVOICES_PATH}
          label={`${formatCents(outstanding.amount)} restent à encaisser sur ${outstanding.count} ${pluralWord(outstanding.count, "facture")} : voir les factures`}
        >
          {formatCents(outstanding.amount)}
        </BigNumber>
        {outstanding.count === 0 ? (
          <p className="text-sm text-slate-700">Aucune facture émise n'attend de paiement.</p>
        ) : (
          <p className="text-sm text-slate-700">
            TTC, sur {outstanding.count}{" "}
            {pluralWord(outstanding.count, "facture émise non soldée", "factures émises non soldées")}, avoirs
            déduits ; les retenues de garantie sont comptées à part.
          </p>
        )}
      </StatPanel>

      <StatPanel id="invoices-overdue-title" title="En retard de paiement" icon={AlarmClock}>
        <BigNumber
          to={lateHref}
          label={`${overdue.count} ${pluralWord(overdue.count, "facture")} en retard, ${formatCents(overdue.amount)} dus : voir la liste`}
        >
          {overdue.count}
        </BigNumber>
        {overdue.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Aucune facture en retard.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {pluralWord(overdue.count, "facture échue", "factures échues")} pour{" "}
              <span className="font-semibold text-red-800">{formatCents(overdue.amount)}</span> ; la plus
              ancienne échéance d'abord.
            </p>
            <ul
              className="mt-2 grid gap-1"
              aria-label="Factures en retard, la plus ancienne échéance d'abord"
            >
              {overdue.items.map((invoice) => (
                <RowLink
                  key={invoice.id}
                  to={`${INVOICES_PATH}/${invoice.id}`}
                  name={invoice.number}
                  detail={
                    <>
                      {invoice.clientName} · échue le{" "}
                      <time dateTime={invoice.dueOn}>{formatDate(invoice.dueOn, "medium")}</time>
                    </>
                  }
                  aside={
                    <>
                      <span className="font-semibold text-brand-900">{formatCents(invoice.left)}</span>
                      <span className="font-semibold text-red-800">
                        {invoice.daysLate} {pluralWord(invoice.daysLate, "jour")} de retard
                      </span>
                    </>
                  }
                />
              ))}
            </ul>
            {overdue.count > overdue.items.length ? (
              <MoreLink to={lateHref}>Les {overdue.count} factures en retard</MoreLink>
            ) : null}
          </>
        )}
      </StatPanel>

      <StatPanel id="invoices-month-title" title={`Facturé en ${monthName}`} icon={ReceiptText}>
        <BigNumber
          to={monthHref}
          label={`${formatCents(month.invoicedHt)} HT facturés en ${monthName} : voir les factures du mois`}
        >
          {formatCents(month.invoicedHt)} HT
        </BigNumber>
        {issuedThisMonth === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Aucune facture émise en {monthName} pour l'instant.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {month.invoices} {pluralWord(month.invoices, "facture émise", "factures émises")}
              {month.creditNotes > 0
                ? `, moins ${month.creditNotes} ${pluralWord(month.creditNotes, "avoir")}`
                : ""}{" "}
              depuis le {formatDate(month.start)}.
            </p>
            <div className="mt-3 overflow-x-auto">
              <VatRateTable caption={`TVA facturée en ${monthName}, par taux`} rates={month.rates} />
            </div>
          </>
        )}
        <MoreLink to={monthHref}>Les documents de {monthName}</MoreLink>
      </StatPanel>

      <StatPanel id="invoices-retention-title" title="Retenues de garantie" icon={ShieldCheck}>
        <BigNumber>{formatCents(retentions.held)}</BigNumber>
        {retentions.count === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Aucune retenue de garantie en cours.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Retenus sur {retentions.count} devis, libérés un an après la réception des travaux sauf
              opposition motivée du client ; la plus proche libération d'abord.
            </p>
            <ul className="mt-2 grid gap-1" aria-label="Retenues de garantie par devis">
              {retentions.items.map((retention) => (
                <RowLink
                  key={retention.quoteId}
                  to={`/erp/devis/${retention.quoteId}`}
                  name={retention.quoteNumber}
                  detail={`${retention.clientName} · ${retention.quoteTitle}`}
                  aside={
                    <>
                      <span className="font-semibold text-brand-900">{formatCents(retention.held)}</span>
                      {retention.releaseOn === null ? (
                        <span className="text-slate-700">réception non saisie</span>
                      ) : (
                        <span
                          className={retention.releasable ? "font-semibold text-green-800" : "text-slate-700"}
                        >
                          {retention.releasable ? "libérable depuis le" : "libérable le"}{" "}
                          <time dateTime={retention.releaseOn}>
                            {formatDate(retention.releaseOn, "medium")}
                          </time>
                        </span>
                      )}
                      {retention.openReservations > 0 ? (
                        <span className="font-semibold text-amber-900">
                          {retention.openReservations > 1
                            ? `${retention.openReservations} réserves non levées`
                            : "1 réserve non levée"}
                        </span>
                      ) : null}
                    </>
                  }
                />
              ))}
            </ul>
            {retentions.count > retentions.items.length ? (
              <p className="mt-2 text-sm text-slate-700">
                Et {retentions.count - retentions.items.length} autres devis.
              </p>
            ) : null}
          </>
        )}
      </StatPanel>
    </DashboardSection>
  );
}
