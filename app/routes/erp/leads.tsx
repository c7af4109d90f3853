import { Camera, Download, Plus, Search } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { inputClass, labelClass, panelClass } from "#app/features/erp/components/ui.ts";
import { type ErpHandle, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { assignableStaff } from "#app/features/leads/actions.server.ts";
import { LeadStatusBadge } from "#app/features/leads/components/status-badge.tsx";
import { filterValues, listLeads } from "#app/features/leads/list.server.ts";
import {
  LEAD_STATUSES,
  type LeadFilters,
  leadsHref,
  parseLeadFilters,
  statusLabels,
} from "#app/features/leads/schema.ts";
import { BUDGETS, WORK_TYPES } from "#app/features/quote-request/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatDate, formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { formatPhone } from "#app/lib/phone.ts";
import type { Route } from "./+types/leads";

function merged(known: readonly string[], found: readonly string[]): string[] {
  return [...known, ...found.filter((value) => !known.includes(value))];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const url = new URL(request.url);
  const parsed = parseLeadFilters(url.searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const { db } = getServices(context);
  const [page, values, staff] = await Promise.all([
    listLeads(db, parsed.filters, session.user.id),
    filterValues(db),
    assignableStaff(db),
  ]);
  return {
    ...page,
    filters: parsed.filters,
    types: merged(WORK_TYPES, values.types),
    budgets: merged(BUDGETS, values.budgets),
    staff,
    today: parisDay(),
    deleted: url.searchParams.get("supprime") === "1",
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Prospects", args);

export const shouldRevalidate = erpShouldRevalidate;

export const handle = {
  section: "Prospects",
  sectionHref: "/erp/leads",
  permission: "prospects",
} satisfies ErpHandle;

export const ErrorBoundary = ErpPageErrorBoundary;

function hasFilters(filters: LeadFilters): boolean {
  return Boolean(
    filters.q ||
      filters.statut ||
      filters.type ||
      filters.budget ||
      filters.du ||
      filters.au ||
      filters.relance ||
      filters.suivi,
  );
}

/** The filters of the current list, without the page (for links and the export). */
function filterQuery(filters: LeadFilters): Record<string, string | undefined> {
  const { page: _page, ...rest } = filters;
  return rest as Record<string, string | undefined>;
}

function Select({
  name,
  label,
  value,
  options,
  empty,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  empty: string;
}) {
  return (
    <div>
      <label htmlFor={`filtre-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`filtre-${name}`} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{empty}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters, types, budgets, staff, today, deleted } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/erp/leads";
  const query = filterQuery(filters);
  const exportHref = `/api/erp/leads/export.csv${leadsHref(query).replace("/erp/leads", "")}`;
  const filtered = hasFilters(filters);

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold sm:text-3xl">Prospects</h1>
        <div className="flex flex-wrap gap-2">
          <a href={exportHref} download className={buttonClasses("outline", "md")}>
            <Download aria-hidden="true" className="size-4" />
            Exporter en CSV
          </a>
          <Link to="/erp/leads/nouveau" className={buttonClasses("secondary", "md")}>
            <Plus aria-hidden="true" className="size-4" />
            Nouveau prospect
          </Link>
        </div>
      </div>

      {deleted ? (
        <p
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 p-3 font-semibold text-green-900"
        >
          Les données du prospect ont été supprimées définitivement.
        </p>
      ) : null}

      <Form
        method="get"
        key={JSON.stringify(query)}
        role="search"
        aria-label="Filtrer les prospects"
        className={`${panelClass} grid gap-4`}
      >
        <div>
          <label htmlFor="filtre-q" className={labelClass}>
            Rechercher (nom, e-mail, téléphone, commune, texte)
          </label>
          <div className="flex gap-2">
            <input
              id="filtre-q"
              name="q"
              type="search"
              defaultValue={filters.q ?? ""}
              maxLength={200}
              className={inputClass}
            />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Select
            name="statut"
            label="Statut"
            value={filters.statut}
            empty="Tous les statuts"
            options={LEAD_STATUSES.map((status) => ({ value: status, label: statusLabels[status] }))}
          />
          <Select
            name="type"
            label="Type de travaux"
            value={filters.type}
            empty="Tous les travaux"
            options={types.map((type) => ({ value: type, label: type }))}
          />
          <Select
            name="budget"
            label="Budget"
            value={filters.budget}
            empty="Tous les budgets"
            options={budgets.map((budget) => ({ value: budget, label: budget }))}
          />
          <Select
            name="suivi"
            label="Suivi par"
            value={filters.suivi}
            empty="Tout le monde"
            options={[
              { value: "moi", label: "Moi" },
              { value: "personne", label: "Personne" },
              ...staff.map((member) => ({ value: member.id, label: member.email })),
            ]}
          />
          <div>
            <label htmlFor="filtre-du" className={labelClass}>
              Reçue du
            </label>
            <input
              id="filtre-du"
              name="du"
              type="date"
              defaultValue={filters.du ?? ""}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="filtre-au" className={labelClass}>
              au
            </label>
            <input
              id="filtre-au"
              name="au"
              type="date"
              defaultValue={filters.au ?? ""}
              className={inputClass}
            />
          </div>
          <Select
            name="relance"
            label="Relance"
            value={filters.relance}
            empty="Toutes"
            options={[{ value: "echue", label: "Aujourd'hui ou en retard" }]}
          />
          <div className="flex items-end gap-2">
            <button type="submit" className={buttonClasses("secondary", "md", "flex-1")}>
              <Search aria-hidden="true" className="size-4" />
              Filtrer
            </button>
            {filtered ? (
              <Link to="/erp/leads" className={buttonClasses("ghost", "md")}>
                Effacer
              </Link>
            ) : null}
          </div>
        </div>
      </Form>

      <div aria-live="polite" aria-busy={searching}>
        <p className="mb-2 text-sm font-semibold text-slate-700">
          {searching
            ? "Recherche en cours…"
            : `${total} prospect${total > 1 ? "s" : ""}${filtered ? " correspondant aux filtres" : ""}`}
        </p>
        {items.length === 0 ? (
          <div className={`${panelClass} text-slate-700`}>
            {filtered ? (
              <p>
                Aucun prospect ne correspond à ces filtres.{" "}
                <Link to="/erp/leads" className="font-semibold text-brand-700 underline">
                  Voir tous les prospects
                </Link>
              </p>
            ) : (
              <p>
                Aucun prospect pour le moment. Les demandes de devis du site arrivent ici ; vous pouvez aussi{" "}
                <Link to="/erp/leads/nouveau" className="font-semibold text-brand-700 underline">
                  saisir un prospect
                </Link>{" "}
                après un appel ou une visite.
              </p>
            )}
          </div>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full min-w-[860px] text-left text-sm">
              <caption className="sr-only">
                Prospects, du plus récent au plus ancien (page {page} sur {pageCount})
              </caption>
              <thead className="bg-slate-100 text-xs tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Reçue le
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Nom
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Contact
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Travaux
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Statut
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Suivi
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Relance
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {items.map((lead) => (
                  <tr key={lead.id} className="align-top hover:bg-slate-50">
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                      <time dateTime={lead.createdAt.toISOString()}>
                        {formatDateTime(lead.createdAt, "medium")}
                      </time>
                    </td>
                    <td className="px-3 py-2">
                      <Link to={`/erp/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                        {lead.nom}
                      </Link>
                      {lead.town ? <span className="block text-slate-700">{lead.town}</span> : null}
                      {lead.photoCount > 0 ? (
                        <span className="mt-0.5 flex items-center gap-1 text-xs text-slate-700">
                          <Camera aria-hidden="true" className="size-3.5" />
                          {lead.photoCount} photo{lead.photoCount > 1 ? "s" : ""}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {lead.telephone ? (
                        <span className="block whitespace-nowrap">{formatPhone(lead.telephone)}</span>
                      ) : null}
                      {lead.email ? (
                        <span className="block break-all text-slate-700">{lead.email}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {lead.typeProjet}
                      {lead.budget ? <span className="block text-slate-700">{lead.budget}</span> : null}
                    </td>
                    <td className="px-3 py-2">
                      <LeadStatusBadge status={lead.status} />
                      {lead.doNotContact ? (
                        <span className="mt-1 block text-xs font-semibold text-red-800">
                          Ne pas recontacter
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 break-all text-slate-700">{lead.assigneeEmail ?? "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {lead.nextFollowUp ? (
                        <span className={lead.nextFollowUp < today ? "font-semibold text-red-800" : ""}>
                          {formatDate(lead.nextFollowUp)}
                          {lead.nextFollowUp < today ? " (en retard)" : ""}
                        </span>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={leadsHref({ ...query, page: page - 1 })} className={buttonClasses("outline", "md")}>
              Page précédente
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm font-semibold text-slate-700">
            Page {page} sur {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={leadsHref({ ...query, page: page + 1 })} className={buttonClasses("outline", "md")}>
              Page suivante
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
