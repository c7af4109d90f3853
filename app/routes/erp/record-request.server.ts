import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { requirePermission, type StaffSession } from "#app/features/auth/session.server.ts";
import { type AppServices, getServices } from "#app/lib/app-context.ts";
import type { RouteAccess } from "#app/lib/permissions.ts";

type LoaderArgs = { request: Request; context: Parameters<typeof getServices>[0] };

/**
 * The loader of one record's page (its detail, its edit form, its reception…): the
 * permission of the page, then `read` with the services and the session; the feature's
 * « not found » error (`missing`) becomes the 404 page with its French message, any
 * other error (a redirect included) goes on.
 */
export async function readRecord<T>(
  { request, context }: LoaderArgs,
  access: RouteAccess,
  missing: abstract new (...args: never[]) => Error,
  read: (services: AppServices, session: StaffSession) => Promise<T>,
): Promise<T> {
  const session = await requirePermission(request, context, access);
  try {
    return await read(getServices(context), session);
  } catch (error) {
    throwNotFound(error, missing);
  }
}
