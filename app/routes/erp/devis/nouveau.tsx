import { Link } from "react-router";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { NewDocumentForClient } from "#app/features/clients/components/client-picker.tsx";
import { convertLeadToClient, LeadToConvertNotFoundError } from "#app/features/clients/convert.server.ts";
import { pickableClients } from "#app/features/clients/list.server.ts";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { createQuote, QuoteStateError } from "#app/features/quotes/quotes.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Route } from "./+types/nouveau";

/*
 * « Nouveau devis »: choose the client (search the register), or come from a client's
 * page (POST clientId) or a lead's page (POST prospect: the lead becomes a client on
 * the way, once). The draft opens in the editor.
 */

export const handle = DEVIS_HANDLE;

/**
 * What « Faire un devis » takes from a request of /devis: the client gets its name, e-mail,
 * phone and a job site in its town (convertLeadToClient); the quote, the project type as
 * its title, the description and the photos (createQuote). The form asks for no address.
 */
const LEAD_TAKEN_OVER =
  "Le prospect est devenu client (nom, e-mail, téléphone, commune) et son devis est ouvert avec le type de travaux, la description et les photos de sa demande. La demande ne donne pas l'adresse du chantier : complétez-la.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const picked = await pickableClients(getServices(context).db, request);
  return { ...picked, crumb: "Nouveau devis" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  const form = await request.formData();
  const clientId = form.get("clientId");
  const leadId = form.get("prospect");
  try {
    if (typeof leadId === "string" && leadId !== "") {
      const { clientId: converted, created } = await convertLeadToClient(services.db, actor, leadId);
      const { id } = await createQuote(services.db, { clientId: converted, leadSubmissionId: leadId }, actor);
      return redirectWithFlash(request, `/erp/devis/${id}`, {
        tone: "success",
        message: created ? LEAD_TAKEN_OVER : "Devis créé pour ce client, à partir de sa demande.",
      });
    }
    if (typeof clientId !== "string" || !isUuid(clientId)) {
      return refused(400, { message: "Choisissez le client du devis." });
    }
    const { id } = await createQuote(services.db, { clientId }, actor);
    return redirectWithFlash(request, `/erp/devis/${id}`, {
      tone: "success",
      message: "Brouillon de devis créé.",
    });
  } catch (error) {
    if (error instanceof LeadToConvertNotFoundError) return refused(404, { message: error.message });
    if (error instanceof QuoteStateError) return refused(409, { message: error.message });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau devis", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { clients, q } = loaderData;
  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <NewDocumentForClient
        title="Nouveau devis"
        description="Choisissez le client : son adresse de chantier et ses coordonnées sont reprises dans le devis."
        refusal={refusalOf(actionData)?.message}
        heading="Client du devis"
        clients={clients}
        q={q}
        actionLabel="Faire un devis"
        empty={
          <>
            Créez-le avec « Nouveau client », ou partez d'un prospect (onglet{" "}
            <Link to="/erp/leads" className="font-semibold text-brand-700 underline">
              Prospects
            </Link>
            , « Faire un devis »).
          </>
        }
      />
    </div>
  );
}
