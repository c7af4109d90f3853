import { ArrowRight, CalendarCheck, CalendarClock, Hourglass, TrendingUp, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { listHref } from "#app/components/data/list-url.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import type { QuoteStatus } from "../content.ts";
import type { QuotesDashboardFigures } from "../dashboard.server.ts";

const LIST_PATH = "/erp/devis";
const listOf = (statut: QuoteStatus) => listHref(LIST_PATH, { statut });

const plural = (count: number, word: string, many = `${word}s`) => (count > 1 ? many : word);

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

const monthFormat = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11-01" → « novembre 2026 ». */
const monthOf = (day: IsoDay) => monthFormat.format(new Date(`${day}T00:00:00Z`));

const bigNumberClass =
  "font-heading text-4xl font-extrabold text-brand-700 underline-offset-4 hover:underline";
const rowLinkClass =
  "flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg px-2 py-1.5 hover:bg-brand-50";

function Panel({
  id,
  title,
  icon,
  className,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="flex items-center gap-2 text-base font-bold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-2">
      <Link
        to={to}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
      >
        {children} <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </p>
  );
}

/** A quote in one of the dashboard's lists: the whole row is the link to its page (a large target on a phone). */
function QuoteRow({
  id,
  displayNumber,
  clientName,
  title,
  aside,
}: {
  id: string;
  displayNumber: string;
  clientName: string;
  title: string;
  aside: ReactNode;
}) {
  return (
    <li>
      <Link to={`/erp/devis/${id}`} className={rowLinkClass}>
        <span className="min-w-0">
          <span className="block font-semibold text-brand-700 underline">{displayNumber}</span>
          <span className="block break-words text-sm text-slate-700">
            {clientName} · {title}
          </span>
        </span>
        <span className="text-sm">{aside}</span>
      </Link>
    </li>
  );
}

/**
 * The Devis block of the Espace Pro's home: the quotes waiting for an answer, those
 * about to expire, this month's acceptances, the conversion rate and the accepted
 * quotes still to schedule. `panelClassName` is the Espace Pro's panel, given by the
 * route (a feature does not reach into another's files).
 */
export function QuotesDashboard({
  figures,
  panelClassName,
}: {
  figures: QuotesDashboardFigures;
  panelClassName: string;
}) {
  const { pending, expiringSoon, acceptedThisMonth, conversion, toSchedule } = figures;
  const month = monthOf(acceptedThisMonth.monthStart);
  const iconClass = "size-5 shrink-0 text-accent-600";
  return (
    <section aria-labelledby="quotes-dashboard-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="quotes-dashboard-title" className="text-xl font-extrabold">
          Devis
        </h2>
        <Link
          to={LIST_PATH}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
        >
          Tous les devis <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Panel
          id="quotes-pending-title"
          title="Devis en attente de réponse"
          icon={<Hourglass aria-hidden="true" className={iconClass} />}
          className={panelClassName}
        >
          <p className="mt-2">
            <Link
              to={listOf("envoye")}
              className={bigNumberClass}
              aria-label={`${pending.count} ${plural(pending.count, "devis envoyé", "devis envoyés")} en attente de réponse : voir la liste`}
            >
              {pending.count}
            </Link>
          </p>
          {pending.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              Aucun devis en attente : chaque devis envoyé a reçu une réponse.
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">Les plus anciens d'abord.</p>
              <ul className="mt-2 grid gap-1">
                {pending.items.map((quote) => (
                  <QuoteRow
                    key={quote.id}
                    {...quote}
                    aside={
                      <time
                        dateTime={quote.sentAt.toISOString()}
                        className={quote.ageDays >= 15 ? "font-semibold text-red-800" : "text-slate-700"}
                      >
                        {sentAgo(quote.ageDays)}
                      </time>
                    }
                  />
                ))}
              </ul>
              {pending.count > pending.items.length ? (
                <MoreLink to={listOf("envoye")}>Les {pending.count} devis envoyés</MoreLink>
              ) : null}
            </>
          )}
        </Panel>

        <Panel
          id="quotes-expiring-title"
          title="Expirent dans les 7 jours"
          icon={<CalendarClock aria-hidden="true" className={iconClass} />}
          className={panelClassName}
        >
          <p className="mt-2 font-heading text-4xl font-extrabold text-brand-900">{expiringSoon.count}</p>
          <p className="text-sm text-slate-700">
            {plural(expiringSoon.count, "devis envoyé", "devis envoyés")} dont la validité s'achève d'ici le{" "}
            {formatDate(expiringSoon.until)}
          </p>
          {expiringSoon.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">
              Aucun devis n'arrive en fin de validité d'ici le {formatDate(expiringSoon.until)}.
            </p>
          ) : (
            <ul className="mt-2 grid gap-1">
              {expiringSoon.items.map((quote) => (
                <QuoteRow
                  key={quote.id}
                  {...quote}
                  aside={
                    <span className={quote.daysLeft <= 1 ? "font-semibold text-red-800" : "text-slate-700"}>
                      {lastDayIn(quote.daysLeft)}{" "}
                      <time dateTime={quote.validUntil}>({formatDate(quote.validUntil, "medium")})</time>
                    </span>
                  }
                />
              ))}
            </ul>
          )}
          <MoreLink to={listOf("envoye")}>Tous les devis envoyés</MoreLink>
        </Panel>

        <Panel
          id="quotes-accepted-title"
          title="Acceptés ce mois-ci"
          icon={<Trophy aria-hidden="true" className={iconClass} />}
          className={panelClassName}
        >
          <p className="mt-2">
            <Link
              to={listOf("accepte")}
              className={bigNumberClass}
              aria-label={`${acceptedThisMonth.count} ${plural(acceptedThisMonth.count, "devis accepté", "devis acceptés")} en ${month} : voir les devis acceptés`}
            >
              {acceptedThisMonth.count}
            </Link>
          </p>
          {acceptedThisMonth.count === 0 ? (
            <p className="text-sm text-slate-700">Aucun devis accepté en {month} pour l'instant.</p>
          ) : (
            <p className="text-sm text-slate-700">
              {plural(acceptedThisMonth.count, "devis accepté", "devis acceptés")} en {month}, pour{" "}
              <span className="font-semibold text-brand-900">
                {formatCents(acceptedThisMonth.totalHt)} HT
              </span>
            </p>
          )}
        </Panel>

        <Panel
          id="quotes-conversion-title"
          title="Taux de transformation (90 jours)"
          icon={<TrendingUp aria-hidden="true" className={iconClass} />}
          className={panelClassName}
        >
          <p className="mt-2 font-heading text-4xl font-extrabold text-brand-900">
            {conversion.percent === null ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">Aucun taux</span>
              </>
            ) : (
              formatPercent(conversion.percent * 100)
            )}
          </p>
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
        </Panel>

        <Panel
          id="quotes-schedule-title"
          title="À planifier"
          icon={<CalendarCheck aria-hidden="true" className={iconClass} />}
          className={`${panelClassName} md:col-span-2`}
        >
          <p className="mt-2">
            <Link
              to={listOf("accepte")}
              className={bigNumberClass}
              aria-label={`${toSchedule.count} ${plural(toSchedule.count, "devis accepté", "devis acceptés")} à planifier : voir les devis acceptés`}
            >
              {toSchedule.count}
            </Link>
          </p>
          {toSchedule.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Aucun devis accepté en attente de son chantier.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {plural(toSchedule.count, "Devis accepté", "Devis acceptés")}, chantier à planifier ; la plus
                ancienne acceptation d'abord.
              </p>
              <ul className="mt-2 grid gap-1">
                {toSchedule.items.map((quote) => (
                  <QuoteRow
                    key={quote.id}
                    {...quote}
                    aside={
                      <span className="flex flex-wrap items-baseline gap-x-2">
                        <span className="font-semibold text-brand-900">{formatCents(quote.totalHt)} HT</span>
                        <time dateTime={quote.decidedAt.toISOString()} className="text-slate-700">
                          accepté le {formatDate(quote.decidedAt, "medium")}
                        </time>
                      </span>
                    }
                  />
                ))}
              </ul>
              {toSchedule.count > toSchedule.items.length ? (
                <MoreLink to={listOf("accepte")}>Les {toSchedule.count} devis acceptés</MoreLink>
              ) : null}
            </>
          )}
        </Panel>
      </div>
    </section>
  );
}
