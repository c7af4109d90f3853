import { FormPage } from "#app/components/data/form-page.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { LibraryItemForm } from "#app/features/quotes/components/library-item-form.tsx";
import { answerNewLibraryItem, refusedLibraryForm } from "#app/features/quotes/library-actions.server.ts";
import {
  emptyLibraryItemFormValues,
  LIBRARY_PATH,
  type LibraryItemRefusal,
  LibraryItemSchema,
} from "#app/features/quotes/library-schema.ts";
import { getCompanySettings } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formValues } from "#app/lib/form-intent.ts";
import type { Route } from "./+types/nouveau";

export const handle = DEVIS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { hourlyCostCents } = await getCompanySettings(getServices(context).db);
  return { hourlyCostCents, crumb: "Nouvel article de la bibliothèque" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const form = await request.formData().catch(() => null);
  if (!form) return refused(400, { message: "Le formulaire envoyé est illisible : rechargez la page." });
  const parsed = LibraryItemSchema.safeParse(formValues(form));
  if (!parsed.success) return refusedLibraryForm(undefined, form, parsed.error);
  return answerNewLibraryItem({ request, services: getServices(context), actor }, parsed.data);
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouvel article — Bibliothèque de prix", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewLibraryItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData) as LibraryItemRefusal | null;
  return (
    <FormPage
      section={{ label: "Devis", tabs: DEVIS_TABS }}
      title="Nouvel article"
      description="Un ouvrage de la bibliothèque de prix : l'éditeur de devis en copie la désignation, l'unité, le prix et la TVA."
    >
      <LibraryItemForm
        // A refused post shows again what was sent (the fields are uncontrolled).
        key={refusal?.values ? JSON.stringify(refusal.values) : "vide"}
        mode="create"
        values={emptyLibraryItemFormValues()}
        refusal={refusal}
        hourlyCostCents={loaderData.hourlyCostCents}
        cancelHref={LIBRARY_PATH}
      />
    </FormPage>
  );
}
