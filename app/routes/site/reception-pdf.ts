import { data } from "react-router";
import {
  ReceptionLinkNotFoundError,
  receptionLinkPdf,
} from "#app/features/job-sites/reception-online.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { StorageNotFoundError, StorageUnavailableError } from "#app/lib/storage.server.ts";
import type { Route } from "./+types/reception-pdf";

/** GET /reception/{token}/pdf: the PV presented for signature, or once signed the signed PV. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, storage, logger } = getServices(context);
  try {
    const file = await receptionLinkPdf(db, storage, params.token);
    if (!file) throw data({ message: "Ce PV n'a pas de PDF." }, { status: 404 });
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": `attachment; filename="${file.name}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "X-Robots-Tag": "noindex, nofollow",
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (error) {
    if (error instanceof ReceptionLinkNotFoundError) throw data({ message: error.message }, { status: 404 });
    if (error instanceof StorageNotFoundError) {
      logger.warn({ err: error }, "fichier d'un PV de réception introuvable");
      throw data({ message: "Ce document est introuvable : contactez-nous." }, { status: 404 });
    }
    if (error instanceof StorageUnavailableError) {
      logger.error({ err: error }, "stockage des fichiers indisponible pour un PV");
      throw data(
        { message: "Le document est momentanément indisponible : réessayez dans quelques instants." },
        { status: 503, headers: { "Retry-After": "30" } },
      );
    }
    throw error;
  }
}
