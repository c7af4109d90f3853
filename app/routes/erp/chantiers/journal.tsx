import { Link } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { Pagination } from "#app/components/data/pagination.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { notFound, refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, SITE_LOG_HANDLE } from "#app/features/erp/navigation.ts";
import { handleSiteLogPost } from "#app/features/site-log/actions.server.ts";
import { SiteLogEntries } from "#app/features/site-log/components/site-log-entries.tsx";
import { SiteLogForm } from "#app/features/site-log/components/site-log-form.tsx";
import { listSiteLog, SiteLogError } from "#app/features/site-log/log.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { plural } from "#app/lib/plural.ts";
import type { Route } from "./+types/journal";

export const handle = SITE_LOG_HANDLE;

function pageOf(url: URL): number | null {
  const raw = url.searchParams.get("page");
  if (raw === null || raw === "") return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) return null;
  return Number(raw);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const page = pageOf(new URL(request.url));
  if (page === null)
    throw refused(400, { message: "Numéro de page invalide : un nombre entier à partir de 1." });
  try {
    const log = await listSiteLog(getServices(context).db, user, params.id, { page });
    // The office goes back to the site's page, a site worker to their page of it.
    const siteHref = hasPermission(user.role, "chantiers")
      ? `/erp/chantiers/${params.id}`
      : `/erp/mes-chantiers/${params.id}`;
    return { ...log, siteHref, crumb: "Journal" };
  } catch (error) {
    if (error instanceof SiteLogError) {
      if (error.status === 404) throw notFound(error.message);
      throw refused(error.status, { message: error.message });
    }
    throw error;
  }
}

/** Without script: the same posts as /journal/notes, answered with a redirect or the refusal. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const result = await handleSiteLogPost(getServices(context), user, params.id, await request.formData());
  if (result.ok) {
    return redirectWithFlash(request, `/erp/chantiers/${params.id}/journal#note-${result.entryId}`, {
      tone: "success",
      message: result.message,
    });
  }
  const { status, ...body } = result;
  return refused<{ entryId?: string }>(status, body);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Journal de ${args.loaderData.site.number} — Chantiers` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SiteLogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, siteHref, entries, page, pageCount, total } = loaderData;
  const refusal = refusalOf(actionData);
  const newEntryRefusal = refusal && (refusal.intent === "publier" || !refusal.intent) ? refusal : null;
  const entryRefusal = refusal && refusal.intent !== "publier" ? refusal : null;
  const pathname = `/erp/chantiers/${site.id}/journal`;
  return (
    <div className="grid max-w-3xl gap-5">
      <PageHeader
        title="Journal de chantier"
        description={
          <>
            <Link to={siteHref} className="text-brand-700 underline">
              {site.number} {site.title}
            </Link>{" "}
            · {plural(total, "note")}
          </>
        }
      />
      <Panel
        title="Nouvelle note"
        description="Ce qui s'est fait, ce qui manque, ce qui ne va pas : daté et signé."
      >
        <SiteLogForm
          key={JSON.stringify(newEntryRefusal?.values ?? null)}
          siteId={site.id}
          refusal={newEntryRefusal}
        />
      </Panel>
      <section aria-labelledby="journal-notes" className="grid gap-3">
        <h2 id="journal-notes" className="font-heading text-lg font-semibold text-brand-900">
          Notes du journal
        </h2>
        {entryRefusal && !entryRefusal.entryId ? <FormAlert focus errors={entryRefusal.message} /> : null}
        <SiteLogEntries siteId={site.id} entries={entries} refusal={entryRefusal} />
        <Pagination pathname={pathname} params={{}} page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
