import { data, redirect } from "react-router";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { convertLeadToClient, LeadToConvertNotFoundError } from "#app/features/clients/convert.server.ts";
import { CLIENTS_HANDLE } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Route } from "./+types/depuis-prospect";

/*
 * POST /erp/clients/depuis-prospect/:leadId: « Convertir en client » on a lead's page
 * (ConvertLeadForm). No page of its own: a GET goes back to the lead.
 */

export const handle = CLIENTS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  throw redirect(isUuid(params.leadId) ? `/erp/leads/${params.leadId}` : "/erp/leads");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  try {
    const { clientId, created } = await convertLeadToClient(services.db, actor, params.leadId);
    if (created) services.logger.info({ leadId: params.leadId, clientId }, "prospect converti en client");
    return redirectWithFlash(request, `/erp/clients/${clientId}`, {
      tone: created ? "success" : "info",
      message: created
        ? "Le prospect a été converti en client : complétez sa fiche (adresse du chantier, facturation)."
        : "Ce prospect est déjà client : voici sa fiche.",
    });
  } catch (error) {
    if (error instanceof LeadToConvertNotFoundError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}
