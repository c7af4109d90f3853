import { Link } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { formatCents, formatPercent, formatQuantity } from "#app/lib/money.ts";
import type { JobSiteBudget, JobSiteLot } from "../detail.server.ts";

/*
 * The site's lots and their budget as the quotes gave it: sale price HT, labour hours
 * and materials of the cost panel, estimated cost at the hourly cost of the day the
 * quote joined, and the margin it leaves.
 */

const dash = "—";

function marginOf(lot: JobSiteLot): number | null {
  return lot.estimatedCostCents === null ? null : lot.saleHtCents - lot.estimatedCostCents;
}

const columns: Column<JobSiteLot>[] = [
  {
    key: "lot",
    header: "Lot",
    phone: "title",
    cell: (lot) => (
      <div className="grid gap-0.5">
        <span className="font-semibold break-words text-brand-900">{lot.title}</span>
        {lot.quoteId && lot.quoteNumber ? (
          <Link to={`/erp/devis/${lot.quoteId}`} className="text-sm text-brand-700 underline">
            Devis {lot.quoteNumber}
          </Link>
        ) : null}
      </div>
    ),
  },
  { key: "sale", header: "Vente HT", align: "right", cell: (lot) => formatCents(lot.saleHtCents) },
  {
    key: "hours",
    header: "Heures",
    align: "right",
    cell: (lot) => (lot.labourHoursMilli > 0 ? `${formatQuantity(lot.labourHoursMilli)} h` : dash),
  },
  {
    key: "materials",
    header: "Matériaux",
    align: "right",
    cell: (lot) => (lot.materialsCents > 0 ? formatCents(lot.materialsCents) : dash),
  },
  {
    key: "cost",
    header: "Coût estimé",
    align: "right",
    cell: (lot) => (lot.estimatedCostCents === null ? "Non chiffré" : formatCents(lot.estimatedCostCents)),
  },
  {
    key: "margin",
    header: "Marge prévue",
    align: "right",
    cell: (lot) => {
      const margin = marginOf(lot);
      return margin === null ? dash : formatCents(margin);
    },
  },
];

/** What the sent purchase orders commit on the site (Achats), passed in by the route. */
export type SiteCommitments = { totalHtCents: number; byLot: { lotId: string | null; htCents: number }[] };

function CommittedLine({ lots, committed }: { lots: readonly JobSiteLot[]; committed: SiteCommitments }) {
  const parts = committed.byLot
    .filter((entry) => entry.htCents !== 0)
    .map((entry) => {
      const title = entry.lotId ? lots.find((lot) => lot.id === entry.lotId)?.title : null;
      return `${title ?? "chantier entier"} : ${formatCents(entry.htCents)}`;
    });
  return (
    <p className="text-slate-800" data-testid="engage-commandes">
      <span className="font-semibold text-brand-900">Engagé (commandes) :</span>{" "}
      {formatCents(committed.totalHtCents)} HT
      {parts.length > 1 || (parts.length === 1 && committed.byLot[0]?.lotId) ? ` (${parts.join(" ; ")})` : ""}
    </p>
  );
}

export function LotsBudget({
  lots,
  budget,
  pathname,
  committed,
}: {
  lots: readonly JobSiteLot[];
  budget: JobSiteBudget;
  pathname: string;
  committed?: SiteCommitments | null;
}) {
  const committedLine = committed ? <CommittedLine lots={lots} committed={committed} /> : null;
  if (lots.length === 0) {
    return (
      <div className="grid gap-3">
        <p className="text-slate-700">
          Aucun lot pour le moment : les lots et leur budget viennent des devis acceptés rattachés au
          chantier.
        </p>
        {committedLine}
      </div>
    );
  }
  const hourlyCosts = [...new Set(lots.map((lot) => lot.hourlyCostCents))];
  return (
    <div className="grid gap-3">
      <DataTable
        caption="Budget par lot, d'après les devis acceptés"
        columns={columns}
        rows={lots}
        rowKey={(lot) => lot.id}
        pathname={pathname}
        params={{}}
        minWidth={720}
        totals={{
          label: "Total",
          cells: {
            sale: formatCents(budget.saleHtCents),
            cost: budget.estimatedCostCents === null ? "Non chiffré" : formatCents(budget.estimatedCostCents),
            margin:
              budget.estimatedMarginCents === null
                ? dash
                : `${formatCents(budget.estimatedMarginCents)}${budget.estimatedMarginRate === null ? "" : ` (${formatPercent(budget.estimatedMarginRate)})`}`,
          },
        }}
      />
      <p className="text-sm text-slate-700">
        Coût estimé au coût horaire chargé de {hourlyCosts.map((cents) => formatCents(cents)).join(" puis ")}{" "}
        de l'heure, celui des paramètres quand le devis a rejoint le chantier.
        {budget.lotsWithoutEstimate > 0
          ? ` ${budget.lotsWithoutEstimate} ${budget.lotsWithoutEstimate > 1 ? "lots n'ont" : "lot n'a"} pas de coût renseigné dans le devis : la marge prévue porte sur les autres.`
          : ""}
      </p>
      {committedLine}
    </div>
  );
}
