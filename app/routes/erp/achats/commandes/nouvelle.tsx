import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { OrderForm } from "#app/features/purchases/components/order-form.tsx";
import { answerOrderForm } from "#app/features/purchases/order-actions.server.ts";
import { ORDERS_PATH } from "#app/features/purchases/order-schema.ts";
import { orderChoices } from "#app/features/purchases/orders.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/nouvelle";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const choices = await orderChoices(getServices(context).db);
  // « Nouvelle commande » from a supplier's or a site's page comes with it chosen.
  const url = new URL(request.url);
  const preset: Record<string, string> = {};
  const supplierId = url.searchParams.get("fournisseur");
  if (supplierId && choices.suppliers.some((supplier) => supplier.id === supplierId))
    preset.supplierId = supplierId;
  const siteId = url.searchParams.get("chantier");
  if (siteId && choices.sites.some((site) => site.id === siteId)) preset.jobSiteId = siteId;
  return { choices, preset, crumb: "Nouvelle commande" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, storage } = getServices(context);
  return answerOrderForm(
    { request, db, storage, actor, identity: () => documentIdentity(db) },
    null,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouvelle commande — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, preset } = loaderData;
  const refusal = refusalOf(actionData);
  const moreRows = refusal && "moreRows" in refusal && refusal.moreRows === true;
  const values = refusal?.values ? refusal.values : { deliveryPlace: "chantier", ...preset };
  return (
    <FormPage
      section={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Nouvelle commande"
      description="Un bon de commande à un fournisseur, pour un chantier ou pour le dépôt. Il reste en brouillon jusqu'à son envoi."
      wide
    >
      <OrderForm
        key={JSON.stringify(values)}
        intent="creer"
        values={values}
        choices={choices}
        errors={moreRows ? {} : refusal?.fieldErrors}
        formErrors={refusal && !moreRows && !refusal.fieldErrors ? [refusal.message] : []}
        extraRows={moreRows ? 5 : 0}
        cancelHref={ORDERS_PATH}
        saveLabel="Enregistrer le brouillon"
      />
    </FormPage>
  );
}
