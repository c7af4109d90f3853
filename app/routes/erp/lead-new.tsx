import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requireStaff } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { errorTextClass, inputClass, labelClass, panelClass } from "#app/features/erp/components/ui.ts";
import { erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { createManualLead } from "#app/features/leads/leads.server.ts";
import { MANUAL_SOURCES, ManualLeadSchema } from "#app/features/leads/schema.ts";
import { BUDGETS, WORK_TYPES } from "#app/features/quote-request/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/lead-new";

const FIELDS = ["nom", "telephone", "email", "town", "type_projet", "budget", "source", "message"] as const;
type Field = (typeof FIELDS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  return { workTypes: [...WORK_TYPES], budgets: [...BUDGETS], sources: [...MANUAL_SOURCES] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireStaff(request, context);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "")])) as Record<
    Field,
    string
  >;
  const parsed = ManualLeadSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as Field;
      errors[name] ??= issue.message;
    }
    return data({ errors, values }, { status: 400 });
  }
  const id = await createManualLead(
    getServices(context).db,
    { id: session.user.id, email: session.user.email },
    parsed.data,
  );
  throw redirect(`/erp/leads/${id}`);
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau prospect", args);

export const shouldRevalidate = erpShouldRevalidate;

export const handle = { section: "Prospects", sectionHref: "/erp/leads" };

export const ErrorBoundary = ErpPageErrorBoundary;

export default function NewLeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors: Partial<Record<Field, string>> = actionData?.errors ?? {};
  const values: Partial<Record<Field, string>> = actionData?.values ?? {};

  function field(name: Field, label: string, input: React.ReactNode, hint?: string) {
    const errorId = `${name}-erreur`;
    return (
      <div>
        <label htmlFor={name} className={labelClass}>
          {label}
        </label>
        {hint ? <p className="mb-1 text-xs text-slate-700">{hint}</p> : null}
        {input}
        {errors[name] ? (
          <p id={errorId} className={errorTextClass}>
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  }
  const aria = (name: Field) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-erreur` } : { "aria-invalid": false };

  return (
    <div className="grid max-w-3xl gap-5">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Nouveau prospect</h1>
      <p className="text-slate-700">
        Pour une demande reçue par téléphone, à l'agence ou par recommandation. Les champs marqués * sont
        requis ; indiquez au moins un téléphone ou une adresse e-mail.
      </p>
      <Form method="post" noValidate className={`${panelClass} grid gap-4`}>
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            "nom",
            "Nom et prénom *",
            <input
              id="nom"
              name="nom"
              required
              maxLength={100}
              autoComplete="off"
              defaultValue={values.nom}
              className={inputClass}
              {...aria("nom")}
            />,
          )}
          {field(
            "source",
            "Origine du contact *",
            <select
              id="source"
              name="source"
              required
              defaultValue={values.source ?? loaderData.sources[0]}
              className={inputClass}
              {...aria("source")}
            >
              {loaderData.sources.map((source) => (
                <option key={source} value={source}>
                  {source}
                </option>
              ))}
            </select>,
          )}
          {field(
            "telephone",
            "Téléphone",
            <input
              id="telephone"
              name="telephone"
              type="tel"
              autoComplete="off"
              defaultValue={values.telephone}
              className={inputClass}
              {...aria("telephone")}
            />,
          )}
          {field(
            "email",
            "E-mail",
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={values.email}
              className={inputClass}
              {...aria("email")}
            />,
          )}
          {field(
            "town",
            "Commune du chantier",
            <input
              id="town"
              name="town"
              maxLength={100}
              autoComplete="off"
              defaultValue={values.town}
              className={inputClass}
              {...aria("town")}
            />,
          )}
          {field(
            "type_projet",
            "Type de travaux *",
            <select
              id="type_projet"
              name="type_projet"
              required
              defaultValue={values.type_projet ?? ""}
              className={inputClass}
              {...aria("type_projet")}
            >
              <option value="">Choisir…</option>
              {loaderData.workTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>,
          )}
          {field(
            "budget",
            "Budget",
            <select
              id="budget"
              name="budget"
              defaultValue={values.budget ?? ""}
              className={inputClass}
              {...aria("budget")}
            >
              <option value="">Non précisé</option>
              {loaderData.budgets.map((budget) => (
                <option key={budget} value={budget}>
                  {budget}
                </option>
              ))}
            </select>,
          )}
        </div>
        {field(
          "message",
          "Description du projet *",
          <textarea
            id="message"
            name="message"
            required
            rows={5}
            maxLength={5000}
            defaultValue={values.message}
            className={inputClass}
            {...aria("message")}
          />,
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
            {saving ? "Enregistrement…" : "Enregistrer le prospect"}
          </button>
          <Link to="/erp/leads" className={buttonClasses("ghost", "md")}>
            Annuler
          </Link>
        </div>
      </Form>
    </div>
  );
}
