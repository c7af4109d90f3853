import { Camera, Download } from "lucide-react";
import { Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { listHref } from "#app/components/data/list-url.ts";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { DateField, SelectField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { erpMeta, PROSPECTS_HANDLE, PROSPECTS_TABS } from "#app/features/erp/navigation.ts";
import { assignableStaff } from "#app/features/leads/actions.server.ts";
import { LeadStatusBadge } from "#app/features/leads/components/status-badge.tsx";
import { filterValues, listLeads } from "#app/features/leads/list.server.ts";
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LeadFiltersSchema,
  leadSort,
} from "#app/features/leads/schema.ts";
import { BUDGETS, WORK_TYPES } from "#app/features/quote-request/schema.ts";
import { formatDate, formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

function merged(known: readonly string[], found: readonly string[]): string[] {
  return [...known, ...found.filter((value) => !known.includes(value))];
}

export async function loader(args: Route.LoaderArgs) {
  const { session, filters, db } = await openList(args, handle.permission, LeadFiltersSchema);
  const [page, values, staff] = await Promise.all([
    listLeads(db, filters, session.user.id),
    filterValues(db),
    assignableStaff(db),
  ]);
  return {
    ...page,
    filters,
    types: merged(WORK_TYPES, values.types),
    budgets: merged(BUDGETS, values.budgets),
    staff,
    sort: leadSort(filters),
    today: parisDay(),
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Prospects", args);

export const handle = PROSPECTS_HANDLE;

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/leads";

/** Filters other than the search box (the « Filtres » button counts them). */
const FILTER_NAMES = ["statut", "type", "budget", "suivi", "du", "au", "relance"] as const;

type LeadRow = Route.ComponentProps["loaderData"]["items"][number];

function columns(today: string): Column<LeadRow>[] {
  return [
    {
      key: "nom",
      header: "Nom",
      sortKey: "nom",
      phone: "title",
      cell: (lead) => (
        <>
          <Link to={`/erp/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
            {lead.nom}
          </Link>
          {lead.town ? <span className="block font-normal text-slate-700">{lead.town}</span> : null}
          {lead.photoCount > 0 ? (
            <span className="mt-0.5 flex items-center gap-1 text-xs font-normal text-slate-700">
              <Camera aria-hidden="true" className="size-3.5" />
              {lead.photoCount} photo{lead.photoCount > 1 ? "s" : ""}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "recue",
      header: "Reçue le",
      sortKey: "recue",
      firstDirection: "desc",
      className: "whitespace-nowrap text-slate-700",
      cell: (lead) => <time dateTime={lead.createdAt.toISOString()}>{formatDateTime(lead.createdAt)}</time>,
    },
    {
      key: "contact",
      header: "Contact",
      cell: (lead) => (
        <span>
          {lead.telephone ? (
            <a href={telHref(lead.telephone)} className="block whitespace-nowrap text-brand-700 underline">
              {formatPhone(lead.telephone)}
            </a>
          ) : null}
          {lead.email ? <span className="block break-all text-slate-700">{lead.email}</span> : null}
        </span>
      ),
    },
    {
      key: "travaux",
      header: "Travaux",
      cell: (lead) => (
        <span>
          {lead.typeProjet}
          {lead.budget ? <span className="block text-slate-700">{lead.budget}</span> : null}
        </span>
      ),
    },
    {
      key: "statut",
      header: "Statut",
      cell: (lead) => (
        <span>
          <LeadStatusBadge status={lead.status} />
          {lead.doNotContact ? (
            <span className="mt-1 block text-xs font-semibold text-red-800">Ne pas recontacter</span>
          ) : null}
        </span>
      ),
    },
    {
      key: "suivi",
      header: "Suivi",
      phone: "hidden",
      className: "break-all text-slate-700",
      cell: (lead) => lead.assigneeEmail ?? "—",
    },
    {
      key: "relance",
      header: "Relance",
      sortKey: "relance",
      className: "whitespace-nowrap",
      cell: (lead) =>
        lead.nextFollowUp ? (
          <span className={lead.nextFollowUp < today ? "font-semibold text-red-800" : ""}>
            {formatDate(lead.nextFollowUp, "medium")}
            {lead.nextFollowUp < today ? " (en retard)" : ""}
          </span>
        ) : (
          "—"
        ),
    },
  ];
}

export default function LeadsPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort, types, budgets, staff, today } = loaderData;
  const list = listView(PATH, loaderData, FILTER_NAMES);
  const exportHref = listHref("/api/erp/leads/export.csv", {
    ...list.params,
    page: undefined,
    tri: undefined,
    ordre: undefined,
  });

  return (
    <div className="grid gap-5">
      <SectionTabs label="Prospects et clients" tabs={PROSPECTS_TABS} />
      <PageHeader
        title="Prospects"
        actions={
          <>
            <a href={exportHref} download className={buttonClasses("outline", "md")}>
              <Download aria-hidden="true" className="size-4" />
              Exporter en CSV
            </a>
            <NewLink to="/erp/leads/nouveau">Nouveau prospect</NewLink>
          </>
        }
      />

      <ListSearch
        list={list}
        label="Filtrer les prospects"
        searchLabel="Rechercher (nom, e-mail, téléphone, commune, texte)"
      >
        <SelectField
          name="statut"
          label="Statut"
          defaultValue={filters.statut ?? ""}
          placeholder="Tous les statuts"
          options={LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
        />
        <SelectField
          name="type"
          label="Type de travaux"
          defaultValue={filters.type ?? ""}
          placeholder="Tous les travaux"
          options={types}
        />
        <SelectField
          name="budget"
          label="Budget"
          defaultValue={filters.budget ?? ""}
          placeholder="Tous les budgets"
          options={budgets}
        />
        <SelectField
          name="suivi"
          label="Suivi par"
          defaultValue={filters.suivi ?? ""}
          placeholder="Tout le monde"
          options={[
            { value: "moi", label: "Moi" },
            { value: "personne", label: "Personne" },
            ...staff.map((member) => ({ value: member.id, label: member.email })),
          ]}
        />
        <DateField name="du" label="Reçue du" defaultValue={filters.du ?? ""} />
        <DateField name="au" label="au" defaultValue={filters.au ?? ""} />
        <SelectField
          name="relance"
          label="Relance"
          defaultValue={filters.relance ?? ""}
          placeholder="Toutes"
          options={[{ value: "echue", label: "Aujourd'hui ou en retard" }]}
        />
      </ListSearch>

      <ListResults
        list={list}
        noun={["prospect", "prospects"]}
        matching="correspondant aux filtres"
        noMatch={{
          message: "Aucun prospect ne correspond à ces filtres.",
          linkLabel: "Voir tous les prospects",
        }}
        nothingYet={
          <p>
            Aucun prospect pour le moment. Les demandes de devis du site arrivent ici ; vous pouvez aussi{" "}
            <EmptyStateLink to="/erp/leads/nouveau">saisir un prospect</EmptyStateLink> après un appel ou une
            visite.
          </p>
        }
        caption="Prospects"
        table={{
          columns: columns(today),
          rows: items,
          sort,
          minWidth: 860,
        }}
      />
    </div>
  );
}
