import { PageHeader } from "#app/components/data/page-header.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { EmployeeForm } from "#app/features/time-sheets/components/employee-form.tsx";
import { answerEmployeeForm } from "#app/features/time-sheets/employee-actions.server.ts";
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
import { getServices } from "#app/lib/app-context.ts";
import { formatCentsForInput } from "#app/lib/money.ts";
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

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  return answerEmployeeForm(
    {
      request,
      db: getServices(context).db,
      geocoding: getServices(context).env,
      actor: { id: user.id, email: user.email },
      role: user.role,
    },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Modifier ${args.loaderData.name} — Pointage` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EditEmployeePage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const values = refusal?.values ? { ...loaderData.values, ...refusal.values } : loaderData.values;
  return (
    <div className="grid max-w-3xl gap-5">
      <PageHeader title={`Modifier ${loaderData.name}`} />
      <EmployeeForm
        key={JSON.stringify(values)}
        intent="modifier"
        values={values}
        errors={refusal?.fieldErrors}
        formErrors={refusal && !refusal.fieldErrors ? [refusal.message] : []}
        accounts={loaderData.accounts}
        showCost={loaderData.showCost}
        cancelHref={`/erp/temps/salaries/${loaderData.id}`}
        saveLabel="Enregistrer"
        hidden={<input type="hidden" name="revision" value={loaderData.revision} />}
      />
    </div>
  );
}
