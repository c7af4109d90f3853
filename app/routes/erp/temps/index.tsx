import type { Column } from "#app/components/data/data-table.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { TIME_SHEETS_TABS } from "#app/features/time-sheets/components/time-sheets-tabs.ts";
import {
  contractWords,
  EMPLOYEE_STATUS_LABELS,
  EmployeeFiltersSchema,
  employeeSort,
} from "#app/features/time-sheets/employee-schema.ts";
import { type EmployeeListItem, listEmployees } from "#app/features/time-sheets/employees.server.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { listLoader } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = POINTAGE_HANDLE;

export const loader = listLoader(
  handle.permission,
  EmployeeFiltersSchema,
  (db, filters) => listEmployees(db, filters),
  employeeSort,
);

export const meta: Route.MetaFunction = (args) => erpMeta("Salariés — Pointage", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/temps";
const SORT_LABELS = { nom: "par nom", embauche: "par date d'embauche" } as const;

const columns: Column<EmployeeListItem>[] = [
  titleColumn({
    key: "name",
    header: "Salarié",
    sortKey: "nom",
    gap: "gap-0.5",
    href: (employee) => `/erp/temps/salaries/${employee.id}`,
    title: (employee) => (
      <>
        {employee.lastName} {employee.firstName}
      </>
    ),
    details: (employee) =>
      employee.qualification ? (
        <span className="text-sm text-slate-700">
          {employee.qualification}
          {employee.coefficient ? `, coefficient ${employee.coefficient}` : ""}
        </span>
      ) : null,
  }),
  {
    key: "contract",
    header: "Contrat",
    cell: (employee) => contractWords(employee.contractKind, employee.weeklyMinutes),
  },
  {
    key: "hire",
    header: "Embauche",
    sortKey: "embauche",
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (employee) => (
      <>
        <time dateTime={employee.hireDate}>{formatDate(employee.hireDate, "medium")}</time>
        {employee.leaveDate ? (
          <span className="block text-sm text-slate-700">
            sortie le <time dateTime={employee.leaveDate}>{formatDate(employee.leaveDate, "medium")}</time>
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: "account",
    header: "Compte de pointage",
    cell: (employee) => employee.accountName ?? "—",
  },
];

export default function EmployeesPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort, anyEmployee } = loaderData;
  const list = listView(PATH, loaderData, ["statut"]);

  return (
    <div className="grid gap-5">
      <SectionTabs label="Pointage" tabs={TIME_SHEETS_TABS} />
      <PageHeader
        title="Salariés"
        description="Le registre des salariés dont les heures sont enregistrées, avec ou sans compte dans l'Espace Pro."
        actions={<NewLink to="/erp/temps/salaries/nouveau">Nouveau salarié</NewLink>}
      />

      <ListSearch
        list={list}
        label="Rechercher des salariés"
        searchLabel="Rechercher (nom, prénom, qualification)"
      >
        <FilterSelect
          name="statut"
          label="Statut"
          labels={EMPLOYEE_STATUS_LABELS}
          value={filters.statut === "actifs" ? undefined : filters.statut}
          placeholder="En poste"
        />
      </ListSearch>

      <ListResults
        list={list}
        noun={["salarié", "salariés"]}
        nothingYet={
          anyEmployee ? (
            <p className="font-semibold text-brand-900">
              Aucun salarié en poste.{" "}
              <EmptyStateLink to={`${PATH}?statut=tous`}>Voir tout le registre</EmptyStateLink>
            </p>
          ) : (
            <div className="grid gap-2">
              <p className="font-semibold text-brand-900">Aucun salarié dans le registre pour le moment.</p>
              <p>
                Ajoutez chaque salarié dont les heures sont à enregistrer avec{" "}
                <EmptyStateLink to="/erp/temps/salaries/nouveau">Nouveau salarié</EmptyStateLink> : son
                contrat, sa date d'embauche et, s'il pointe sur son téléphone, son compte de compagnon.
              </p>
            </div>
          )
        }
        caption="Salariés"
        sortLabels={SORT_LABELS}
        table={{ columns, rows: items, rowKey: (employee) => employee.id, sort, minWidth: 720 }}
      />
    </div>
  );
}
