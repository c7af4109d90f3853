import { data } from "react-router";
import { FormPage } from "#app/components/data/form-page.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ClientForm, emptyClientFormValues } from "#app/features/clients/components/client-form.tsx";
import { duplicatesAnswer, parseClientForm } from "#app/features/clients/schema.ts";
import { createClient } from "#app/features/clients/write.server.ts";
import { CLIENTS_HANDLE, erpMeta, PROSPECTS_TABS } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import type { Route } from "./+types/nouveau";

export const handle = CLIENTS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return { crumb: "Nouveau client" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const parsed = parseClientForm(await request.formData());
  if (!parsed.ok) return data(parsed.answer, { status: 400 });
  const result = await createClient(getServices(context).db, actor, parsed.data, {
    confirmDuplicate: parsed.confirmDuplicate,
  });
  // Nothing created: the staff look at the possible duplicates, then confirm or not.
  if (!result.ok) return data(duplicatesAnswer(parsed.values, result.duplicates), { status: 409 });
  return redirectWithFlash(request, `/erp/clients/${result.id}`, {
    tone: "success",
    message: `Client « ${parsed.data.name} » créé.`,
  });
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau client", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewClientPage({ actionData }: Route.ComponentProps) {
  return (
    <FormPage
      section={{ label: "Prospects et clients", tabs: PROSPECTS_TABS }}
      title="Nouveau client"
      description="Pour un client venu autrement que par une demande du site. Un prospect se convertit depuis sa fiche."
    >
      <ClientForm
        // A refused post shows again what was sent (the fields are uncontrolled).
        key={actionData ? JSON.stringify(actionData.values) : "vide"}
        mode="create"
        values={actionData?.values ?? emptyClientFormValues()}
        errors={actionData?.errors}
        formErrors={actionData?.formErrors}
        duplicates={actionData?.duplicates}
        cancelHref="/erp/clients"
      />
    </FormPage>
  );
}
