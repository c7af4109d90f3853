import { Form, useNavigation } from "react-router";
import { FormPage } from "#app/components/data/form-page.tsx";
import { DateField, FileField, SelectField, TextareaField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { FormSection, SaveOrCancel } from "#app/components/forms/form-parts.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { answerDocumentUpload } from "#app/features/purchases/subcontract-actions.server.ts";
import { DOCUMENT_KIND_CHOICES } from "#app/features/purchases/subcontract-schema.ts";
import { supplierPath } from "#app/features/purchases/supplier-schema.ts";
import { getSupplier, SupplierNotFoundError } from "#app/features/purchases/suppliers.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/documents";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, SupplierNotFoundError, async ({ db }) => {
    const supplier = await getSupplier(db, params.id);
    return {
      supplier: { id: supplier.id, legalName: supplier.legalName, trade: supplier.trade },
      crumb: `${supplier.legalName} · Ajouter un document`,
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, storage } = getServices(context);
  return answerDocumentUpload(
    { request, db, storage, actor },
    params.id,
    supplierPath(params.id),
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Ajouter un document — ${args.loaderData.supplier.legalName}` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SupplierDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { supplier } = loaderData;
  const refusal = refusalOf(actionData);
  const values = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};
  const navigation = useNavigation();
  return (
    <FormPage
      section={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Ajouter un document"
      description={`${supplier.legalName} : attestation de vigilance URSSAF (valable 6 mois), extrait Kbis (3 mois), attestation décennale ou autre pièce.`}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="grid gap-5"
        aria-label="Document du fournisseur"
      >
        <FormAlert focus title="Enregistrement impossible" errors={refusal ? [refusal.message] : []} />
        <FormSection legend="Document">
          <SelectField
            label="Type de document"
            name="kind"
            required
            defaultValue={values.kind ?? "attestation_vigilance"}
            options={DOCUMENT_KIND_CHOICES}
            errors={errors.kind}
          />
          <DateField
            label="Date d'émission"
            name="issuedOn"
            required
            defaultValue={values.issuedOn}
            errors={errors.issuedOn}
          />
          <DateField
            label="Fin de validité"
            hint="Pour la décennale : la date écrite sur l'attestation. Calculée pour l'URSSAF (6 mois) et le Kbis (3 mois)."
            name="validUntil"
            defaultValue={values.validUntil}
            errors={errors.validUntil}
          />
          <TextareaField
            label="Activités couvertes (décennale)"
            hint={supplier.trade ? `Corps de métier du sous-traitant : ${supplier.trade}.` : undefined}
            name="trades"
            rows={2}
            maxLength={1000}
            defaultValue={values.trades}
            errors={errors.trades}
          />
          <FileField
            label="Fichier (PDF, JPEG ou PNG, 10 Mo au plus)"
            name="file"
            required
            accept="application/pdf,image/jpeg,image/png"
            errors={errors.file}
          />
        </FormSection>
        <SaveOrCancel
          saving={navigation.state === "submitting"}
          label="Ajouter le document"
          cancelHref={supplierPath(supplier.id)}
        />
      </Form>
    </FormPage>
  );
}
