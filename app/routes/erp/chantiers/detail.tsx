import { FolderOpen, MapPin, NotebookPen, Pencil } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel, panelClass } from "#app/components/ui/panel.tsx";
import type { Database } from "#app/db/client.server.ts";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { quoteBillingOverview } from "#app/features/invoices/detail.server.ts";
import { createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { InvoiceNotFoundError, InvoiceStateError } from "#app/features/invoices/query.server.ts";
import { answerJobSitePost, jobSiteRefusal } from "#app/features/job-sites/actions.server.ts";
import { ExpensesPanel } from "#app/features/job-sites/components/expenses-panel.tsx";
import { JobSiteStatusBadge } from "#app/features/job-sites/components/job-site-status-badge.tsx";
import { LotsBudget } from "#app/features/job-sites/components/lots-budget.tsx";
import { type QuoteBilling, QuoteBillingLine } from "#app/features/job-sites/components/quote-billing.tsx";
import { ReceptionPanel } from "#app/features/job-sites/components/reception-summary.tsx";
import { SiteForecastPanel } from "#app/features/job-sites/components/site-forecast.tsx";
import { SitePosition, type SitePositionView } from "#app/features/job-sites/components/site-position.tsx";
import { SiteTeam } from "#app/features/job-sites/components/site-team.tsx";
import { quoteProgressOfSite } from "#app/features/job-sites/costs.server.ts";
import {
  getJobSite,
  type JobSiteDetail,
  progressValueByQuote,
  siteQuoteRows,
} from "#app/features/job-sites/detail.server.ts";
import { formatKilometres } from "#app/features/job-sites/geocoding.server.ts";
import { siteTeam, teamMembers } from "#app/features/job-sites/planning.server.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import { receptionSummary } from "#app/features/job-sites/reception.server.ts";
import { InvoiceProgressPostSchema, JOB_SITE_MOVES } from "#app/features/job-sites/schema.ts";
import { orderCommitments } from "#app/features/purchases/orders.server.ts";
import { timeSheetSettings } from "#app/features/settings/pointage.server.ts";
import { siteLogSummary } from "#app/features/site-log/log.server.ts";
import { siteDistanceMetres } from "#app/features/time-sheets/site-distance.server.ts";
import { travelZone, travelZoneLabel } from "#app/features/time-sheets/zones.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { firstIssue, formValues } from "#app/lib/form-intent.ts";
import { mapsHref } from "#app/lib/maps.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { plural } from "#app/lib/plural.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = CHANTIERS_HANDLE;

/** The site's position for the travel zones: its geocoding, and its distance from the office. */
async function sitePosition(db: Database, site: JobSiteDetail): Promise<SitePositionView> {
  const { office } = await timeSheetSettings(db);
  const metres = await siteDistanceMetres(db, site.id, office);
  const typed = site.distanceOverrideMetres;
  return {
    status: site.geocodingStatus,
    officePlaced: office !== null,
    distance:
      metres === null
        ? null
        : {
            text: formatKilometres(metres),
            zoneLabel: travelZoneLabel(travelZone(metres)),
            typed: typed !== null,
          },
    typedKm: typed === null ? null : (typed / 1000).toLocaleString("fr-FR", { maximumFractionDigits: 1 }),
  };
}

/** Each quote's invoices against the work done (for who may see the invoices). */
async function siteBilling(db: Database, site: JobSiteDetail): Promise<Record<string, QuoteBilling>> {
  const values = progressValueByQuote(site);
  const entries = await Promise.all(
    (await siteQuoteRows(db, site.id)).map(async (quote) => {
      const overview = await quoteBillingOverview(db, quote);
      if (!overview) return null;
      const billing: QuoteBilling = {
        workInvoicedHt: overview.invoicedHt - overview.depositsToDeductHt,
        depositsToDeductHt: overview.depositsToDeductHt,
        paidTtc: overview.paid,
        progressValueHt: values.get(quote.id) ?? 0,
      };
      return [quote.id, billing] as const;
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord(
    { request, context },
    handle.permission,
    JobSiteNotFoundError,
    async ({ db }, { user }) => {
      const site = await getJobSite(db, params.id);
      const [billing, team, people, reception, log, position, committed] = await Promise.all([
        hasPermission(user.role, "devis") ? siteBilling(db, site) : ({} as Record<string, QuoteBilling>),
        siteTeam(db, site.id),
        teamMembers(db),
        receptionSummary(db, site.id),
        siteLogSummary(db, site.id),
        sitePosition(db, site),
        hasPermission(user.role, "achats") ? orderCommitments(db, site.id) : null,
      ]);
      return {
        site,
        billing,
        team,
        people,
        reception,
        log,
        position,
        committed,
        today: parisDay(),
        crumb: site.number,
      };
    },
  );
}

/**
 * « Facturer l'avancement »: the progress invoice draft of a quote of the site, from the
 * progress recorded on its lots (the invoices' own « situation », which needs « devis »).
 */
async function invoiceProgress({ request, context, params }: Route.ActionArgs, form: FormData) {
  const intent = "facturer-avancement";
  const session = await requirePermission(request, context, "devis");
  const post = InvoiceProgressPostSchema.safeParse(formValues(form));
  if (!post.success) return refused(400, { intent, message: firstIssue(post.error).message });
  const { db } = getServices(context);
  try {
    const lots = await quoteProgressOfSite(db, params.id, post.data.quoteId);
    const { id } = await createInvoiceDraft(
      db,
      post.data.quoteId,
      { kind: "situation", lots },
      {
        id: session.user.id,
        email: session.user.email,
      },
    );
    return redirectWithFlash(request, `/erp/factures/${id}`, {
      tone: "success",
      message:
        "Facture de situation en brouillon, à l'avancement du chantier : vérifiez-la, puis « Émettre ».",
    });
  } catch (error) {
    if (error instanceof InvoiceStateError || error instanceof InvoiceNotFoundError) {
      return refused(409, { intent, message: error.message });
    }
    const refusal = jobSiteRefusal(error, intent);
    if (refusal) return refusal;
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  const actor = await requireActor(request, context, handle.permission);
  const form = await request.formData();
  if (form.get("intent") === "facturer-avancement") return invoiceProgress(args, form);
  return answerJobSitePost({ request, services: getServices(context), actor }, params.id, form);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(
    args.loaderData ? `${args.loaderData.site.number} ${args.loaderData.site.title} — Chantiers` : "",
    args,
  );

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const linkClass = "text-brand-700 underline";

function dateRange(start: string | null, end: string | null, missing: string) {
  if (!start && !end) return missing;
  return `${start ? formatDate(start) : "?"} → ${end ? formatDate(end) : "?"}`;
}

function text(value: string) {
  return value ? <span className="whitespace-pre-line">{value}</span> : null;
}

export default function JobSitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, billing, team, people, reception, log, position, committed, today } = loaderData;
  const quoteBilling = (quoteId: string) => {
    const figures = billing[quoteId];
    return figures ? <QuoteBillingLine billing={figures} /> : null;
  };
  const refusal = refusalOf(actionData);
  const refusedIntent = refusal?.intent;
  const navigation = useNavigation();
  const pendingStatus = navigation.state === "submitting" ? navigation.formData?.get("status") : null;
  const moves = JOB_SITE_MOVES[site.status];
  // A quote whose lots have progressed can be invoiced at that progress.
  const progressOf = new Map(site.forecast.lots.map((lot) => [lot.id, lot.progressBp]));
  const progressed = (quoteId: string) =>
    site.lots.some((lot) => lot.quoteId === quoteId && (progressOf.get(lot.id) ?? 0) > 0);
  const address = [site.siteStreet, [site.sitePostalCode, site.siteCity].filter(Boolean).join(" ")].filter(
    Boolean,
  );
  const access = [
    site.accessCode,
    site.keys,
    site.contactName,
    site.contactPhone,
    site.parking,
    site.constraints,
  ];

  return (
    <div className="grid gap-5">
      <PageHeader
        title={site.title}
        badge={<JobSiteStatusBadge status={site.status} />}
        description={
          <>
            {site.number} ·{" "}
            <Link to={`/erp/clients/${site.client.id}`} className={linkClass}>
              {site.client.name}
            </Link>
          </>
        }
        actions={
          <>
            <Link to={`/erp/chantiers/${site.id}/journal`} className={buttonClasses("secondary", "md")}>
              <NotebookPen aria-hidden="true" className="size-4" />
              Journal de chantier ({plural(log.entries, "note")}
              {log.openProblems > 0 ? `, ${plural(log.openProblems, "problème")} sans réponse` : ""})
            </Link>
            <Link to={`/erp/chantiers/${site.id}/documents`} className={buttonClasses("secondary", "md")}>
              <FolderOpen aria-hidden="true" className="size-4" />
              Documents
            </Link>
            <Link to={`/erp/chantiers/${site.id}/modifier`} className={buttonClasses("secondary", "md")}>
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Link>
            {moves.map((move) => (
              <Form key={move.to} method="post">
                <input type="hidden" name="intent" value="statut" />
                <input type="hidden" name="status" value={move.to} />
                <input type="hidden" name="revision" value={site.revision} />
                <button
                  type="submit"
                  disabled={pendingStatus !== null}
                  className={buttonClasses("outline", "md")}
                >
                  {pendingStatus === move.to ? "Enregistrement…" : move.label}
                </button>
              </Form>
            ))}
          </>
        }
      />

      <FormAlert focus errors={refusal?.message} />

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <Panel id="chantier-fiche" title="Le chantier">
            <Facts
              facts={[
                {
                  label: "Adresse",
                  value: (
                    <span className="grid gap-1">
                      {address.map((line) => (
                        <span key={line}>{line}</span>
                      ))}
                      <a
                        href={mapsHref({
                          street: site.siteStreet,
                          postalCode: site.sitePostalCode,
                          city: site.siteCity,
                        })}
                        className={`inline-flex items-center gap-1 font-semibold ${linkClass}`}
                      >
                        <MapPin aria-hidden="true" className="size-4" />
                        Ouvrir dans les cartes (itinéraire)
                      </a>
                    </span>
                  ),
                },
                {
                  label: "Client",
                  value: (
                    <span className="grid gap-1">
                      <Link to={`/erp/clients/${site.client.id}`} className={linkClass}>
                        {site.client.name}
                      </Link>
                      {site.client.phone ? (
                        <a href={telHref(site.client.phone)} className={linkClass}>
                          {formatPhone(site.client.phone)}
                        </a>
                      ) : null}
                    </span>
                  ),
                },
                { label: "Dates prévues", value: dateRange(site.plannedStart, site.plannedEnd, "À dater") },
                {
                  label: "Dates réelles",
                  value: dateRange(site.actualStart, site.actualEnd, "Pas encore commencé"),
                },
              ]}
            />
          </Panel>

          <Panel
            id="chantier-position"
            title="Position et zone de déplacement"
            description="D'après l'adresse du chantier : sert aux indemnités de petits déplacements du pointage."
          >
            <SitePosition
              key={refusedIntent === "distance" ? JSON.stringify(refusal?.values) : (position.typedKm ?? "")}
              view={position}
              errors={refusedIntent === "distance" ? refusal?.fieldErrors : undefined}
              values={refusedIntent === "distance" ? refusal?.values : undefined}
            />
          </Panel>

          <Panel id="chantier-acces" title="Accès" description="Ce qu'il faut à l'équipe le premier matin.">
            {access.some(Boolean) ? (
              <Facts
                facts={[
                  { label: "Digicode", value: site.accessCode || null },
                  { label: "Clés", value: site.keys || null },
                  {
                    label: "Contact sur place",
                    value:
                      site.contactName || site.contactPhone ? (
                        <span className="grid gap-1">
                          {site.contactName ? <span>{site.contactName}</span> : null}
                          {site.contactPhone ? (
                            <a href={telHref(site.contactPhone)} className={linkClass}>
                              Appeler le {formatPhone(site.contactPhone)}
                            </a>
                          ) : null}
                        </span>
                      ) : null,
                  },
                  { label: "Stationnement", value: text(site.parking) },
                  { label: "Contraintes", value: text(site.constraints) },
                ]}
              />
            ) : (
              <p className="text-slate-700">
                Aucune information d'accès pour le moment : digicode, clés, contact sur place, stationnement.{" "}
                <Link to={`/erp/chantiers/${site.id}/modifier`} className={`font-semibold ${linkClass}`}>
                  Les renseigner
                </Link>
              </p>
            )}
          </Panel>

          <Panel id="chantier-equipe" title="Équipe" description="Qui est sur le chantier, et quand.">
            <SiteTeam
              key={refusedIntent === "affecter" ? JSON.stringify(refusal?.values) : team.assignments.length}
              assignments={team.assignments}
              conflicts={team.conflicts}
              people={people}
              defaults={{
                startDate: site.plannedStart ?? today,
                endDate: site.plannedEnd ?? site.plannedStart ?? today,
              }}
              revision={site.revision}
              canShift={Boolean(site.plannedStart && site.plannedEnd) && site.status !== "clos"}
              errors={refusal?.fieldErrors}
              values={refusal?.values}
              refusedIntent={refusedIntent}
            />
          </Panel>

          <Panel
            id="chantier-avancement"
            title="Avancement et coûts"
            description="Budget du devis contre dépensé, lot par lot, et la marge au rythme actuel."
          >
            <SiteForecastPanel
              forecast={site.forecast}
              hours={site.hours}
              pathname={`/erp/chantiers/${site.id}`}
              today={today}
              errors={refusedIntent === "avancement" ? refusal?.fieldErrors : undefined}
              values={refusedIntent === "avancement" ? refusal?.values : undefined}
            />
          </Panel>

          <Panel id="chantier-depenses" title="Autres dépenses">
            <ExpensesPanel
              sitePath={`/erp/chantiers/${site.id}`}
              key={refusedIntent === "depense" ? JSON.stringify(refusal?.values) : site.expenses.length}
              expenses={site.expenses}
              lots={site.lots}
              today={today}
              errors={refusedIntent === "depense" ? refusal?.fieldErrors : undefined}
              values={refusedIntent === "depense" ? refusal?.values : undefined}
            />
          </Panel>

          <ReceptionPanel siteId={site.id} summary={reception} />

          <Panel id="chantier-budget" title="Budget">
            <LotsBudget
              lots={site.lots}
              budget={site.budget}
              pathname={`/erp/chantiers/${site.id}`}
              committed={committed}
            />
          </Panel>

          <Panel id="chantier-devis" title="Devis du chantier">
            {site.quotes.length > 0 ? (
              <ul className="grid gap-2">
                {site.quotes.map((quote, index) => (
                  <li key={quote.id} className="flex flex-wrap items-baseline gap-x-2">
                    <Link to={`/erp/devis/${quote.id}`} className={`font-semibold ${linkClass}`}>
                      {quote.number}
                    </Link>
                    <span className="break-words">{quote.title}</span>
                    {index > 0 ? (
                      <span className="text-sm text-slate-700">(travaux supplémentaires)</span>
                    ) : null}
                    <span className="ml-auto whitespace-nowrap">{formatCents(quote.totalHtCents)} HT</span>
                    {quoteBilling(quote.id)}
                    {progressed(quote.id) ? (
                      <Form method="post" className="basis-full">
                        <input type="hidden" name="intent" value="facturer-avancement" />
                        <input type="hidden" name="quoteId" value={quote.id} />
                        <button
                          type="submit"
                          disabled={navigation.state !== "idle"}
                          className={buttonClasses("outline", "md")}
                        >
                          Facturer l'avancement<span className="sr-only"> du devis {quote.number}</span>
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">
                Chantier ouvert sans devis : un devis accepté de ce client peut le rejoindre depuis sa page («
                Créer le chantier », puis le rattacher à celui-ci).
              </p>
            )}
          </Panel>

          {site.notes ? (
            <Panel id="chantier-notes" title="Notes">
              <p className="whitespace-pre-line">{site.notes}</p>
            </Panel>
          ) : null}
        </div>

        <ActivityHistory
          id="chantier-historique"
          label="Historique du chantier"
          events={site.activity}
          className={`${panelClass} content-start`}
        />
      </div>
    </div>
  );
}
