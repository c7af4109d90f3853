import { requirePermission } from "#app/features/auth/session.server.ts";
import { type AddressCompletionAnswer, AddressQuerySchema } from "#app/lib/address-search.ts";
import { getServices } from "#app/lib/app-context.ts";
import { completeAddress } from "#app/lib/geocoding.server.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/adresse-completion";

/** The office's client and job-site forms use it: anyone of the office, no site worker. */
export const handle = { permission: "session" } satisfies RouteHandle;

const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

const answer = (body: AddressCompletionAnswer, init: ResponseInit = {}) =>
  Response.json(body, { ...init, headers: { ...HEADERS, ...init.headers } });

/**
 * GET /erp/adresse-completion?q=...: up to five addresses completing what is typed in an
 * address field, from the State's geocoding service (app/lib/geocoding.server.ts). Under
 * three characters, an empty list without asking it. When the service does not answer,
 * `{ ok: false, message }` (status 200, `Retry-After: 30`): the field then stays a plain
 * field, typed by hand.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const parsed = AddressQuerySchema.safeParse(new URL(request.url).searchParams.get("q") ?? "");
  if (!parsed.success) {
    return answer(
      { ok: false, message: parsed.error.issues[0]?.message ?? "Adresse cherchée invalide." },
      { status: 400 },
    );
  }
  const { env, logger } = getServices(context);
  const result = await completeAddress(env, parsed.data);
  if (!result.ok) {
    logger.warn("complétion d'adresse : le service de géocodage ne répond pas");
    return answer(
      {
        ok: false,
        message:
          "Le service d'adresses de l'État ne répond pas : saisissez l'adresse à la main, elle sera enregistrée telle quelle.",
      },
      // 200: the route did its work; the body says the service is down. A 503 at each keystroke
      // would fill the browser's console for what the field shows as a plain field.
      { headers: { "Retry-After": "30" } },
    );
  }
  return answer({ ok: true, suggestions: result.suggestions });
}
