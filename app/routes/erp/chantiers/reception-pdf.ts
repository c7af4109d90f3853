import { requirePermission } from "#app/features/auth/session.server.ts";
import { CHANTIERS_HANDLE } from "#app/features/erp/navigation.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import {
  liftingPdf,
  receptionPdf,
  reservationPhoto,
  signedReceptionCopy,
} from "#app/features/job-sites/reception.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile, storageUnavailable } from "#app/lib/file-response.ts";
import { StorageNotFoundError, StorageUnavailableError } from "#app/lib/storage.server.ts";
import type { Route } from "./+types/reception-pdf";

export const handle = CHANTIERS_HANDLE;

/**
 * GET /erp/chantiers/:id/reception/pdf: the PV de réception (the frozen file once presented
 * for signature, else the draft rendered now and marked « Brouillon »).
 * GET /erp/chantiers/:id/reception/copie-signee: the signed copy (signed PDF or scan).
 * ?levee={id}: a PV de levée des réserves; ?photo={reservation}[&levee=1]: a reservation's
 * photo (or the one of its lifting).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  try {
    if (new URL(request.url).pathname.endsWith("/copie-signee")) {
      const copy = await signedReceptionCopy(db, storage, params.id);
      if (!copy) return fileNotFound("Ce PV de réception n'est pas signé.");
      return inlineFile(copy.bytes, copy.contentType, copy.name);
    }
    const query = new URL(request.url).searchParams;
    const photoOf = query.get("photo");
    if (photoOf !== null) {
      const photo = await reservationPhoto(db, storage, params.id, photoOf, query.get("levee") === "1");
      if (!photo) return fileNotFound("Cette réserve n'a pas de photo.");
      return inlineFile(photo.bytes, photo.contentType);
    }
    const leveeId = query.get("levee");
    if (leveeId !== null) {
      const lifting = await liftingPdf(db, storage, params.id, leveeId);
      if (!lifting) return fileNotFound("Ce PV de levée des réserves n'existe pas.");
      return inlineFile(lifting.bytes, lifting.contentType, lifting.name);
    }
    const pdf = await receptionPdf(db, storage, await documentIdentity(db), params.id);
    if (!pdf) return fileNotFound("Aucun PV de réception n'est préparé pour ce chantier.");
    return inlineFile(pdf.bytes, "application/pdf", pdf.name);
  } catch (error) {
    if (error instanceof JobSiteNotFoundError) return fileNotFound(error.message);
    if (error instanceof StorageNotFoundError) {
      logger.warn({ jobSiteId: params.id }, "PV de réception introuvable dans le stockage");
      return fileNotFound("Le fichier de ce PV est introuvable dans le stockage des fichiers.");
    }
    if (error instanceof StorageUnavailableError) {
      logger.error({ err: error, jobSiteId: params.id }, "stockage des fichiers indisponible");
      return storageUnavailable();
    }
    throw error;
  }
}
