import { data } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { LibraryItemForm } from "#app/features/quotes/components/library-item-form.tsx";
import { createLibraryItem } from "#app/features/quotes/library.server.ts";
import {
  emptyLibraryItemFormValues,
  type LibraryItemFormAnswer,
  parseLibraryItemForm,
} from "#app/features/quotes/library-schema.ts";
import { getCompanySettings } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import type { Route } from "./+types/nouveau";

export const handle = DEVIS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { hourlyCostCents } = await getCompanySettings(getServices(context).db);
  return { hourlyCostCents, crumb: "Nouvel article de la bibliothèque" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const form = await request.formData().catch(() => null);
  if (!form) {
    return data<LibraryItemFormAnswer>(
      {
        values: null,
        errors: {},
        formErrors: ["Le formulaire envoyé est illisible : rechargez la page."],
      },
      { status: 400 },
    );
  }
  const parsed = parseLibraryItemForm(form);
  if (!parsed.ok) return data<LibraryItemFormAnswer>(parsed.answer, { status: 400 });
  const id = await createLibraryItem(
    getServices(context).db,
    { id: session.user.id, email: session.user.email },
    parsed.data,
  );
  return redirectWithFlash(request, `/erp/devis/bibliotheque/${id}`, {
    tone: "success",
    message: `Article « ${parsed.data.designation} » ajouté à la bibliothèque.`,
  });
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouvel article — Bibliothèque de prix", args);

export const shouldRevalidate = erpShouldRevalidate;

export const ErrorBoundary = ErpPageErrorBoundary;

export default function NewLibraryItemPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid max-w-3xl gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title="Nouvel article"
        description="Un ouvrage de la bibliothèque de prix : l'éditeur de devis en copie la désignation, l'unité, le prix et la TVA."
      />
      <LibraryItemForm
        // A refused post shows again what was sent (the fields are uncontrolled).
        key={actionData?.values ? JSON.stringify(actionData.values) : "vide"}
        mode="create"
        values={actionData?.values ?? emptyLibraryItemFormValues()}
        errors={actionData?.errors}
        formErrors={actionData?.formErrors}
        hourlyCostCents={loaderData.hourlyCostCents}
        cancelHref="/erp/devis/bibliotheque"
      />
    </div>
  );
}
