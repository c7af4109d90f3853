import { requirePermission } from "#app/features/auth/session.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { requireListFilters } from "#app/lib/list-filters.ts";
import type { RouteAccess } from "#app/lib/permissions.ts";
import type { z } from "#app/lib/zod.ts";

type LoaderArgs = { request: Request; context: Parameters<typeof getServices>[0] };

/**
 * The opening of every Espace Pro list's loader: the permission of the page, then the
 * URL's filters read through the list's schema (400 with its French message), and the
 * services to read the page with.
 */
export async function openList<S extends z.ZodObject>(
  { request, context }: LoaderArgs,
  access: RouteAccess,
  schema: S,
) {
  const session = await requirePermission(request, context, access);
  const filters = requireListFilters(schema, request);
  return { session, filters, ...getServices(context) };
}

/**
 * The loader of a list that shows one page of its rows and nothing beside them: the
 * page read with the URL's filters, the filters, and the order the table shows.
 */
export function listLoader<S extends z.ZodObject, Page extends object, Sort>(
  access: RouteAccess,
  schema: S,
  readPage: (db: ReturnType<typeof getServices>["db"], filters: z.infer<S>) => Promise<Page>,
  sortOf: (filters: z.infer<S>) => Sort,
) {
  return async (args: LoaderArgs) => {
    const { filters, db } = await openList(args, access, schema);
    const page = await readPage(db, filters);
    return { ...page, filters, sort: sortOf(filters) };
  };
}
