import { Ban, CheckCircle2 } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { IntentButton } from "#app/components/ui/action-form.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import {
  SUBCONTRACT_STATUS_INTENTS,
  SUBCONTRACT_STATUS_LABELS,
  subcontractStatusActions,
} from "#app/features/purchases/subcontract-schema.ts";
import { answerSubcontractPost } from "#app/features/purchases/subcontract-status.server.ts";
import { getSubcontract, SubcontractNotFoundError } from "#app/features/purchases/subcontracts.server.ts";
import { supplierPath } from "#app/features/purchases/supplier-schema.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, SubcontractNotFoundError, async ({ db }) => {
    const subcontract = await getSubcontract(db, params.id);
    // The contract's own events, from its subcontractor's history.
    const events = (await listActivity(db, "fournisseur", subcontract.supplierId)).filter(
      (event) => (event.data as { subcontractId?: string } | null)?.subcontractId === subcontract.id,
    );
    return { subcontract, events, crumb: `${subcontract.supplierName} · ${subcontract.jobSiteNumber}` };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  return answerSubcontractPost(
    { request, db: getServices(context).db, actor },
    params.id,
    await request.formData(),
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Sous-traitance ${args.loaderData.subcontract.supplierName} — Achats` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

/** The contract's status changes, in the header in this order when its status allows them. */
const STATUS_BUTTONS = [
  {
    intent: SUBCONTRACT_STATUS_INTENTS.finish,
    icon: CheckCircle2,
    label: "Marquer terminé",
    variant: "secondary",
  },
  { intent: SUBCONTRACT_STATUS_INTENTS.cancel, icon: Ban, label: "Annuler le contrat", variant: "outline" },
] as const;

export default function SubcontractPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subcontract, events } = loaderData;
  const refusal = refusalOf(actionData);
  const posting = useNavigation().state === "submitting";
  const actions = subcontractStatusActions(subcontract.status);
  return (
    <div className="grid max-w-4xl gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title={`Sous-traitance : ${subcontract.supplierName}`}
        description={`${subcontract.jobSiteNumber} · ${subcontract.jobSiteTitle} · ${SUBCONTRACT_STATUS_LABELS[subcontract.status]}`}
        actions={
          actions.length > 0 ? (
            <>
              {STATUS_BUTTONS.filter((button) => actions.includes(button.intent)).map((button) => (
                <IntentButton key={button.intent} {...button} disabled={posting} />
              ))}
            </>
          ) : undefined
        }
      />
      {refusal ? <FormAlert focus errors={refusal.message} /> : null}
      <Panel id="sous-traitance-contrat" title="Contrat">
        <Facts
          facts={[
            {
              label: "Sous-traitant",
              value: (
                <Link to={supplierPath(subcontract.supplierId)} className="text-brand-700 underline">
                  {subcontract.supplierName}
                </Link>
              ),
            },
            {
              label: "Chantier",
              value: (
                <Link to={`/erp/chantiers/${subcontract.jobSiteId}`} className="text-brand-700 underline">
                  {subcontract.jobSiteNumber} · {subcontract.jobSiteTitle}
                </Link>
              ),
            },
            { label: "Lot", value: subcontract.lotTitle },
            { label: "Prix HT", value: formatCents(subcontract.priceHtCents) },
            {
              label: "TVA",
              value: subcontract.reverseCharge
                ? "Autoliquidation – TVA due par le preneur assujetti (article 283-2 nonies du CGI)"
                : "Facturée par le sous-traitant",
            },
            {
              label: "Période",
              value: `du ${formatDate(subcontract.startOn)} au ${formatDate(subcontract.endOn)}`,
            },
            { label: "Signé le", value: subcontract.signedOn ? formatDate(subcontract.signedOn) : null },
            { label: "Statut", value: SUBCONTRACT_STATUS_LABELS[subcontract.status] },
          ]}
        />
      </Panel>
      <Panel id="sous-traitance-travaux" title="Travaux confiés">
        <p className="whitespace-pre-line break-words">{subcontract.scope}</p>
      </Panel>
      <ActivityHistory id="sous-traitance-historique" label="Historique du contrat" events={events} />
    </div>
  );
}
