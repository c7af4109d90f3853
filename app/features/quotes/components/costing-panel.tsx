import { Facts } from "#app/components/data/facts.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import type { FrozenCost } from "../send.server.ts";

/** « Coût estimé et marge » of a sent quote (for the team only): as frozen when the version was sent. */
export function CostingPanel({ costing }: { costing: FrozenCost | null }) {
  return (
    <Panel
      id="marge-devis"
      title={
        <>
          Coût estimé et marge <span className="text-sm font-normal">(équipe uniquement)</span>
        </>
      }
    >
      {costing === null ? (
        <p className="text-slate-700">Le coût estimé n'a pas été figé à l'envoi de cette version.</p>
      ) : costing.cost === null ? (
        <p className="text-slate-700">Aucune ligne n'a de prix de revient.</p>
      ) : (
        <Facts
          columns={1}
          facts={[
            { label: "Coût estimé", value: formatCents(costing.cost) },
            { label: "Marge", value: formatCents(costing.margin ?? 0) },
            {
              label: "Taux de marge",
              value: costing.marginRate === null ? "—" : formatPercent(costing.marginRate),
            },
            {
              label: "Coût horaire à l'envoi",
              value: formatCents(costing.hourlyCostCents),
            },
          ]}
        />
      )}
    </Panel>
  );
}
