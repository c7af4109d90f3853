import { data } from "react-router";
import { FormPage } from "#app/components/data/form-page.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ClientForm, type SiteAddress } from "#app/features/clients/components/client-form.tsx";
import { type ClientDetail, getClient } from "#app/features/clients/detail.server.ts";
import { ClientAnonymisedError, ClientNotFoundError } from "#app/features/clients/query.server.ts";
import { type ClientFormValues, duplicatesAnswer, parseClientForm } from "#app/features/clients/schema.ts";
import { updateClient } from "#app/features/clients/write.server.ts";
import { CLIENTS_HANDLE, erpMeta, PROSPECTS_TABS } from "#app/features/erp/navigation.ts";
import { latestDraftSite } from "#app/features/quotes/quotes.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import type { Route } from "./+types/modifier";

export const handle = CLIENTS_HANDLE;

/** The stored client as the form's strings. */
function formValuesOf(client: ClientDetail): ClientFormValues {
  return {
    kind: client.kind,
    name: client.name,
    legalName: client.legalName ?? "",
    siren: client.siren ?? "",
    vatNumber: client.vatNumber ?? "",
    mainContractor: client.mainContractor ? "oui" : "",
    email: client.email ?? "",
    phone: client.phone ?? "",
    billingStreet: client.billingStreet ?? "",
    billingPostalCode: client.billingPostalCode ?? "",
    billingCity: client.billingCity ?? "",
    notes: client.notes ?? "",
    sites: client.sites.map((site) => ({
      id: site.id,
      label: site.label ?? "",
      street: site.street ?? "",
      postalCode: site.postalCode ?? "",
      city: site.city,
    })),
  };
}

function notFound(error: unknown): never {
  if (error instanceof ClientNotFoundError) throw data({ message: error.message }, { status: 404 });
  if (error instanceof ClientAnonymisedError) throw data({ message: error.message }, { status: 409 });
  throw error;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  try {
    const { db } = getServices(context);
    const client = await getClient(db, params.id);
    if (client.anonymisedAt) throw new ClientAnonymisedError();
    // The quote in progress: its site address is offered as the billing address.
    const site = await latestDraftSite(db, client.id);
    const siteAddress: SiteAddress | null = site
      ? {
          street: site.street,
          postalCode: site.postalCode,
          city: site.city,
          source: site.title ? `du devis « ${site.title} »` : "du devis en cours",
        }
      : null;
    return {
      id: client.id,
      name: client.name,
      values: formValuesOf(client),
      siteAddress,
      crumb: client.name,
    };
  } catch (error) {
    notFound(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const parsed = parseClientForm(await request.formData());
  if (!parsed.ok) return data(parsed.answer, { status: 400 });
  try {
    const result = await updateClient(getServices(context).db, actor, params.id, parsed.data, {
      confirmDuplicate: parsed.confirmDuplicate,
    });
    if (!result.ok) return data(duplicatesAnswer(parsed.values, result.duplicates), { status: 409 });
  } catch (error) {
    notFound(error);
  }
  return redirectWithFlash(request, `/erp/clients/${params.id}`, {
    tone: "success",
    message: "Fiche client enregistrée.",
  });
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Modifier ${args.loaderData.name} — Clients` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EditClientPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      section={{ label: "Prospects et clients", tabs: PROSPECTS_TABS }}
      title={`Modifier ${loaderData.name}`}
    >
      <ClientForm
        key={actionData ? JSON.stringify(actionData.values) : "client"}
        mode="edit"
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        formErrors={actionData?.formErrors}
        duplicates={actionData?.duplicates}
        cancelHref={`/erp/clients/${loaderData.id}`}
        siteAddress={loaderData.siteAddress}
      />
    </FormPage>
  );
}
