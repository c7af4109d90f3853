import { type ShouldRevalidateFunction, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { Timeline } from "#app/components/data/timeline.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused, throwNotFound } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { ArchiveToggle } from "#app/components/ui/archive-toggle.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { LibraryItemForm } from "#app/features/quotes/components/library-item-form.tsx";
import {
  getLibraryItem,
  type LibraryItem,
  LibraryItemNotFoundError,
  libraryItemActivity,
} from "#app/features/quotes/library.server.ts";
import {
  answerLibraryItemPost,
  libraryItemRefusal,
  refusedLibraryForm,
} from "#app/features/quotes/library-actions.server.ts";
import {
  LIBRARY_INTENTS,
  LIBRARY_PATH,
  LIBRARY_UNIT_LABELS,
  type LibraryItemFormValues,
  LibraryItemPostSchema,
  type LibraryItemRefusal,
  unitEconomics,
} from "#app/features/quotes/library-schema.ts";
import { getCompanySettings } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { parseIntent } from "#app/lib/form-intent.ts";
import { historyEntries } from "#app/lib/history-entries.ts";
import { formatCents, formatCentsForInput, formatPercent, formatQuantity } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = DEVIS_HANDLE;

/** The stored item as the form's strings. */
function formValuesOf(item: LibraryItem): LibraryItemFormValues {
  return {
    designation: item.designation,
    description: item.description,
    unit: item.unit,
    unitPriceHt: formatCentsForInput(item.unitPriceHt),
    vatCode: item.vatCode,
    labourHours: formatQuantity(item.labourHours),
    materials: formatCentsForInput(item.materialsCents),
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, LibraryItemNotFoundError, async ({ db }) => {
    const item = await getLibraryItem(db, params.itemId);
    const [settings, events] = await Promise.all([getCompanySettings(db), libraryItemActivity(db, item.id)]);
    return {
      item,
      values: formValuesOf(item),
      economics: unitEconomics(item, settings.hourlyCostCents),
      hourlyCostCents: settings.hourlyCostCents,
      events: historyEntries(events),
      crumb: item.designation,
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  try {
    // Unknown or malformed id: 404 whatever was posted.
    await getLibraryItem(services.db, params.itemId);
  } catch (error) {
    throwNotFound(error, LibraryItemNotFoundError);
  }
  const form = await request.formData().catch(() => null);
  if (!form) return refused(400, { message: "Le formulaire envoyé est illisible : rechargez la page." });
  const post = parseIntent(LibraryItemPostSchema, form);
  if (!post.ok) {
    if (post.unknown) return refused(400, { message: "Action inconnue." });
    return refusedLibraryForm(post.intent, form, post.error);
  }
  try {
    return await answerLibraryItemPost({ request, services, actor, itemId: params.itemId, form }, post.data);
  } catch (error) {
    const refusal = libraryItemRefusal(error, post.intent);
    if (refusal) return refusal;
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.item.designation} — Bibliothèque de prix` : "", args);

/** After a refused save (409), the page reloads the stored item and its history to compare. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.actionStatus === 409 || erpShouldRevalidate(args);

export { ErrorBoundary } from "#app/routes/erp/frame-exports.ts";

export default function LibraryItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, economics, hourlyCostCents, events } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const archived = item.archivedAt !== null;
  const refusal = refusalOf(actionData) as LibraryItemRefusal | null;
  const revision = refusal?.revision ?? item.revision;
  // A refusal with what was typed is the form's; one without (unreadable post, unknown action) shows on top.
  const formRefusal = refusal?.values ? refusal : null;

  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title={item.designation}
        badge={archived ? <StatusBadge tone="neutral">Archivé</StatusBadge> : null}
        description={
          archived
            ? "Archivé : cet article n'est plus proposé dans l'éditeur de devis. Les devis qui l'ont repris gardent leurs lignes."
            : "Proposé dans l'éditeur de devis. Le modifier ne change aucun devis déjà rédigé."
        }
        actions={
          <ArchiveToggle
            archived={archived}
            intents={LIBRARY_INTENTS}
            disabled={pendingIntent === LIBRARY_INTENTS.archive || pendingIntent === LIBRARY_INTENTS.restore}
          />
        }
      />

      {refusal && !formRefusal ? <FormAlert focus errors={refusal.message} /> : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <LibraryItemForm
            // A refused post shows again what was sent (the fields are uncontrolled); a save, the stored values.
            key={formRefusal ? `envoi-${JSON.stringify(formRefusal.values)}` : `revision-${revision}`}
            mode="edit"
            values={loaderData.values}
            refusal={formRefusal}
            revision={revision}
            hourlyCostCents={hourlyCostCents}
            cancelHref={LIBRARY_PATH}
          />
        </div>

        <div className="grid content-start gap-5">
          <section aria-labelledby="article-fiche" className={panelClass}>
            <h2 id="article-fiche" className="mb-3 text-lg font-bold">
              Fiche enregistrée
            </h2>
            <Facts
              facts={[
                { label: "Unité", value: LIBRARY_UNIT_LABELS[item.unit] },
                { label: "Prix unitaire HT", value: formatCents(item.unitPriceHt) },
                { label: "TVA", value: VAT_RATES[item.vatCode].label },
                {
                  label: "Main-d'œuvre par unité",
                  value: `${formatQuantity(item.labourHours)}\u00a0h`,
                },
                { label: "Fournitures par unité HT", value: formatCents(item.materialsCents) },
                { label: "Coût de revient (interne)", value: formatCents(economics.cost) },
                {
                  label: "Marge (interne)",
                  value: `${formatCents(economics.margin)}${
                    economics.marginRate === null ? "" : ` (${formatPercent(economics.marginRate)})`
                  }`,
                },
                {
                  label: "Dernière modification",
                  value: (
                    <time dateTime={item.updatedAt.toISOString()}>
                      {formatDateTime(item.updatedAt, "medium")}
                    </time>
                  ),
                },
              ]}
            />
          </section>

          <section aria-labelledby="article-historique" className={panelClass}>
            <h2 id="article-historique" className="mb-3 text-lg font-bold">
              Historique
            </h2>
            <Timeline
              label="Historique de l'article"
              entries={events}
              formatAt={(at) => formatDateTime(at, "medium")}
            />
          </section>
        </div>
      </div>
    </div>
  );
}
