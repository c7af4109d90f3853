import { redirect } from "react-router";
import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { OrderForm } from "#app/features/purchases/components/order-form.tsx";
import { answerOrderForm } from "#app/features/purchases/order-actions.server.ts";
import { lineKey, orderPath } from "#app/features/purchases/order-schema.ts";
import { getOrder, OrderNotFoundError, orderChoices } from "#app/features/purchases/orders.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCentsForInput, formatQuantity } from "#app/lib/money.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/modifier";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, OrderNotFoundError, async ({ db }) => {
    const detail = await getOrder(db, params.id);
    // Only a draft is edited: a sent order opens its page.
    if (detail.order.status !== "brouillon") throw redirect(orderPath(detail.order.id));
    const { order } = detail;
    const values: Record<string, string> = {
      supplierId: order.supplierId,
      jobSiteId: order.jobSiteId ?? "",
      lotId: order.lotId ?? "",
      deliveryPlace: order.deliveryPlace,
      wantedOn: order.wantedOn ?? "",
      notes: order.notes,
    };
    detail.lines.forEach((line, row) => {
      values[lineKey(row, "reference")] = line.reference;
      values[lineKey(row, "designation")] = line.designation;
      values[lineKey(row, "unit")] = line.unit;
      values[lineKey(row, "quantity")] = formatQuantity(line.quantityMilli);
      values[lineKey(row, "unitPrice")] = formatCentsForInput(line.unitPriceHtCents);
      values[lineKey(row, "vatCode")] = line.vatCode;
    });
    const choices = await orderChoices(db);
    // A supplier archived since, or a site closed since, stays choosable for this draft.
    if (!choices.suppliers.some((supplier) => supplier.id === detail.supplier.id)) {
      choices.suppliers.push({
        id: detail.supplier.id,
        legalName: detail.supplier.legalName,
        email: detail.supplier.email,
        defaultVatCode: "20",
      });
    }
    return { values, revision: order.revision, choices, id: order.id, crumb: "Modifier la commande" };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, storage } = getServices(context);
  return answerOrderForm(
    { request, db, storage, actor, identity: () => documentIdentity(db) },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) => erpMeta("Modifier la commande — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EditOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const moreRows = refusal && "moreRows" in refusal && refusal.moreRows === true;
  const values = refusal?.values ?? loaderData.values;
  return (
    <FormPage
      section={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Modifier la commande"
      description="Un brouillon se modifie tant qu'il n'est pas envoyé."
      wide
    >
      <OrderForm
        key={JSON.stringify(values)}
        intent="modifier"
        values={values}
        choices={loaderData.choices}
        errors={moreRows ? {} : refusal?.fieldErrors}
        formErrors={refusal && !moreRows && !refusal.fieldErrors ? [refusal.message] : []}
        extraRows={moreRows ? 5 : 0}
        cancelHref={orderPath(loaderData.id)}
        saveLabel="Enregistrer le brouillon"
        hidden={<input type="hidden" name="revision" value={loaderData.revision} />}
      />
    </FormPage>
  );
}
