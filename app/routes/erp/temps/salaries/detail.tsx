import { Clock, FileDown, Pencil } from "lucide-react";
import { Form, Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { DateField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { contractWords, employeeName, HOME_NOT_PLACED } from "#app/features/time-sheets/employee-schema.ts";
import { EmployeeNotFoundError, getEmployee } from "#app/features/time-sheets/employees.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = POINTAGE_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord(
    { request, context },
    handle.permission,
    EmployeeNotFoundError,
    async ({ db }, { user }) => {
      const { loadedHourlyCostCents, searchText: _search, ...employee } = await getEmployee(db, params.id);
      return {
        employee,
        // The loaded hourly cost is the owner's alone: never sent to anyone else's page.
        cost: user.role === "owner" ? { cents: loadedHourlyCostCents } : null,
        events: await listActivity(db, "salarie", employee.id),
        today: parisDay(),
        crumb: employeeName(employee),
      };
    },
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${employeeName(args.loaderData.employee)} — Pointage` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EmployeePage({ loaderData }: Route.ComponentProps) {
  const { employee, cost, events, today } = loaderData;
  const left = employee.leaveDate !== null && employee.leaveDate < today;
  const home = [employee.homeStreet, `${employee.homePostalCode} ${employee.homeCity}`.trim()]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="grid max-w-4xl gap-5">
      <PageHeader
        title={employeeName(employee)}
        description={[employee.qualification, left ? "Sorti du registre" : "En poste"]
          .filter(Boolean)
          .join(" · ")}
        actions={
          <>
            <Link to={`/erp/temps/salaries/${employee.id}/jour`} className={buttonClasses("primary", "md")}>
              <Clock aria-hidden="true" className="size-4" />
              Heures
            </Link>
            <Link
              to={`/erp/temps/salaries/${employee.id}/modifier`}
              className={buttonClasses("secondary", "md")}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Link>
          </>
        }
      />
      <Panel id="salarie-fiche" title="Fiche">
        <Facts
          facts={[
            { label: "Contrat", value: contractWords(employee.contractKind, employee.weeklyMinutes) },
            {
              label: "Coefficient",
              value: employee.coefficient === null ? null : String(employee.coefficient),
            },
            { label: "Embauché le", value: formatDate(employee.hireDate) },
            { label: "Sortie", value: employee.leaveDate ? formatDate(employee.leaveDate) : null },
            ...(cost
              ? [
                  {
                    label: "Coût horaire chargé",
                    value: cost.cents === null ? "Non renseigné" : `${formatCents(cost.cents)} de l'heure`,
                  },
                ]
              : []),
            {
              label: "Domicile",
              value: home
                ? `${home}${employee.homeLatitude === null ? ` — ${HOME_NOT_PLACED}` : " (situé)"}`
                : null,
            },
            {
              label: "Compte de pointage",
              value: employee.account ? `${employee.account.name} (${employee.account.email})` : "Aucun",
            },
            { label: "Notes", value: employee.notes || null },
          ]}
        />
      </Panel>
      <Panel
        id="salarie-releve"
        title="Relevé des heures"
        description="Pour un contrôle : chaque jour, chaque semaine avec sa validation, et les modifications faites après validation (PDF, une année au plus)."
      >
        <Form
          method="get"
          action={`/erp/temps/salaries/${employee.id}/releve.pdf`}
          reloadDocument
          className="flex flex-wrap items-end gap-3"
        >
          <DateField id="releve-du" name="du" label="Du" required defaultValue={`${today.slice(0, 7)}-01`} />
          <DateField id="releve-au" name="au" label="Au" required defaultValue={today} />
          <button type="submit" className={buttonClasses("secondary", "md")}>
            <FileDown aria-hidden="true" className="size-4" />
            Télécharger le relevé (PDF)
          </button>
        </Form>
      </Panel>
      <ActivityHistory id="salarie-historique" label="Historique du salarié" events={events} />
    </div>
  );
}
