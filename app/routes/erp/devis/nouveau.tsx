import { Plus } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ClientKindBadge } from "#app/features/clients/components/client-badges.tsx";
import { convertLeadToClient, LeadToConvertNotFoundError } from "#app/features/clients/convert.server.ts";
import { listClients } from "#app/features/clients/list.server.ts";
import { parseClientFilters } from "#app/features/clients/schema.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { createQuote, isQuoteId, QuoteStateError } from "#app/features/quotes/quotes.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import type { Route } from "./+types/nouveau";

/*
 * « Nouveau devis »: choose the client (search the register), or come from a client's
 * page (POST clientId) or a lead's page (POST prospect: the lead becomes a client on
 * the way, once). The draft opens in the editor.
 */

export const handle = DEVIS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const url = new URL(request.url);
  const parsed = parseClientFilters(new URLSearchParams({ q: url.searchParams.get("q") ?? "" }));
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const page = await listClients(getServices(context).db, {
    ...parsed.filters,
    tri: parsed.filters.q ? "nom" : "cree",
  });
  return {
    clients: page.items.filter((client) => !client.anonymised).slice(0, 12),
    q: parsed.filters.q ?? "",
    crumb: "Nouveau devis",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  const form = await request.formData();
  const clientId = form.get("clientId");
  const leadId = form.get("prospect");
  try {
    if (typeof leadId === "string" && leadId !== "") {
      const { clientId: converted, created } = await convertLeadToClient(services.db, actor, leadId);
      const { id } = await createQuote(services.db, { clientId: converted, leadSubmissionId: leadId }, actor);
      return redirectWithFlash(request, `/erp/devis/${id}`, {
        tone: "success",
        message: created
          ? "Le prospect est devenu client et son devis est ouvert : sa demande, son adresse et ses photos sont reprises."
          : "Devis créé pour ce client, à partir de sa demande.",
      });
    }
    if (typeof clientId !== "string" || !isQuoteId(clientId)) {
      return data({ message: "Choisissez le client du devis." }, { status: 400 });
    }
    const { id } = await createQuote(services.db, { clientId }, actor);
    return redirectWithFlash(request, `/erp/devis/${id}`, {
      tone: "success",
      message: "Brouillon de devis créé.",
    });
  } catch (error) {
    if (error instanceof LeadToConvertNotFoundError) return data({ message: error.message }, { status: 404 });
    if (error instanceof QuoteStateError) return data({ message: error.message }, { status: 409 });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta("Nouveau devis", args);
export const shouldRevalidate = erpShouldRevalidate;
export const ErrorBoundary = ErpPageErrorBoundary;

export default function NewQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { clients, q } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title="Nouveau devis"
        description="Choisissez le client : son adresse de chantier et ses coordonnées sont reprises dans le devis."
        actions={
          <Link to="/erp/clients/nouveau" className={buttonClasses("secondary", "md")}>
            <Plus aria-hidden="true" className="size-4" />
            Nouveau client
          </Link>
        }
      />
      {actionData?.message ? <FormAlert errors={[actionData.message]} /> : null}
      <section className={panelClass} aria-labelledby="choisir-client">
        <h2 id="choisir-client" className="text-lg font-bold text-brand-900">
          Client du devis
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-2" role="search">
          <label
            className="grid flex-1 gap-1 text-sm font-semibold text-slate-800"
            htmlFor="recherche-client"
          >
            Rechercher un client (nom, e-mail, téléphone, commune)
            <input
              id="recherche-client"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={200}
              className="min-h-11 rounded-lg border border-slate-400 px-3 text-base font-normal"
            />
          </label>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Rechercher
          </button>
        </Form>
        {clients.length === 0 ? (
          <div className="mt-4">
            <EmptyState>
              <p>
                {q ? "Aucun client ne correspond à cette recherche." : "Aucun client enregistré."} Créez-le
                avec « Nouveau client », ou partez d'un prospect (onglet{" "}
                <Link to="/erp/leads" className="font-semibold text-brand-700 underline">
                  Prospects
                </Link>
                , « Faire un devis »).
              </p>
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid gap-2" aria-label={q ? "Clients trouvés" : "Clients les plus récents"}>
            {clients.map((client) => (
              <li
                key={client.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
              >
                <div className="grid gap-1">
                  <span className="font-semibold text-brand-900">{client.name}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <ClientKindBadge kind={client.kind} />
                    {client.town ?? null}
                  </span>
                </div>
                <Form method="post">
                  <input type="hidden" name="clientId" value={client.id} />
                  <button type="submit" disabled={busy} className={buttonClasses("primary", "md")}>
                    Faire un devis<span className="sr-only"> pour {client.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
