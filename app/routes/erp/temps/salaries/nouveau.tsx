import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { refusedFormErrors, valuesAfterRefusal } from "#app/components/forms/refused-form.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { EmployeeForm } from "#app/features/time-sheets/components/employee-form.tsx";
import { EMPLOYEE_FIELDS, type EmployeeFormValues } from "#app/features/time-sheets/employee-schema.ts";
import { linkableAccounts } from "#app/features/time-sheets/employees.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { employeeFormAction } from "#app/routes/erp/employee-form.server.ts";
import type { Route } from "./+types/nouveau";

export const handle = POINTAGE_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  return {
    accounts: await linkableAccounts(getServices(context).db, null),
    showCost: user.role === "owner",
    crumb: "Nouveau salarié",
  };
}

export async function action(args: Route.ActionArgs) {
  return employeeFormAction(args, handle.permission, null);
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau salarié — Pointage", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const EMPTY = {
  ...Object.fromEntries(EMPLOYEE_FIELDS.map((field) => [field, ""])),
  contract: "35",
} as EmployeeFormValues;

export default function NewEmployeePage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const values = valuesAfterRefusal(EMPTY, refusal);
  return (
    <FormPage
      title="Nouveau salarié"
      description="Chaque salarié dont les heures sont enregistrées, qu'il ait un compte dans l'Espace Pro ou non."
    >
      <EmployeeForm
        key={JSON.stringify(values)}
        intent="creer"
        values={values}
        {...refusedFormErrors(refusal)}
        accounts={loaderData.accounts}
        showCost={loaderData.showCost}
        cancelHref="/erp/temps"
        saveLabel="Ajouter au registre"
      />
    </FormPage>
  );
}
