import {
  AlarmClock,
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  CalendarClock,
  ClipboardList,
  Inbox,
  Landmark,
  ReceiptText,
  ShieldCheck,
  ShoppingBag,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { listHref } from "#app/components/data/list-url.ts";
import { ProblemList } from "#app/components/data/problem-list.tsx";
import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { type ErpHandle, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { type InvoicesDashboardFigures, invoicesDashboard } from "#app/features/invoices/dashboard.server.ts";
import { LeadStatusBadge } from "#app/features/leads/components/status-badge.tsx";
import { dashboard } from "#app/features/leads/dashboard.server.ts";
import { LEAD_STATUSES, leadsHref, statusLabels } from "#app/features/leads/schema.ts";
import { QuotesDashboard } from "#app/features/quotes/components/quotes-dashboard.tsx";
import { quotesDashboard } from "#app/features/quotes/dashboard.server.ts";
import { getCompanySettings } from "#app/features/settings/settings.server.ts";
import { setupChecklist } from "#app/features/settings/setup.ts";
import { type LowStockVariant, lowStockVariants } from "#app/features/shop/admin/catalogue-stock.server.ts";
import { shopOrdersOverview } from "#app/features/shop/admin/orders-list.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, formatDateTime, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { forMember, type Problem } from "#app/lib/problems.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db, env } = getServices(context);
  const now = new Date();
  // The home is open to every signed-in member; its Devis and Factures blocks only to
  // those who may see quotes and invoices (one permission, « Devis et factures »).
  const billing = hasPermission(user.role, "devis");
  const [leads, quotes, invoices, shop] = await Promise.all([
    dashboard(db, now),
    billing ? quotesDashboard(db, now) : null,
    billing ? invoicesDashboard(db, now) : null,
    hasPermission(user.role, "boutique") ? shopOrdersOverview(db, now) : null,
  ]);
  // The variants to reorder, for whoever manages the catalogue's stock (its links lead there).
  const lowStock = hasPermission(user.role, "catalogue") ? await lowStockVariants(db, env.STORE_ID) : null;
  // What quotes and invoices still need from the settings; each item links to its field
  // for those who may change the settings (the owners).
  const setupEditable = hasPermission(user.role, "parametres");
  const setup = billing ? await companySetup(db, setupEditable) : [];
  return { ...leads, quotes, invoices, shop, lowStock, setup, setupEditable };
}

async function companySetup(db: Database, canEdit: boolean): Promise<Problem[]> {
  const settings = await getCompanySettings(db);
  const items = setupChecklist(
    {
      ...settings,
      identity: {
        legalName: company.legalName,
        siret: company.siret,
        vatNumber: company.vatNumber,
        street: company.address.street,
        city: company.address.city,
      },
    },
    parisDay(),
  );
  return forMember(items, canEdit);
}

export const meta: Route.MetaFunction = (args) => erpMeta("Tableau de bord", args);

export const shouldRevalidate = erpShouldRevalidate;

export const handle = { section: "Dashboard", permission: "session" } satisfies ErpHandle;

export const ErrorBoundary = ErpPageErrorBoundary;

function Trend({ current, previous }: { current: number; previous: number }) {
  const difference = current - previous;
  if (difference === 0) {
    return (
      <p className="text-sm text-slate-700">Autant qu'à la même date la semaine dernière ({previous}).</p>
    );
  }
  const up = difference > 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={`flex items-center gap-1 text-sm font-semibold ${up ? "text-green-800" : "text-red-800"}`}>
      <Icon aria-hidden="true" className="size-4" />
      {up ? "+" : "−"}
      {Math.abs(difference)} par rapport à la même date la semaine dernière ({previous})
    </p>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    thisWeek,
    lastWeekSamePeriod,
    weekStart,
    byStatus,
    followUps,
    latest,
    today,
    quotes,
    invoices,
    shop,
    setup,
    setupEditable,
  } = loaderData;
  const totalLeads = LEAD_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Tableau de bord</h1>

      {setup.length > 0 ? (
        <section
          aria-labelledby="setup-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-5"
        >
          <h2 id="setup-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
            <ClipboardList aria-hidden="true" className="size-5 text-accent-700" />
            Pour émettre vos devis et factures, complétez :
          </h2>
          <ProblemList items={setup} testId="parametres-a-completer" />
          {setupEditable ? null : (
            <p className="mt-2 text-sm text-slate-800">
              Ces informations se complètent dans les paramètres de l'entreprise, réservés au gérant.
            </p>
          )}
        </section>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <section aria-labelledby="week-title" className={panelClass}>
          <h2 id="week-title" className="text-base font-bold">
            Nouvelles demandes cette semaine
          </h2>
          <p className="mt-2">
            <Link
              to={leadsHref({ du: weekStart })}
              className="font-heading text-4xl font-extrabold text-brand-700 underline-offset-4 hover:underline"
              aria-label={`${thisWeek} nouvelle${thisWeek > 1 ? "s" : ""} demande${thisWeek > 1 ? "s" : ""} depuis le ${formatDate(weekStart)} : voir la liste`}
            >
              {thisWeek}
            </Link>
          </p>
          <p className="mb-1 text-sm text-slate-700">Depuis le lundi {formatDate(weekStart)}</p>
          <Trend current={thisWeek} previous={lastWeekSamePeriod} />
        </section>

        <section aria-labelledby="follow-title" className={panelClass}>
          <h2 id="follow-title" className="flex items-center gap-2 text-base font-bold">
            <CalendarClock aria-hidden="true" className="size-5 text-accent-600" />
            Relances du jour ou en retard
          </h2>
          <p className="mt-2">
            <Link
              to={leadsHref({ relance: "echue" })}
              className="font-heading text-4xl font-extrabold text-brand-700 underline-offset-4 hover:underline"
              aria-label={`${followUps.due} relance${followUps.due > 1 ? "s" : ""} à faire : voir la liste`}
            >
              {followUps.due}
            </Link>
          </p>
          <p className="text-sm text-slate-700">
            dont {followUps.late} en retard (prévue{followUps.late > 1 ? "s" : ""} avant le{" "}
            {formatDate(today)})
          </p>
          {followUps.items.length > 0 ? (
            <ul className="mt-3 grid gap-1 text-sm">
              {followUps.items.map((lead) => (
                <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`/erp/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                    {lead.nom}
                  </Link>
                  <span
                    className={
                      lead.nextFollowUp && lead.nextFollowUp < today ? "font-semibold text-red-800" : ""
                    }
                  >
                    {lead.nextFollowUp ? formatDate(lead.nextFollowUp) : ""}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-700">Aucune relance à faire aujourd'hui.</p>
          )}
        </section>

        <section aria-labelledby="status-title" className={`${panelClass} md:col-span-2 xl:col-span-1`}>
          <h2 id="status-title" className="text-base font-bold">
            Prospects par statut
          </h2>
          <ul className="mt-3 grid gap-2">
            {LEAD_STATUSES.map((status) => (
              <li key={status}>
                <Link
                  to={leadsHref({ statut: status })}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 hover:bg-brand-50"
                >
                  <LeadStatusBadge status={status} />
                  <span className="font-heading text-lg font-bold text-brand-900">
                    {byStatus[status]}
                    <span className="sr-only">
                      {" "}
                      prospect{byStatus[status] > 1 ? "s" : ""} « {statusLabels[status]} »
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">{totalLeads} prospects au total.</p>
        </section>
      </div>

      <section aria-labelledby="latest-title" className={panelClass}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="latest-title" className="flex items-center gap-2 text-base font-bold">
            <Inbox aria-hidden="true" className="size-5 text-accent-600" />
            Les dix dernières demandes
          </h2>
          <Link
            to="/erp/leads"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
          >
            Tous les prospects <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {latest.length === 0 ? (
          <p className="mt-3 text-slate-700">
            Aucune demande pour le moment. Les demandes de devis envoyées depuis le site apparaîtront ici.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {latest.map((lead) => (
              <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/erp/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                    {lead.nom}
                  </Link>
                  <p className="truncate text-sm text-slate-700">
                    {lead.typeProjet}
                    {lead.budget ? ` · ${lead.budget}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <LeadStatusBadge status={lead.status} />
                  <time dateTime={lead.createdAt.toISOString()} className="text-slate-700">
                    {formatDateTime(lead.createdAt, "medium")}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {quotes ? <QuotesDashboard figures={quotes} panelClassName={panelClass} /> : null}

      {invoices ? <InvoicesBlock figures={invoices} /> : null}

      {shop ? <ShopCard figures={shop} lowStock={loaderData.lowStock} /> : null}
    </div>
  );
}

// ─── Boutique ────────────────────────────────────────────────────────────────────────

/** The shop's orders waiting for the staff, and the new ones of the last 7 days. */
function ShopCard({
  figures,
  lowStock,
}: {
  figures: { paid: number; preparing: number; recent: number; since: IsoDay };
  lowStock: LowStockVariant[] | null;
}) {
  const path = "/erp/boutique/commandes";
  const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? "s" : ""}`;
  return (
    <section aria-labelledby="shop-title" className={panelClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="shop-title" className="flex items-center gap-2 text-base font-bold">
          <ShoppingBag aria-hidden="true" className="size-5 text-accent-600" />
          Boutique
        </h2>
        <Link
          to={path}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
        >
          Toutes les commandes <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ul className="mt-2 grid gap-2 sm:grid-cols-3">
        <li>
          <Link to={`${path}?statut=paid`} className="font-semibold text-brand-700 underline">
            {plural(figures.paid, "commande")} payée{figures.paid > 1 ? "s" : ""} à préparer
          </Link>
        </li>
        <li>
          <Link to={`${path}?statut=preparing`} className="font-semibold text-brand-700 underline">
            {plural(figures.preparing, "commande")} en préparation
          </Link>
        </li>
        <li>
          <Link to={`${path}?du=${figures.since}`} className="font-semibold text-brand-700 underline">
            {figures.recent} nouvelle{figures.recent > 1 ? "s" : ""} commande{figures.recent > 1 ? "s" : ""}{" "}
            depuis le {formatDate(figures.since)}
          </Link>
        </li>
      </ul>
      {lowStock === null ? null : (
        <>
          <h3 id="shop-stock-title" className="mt-4 text-sm font-bold text-slate-800">
            À réapprovisionner
          </h3>
          {lowStock.length === 0 ? (
            <p className="text-sm text-slate-700">Aucune variante sous son seuil de stock.</p>
          ) : (
            <ul aria-labelledby="shop-stock-title" className="mt-1 grid gap-1 text-sm">
              {lowStock.map((variant) => (
                <li key={`${variant.productId}-${variant.variantTitle}`}>
                  <Link
                    to={`/erp/boutique/produits/${variant.productId}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  >
                    {variant.productTitle}
                    {variant.variantTitle !== variant.productTitle ? ` (${variant.variantTitle})` : ""}
                  </Link>{" "}
                  : {variant.quantity === 0 ? "en rupture" : `${variant.quantity} en stock`} (seuil{" "}
                  {variant.threshold})
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

// ─── Factures ────────────────────────────────────────────────────────────────────────

const INVOICES_PATH = "/erp/factures";
const bigNumberClass =
  "font-heading text-3xl font-extrabold text-brand-700 underline-offset-4 hover:underline sm:text-4xl";
const rowLinkClass =
  "flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg px-2 py-1.5 hover:bg-brand-50";
const iconClass = "size-5 shrink-0 text-accent-600";

const plural = (count: number, word: string, many = `${word}s`) => (count > 1 ? many : word);

const monthFormat = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11-01" → « novembre 2026 ». */
const monthOf = (day: IsoDay) => monthFormat.format(new Date(`${day}T00:00:00Z`));

function InvoicePanel({
  id,
  title,
  icon,
  className = "",
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${panelClass} ${className}`}>
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

/**
 * The Factures block: what clients owe, the late invoices (the oldest due first), what
 * this month invoiced and its VAT per rate, the retentions held and their release days.
 */
function InvoicesBlock({ figures }: { figures: InvoicesDashboardFigures }) {
  const { outstanding, overdue, month, retentions } = figures;
  const monthName = monthOf(month.start);
  const lateHref = listHref(INVOICES_PATH, { statut: "en_retard", tri: "date", ordre: "asc" });
  const monthHref = listHref(INVOICES_PATH, { du: month.start, au: month.end });
  const issuedThisMonth = month.invoices + month.creditNotes;
  return (
    <section aria-labelledby="invoices-dashboard-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoices-dashboard-title" className="text-xl font-extrabold">
          Factures
        </h2>
        <Link
          to={INVOICES_PATH}
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
        >
          Toutes les factures <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <InvoicePanel
          id="invoices-outstanding-title"
          title="Reste à encaisser"
          icon={<Landmark aria-hidden="true" className={iconClass} />}
        >
          <p className="mt-2">
            <Link
              to={INVOICES_PATH}
              className={bigNumberClass}
              aria-label={`${formatCents(outstanding.amount)} restent à encaisser sur ${outstanding.count} ${plural(outstanding.count, "facture")} : voir les factures`}
            >
              {formatCents(outstanding.amount)}
            </Link>
          </p>
          {outstanding.count === 0 ? (
            <p className="text-sm text-slate-700">Aucune facture émise n'attend de paiement.</p>
          ) : (
            <p className="text-sm text-slate-700">
              TTC, sur {outstanding.count} {plural(outstanding.count, "facture émise", "factures émises")} non
              soldée{outstanding.count > 1 ? "s" : ""}, avoirs déduits ; les retenues de garantie sont
              comptées à part.
            </p>
          )}
        </InvoicePanel>

        <InvoicePanel
          id="invoices-overdue-title"
          title="En retard de paiement"
          icon={<AlarmClock aria-hidden="true" className={iconClass} />}
        >
          <p className="mt-2">
            <Link
              to={lateHref}
              className={bigNumberClass}
              aria-label={`${overdue.count} ${plural(overdue.count, "facture")} en retard, ${formatCents(overdue.amount)} dus : voir la liste`}
            >
              {overdue.count}
            </Link>
          </p>
          {overdue.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Aucune facture en retard.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {plural(overdue.count, "facture échue", "factures échues")} pour{" "}
                <span className="font-semibold text-red-800">{formatCents(overdue.amount)}</span> ; la plus
                ancienne échéance d'abord.
              </p>
              <ul
                className="mt-2 grid gap-1"
                aria-label="Factures en retard, la plus ancienne échéance d'abord"
              >
                {overdue.items.map((invoice) => (
                  <li key={invoice.id}>
                    <Link to={`${INVOICES_PATH}/${invoice.id}`} className={rowLinkClass}>
                      <span className="min-w-0">
                        <span className="block font-semibold text-brand-700 underline">{invoice.number}</span>
                        <span className="block break-words text-sm text-slate-700">
                          {invoice.clientName} · échue le{" "}
                          <time dateTime={invoice.dueOn}>{formatDate(invoice.dueOn, "medium")}</time>
                        </span>
                      </span>
                      <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
                        <span className="font-semibold text-brand-900">{formatCents(invoice.left)}</span>
                        <span className="font-semibold text-red-800">
                          {invoice.daysLate} {plural(invoice.daysLate, "jour")} de retard
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {overdue.count > overdue.items.length ? (
                <MoreLink to={lateHref}>Les {overdue.count} factures en retard</MoreLink>
              ) : null}
            </>
          )}
        </InvoicePanel>

        <InvoicePanel
          id="invoices-month-title"
          title={`Facturé en ${monthName}`}
          icon={<ReceiptText aria-hidden="true" className={iconClass} />}
        >
          <p className="mt-2">
            <Link
              to={monthHref}
              className={bigNumberClass}
              aria-label={`${formatCents(month.invoicedHt)} HT facturés en ${monthName} : voir les factures du mois`}
            >
              {formatCents(month.invoicedHt)} HT
            </Link>
          </p>
          {issuedThisMonth === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Aucune facture émise en {monthName} pour l'instant.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {month.invoices} {plural(month.invoices, "facture émise", "factures émises")}
                {month.creditNotes > 0
                  ? `, moins ${month.creditNotes} ${plural(month.creditNotes, "avoir")}`
                  : ""}{" "}
                depuis le {formatDate(month.start)}.
              </p>
              <div className="mt-3 overflow-x-auto">
                <table className="w-full border-collapse text-sm">
                  <caption className="mb-1 text-left text-sm font-semibold">
                    TVA facturée en {monthName}, par taux
                  </caption>
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
                    {month.rates.map((rate) => (
                      <tr key={rate.code} className="border-t border-slate-200">
                        <th scope="row" className="py-2 pr-2 text-left font-semibold">
                          {VAT_RATES[rate.code].label}
                        </th>
                        <td className="py-2 pr-2 text-right whitespace-nowrap">{formatCents(rate.ht)}</td>
                        <td className="py-2 text-right whitespace-nowrap">{formatCents(rate.vat)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <MoreLink to={monthHref}>Les documents de {monthName}</MoreLink>
        </InvoicePanel>

        <InvoicePanel
          id="invoices-retention-title"
          title="Retenues de garantie"
          icon={<ShieldCheck aria-hidden="true" className={iconClass} />}
        >
          <p className="mt-2 font-heading text-3xl font-extrabold text-brand-900 sm:text-4xl">
            {formatCents(retentions.held)}
          </p>
          {retentions.count === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Aucune retenue de garantie en cours.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                Retenus sur {retentions.count} {plural(retentions.count, "devis", "devis")}, libérés un an
                après la réception des travaux sauf opposition motivée du client ; la plus proche libération
                d'abord.
              </p>
              <ul className="mt-2 grid gap-1" aria-label="Retenues de garantie par devis">
                {retentions.items.map((retention) => (
                  <li key={retention.quoteId}>
                    <Link to={`/erp/devis/${retention.quoteId}`} className={rowLinkClass}>
                      <span className="min-w-0">
                        <span className="block font-semibold text-brand-700 underline">
                          {retention.quoteNumber}
                        </span>
                        <span className="block break-words text-sm text-slate-700">
                          {retention.clientName} · {retention.quoteTitle}
                        </span>
                      </span>
                      <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
                        <span className="font-semibold text-brand-900">{formatCents(retention.held)}</span>
                        {retention.releaseOn === null ? (
                          <span className="text-slate-700">réception non saisie</span>
                        ) : (
                          <span
                            className={
                              retention.releasable ? "font-semibold text-green-800" : "text-slate-700"
                            }
                          >
                            {retention.releasable ? "libérable depuis le" : "libérable le"}{" "}
                            <time dateTime={retention.releaseOn}>
                              {formatDate(retention.releaseOn, "medium")}
                            </time>
                          </span>
                        )}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {retentions.count > retentions.items.length ? (
                <p className="mt-2 text-sm text-slate-700">
                  Et {retentions.count - retentions.items.length} autres devis.
                </p>
              ) : null}
            </>
          )}
        </InvoicePanel>
      </div>
    </section>
  );
}
