import { Form, useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { DateField, FileField, SelectField, TextareaField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { FormSection, SaveOrCancel } from "#app/components/forms/form-parts.tsx";
import { invalid, notFound, refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import {
  addCompanyDocument,
  currentOfKindToRenew,
  documentToRenew,
} from "#app/features/documents/company-documents.server.ts";
import {
  COMPANY_DOCUMENT_KIND_CHOICES,
  COMPANY_DOCUMENT_KIND_LABELS,
  COMPANY_DOCUMENT_KINDS,
  COMPANY_DOCUMENT_MESSAGES,
  CompanyDocumentSchema,
  DOCS_PATH,
  documentPath,
} from "#app/features/documents/company-documents.ts";
import { DOCS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import type { Route } from "./+types/nouveau";

export const handle = DOCS_HANDLE;

/**
 * /erp/docs/nouveau — a document of the register; with ?remplace=<id>, its renewal
 * (prefilled); with ?type=<kind>, that kind chosen and its current document (without
 * label) renewed, prefilled (where a quote's refusal links).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const params = new URL(request.url).searchParams;
  const replacesId = params.get("remplace");
  const type = params.get("type");
  const kind = COMPANY_DOCUMENT_KINDS.find((candidate) => candidate === type) ?? null;
  if (replacesId === null || replacesId === "") {
    // The kind asked (where a quote's refusal links): its current document is renewed, prefilled.
    const renewing = kind ? await currentOfKindToRenew(getServices(context).db, kind) : null;
    return { renewing, kind };
  }
  const renewing = await documentToRenew(getServices(context).db, replacesId);
  if (!renewing) throw notFound(COMPANY_DOCUMENT_MESSAGES.replaces);
  return { renewing, kind: renewing.kind };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, storage } = getServices(context);
  const form = await request.formData();
  const { file: _file, ...values } = formValues(form);
  const parsed = CompanyDocumentSchema.safeParse(values);
  if (!parsed.success) return invalid("ajouter", parsed, { values });
  const outcome = await addCompanyDocument({ db, storage }, actor, parsed.data, form.get("file"));
  if (!outcome.ok) {
    return refused(outcome.status, {
      intent: "ajouter",
      message: outcome.message,
      fieldErrors: outcome.fieldErrors,
      values,
    });
  }
  const kind = COMPANY_DOCUMENT_KIND_LABELS[parsed.data.kind];
  return redirectWithFlash(request, documentPath(outcome.id), {
    tone: "success",
    message: outcome.replacedId
      ? `Document renouvelé (${kind}) : la version précédente reste dans l'historique.`
      : `Document ajouté au registre de conformité (${kind}).`,
  });
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData?.renewing ? "Renouveler un document" : "Ajouter un document", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

/** The document's one-line details, in the order of the form; a renewal starts from the ones it replaces. */
const DETAIL_FIELDS = [
  {
    name: "label",
    label: "Objet",
    hint: "Pour une carte BTP : le nom du salarié ; pour une vérification : le véhicule ou l'équipement.",
    maxLength: 200,
  },
  {
    name: "issuer",
    label: "Émetteur",
    hint: "L'assureur, l'URSSAF, l'organisme certificateur…",
    maxLength: 200,
  },
  { name: "number", label: "Numéro", hint: "Numéro de police, de certificat ou de carte.", maxLength: 100 },
  {
    name: "issuerAddress",
    label: "Adresse de l'assureur",
    hint: "Pour l'assurance décennale (requise) : elle figure sur chaque devis et chaque facture.",
    maxLength: 300,
  },
  {
    name: "coverage",
    label: "Couverture géographique",
    hint: "Pour l'assurance décennale (requise) : « France métropolitaine », par exemple.",
    maxLength: 200,
  },
] as const;

export default function NewCompanyDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { renewing, kind } = loaderData;
  const refusal = refusalOf(actionData);
  const values: Record<string, string> = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};
  const navigation = useNavigation();
  const title = renewing ? "Renouveler un document" : "Ajouter un document";
  return (
    <div className="grid max-w-3xl gap-5">
      <PageHeader
        title={title}
        description={
          renewing
            ? `${COMPANY_DOCUMENT_KIND_LABELS[renewing.kind]}${renewing.label ? ` · ${renewing.label}` : ""} : la nouvelle version remplace la précédente, qui reste dans l'historique.`
            : "Attestation, certificat ou vérification : le fichier (PDF, JPEG ou PNG) est vérifié sur son contenu."
        }
      />
      <Form method="post" encType="multipart/form-data" noValidate className="grid gap-5" aria-label={title}>
        <FormAlert focus title="Enregistrement impossible" errors={refusal ? [refusal.message] : []} />
        {renewing ? <input type="hidden" name="replacesId" value={renewing.id} /> : null}
        <FormSection legend="Document">
          <SelectField
            label="Type de document"
            name="kind"
            required
            defaultValue={values.kind ?? kind ?? "decennale"}
            options={COMPANY_DOCUMENT_KIND_CHOICES}
            errors={errors.kind}
          />
          {DETAIL_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              hint={field.hint}
              name={field.name}
              maxLength={field.maxLength}
              defaultValue={values[field.name] ?? renewing?.[field.name] ?? ""}
              errors={errors[field.name]}
            />
          ))}
        </FormSection>
        <FormSection legend="Validité">
          <DateField
            label="Date d'émission ou de début de validité"
            name="validFrom"
            required
            defaultValue={values.validFrom}
            errors={errors.validFrom}
          />
          <DateField
            label="Fin de validité"
            hint="La date écrite sur le document. Calculée pour le Kbis (3 mois), l'attestation URSSAF (6 mois) et le certificat RGE (4 ans)."
            name="validUntil"
            defaultValue={values.validUntil}
            errors={errors.validUntil}
          />
        </FormSection>
        <FormSection legend="Fichier et notes">
          <FileField
            label="Fichier (PDF, JPEG ou PNG, 10 Mo au plus)"
            name="file"
            required
            accept="application/pdf,image/jpeg,image/png"
            errors={errors.file}
          />
          <TextareaField
            label="Notes"
            name="notes"
            rows={3}
            maxLength={2000}
            defaultValue={values.notes}
            errors={errors.notes}
          />
        </FormSection>
        {errors.replacesId ? (
          <p className="font-semibold text-red-800" role="alert">
            {errors.replacesId[0]}
          </p>
        ) : null}
        <SaveOrCancel
          saving={navigation.state === "submitting"}
          label={renewing ? "Enregistrer le renouvellement" : "Ajouter le document"}
          cancelHref={renewing ? documentPath(renewing.id) : DOCS_PATH}
        />
      </Form>
    </div>
  );
}
