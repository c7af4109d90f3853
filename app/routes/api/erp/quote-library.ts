import { requirePermission } from "#app/features/auth/session.server.ts";
import { searchLibraryItems } from "#app/features/quotes/library.server.ts";
import { LibrarySearchSchema } from "#app/features/quotes/library-schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/quote-library";

export const handle = { permission: "devis" } satisfies RouteHandle;

const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * GET /api/erp/devis/bibliotheque.json?q=...: the price-library items the quote editor
 * offers to insert (not archived, every word of `q` matched, 20 at most, by designation).
 * Amounts in cents and labour in thousandths of an hour, as integers.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const parsed = LibrarySearchSchema.safeParse(new URL(request.url).searchParams.get("q") ?? "");
  if (!parsed.success) {
    return Response.json(
      { message: parsed.error.issues[0]?.message ?? "Recherche invalide." },
      { status: 400, headers: HEADERS },
    );
  }
  const items = await searchLibraryItems(getServices(context).db, parsed.data);
  return Response.json(
    {
      items: items.map((item) => ({
        id: item.id,
        designation: item.designation,
        description: item.description,
        unit: item.unit,
        unitPriceHt: item.unitPriceHt,
        vatCode: item.vatCode,
        labourHours: item.labourHours,
        materialsCents: item.materialsCents,
      })),
    },
    { headers: HEADERS },
  );
}
