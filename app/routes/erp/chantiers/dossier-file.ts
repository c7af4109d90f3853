import { requirePermission } from "#app/features/auth/session.server.ts";
import { CHANTIERS_HANDLE } from "#app/features/erp/navigation.ts";
import { buildHandover, HandoverUnavailableError } from "#app/features/job-sites/handover.server.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, storageFailure } from "#app/lib/file-response.ts";
import type { Route } from "./+types/dossier-file";

export const handle = CHANTIERS_HANDLE;

/**
 * GET /erp/chantiers/:id/dossier.pdf and /dossier.zip: the site's handover file, made on
 * request (PDF shown inline; ZIP saved). 409 before the PV de réception is presented.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const format = new URL(request.url).pathname.endsWith(".zip") ? "zip" : "pdf";
  try {
    const file = await buildHandover(db, storage, await documentIdentity(db), params.id, format);
    const name = file.name.replace(/[^\x20-\x7e]/g, "_");
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": `${format === "pdf" ? "inline" : "attachment"}; filename="${name}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  } catch (error) {
    if (error instanceof JobSiteNotFoundError) return fileNotFound(error.message);
    if (error instanceof HandoverUnavailableError) {
      return Response.json(
        { message: error.message },
        { status: 409, headers: { "Cache-Control": "no-store" } },
      );
    }
    return storageFailure(error, logger, {
      log: { jobSiteId: params.id },
      missing: "document d'un dossier de fin de chantier introuvable dans le stockage",
      message: "Un document du dossier est introuvable dans le stockage des fichiers.",
    });
  }
}
