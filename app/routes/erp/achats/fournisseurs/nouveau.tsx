import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { refusedFormErrors, valuesAfterRefusal } from "#app/components/forms/refused-form.ts";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { OtherSupplierLink } from "#app/features/purchases/components/siren-taken.tsx";
import { SupplierForm } from "#app/features/purchases/components/supplier-form.tsx";
import { answerSupplierForm } from "#app/features/purchases/supplier-actions.server.ts";
import { SUPPLIERS_PATH, type SupplierFormValues } from "#app/features/purchases/supplier-schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/nouveau";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return { crumb: "Nouveau fournisseur" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  return answerSupplierForm({ request, db: getServices(context).db, actor }, null, await request.formData());
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau fournisseur — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const EMPTY: SupplierFormValues = {
  kind: "fournisseur",
  country: "FR",
  paymentTermsDays: "30",
  defaultVatCode: "20",
};

export default function NewSupplierPage({ actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const values = valuesAfterRefusal(EMPTY, refusal);
  return (
    <FormPage
      section={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Nouveau fournisseur"
      description="Un fournisseur de matériaux, un sous-traitant ou un loueur de matériel."
    >
      <OtherSupplierLink fix={refusal?.fix} />
      <SupplierForm
        key={JSON.stringify(values)}
        intent="creer"
        values={values}
        {...refusedFormErrors(refusal)}
        cancelHref={SUPPLIERS_PATH}
        saveLabel="Ajouter au registre"
      />
    </FormPage>
  );
}
