import { refused } from "#app/components/forms/refusal.server.ts";
import type { ActionContext } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import {
  anonymiseClient,
  ClientHasDocumentsError,
  ClientHasJobSitesError,
  deleteClient,
} from "./gdpr.server.ts";
import { ClientNotFoundError } from "./query.server.ts";
import { CLIENT_INTENTS, type ClientIntent } from "./schema.ts";

/*
 * The work of a client's page (/erp/clients/:id): delete the client (no document yet)
 * or anonymise it (its documents kept), each logged; `clientRefusal` turns the clients'
 * errors into THE refusal.
 */

export type ClientActionContext = ActionContext & {
  clientId: string;
};

export async function answerClientPost(context: ClientActionContext, intent: ClientIntent) {
  const { request, services, actor, clientId } = context;
  if (intent === CLIENT_INTENTS.delete) {
    const { name, photos } = await deleteClient(services.db, services.storage, clientId);
    services.logger.info({ clientId, photos, by: actor.id }, "client supprimé (données personnelles)");
    return redirectWithFlash(request, "/erp/clients", {
      tone: "success",
      message: `Les données du client « ${name} » ont été supprimées définitivement.`,
    });
  }
  const { alreadyDone } = await anonymiseClient(services.db, services.storage, actor, clientId);
  services.logger.info({ clientId, by: actor.id }, "client anonymisé");
  return redirectWithFlash(request, `/erp/clients/${clientId}`, {
    tone: alreadyDone ? "info" : "success",
    message: alreadyDone
      ? "Ce client était déjà anonymisé."
      : "Les données personnelles du client ont été anonymisées : les factures et avoirs sont conservés 10 ans (obligation comptable) ; les fichiers déposés ont été supprimés.",
  });
}

/** A clients error → THE refusal of the intent it answers; null for an error the page does not expect. */
export function clientRefusal(error: unknown, intent: ClientIntent) {
  if (error instanceof ClientNotFoundError) return refused(404, { intent, message: error.message });
  if (error instanceof ClientHasDocumentsError || error instanceof ClientHasJobSitesError) {
    return refused(409, { intent, message: error.message });
  }
  return null;
}
