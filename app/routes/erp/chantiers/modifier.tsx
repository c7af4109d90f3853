import { FormPage } from "#app/components/data/form-page.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { refusedFormErrors, valuesAfterRefusal } from "#app/components/forms/refused-form.ts";
import { requireActor } from "#app/features/auth/session.server.ts";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { answerJobSiteEdit } from "#app/features/job-sites/actions.server.ts";
import { JobSiteForm } from "#app/features/job-sites/components/job-site-form.tsx";
import { getJobSite } from "#app/features/job-sites/detail.server.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import { JOB_SITE_FIELDS, type JobSiteFormValues } from "#app/features/job-sites/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/modifier";

export const handle = CHANTIERS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, JobSiteNotFoundError, async ({ db }) => {
    const site = await getJobSite(db, params.id);
    const values = Object.fromEntries(
      JOB_SITE_FIELDS.map((field) => [field, site[field] ?? ""]),
    ) as JobSiteFormValues;
    return {
      id: site.id,
      number: site.number,
      title: site.title,
      revision: site.revision,
      values,
      crumb: site.number,
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  return answerJobSiteEdit(
    { request, services: getServices(context), actor },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Modifier ${args.loaderData.number} — Chantiers` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function EditJobSitePage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const values = valuesAfterRefusal(loaderData.values, refusal);
  return (
    <FormPage title={`Modifier ${loaderData.number}`} description={loaderData.title}>
      <JobSiteForm
        key={JSON.stringify(values)}
        intent="modifier"
        values={values}
        {...refusedFormErrors(refusal)}
        cancelHref={`/erp/chantiers/${loaderData.id}`}
        saveLabel="Enregistrer"
        hidden={<input type="hidden" name="revision" value={loaderData.revision} />}
      />
    </FormPage>
  );
}
