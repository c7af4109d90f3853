import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { DaySheet } from "#app/features/time-sheets/components/day-sheet.tsx";
import { ValidateWeek, WeekChanges } from "#app/features/time-sheets/components/week-validation.tsx";
import { answerDayPost } from "#app/features/time-sheets/day-actions.server.ts";
import { dayPage, requestedDay } from "#app/features/time-sheets/day-page.server.ts";
import { employeeName } from "#app/features/time-sheets/employee-schema.ts";
import { findEmployee, TimeSheetError, weekChanges } from "#app/features/time-sheets/entries.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/jour";

export const handle = POINTAGE_HANDLE;

/*
 * /erp/temps/salaries/:id/jour?jour=: an employee's day entered by the office (days to
 * come too: leave, training), the week's summary, « Valider la semaine », and once
 * validated, the owner's changes with their reason and the history of them.
 */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, TimeSheetError, async ({ db }, { user }) => {
    const day = requestedDay(request);
    const employee = await findEmployee(db, params.id);
    const actor = { id: user.id, email: user.email, role: user.role };
    const page = await dayPage(db, actor, employee, day);
    return {
      employee: { id: employee.id, name: employeeName(employee) },
      owner: user.role === "owner",
      ...page,
      changes: await weekChanges(db, employee.id, page.sheet.weekStart),
      crumb: employeeName(employee),
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  try {
    const employee = await findEmployee(db, params.id);
    return answerDayPost(
      {
        request,
        db,
        actor: { id: user.id, email: user.email, role: user.role },
        dayHref: (day) => `/erp/temps/salaries/${employee.id}/jour?jour=${day}`,
      },
      employee,
      await request.formData(),
    );
  } catch (error) {
    throwNotFound(error, TimeSheetError);
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Heures de ${args.loaderData.employee.name} — Pointage` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EmployeeDayPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const { employee, owner, day, values, sites, sheet, copyFrom, changes } = loaderData;
  const dayHref = (other: string) => `/erp/temps/salaries/${employee.id}/jour?jour=${other}`;
  return (
    <DaySheet
      title={`Heures de ${employee.name}`}
      day={day}
      today={null}
      dayHref={dayHref}
      refusal={refusal}
      values={values}
      sites={sites}
      sheet={sheet}
      canChangeLocked={owner}
      copyFrom={copyFrom}
    >
      {sheet.lock ? null : <ValidateWeek day={day} weekStart={sheet.weekStart} />}
      <WeekChanges changes={changes} />
    </DaySheet>
  );
}
