import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { SubcontractList } from "#app/features/purchases/components/subcontract-list.tsx";
import { NEW_SUBCONTRACT_PATH } from "#app/features/purchases/subcontract-schema.ts";
import { listSubcontracts } from "#app/features/purchases/subcontracts.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/index";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return { items: await listSubcontracts(getServices(context).db), crumb: "Sous-traitance" };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Sous-traitance — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SubcontractsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid max-w-4xl gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title="Sous-traitance"
        description="Les contrats confiés aux sous-traitants, chantier par chantier (TVA autoliquidée)."
        actions={<NewLink to={NEW_SUBCONTRACT_PATH}>Nouvelle sous-traitance</NewLink>}
      />
      <SubcontractList items={loaderData.items} label="Contrats de sous-traitance" />
    </div>
  );
}
