import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { NewDocumentForClient } from "#app/features/clients/components/client-picker.tsx";
import { pickableClients } from "#app/features/clients/list.server.ts";
import { DEVIS_TABS, erpMeta, FACTURES_HANDLE } from "#app/features/erp/navigation.ts";
import { InvoiceNotFoundError, InvoiceStateError } from "#app/features/invoices/query.server.ts";
import { createStandaloneDraft } from "#app/features/invoices/standalone.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Route } from "./+types/nouvelle";

/*
 * « Nouvelle facture »: a standalone invoice for a small job without a quote. Choose the
 * client; the draft opens with the lines editor of the quotes (no options, discount or
 * terms), the client's address as the site.
 */

export const handle = FACTURES_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const picked = await pickableClients(getServices(context).db, request);
  return { ...picked, crumb: "Nouvelle facture" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const form = await request.formData();
  const clientId = form.get("clientId");
  if (typeof clientId !== "string" || !isUuid(clientId)) {
    return refused(400, { message: "Choisissez le client de la facture." });
  }
  try {
    const { id } = await createStandaloneDraft(getServices(context).db, clientId, {
      id: session.user.id,
      email: session.user.email,
    });
    return redirectWithFlash(request, `/erp/factures/${id}`, {
      tone: "success",
      message: "Brouillon de facture créé : saisissez ses lignes, enregistrez, puis « Émettre ».",
    });
  } catch (error) {
    if (error instanceof InvoiceNotFoundError) return refused(404, { message: error.message });
    if (error instanceof InvoiceStateError) return refused(409, { message: error.message });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouvelle facture", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewInvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { clients, q } = loaderData;
  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <NewDocumentForClient
        title="Nouvelle facture"
        description="Une facture sans devis, pour un petit dépannage. Les travaux d'un devis accepté se facturent depuis le devis (« Facturer »)."
        refusal={refusalOf(actionData)?.message}
        heading="Client de la facture"
        clients={clients}
        q={q}
        actionLabel="Facturer"
        empty="Créez-le avec « Nouveau client »."
      />
    </div>
  );
}
