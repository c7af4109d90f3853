import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormPage } from "#app/components/data/form-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { refusedFormErrors } from "#app/components/forms/refused-form.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { ClientPicker } from "#app/features/clients/components/client-picker.tsx";
import { pickableClients } from "#app/features/clients/list.server.ts";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { answerNewJobSitePost } from "#app/features/job-sites/actions.server.ts";
import { JobSiteForm } from "#app/features/job-sites/components/job-site-form.tsx";
import { LotsBudget } from "#app/features/job-sites/components/lots-budget.tsx";
import { clientForJobSite, jobSiteBudget, quoteForJobSite } from "#app/features/job-sites/detail.server.ts";
import { JOB_SITE_FIELDS, type JobSiteFormValues } from "#app/features/job-sites/schema.ts";
import { quoteLotBudgets } from "#app/features/quotes/lot-budget.ts";
import { getCompanySettings, SettingsMissingError } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Route } from "./+types/nouveau";

/*
 * « Nouveau chantier »: from an accepted quote (?devis=…: its client, address and lots'
 * budget, or it joins an open site of the same client as « travaux supplémentaires »), or
 * by hand for a client (?client=…, after choosing one).
 */

export const handle = CHANTIERS_HANDLE;

const EMPTY: JobSiteFormValues = Object.fromEntries(
  JOB_SITE_FIELDS.map((field) => [field, ""]),
) as JobSiteFormValues;

