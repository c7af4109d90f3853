import { requirePermission } from "#app/features/auth/session.server.ts";
import { SITE_LOG_HANDLE } from "#app/features/erp/navigation.ts";
import { handleSiteLogPost } from "#app/features/site-log/actions.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/journal-notes";

export const handle = SITE_LOG_HANDLE;

const noStore = { "Cache-Control": "no-store" };

/**
 * The log page's form, posted by script (fetch): a note with its photos, an answer, a
 * correction. Answers JSON, so that on a poor connection the page keeps what was typed
 * and chosen and says what to retry; without script the page's own action does the same.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json(
      { ok: false, message: "Le formulaire envoyé est illisible." },
      { status: 400, headers: noStore },
    );
  }
  const result = await handleSiteLogPost(getServices(context), user, params.id, form);
  if (result.ok) return Response.json(result, { headers: noStore });
  return Response.json(result, { status: result.status, headers: noStore });
}

/** Nothing to read here: the log is at /erp/chantiers/:id/journal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return Response.json(
    { message: "Cette adresse reçoit les notes du journal : ouvrez le journal du chantier." },
    { status: 405, headers: { ...noStore, Allow: "POST" } },
  );
}
