import { data, Form, useNavigation } from "react-router";
import { FormPage } from "#app/components/data/form-page.tsx";
import {
  CheckboxField,
  DateField,
  MoneyField,
  SelectField,
  TextareaField,
} from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { FormSection, SaveOrCancel } from "#app/components/forms/form-parts.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { VigilanceStop } from "#app/features/purchases/components/vigilance-stop.tsx";
import { answerNewSubcontract } from "#app/features/purchases/subcontract-actions.server.ts";
import {
  SCOPE_MAX,
  SUBCONTRACT_INTENTS,
  SUBCONTRACTS_PATH,
  type VigilanceRefusalExtra,
} from "#app/features/purchases/subcontract-schema.ts";
import { subcontractChoices } from "#app/features/purchases/subcontracts.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Route } from "./+types/nouvelle";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const supplierId = new URL(request.url).searchParams.get("fournisseur") ?? "";
  if (supplierId !== "" && !isUuid(supplierId)) {
    throw data({ message: "Ce fournisseur n'existe pas : choisissez-le dans la liste." }, { status: 400 });
  }
  return {
    ...(await subcontractChoices(getServices(context).db)),
    supplierId,
    isOwner: user.role === "owner",
    crumb: "Nouvelle sous-traitance",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  return answerNewSubcontract(
    { request, db: getServices(context).db, actor: { id: user.id, email: user.email, role: user.role } },
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouvelle sous-traitance — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewSubcontractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subcontractors, sites, lots, supplierId } = loaderData;
  const refusal = refusalOf(actionData) as
    | (ReturnType<typeof refusalOf<typeof actionData>> & VigilanceRefusalExtra)
    | null;
  const values: Record<string, string> = refusal?.values ?? { supplierId, reverseCharge: "oui" };
  const errors = refusal?.fieldErrors ?? {};
  const navigation = useNavigation();
  const stop = refusal?.vigilanceStop ?? null;
  const canOverride = refusal?.canOverride === true || (stop !== null && loaderData.isOwner);
  const siteNumber = new Map(sites.map((site) => [site.id, site.number]));
  return (
    <FormPage
      section={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Nouvelle sous-traitance"
      description="Un contrat par chantier : travaux confiés, prix HT, dates. Le devoir de vigilance est vérifié à l'enregistrement."
    >
      <Form
        key={JSON.stringify(values)}
        method="post"
        noValidate
        className="grid gap-5"
        aria-label="Contrat de sous-traitance"
      >
        {stop ? (
          <VigilanceStop
            stop={stop}
            canOverride={canOverride}
            what="enregistrer ce contrat"
            message={refusal?.message}
            reason={values.overrideReason}
            errors={errors.overrideReason}
            submit={{ name: "intent", value: SUBCONTRACT_INTENTS.override }}
          />
        ) : (
          <FormAlert focus title="Enregistrement impossible" errors={refusal ? [refusal.message] : []} />
        )}
        <FormSection legend="Contrat">
          <SelectField
            label="Sous-traitant"
            name="supplierId"
            required
            placeholder="Choisissez…"
            defaultValue={values.supplierId}
            options={subcontractors.map((s) => ({
              value: s.id,
              label: s.trade ? `${s.legalName} (${s.trade})` : s.legalName,
            }))}
            errors={errors.supplierId}
          />
          <SelectField
            label="Chantier"
            name="jobSiteId"
            required
            placeholder="Choisissez…"
            defaultValue={values.jobSiteId}
            options={sites.map((site) => ({ value: site.id, label: `${site.number} · ${site.title}` }))}
            errors={errors.jobSiteId}
          />
          <SelectField
            label="Lot"
            name="lotId"
            placeholder="Aucun lot"
            defaultValue={values.lotId}
            options={lots.map((lot) => ({
              value: lot.id,
              label: `${siteNumber.get(lot.jobSiteId) ?? ""} · ${lot.title}`,
            }))}
            errors={errors.lotId}
          />
          <TextareaField
            label="Travaux confiés"
            name="scope"
            required
            rows={4}
            maxLength={SCOPE_MAX}
            defaultValue={values.scope}
            errors={errors.scope}
          />
          <MoneyField
            label="Prix HT"
            name="priceHt"
            required
            defaultValue={values.priceHt}
            errors={errors.priceHt}
          />
          <DateField
            label="Début"
            name="startOn"
            required
            defaultValue={values.startOn}
            errors={errors.startOn}
          />
          <DateField label="Fin" name="endOn" required defaultValue={values.endOn} errors={errors.endOn} />
          <DateField
            label="Signé le"
            name="signedOn"
            defaultValue={values.signedOn}
            errors={errors.signedOn}
          />
          <CheckboxField
            label="Autoliquidation de la TVA (article 283-2 nonies du CGI)"
            hint="Le sous-traitant facture hors taxe ; l'entreprise autoliquide la TVA."
            name="reverseCharge"
            value="oui"
            defaultChecked={values.reverseCharge === "oui"}
          />
        </FormSection>
        <input type="hidden" name="intent" value={SUBCONTRACT_INTENTS.create} />
        <SaveOrCancel
          saving={navigation.state === "submitting"}
          label="Enregistrer le contrat"
          cancelHref={SUBCONTRACTS_PATH}
        />
      </Form>
    </FormPage>
  );
}
