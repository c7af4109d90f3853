import { Archive, ArchiveRestore } from "lucide-react";
import { data, Form, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { Timeline } from "#app/components/data/timeline.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { LibraryItemForm, SAVE_INTENT } from "#app/features/quotes/components/library-item-form.tsx";
import {
  getLibraryItem,
  type LibraryItem,
  LibraryItemNotFoundError,
  libraryItemActivity,
  setLibraryItemArchived,
  updateLibraryItem,
} from "#app/features/quotes/library.server.ts";
import {
  LIBRARY_MESSAGES,
  LIBRARY_UNIT_LABELS,
  type LibraryItemFormAnswer,
  type LibraryItemFormValues,
  parseLibraryItemForm,
  postedRevision,
  unitEconomics,
} from "#app/features/quotes/library-schema.ts";
import { getCompanySettings } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents, formatCentsForInput, formatPercent, formatQuantity } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import type { Route } from "./+types/detail";

export const handle = DEVIS_HANDLE;

const ARCHIVE_INTENT = "archiver";
const RESTORE_INTENT = "restaurer";

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

function notFound(error: unknown): never {
  if (error instanceof LibraryItemNotFoundError) throw data({ message: error.message }, { status: 404 });
  throw error;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  try {
    const item = await getLibraryItem(db, params.itemId);
    const [settings, events] = await Promise.all([getCompanySettings(db), libraryItemActivity(db, item.id)]);
    return {
      item,
      values: formValuesOf(item),
      economics: unitEconomics(item, settings.hourlyCostCents),
      hourlyCostCents: settings.hourlyCostCents,
      events: events.map((event) => ({
        id: String(event.id),
        summary: event.summary,
        actor: event.actorEmail,
        at: event.createdAt,
        kind: event.kind,
      })),
      crumb: item.designation,
    };
  } catch (error) {
    notFound(error);
  }
}

function refused(answer: LibraryItemFormAnswer, status: number) {
  return data<LibraryItemFormAnswer>(answer, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  try {
    // Unknown or malformed id: 404 whatever was posted.
    await getLibraryItem(db, params.itemId);
  } catch (error) {
    notFound(error);
  }
  const form = await request.formData().catch(() => null);
  if (!form) {
    return refused(
      { values: null, errors: {}, formErrors: ["Le formulaire envoyé est illisible : rechargez la page."] },
      400,
    );
  }
  const intent = form.get("intent");
  try {
    if (intent === ARCHIVE_INTENT || intent === RESTORE_INTENT) {
      const archive = intent === ARCHIVE_INTENT;
      const { designation, alreadyDone } = await setLibraryItemArchived(db, actor, params.itemId, archive);
      return redirectWithFlash(request, `/erp/devis/bibliotheque/${params.itemId}`, {
        tone: alreadyDone ? "info" : "success",
        message: alreadyDone
          ? archive
            ? "Cet article était déjà archivé."
            : "Cet article était déjà actif."
          : archive
            ? `Article « ${designation} » archivé : il n'est plus proposé dans les devis.`
            : `Article « ${designation} » restauré : il est de nouveau proposé dans les devis.`,
      });
    }
    if (intent !== SAVE_INTENT) {
      return refused({ values: null, errors: {}, formErrors: ["Action inconnue."] }, 400);
    }
    const parsed = parseLibraryItemForm(form);
    const revision = postedRevision(form);
    if (!parsed.ok || revision === null) {
      const answer: LibraryItemFormAnswer = parsed.ok
        ? { values: parsed.values, errors: {}, formErrors: [] }
        : parsed.answer;
      if (revision === null) answer.formErrors = [...answer.formErrors, LIBRARY_MESSAGES.revision];
      return refused(answer, 400);
    }
    const result = await updateLibraryItem(db, actor, params.itemId, parsed.data, {
      expectedRevision: revision,
    });
    if (!result.ok) {
      const { conflict } = result;
      const who = conflict.updatedByEmail ? ` par ${conflict.updatedByEmail}` : "";
      return refused(
        {
          values: parsed.values,
          errors: {},
          formErrors: [
            `Cet article a été modifié${who} le ${formatDateTime(conflict.updatedAt)}, après l'ouverture de cette page : rien n'a été enregistré. Les valeurs du formulaire sont les vôtres ; comparez-les avec la fiche enregistrée et l'historique, puis enregistrez à nouveau pour les garder.`,
          ],
          revision: conflict.revision,
        },
        409,
      );
    }
    return redirectWithFlash(
      request,
      `/erp/devis/bibliotheque/${params.itemId}`,
      result.changed.length > 0
        ? { tone: "success", message: "Article enregistré. Les devis déjà rédigés gardent leurs lignes." }
        : { tone: "info", message: "Aucune modification : l'article est inchangé." },
    );
  } catch (error) {
    notFound(error);
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.item.designation} — Bibliothèque de prix` : "", args);

/** After a refused save (409), the page reloads the stored item and its history to compare. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  args.actionStatus === 409 || erpShouldRevalidate(args);

export const ErrorBoundary = ErpPageErrorBoundary;

export default function LibraryItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, economics, hourlyCostCents, events } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const archived = item.archivedAt !== null;
  const revision = actionData?.revision ?? item.revision;

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
          <Form method="post">
            <input type="hidden" name="intent" value={archived ? RESTORE_INTENT : ARCHIVE_INTENT} />
            <button
              type="submit"
              disabled={pendingIntent === ARCHIVE_INTENT || pendingIntent === RESTORE_INTENT}
              className={buttonClasses("outline", "md")}
            >
              {archived ? (
                <ArchiveRestore aria-hidden="true" className="size-4" />
              ) : (
                <Archive aria-hidden="true" className="size-4" />
              )}
              {archived ? "Restaurer" : "Archiver"}
            </button>
          </Form>
        }
      />

      {actionData && actionData.values === null ? <FormAlert focus errors={actionData.formErrors} /> : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <LibraryItemForm
            // A refused post shows again what was sent (the fields are uncontrolled); a save, the stored values.
            key={actionData?.values ? `envoi-${JSON.stringify(actionData.values)}` : `revision-${revision}`}
            mode="edit"
            values={actionData?.values ?? loaderData.values}
            errors={actionData?.errors}
            formErrors={actionData?.values ? actionData.formErrors : undefined}
            revision={revision}
            hourlyCostCents={hourlyCostCents}
            cancelHref="/erp/devis/bibliotheque"
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
