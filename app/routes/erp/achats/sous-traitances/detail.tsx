import { Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { SUBCONTRACT_STATUS_LABELS } from "#app/features/purchases/subcontract-schema.ts";
import { getSubcontract, SubcontractNotFoundError } from "#app/features/purchases/subcontracts.server.ts";
import { supplierPath } from "#app/features/purchases/supplier-schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/detail";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  try {
    const subcontract = await getSubcontract(getServices(context).db, params.id);
    return { subcontract, crumb: `${subcontract.supplierName} · ${subcontract.jobSiteNumber}` };
  } catch (error) {
    throwNotFound(error, SubcontractNotFoundError);
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Sous-traitance ${args.loaderData.subcontract.supplierName} — Achats` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SubcontractPage({ loaderData }: Route.ComponentProps) {
  const { subcontract } = loaderData;
  return (
    <div className="grid max-w-4xl gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title={`Sous-traitance : ${subcontract.supplierName}`}
        description={`${subcontract.jobSiteNumber} · ${subcontract.jobSiteTitle} · ${SUBCONTRACT_STATUS_LABELS[subcontract.status]}`}
      />
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
    </div>
  );
}
