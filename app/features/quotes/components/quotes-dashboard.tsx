import { CalendarCheck, CalendarClock, Hourglass, TrendingUp, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { listHref } from "#app/components/data/list-url.ts";
import {
  BigNumber,
  DashboardSection,
  MoreLink,
  RowLink,
  StatPanel,
} from "#app/components/data/stat-panel.tsx";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate, formatMonth } from "#app/lib/paris-time.ts";
import { pluralWord as plural } from "#app/lib/plural.ts";
import type { QuoteStatus } from "../content.ts";
import type { QuotesDashboardFigures } from "../dashboard.server.ts";

const LIST_PATH = "/erp/devis";
const listOf = (statut: QuoteStatus) => listHref(LIST_PATH, { statut });

/** « envoyé aujourd'hui », « envoyé hier », « envoyé il y a 12 jours ». */
function sentAgo(ageDays: number): string {
  if (ageDays <= 0) return "envoyé aujourd'hui";
  if (ageDays === 1) return "envoyé hier";
  return `envoyé il y a ${ageDays} jours`;
}

/** « dernier jour aujourd'hui », « dernier jour demain », « dernier jour dans 5 jours ». */
function lastDayIn(daysLeft: number): string {
  if (daysLeft <= 0) return "dernier jour aujourd'hui";
  if (daysLeft === 1) return "dernier jour demain";
  return `dernier jour dans ${daysLeft} jours`;
}

/** A quote in one of the dashboard's lists: the whole row is the link to its page (a large target on a phone). */
function QuoteRow({
  id,
  displayNumber,
  clientName,
  title,
  aside,
  to = `/erp/devis/${id}`,
}: {
  id: string;
  displayNumber: string;
  clientName: string;
  title: string;
  aside: ReactNode;
  /** Where the row leads: the quote's page unless told. */
  to?: string;
}) {
  return <RowLink to={to} name={displayNumber} detail={`${clientName} · ${title}`} aside={aside} />;
}

/**
 * A list of the dashboard's quotes, each with what it shows on the right; with `more`, a
 * link to the whole list when it holds more than these.
 */
function QuoteRows<Quote extends { id: string; displayNumber: string; clientName: string; title: string }>({
  list: { count, items },
  aside,
  to,
  more,
}: {
  list: { count: number; items: Quote[] };
  aside: (quote: Quote) => ReactNode;
  /** Where each row leads: the quote's page unless told. */
  to?: (quote: Quote) => string;
  /** The whole list's page and what it holds: « devis envoyés ». */
  more?: { to: string; what: string };
}) {
  return (
    <>
      <ul className="mt-2 grid gap-1">
        {items.map((quote) => (
          <QuoteRow key={quote.id} {...quote} aside={aside(quote)} to={to?.(quote)} />
        ))}
      </ul>
      {more && count > items.length ? <MoreLink to={more.to}>{`Les ${count} ${more.what}`}</MoreLink> : null}
    </>
  );
}

/**
 * The Devis block of the Espace Pro's home: the quotes waiting for an answer, those
 * about to expire, this month's acceptances, the conversion rate and the accepted
 * quotes still to schedule.
 */
