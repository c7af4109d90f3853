import type { Column } from "#app/components/data/data-table.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { ArchivedBadge, SupplierKindBadge } from "#app/features/purchases/components/supplier-badges.tsx";
import {
  NEW_SUPPLIER_PATH,
  paymentTermsWords,
  SUPPLIER_KIND_LABELS,
  SUPPLIER_STATUS_LABELS,
  SUPPLIERS_PATH,
  SupplierFiltersSchema,
  supplierPath,
  supplierSort,
} from "#app/features/purchases/supplier-schema.ts";
import { listSuppliers, type SupplierListItem } from "#app/features/purchases/suppliers.server.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { listLoader } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = ACHATS_HANDLE;

export const loader = listLoader(handle.permission, SupplierFiltersSchema, listSuppliers, supplierSort);

export const meta: Route.MetaFunction = (args) => erpMeta("Fournisseurs — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const SORT_LABELS = { nom: "par nom", cree: "par date d'ajout" } as const;

const columns: Column<SupplierListItem>[] = [
  titleColumn({
    key: "name",
    header: "Fournisseur",
    sortKey: "nom",
    href: (supplier) => supplierPath(supplier.id),
    title: (supplier) => supplier.legalName,
    details: (supplier) => (
      <>
        {supplier.trade ? <span className="text-sm text-slate-700">{supplier.trade}</span> : null}
        <span className="flex flex-wrap gap-1">
          <SupplierKindBadge kind={supplier.kind} />
          {supplier.archivedAt ? <ArchivedBadge /> : null}
        </span>
      </>
    ),
  }),
  {
    key: "contact",
    header: "Contact",
    cell: (supplier) =>
      supplier.phone || supplier.email ? (
        <div className="grid min-w-0 gap-0.5">
          {supplier.phone ? (
            <a href={telHref(supplier.phone)} className="whitespace-nowrap text-brand-700 underline">
              {formatPhone(supplier.phone)}
            </a>
          ) : null}
          {supplier.email ? <span className="break-all text-slate-700">{supplier.email}</span> : null}
        </div>
      ) : (
        "—"
      ),
  },
  {
    key: "town",
    header: "Commune",
    cell: (supplier) => [supplier.postcode, supplier.city].filter(Boolean).join(" ") || "—",
  },
  {
    key: "siren",
    header: "SIREN",
    className: "whitespace-nowrap",
    cell: (supplier) => supplier.siren ?? "—",
  },
  {
    key: "terms",
    header: "Paiement",
    cell: (supplier) => paymentTermsWords(supplier.paymentTermsDays, supplier.paymentTermsEndOfMonth),
  },
];

export default function SuppliersPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort, anySupplier } = loaderData;
  const list = listView(SUPPLIERS_PATH, loaderData, ["type", "statut"]);

  return (
    <div className="grid gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title="Fournisseurs"
        description="Les fournisseurs de matériaux, les sous-traitants et les loueurs de matériel de l'entreprise."
        actions={<NewLink to={NEW_SUPPLIER_PATH}>Nouveau fournisseur</NewLink>}
      />

      <ListSearch
        list={list}
        label="Rechercher des fournisseurs"
        searchLabel="Rechercher (nom, SIREN, commune)"
      >
        <FilterSelect name="type" label="Type" labels={SUPPLIER_KIND_LABELS} value={filters.type} />
        <FilterSelect
          name="statut"
          label="Statut"
          labels={SUPPLIER_STATUS_LABELS}
          value={filters.statut === "actifs" ? undefined : filters.statut}
          placeholder="Actifs"
        />
      </ListSearch>

      <ListResults
        list={list}
        noun={["fournisseur", "fournisseurs"]}
        nothingYet={
          anySupplier ? (
            <p className="font-semibold text-brand-900">
              Aucun fournisseur actif : tous sont archivés.{" "}
              <EmptyStateLink to={`${SUPPLIERS_PATH}?statut=tous`}>Voir tout le registre</EmptyStateLink>
            </p>
          ) : (
            <div className="grid gap-2">
              <p className="font-semibold text-brand-900">
                Aucun fournisseur dans le registre pour le moment.
              </p>
              <p>
                Ajoutez chaque fournisseur de matériaux, sous-traitant ou loueur avec{" "}
                <EmptyStateLink to={NEW_SUPPLIER_PATH}>Nouveau fournisseur</EmptyStateLink> : son SIREN, son
                adresse, ses contacts, son délai de paiement et son IBAN.
              </p>
            </div>
          )
        }
        caption="Fournisseurs"
        sortLabels={SORT_LABELS}
        table={{ columns, rows: items, sort, minWidth: 760 }}
      />
    </div>
  );
}
