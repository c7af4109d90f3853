import { data } from "react-router";
import { openShareLink } from "#app/features/documents/share-links.server.ts";
import { buildHandover, HandoverUnavailableError } from "#app/features/job-sites/handover.server.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { clientDocument, throwClientDocumentFailure } from "#app/lib/file-response.ts";
import type { Route } from "./+types/dossier-file";
import { throwShareLinkRefusal } from "./share-link-errors.server.ts";

/** GET /dossier/{token}/dossier.pdf and /dossier/{token}/dossier.zip: the handover file, made on request. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, storage, logger } = getServices(context);
  const { clientIp } = context.get(requestContext);
  let jobSiteId: string | null = null;
  try {
    jobSiteId = (await openShareLink(db, "dossier", params.token, { clientIp })).jobSiteId;
  } catch (error) {
    throwShareLinkRefusal(error);
  }
  const format = new URL(request.url).pathname.endsWith(".zip") ? "zip" : "pdf";
  try {
    if (!jobSiteId) throw new JobSiteNotFoundError();
    const file = await buildHandover(db, storage, await documentIdentity(db), jobSiteId, format);
    return clientDocument(file);
  } catch (error) {
    if (error instanceof JobSiteNotFoundError || error instanceof HandoverUnavailableError) {
      throw data({ message: "Ce dossier n'est pas disponible : contactez-nous." }, { status: 404 });
    }
    throwClientDocumentFailure(error, logger, {
      missing: "document d'un dossier de fin de chantier introuvable",
      unavailable: "stockage des fichiers indisponible pour un dossier de fin de chantier",
      unavailableMessage: "Le dossier est momentanément indisponible : réessayez dans quelques instants.",
    });
  }
}
