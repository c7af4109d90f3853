import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDate } from "#app/lib/paris-time.ts";
import type { ReceptionSummary } from "../reception.server.ts";
import { RECEPTION_STATUS_LABELS } from "../reception-schema.ts";
import { WarrantyDatesFacts } from "./warranty-dates.tsx";

/** The site page's « Réception et garanties » panel: the PV's state, the warranties' ends, the reservations still open. */
export function ReceptionPanel({ siteId, summary }: { siteId: string; summary: ReceptionSummary }) {
  const href = `/erp/chantiers/${siteId}/reception`;
  return (
    <Panel id="chantier-reception" title="Réception et garanties">
      <div className="grid gap-4">
        {summary.status === null ? (
          <p className="text-slate-700">Pas encore de PV de réception.</p>
        ) : (
          <p>
            PV de réception du {summary.receivedOn ? formatDate(summary.receivedOn) : "—"} :{" "}
            <strong>{RECEPTION_STATUS_LABELS[summary.status]}</strong>
          </p>
        )}
        {summary.warranties ? <WarrantyDatesFacts warranties={summary.warranties} /> : null}
        {summary.openReservations.length > 0 ? (
          <div className="grid gap-1">
            <h3 className="font-heading font-semibold text-brand-900">Réserves à lever</h3>
            <ul className="grid gap-1">
              {summary.openReservations.map((reservation) => (
                <li key={reservation.id} className="break-words">
                  {reservation.description} — avant le {formatDate(reservation.deadline)}
                  {reservation.lotTitle ? ` (lot ${reservation.lotTitle})` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Link to={href} className={buttonClasses("secondary", "md")}>
            {summary.status === null ? "Préparer le PV de réception" : "Voir le PV de réception"}
          </Link>
          {summary.status === "a_signer" || summary.status === "signe" ? (
            <Link to={`/erp/chantiers/${siteId}/dossier`} className={buttonClasses("secondary", "md")}>
              Dossier de fin de chantier
            </Link>
          ) : null}
        </div>
        {summary.status === "a_signer" || summary.status === "signe" ? null : (
          <p className="text-sm text-slate-700">
            Le dossier de fin de chantier (pour le client) se prépare une fois le PV de réception présenté à
            la signature.
          </p>
        )}
      </div>
    </Panel>
  );
}
