import { requirePermission } from "#app/features/auth/session.server.ts";
import { answerEmployeeForm } from "#app/features/time-sheets/employee-actions.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { RouteAccess } from "#app/lib/permissions.ts";

type ActionArgs = { request: Request; context: Parameters<typeof getServices>[0] };

/**
 * The action of the employee form, for a new employee (`employeeId` null) and an edited
 * one: who acts, and their role (the loaded hourly cost is the owner's alone).
 */
export async function employeeFormAction(
  { request, context }: ActionArgs,
  access: RouteAccess,
  employeeId: string | null,
) {
  const { user } = await requirePermission(request, context, access);
  const { db, env } = getServices(context);
  return answerEmployeeForm(
    { request, db, geocoding: env, actor: { id: user.id, email: user.email }, role: user.role },
    employeeId,
    await request.formData(),
  );
}
