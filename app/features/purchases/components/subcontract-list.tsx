import { Link } from "react-router";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { SUBCONTRACT_STATUS_LABELS, subcontractPath } from "../subcontract-schema.ts";
import type { SubcontractItem } from "../subcontracts.server.ts";

/** A list of subcontracts: site, subcontractor (unless `hideSupplier`), scope, price, dates, status. */
export function SubcontractList({
  items,
  hideSupplier = false,
  label,
}: {
  items: readonly SubcontractItem[];
  hideSupplier?: boolean;
  label: string;
}) {
  if (items.length === 0) return <p className="text-slate-700">Aucun contrat de sous-traitance.</p>;
  return (
    <ul className="grid gap-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="grid gap-1 rounded-lg border border-slate-200 p-3">
          <Link to={subcontractPath(item.id)} className="font-semibold break-words text-brand-700 underline">
            {item.jobSiteNumber} · {item.jobSiteTitle}
            {item.lotTitle ? ` · ${item.lotTitle}` : ""}
          </Link>
          {hideSupplier ? null : <span className="font-semibold text-brand-900">{item.supplierName}</span>}
          <span className="line-clamp-2 break-words text-slate-700">{item.scope}</span>
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className="tabular-nums">{formatCents(item.priceHtCents)} HT</span>
            {item.reverseCharge ? <span>· autoliquidation</span> : null}
            <span>
              · du {formatDate(item.startOn)} au {formatDate(item.endOn)}
            </span>
            <StatusBadge
              tone={item.status === "signe" ? "success" : item.status === "annule" ? "neutral" : "info"}
            >
              {SUBCONTRACT_STATUS_LABELS[item.status]}
            </StatusBadge>
          </span>
        </li>
      ))}
    </ul>
  );
}