async function quoteStep(context: Route.LoaderArgs["context"], quoteId: string) {
  const { db } = getServices(context);
  const quote = await quoteForJobSite(db, quoteId);
  if (!quote) throw data({ message: "Ce devis n'existe pas ou a été supprimé." }, { status: 404 });
  let preview = null;
  try {
    const settings = await getCompanySettings(db);
    const lots = quoteLotBudgets(quote.content, settings.hourlyCostCents).map((lot, index) => ({
      ...lot,
      id: String(index),
      quoteId: quote.id,
      quoteNumber: quote.number,
      hourlyCostCents: settings.hourlyCostCents,
    }));
    preview = { lots, budget: jobSiteBudget(lots) };
  } catch (error) {
    if (!(error instanceof SettingsMissingError)) throw error;
  }
  const { content: _content, ...shown } = quote;
  return { step: "devis" as const, quote: shown, preview, crumb: "Nouveau chantier" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const url = new URL(request.url);
  const quoteId = url.searchParams.get("devis");
  if (quoteId !== null) return quoteStep(context, quoteId);
  const clientId = url.searchParams.get("client");
  if (clientId !== null) {
    const client = await clientForJobSite(getServices(context).db, clientId);
    if (!client)
      throw data({ message: "Ce client n'existe pas, a été supprimé ou anonymisé." }, { status: 404 });
    const values: JobSiteFormValues = {
      ...EMPTY,
      siteStreet: client.street,
      sitePostalCode: client.postalCode,
      siteCity: client.city,
    };
    return {
      step: "fiche" as const,
      client: { id: client.id, name: client.name },
      values,
      crumb: "Nouveau chantier",
    };
  }
  const picked = await pickableClients(getServices(context).db, request);
  return { step: "client" as const, ...picked, crumb: "Nouveau chantier" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const form = await request.formData();
  // The client picker posts the client alone: its form comes next.
  const picked = form.get("clientId");
  if (!form.has("intent") && typeof picked === "string" && isUuid(picked)) {
    return redirect(`/erp/chantiers/nouveau?client=${picked}`);
  }
  return answerNewJobSitePost({ request, services: getServices(context), actor }, form, quoteLotBudgets);
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau chantier", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function FromQuote({
  loaderData,
  refusal,
}: {
  loaderData: Extract<Route.ComponentProps["loaderData"], { step: "devis" }>;
  refusal: string | undefined;
}) {
  const { quote, preview } = loaderData;
  const busy = useNavigation().state !== "idle";
  const accepted = quote.status === "accepte";
  return (
    <>
      <PageHeader
        title="Nouveau chantier"
        description={
          <>
            Depuis le devis{" "}
            <Link to={`/erp/devis/${quote.id}`} className="text-brand-700 underline">
              {quote.number ?? "brouillon"}
            </Link>{" "}
            « {quote.title} » de {quote.client.name} ({formatCents(quote.totalHtCents)} HT).
          </>
        }
      />
      <FormAlert focus errors={refusal} />
      {quote.onSite ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Ce devis est déjà rattaché au chantier{" "}
          <Link to={`/erp/chantiers/${quote.onSite.id}`} className="font-semibold underline">
            {quote.onSite.number}
          </Link>
          .
        </p>
      ) : !accepted ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Seul un devis accepté par le client peut devenir un chantier.
        </p>
      ) : (
        <>
          <Panel
            id="nouveau-budget"
            title="Ce que le chantier reprend du devis"
            description="Le client, l'adresse du chantier, le début estimé et, lot par lot, le prix de vente et le coût estimé."
          >
            {preview ? (
              <LotsBudget lots={preview.lots} budget={preview.budget} pathname="/erp/chantiers/nouveau" />
            ) : (
              <p className="text-slate-700">
                Renseignez d'abord les{" "}
                <Link to="/erp/parametres" className="font-semibold text-brand-700 underline">
                  paramètres de l'entreprise
                </Link>{" "}
                (coût horaire chargé) : le budget du chantier en dépend.
              </p>
            )}
          </Panel>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="depuis-devis" />
              <input type="hidden" name="quoteId" value={quote.id} />
              <button type="submit" disabled={busy || !preview} className={buttonClasses("primary", "md")}>
                Créer le chantier
              </button>
            </Form>
          </div>
          {quote.openSites.length > 0 ? (
            <Panel
              id="nouveau-rattacher"
              title="Travaux supplémentaires ?"
              description={`${quote.client.name} a déjà des chantiers ouverts : ce devis peut en rejoindre un, ses lots s'ajoutent alors à son budget.`}
            >
              <ul className="grid gap-2">
                {quote.openSites.map((site) => (
                  <li
                    key={site.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
                  >
                    <span>
                      <span className="font-semibold text-brand-900">{site.number}</span> {site.title} (
                      {site.siteCity})
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="rattacher" />
                      <input type="hidden" name="quoteId" value={quote.id} />
                      <input type="hidden" name="jobSiteId" value={site.id} />
                      <button
                        type="submit"
                        disabled={busy || !preview}
                        className={buttonClasses("outline", "md")}
                      >
                        Rattacher à {site.number}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </>
      )}
    </>
  );
}

export default function NewJobSitePage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  if (loaderData.step === "devis") return <FromQuote loaderData={loaderData} refusal={refusal?.message} />;
  if (loaderData.step === "fiche") {
    const values = refusal?.values ? { ...EMPTY, ...refusal.values } : loaderData.values;
    return (
      <FormPage
        title="Nouveau chantier"
        description={`Chantier ouvert à la main pour ${loaderData.client.name}.`}
      >
        <JobSiteForm
          key={JSON.stringify(values)}
          intent="creer"
          values={values}
          {...refusedFormErrors(refusal)}
          cancelHref="/erp/chantiers"
          saveLabel="Créer le chantier"
          hidden={<input type="hidden" name="clientId" value={loaderData.client.id} />}
        />
      </FormPage>
    );
  }
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Nouveau chantier"
        description="Un chantier sans devis, pour un client. Les travaux d'un devis accepté deviennent un chantier depuis le devis (« Créer le chantier »)."
      />
      {refusal ? <FormAlert errors={[refusal.message]} /> : null}
      <ClientPicker
        heading="Client du chantier"
        clients={loaderData.clients}
        q={loaderData.q}
        actionLabel="Ouvrir un chantier"
        empty={
          <Link to="/erp/clients/nouveau" className="font-semibold text-brand-700 underline">
            Créez-le avec « Nouveau client ».
          </Link>
        }
      />
    </div>
  );
}
