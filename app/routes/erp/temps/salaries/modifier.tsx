import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { refusedFormErrors, valuesAfterRefusal } from "#app/components/forms/refused-form.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { EmployeeForm } from "#app/features/time-sheets/components/employee-form.tsx";
import {
  type EmployeeFormValues,
  employeeName,
  FULL_TIME_MINUTES,
} from "#app/features/time-sheets/employee-schema.ts";
import {
  type EmployeeDetail,
  EmployeeNotFoundError,
  getEmployee,
  linkableAccounts,
} from "#app/features/time-sheets/employees.server.ts";
import { formatCentsForInput } from "#app/lib/money.ts";
import { employeeFormAction } from "#app/routes/erp/employee-form.server.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/modifier";

export const handle = POINTAGE_HANDLE;

/** The stored employee as the form's strings (the cost only for the owner's form). */
function formValuesOf(employee: EmployeeDetail, owner: boolean): EmployeeFormValues {
  const partTime = employee.contractKind === "temps_partiel";
  return {
    lastName: employee.lastName,
    firstName: employee.firstName,
    qualification: employee.qualification,
    coefficient: employee.coefficient === null ? "" : String(employee.coefficient),
    contract: partTime ? "partiel" : employee.weeklyMinutes > FULL_TIME_MINUTES ? "39" : "35",
    partTimeHours: partTime ? String(employee.weeklyMinutes / 60).replace(".", ",") : "",
    hireDate: employee.hireDate,
    leaveDate: employee.leaveDate ?? "",
    loadedHourlyCost:
      owner && employee.loadedHourlyCostCents !== null
        ? formatCentsForInput(employee.loadedHourlyCostCents)
        : "",
    homeStreet: employee.homeStreet,
    homePostalCode: employee.homePostalCode,
    homeCity: employee.homeCity,
    userId: employee.userId ?? "",
    notes: employee.notes,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord(
    { request, context },
    handle.permission,
    EmployeeNotFoundError,
    async ({ db }, { user }) => {
      const employee = await getEmployee(db, params.id);
      const owner = user.role === "owner";
      return {
        id: employee.id,
        name: employeeName(employee),
        revision: employee.revision,
        values: formValuesOf(employee, owner),
        accounts: await linkableAccounts(db, employee.id),
        showCost: owner,
        crumb: employeeName(employee),
      };
    },
  );
}

export async function action(args: Route.ActionArgs) {
  return employeeFormAction(args, handle.permission, args.params.id);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Modifier ${args.loaderData.name} — Pointage` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EditEmployeePage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const values = valuesAfterRefusal(loaderData.values, refusal);
  return (
    <FormPage title={`Modifier ${loaderData.name}`}>
      <EmployeeForm
        key={JSON.stringify(values)}
        intent="modifier"
        values={values}
        {...refusedFormErrors(refusal)}
        accounts={loaderData.accounts}
        showCost={loaderData.showCost}
        cancelHref={`/erp/temps/salaries/${loaderData.id}`}
        saveLabel="Enregistrer"
        hidden={<input type="hidden" name="revision" value={loaderData.revision} />}
      />
    </FormPage>
  );
}
