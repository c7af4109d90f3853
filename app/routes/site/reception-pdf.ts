import { data } from "react-router";
import {
  ReceptionLinkNotFoundError,
  receptionLinkPdf,
} from "#app/features/job-sites/reception-online.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { clientDocument, throwClientDocumentFailure } from "#app/lib/file-response.ts";
import type { Route } from "./+types/reception-pdf";

/** GET /reception/{token}/pdf: the PV presented for signature, or once signed the signed PV. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, storage, logger } = getServices(context);
  try {
    const file = await receptionLinkPdf(db, storage, params.token);
    if (!file) throw data({ message: "Ce PV n'a pas de PDF." }, { status: 404 });
    return clientDocument({ ...file, contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof ReceptionLinkNotFoundError) throw data({ message: error.message }, { status: 404 });
    throwClientDocumentFailure(error, logger, {
      missing: "fichier d'un PV de réception introuvable",
      unavailable: "stockage des fichiers indisponible pour un PV",
      unavailableMessage: "Le document est momentanément indisponible : réessayez dans quelques instants.",
    });
  }
}
