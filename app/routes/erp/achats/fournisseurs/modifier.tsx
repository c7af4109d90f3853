import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { refusedFormErrors } from "#app/components/forms/refused-form.ts";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { OtherSupplierLink } from "#app/features/purchases/components/siren-taken.tsx";
import { SupplierForm } from "#app/features/purchases/components/supplier-form.tsx";
import { answerSupplierForm } from "#app/features/purchases/supplier-actions.server.ts";
import {
  contactKey,
  type SupplierFormValues,
  supplierPath,
} from "#app/features/purchases/supplier-schema.ts";
import {
  getSupplier,
  type SupplierDetail,
  SupplierNotFoundError,
} from "#app/features/purchases/suppliers.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatIban } from "#app/lib/bank.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/modifier";

export const handle = ACHATS_HANDLE;

/** The stored supplier as the form's strings. */
function formValuesOf(supplier: SupplierDetail): SupplierFormValues {
  const values: SupplierFormValues = {
    kind: supplier.kind,
    legalName: supplier.legalName,
    siren: supplier.siren ?? "",
    vatNumber: supplier.vatNumber ?? "",
    street: supplier.street,
    postcode: supplier.postcode,
    city: supplier.city,
    country: supplier.country,
    email: supplier.email ?? "",
    phone: supplier.phone ?? "",
    paymentTermsDays: String(supplier.paymentTermsDays),
    paymentTermsEndOfMonth: supplier.paymentTermsEndOfMonth ? "oui" : "",
    iban: supplier.iban ? formatIban(supplier.iban) : "",
    bic: supplier.bic ?? "",
    defaultVatCode: supplier.defaultVatCode,
    trade: supplier.trade,
    notes: supplier.notes,
  };
  supplier.contacts.forEach((contact, index) => {
    values[contactKey(index, "name")] = contact.name;
    values[contactKey(index, "role")] = contact.role;
    values[contactKey(index, "email")] = contact.email ?? "";
    values[contactKey(index, "phone")] = contact.phone ?? "";
  });
  return values;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, SupplierNotFoundError, async ({ db }) => {
    const supplier = await getSupplier(db, params.id);
    return {
      id: supplier.id,
      name: supplier.legalName,
      revision: supplier.revision,
      values: formValuesOf(supplier),
      crumb: supplier.legalName,
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  return answerSupplierForm(
    { request, db: getServices(context).db, actor },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Modifier ${args.loaderData.name} — Achats` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EditSupplierPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  // A refused post shows again what was sent (contacts included), never the stored rows under it.
  const values = refusal?.values ?? loaderData.values;
  return (
    <FormPage section={{ label: "Achats", tabs: ACHATS_TABS }} title={`Modifier ${loaderData.name}`}>
      <OtherSupplierLink fix={refusal?.fix} />
      <SupplierForm
        key={JSON.stringify(values)}
        intent="modifier"
        values={values}
        {...refusedFormErrors(refusal)}
        cancelHref={supplierPath(loaderData.id)}
        saveLabel="Enregistrer"
        hidden={<input type="hidden" name="revision" value={loaderData.revision} />}
      />
    </FormPage>
  );
}
