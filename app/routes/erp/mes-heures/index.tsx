import { PageHeader } from "#app/components/data/page-header.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, MES_HEURES_HANDLE } from "#app/features/erp/navigation.ts";
import { DaySheet } from "#app/features/time-sheets/components/day-sheet.tsx";
import { answerDayPost } from "#app/features/time-sheets/day-actions.server.ts";
import { dayPage, requestedDay } from "#app/features/time-sheets/day-page.server.ts";
import { employeeOfUser } from "#app/features/time-sheets/entries.server.ts";
import { DAY_MESSAGES } from "#app/features/time-sheets/entries-schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/index";

export const handle = MES_HEURES_HANDLE;

/*
 * /erp/mes-heures?jour=: « Ma journée », a site worker's hours on their phone: the day's
 * lines (the sites of their planning first), « Copier la veille », and the week with its
 * status. Only their own employee record, only days gone or today.
 */

const PATH = "/erp/mes-heures";
const dayHref = (day: string) => `${PATH}?jour=${day}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const day = requestedDay(request);
  const employee = await employeeOfUser(db, user.id);
  if (!employee) return { linked: false as const, day, crumb: "Mes heures" };
  const actor = { id: user.id, email: user.email, role: user.role };
  return { linked: true as const, ...(await dayPage(db, actor, employee, day)), crumb: "Mes heures" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const employee = await employeeOfUser(db, user.id);
  if (!employee) return refused(403, { message: DAY_MESSAGES.noEmployee });
  return answerDayPost(
    { request, db, actor: { id: user.id, email: user.email, role: user.role }, dayHref },
    employee,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) => erpMeta("Mes heures", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function MyHoursPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  if (!loaderData.linked) {
    return (
      <div className="grid max-w-3xl gap-5">
        <PageHeader title="Mes heures" />
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950"
        >
          {DAY_MESSAGES.noEmployee}
        </p>
      </div>
    );
  }
  const { day, today, values, sites, sheet, copyFrom } = loaderData;
  return (
    <DaySheet
      title="Mes heures"
      day={day}
      today={today}
      dayHref={dayHref}
      refusal={refusal}
      values={values}
      sites={sites}
      sheet={sheet}
      canChangeLocked={false}
      copyFrom={copyFrom}
    />
  );
}