export function QuotesDashboard({ figures }: { figures: QuotesDashboardFigures }) {
  const { pending, expiringSoon, acceptedThisMonth, conversion, toSchedule } = figures;
  const month = formatMonth(acceptedThisMonth.monthStart);
  return (
    <DashboardSection
      id="quotes-dashboard-title"
      title="Devis"
      more={{ to: LIST_PATH, label: "Tous les devis" }}
      columns={3}
    >
      <StatPanel id="quotes-pending-title" title="Devis en attente de réponse" icon={Hourglass}>
        <BigNumber
          to={listOf("envoye")}
          label={`${pending.count} ${plural(pending.count, "devis envoyé", "devis envoyés")} en attente de réponse : voir la liste`}
        >
          {pending.count}
        </BigNumber>
        {pending.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            Aucun devis en attente : chaque devis envoyé a reçu une réponse.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">Les plus anciens d'abord.</p>
            <QuoteRows
              list={pending}
              more={{ to: listOf("envoye"), what: "devis envoyés" }}
              aside={(quote) => (
                <time
                  dateTime={quote.sentAt.toISOString()}
                  className={quote.ageDays >= 15 ? "font-semibold text-red-800" : "text-slate-700"}
                >
                  {sentAgo(quote.ageDays)}
                </time>
              )}
            />
          </>
        )}
      </StatPanel>

      <StatPanel id="quotes-expiring-title" title="Expirent dans les 7 jours" icon={CalendarClock}>
        <BigNumber>{expiringSoon.count}</BigNumber>
        <p className="text-sm text-slate-700">
          {plural(expiringSoon.count, "devis envoyé", "devis envoyés")} dont la validité s'achève d'ici le{" "}
          {formatDate(expiringSoon.until)}
        </p>
        {expiringSoon.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            Aucun devis n'arrive en fin de validité d'ici le {formatDate(expiringSoon.until)}.
          </p>
        ) : (
          <QuoteRows
            list={expiringSoon}
            aside={(quote) => (
              <span className={quote.daysLeft <= 1 ? "font-semibold text-red-800" : "text-slate-700"}>
                {lastDayIn(quote.daysLeft)}{" "}
                <time dateTime={quote.validUntil}>({formatDate(quote.validUntil, "medium")})</time>
              </span>
            )}
          />
        )}
        <MoreLink to={listOf("envoye")}>Tous les devis envoyés</MoreLink>
      </StatPanel>

      <StatPanel id="quotes-accepted-title" title="Acceptés ce mois-ci" icon={Trophy}>
        <BigNumber
          to={listOf("accepte")}
          label={`${acceptedThisMonth.count} ${plural(acceptedThisMonth.count, "devis accepté", "devis acceptés")} en ${month} : voir les devis acceptés`}
        >
          {acceptedThisMonth.count}
        </BigNumber>
        {acceptedThisMonth.count === 0 ? (
          <p className="text-sm text-slate-700">Aucun devis accepté en {month} pour l'instant.</p>
        ) : (
          <p className="text-sm text-slate-700">
            {plural(acceptedThisMonth.count, "devis accepté", "devis acceptés")} en {month}, pour{" "}
            <span className="font-semibold text-brand-900">{formatCents(acceptedThisMonth.totalHt)} HT</span>
          </p>
        )}
      </StatPanel>

      <StatPanel id="quotes-conversion-title" title="Taux de transformation (90 jours)" icon={TrendingUp}>
        <BigNumber>
          {conversion.percent === null ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">Aucun taux</span>
            </>
          ) : (
            formatPercent(conversion.percent * 100)
          )}
        </BigNumber>
        {conversion.sent === 0 ? (
          <p className="text-sm text-slate-700">
            Aucun devis envoyé depuis le {formatDate(conversion.since)} : pas encore de taux à calculer.
          </p>
        ) : (
          <>
            <p className="font-semibold">
              {conversion.accepted} {plural(conversion.accepted, "accepté")} sur {conversion.sent}{" "}
              {plural(conversion.sent, "envoyé")}
            </p>
            <p className="text-sm text-slate-700">
              Devis envoyés depuis le {formatDate(conversion.since)} ; chaque devis compte une fois, quelle
              que soit la version acceptée.
            </p>
          </>
        )}
      </StatPanel>

      <StatPanel
        id="quotes-schedule-title"
        title="À planifier"
        icon={CalendarCheck}
        className="md:col-span-2"
      >
        <BigNumber
          to={listOf("accepte")}
          label={`${toSchedule.count} ${plural(toSchedule.count, "devis accepté", "devis acceptés")} à planifier : voir les devis acceptés`}
        >
          {toSchedule.count}
        </BigNumber>
        {toSchedule.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Aucun devis accepté en attente de son chantier.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {plural(toSchedule.count, "Devis accepté", "Devis acceptés")} sans chantier, la plus ancienne
              acceptation d'abord : chaque ligne ouvre « Créer le chantier ».
            </p>
            <QuoteRows
              list={toSchedule}
              to={(quote) => `/erp/chantiers/nouveau?devis=${quote.id}`}
              more={{ to: listOf("accepte"), what: "devis acceptés" }}
              aside={(quote) => (
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-semibold text-brand-900">{formatCents(quote.totalHt)} HT</span>
                  <time dateTime={quote.decidedAt.toISOString()} className="text-slate-700">
                    accepté le {formatDate(quote.decidedAt, "medium")}
                  </time>
                </span>
              )}
            />
          </>
        )}
      </StatPanel>
    </DashboardSection>
  );
}
