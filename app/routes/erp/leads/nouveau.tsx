import { data, Form, redirect, useNavigation } from "react-router";
import {
  EmailField,
  PhoneField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { firstFieldErrors, zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { fieldBinder, SaveOrCancel } from "#app/components/forms/form-parts.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { erpMeta, PROSPECTS_HANDLE } from "#app/features/erp/navigation.ts";
import { createManualLead } from "#app/features/leads/create.server.ts";
import { MANUAL_SOURCES, ManualLeadSchema } from "#app/features/leads/schema.ts";
import { BUDGETS, WORK_TYPES } from "#app/features/quote-request/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/nouveau";

const FIELDS = ["nom", "telephone", "email", "town", "type_projet", "budget", "source", "message"] as const;
type Field = (typeof FIELDS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return { workTypes: [...WORK_TYPES], budgets: [...BUDGETS], sources: [...MANUAL_SOURCES] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "")])) as Record<
    Field,
    string
  >;
  const parsed = ManualLeadSchema.safeParse(values);
  if (!parsed.success) {
    // One message per field: what the form shows under each.
    const errors: Partial<Record<Field, string>> = firstFieldErrors(zodFieldErrors(parsed).fieldErrors);
    return data({ errors, values }, { status: 400 });
  }
  const id = await createManualLead(getServices(context).db, actor, parsed.data);
  throw redirect(`/erp/leads/${id}`);
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau prospect", args);

export const handle = PROSPECTS_HANDLE;

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function NewLeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors: Partial<Record<Field, string>> = actionData?.errors ?? {};
  const values: Partial<Record<Field, string>> = actionData?.values ?? {};
  const field = fieldBinder(values, errors);

  // The ids are the field names: a link to `#telephone` reaches the field.
  return (
    <div className="grid max-w-3xl gap-5">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Nouveau prospect</h1>
      <p className="text-slate-700">
        Pour une demande reçue par téléphone, à l'agence ou par recommandation. Les champs marqués * sont
        requis ; indiquez au moins un téléphone ou une adresse e-mail.
      </p>
      <Form method="post" noValidate className={`${panelClass} grid gap-4`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="nom"
            {...field("nom")}
            label="Nom et prénom"
            required
            maxLength={100}
            autoComplete="off"
          />
          <SelectField
            id="source"
            name="source"
            label="Origine du contact"
            required
            options={loaderData.sources}
            defaultValue={values.source ?? loaderData.sources[0]}
            errors={errors.source}
          />
          <PhoneField id="telephone" {...field("telephone")} label="Téléphone" autoComplete="off" />
          <EmailField id="email" {...field("email")} label="E-mail" autoComplete="off" maxLength={254} />
          <TextField
            id="town"
            {...field("town")}
            label="Commune du chantier"
            maxLength={100}
            autoComplete="off"
          />
          <SelectField
            id="type_projet"
            name="type_projet"
            label="Type de travaux"
            required
            placeholder="Choisir…"
            options={loaderData.workTypes}
            defaultValue={values.type_projet ?? ""}
            errors={errors.type_projet}
          />
          <SelectField
            id="budget"
            name="budget"
            label="Budget"
            placeholder="Non précisé"
            options={loaderData.budgets}
            defaultValue={values.budget ?? ""}
            errors={errors.budget}
          />
        </div>
        <TextareaField
          id="message"
          {...field("message")}
          label="Description du projet"
          required
          rows={5}
          maxLength={5000}
        />
        <SaveOrCancel saving={saving} label="Enregistrer le prospect" cancelHref="/erp/leads" />
      </Form>
    </div>
  );
}
