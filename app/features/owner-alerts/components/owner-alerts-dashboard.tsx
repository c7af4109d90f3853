import { DatabaseBackup, TriangleAlert } from "lucide-react";
import { BigNumber, DashboardSection, StatPanel } from "#app/components/data/stat-panel.tsx";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { pluralWord } from "#app/lib/plural.ts";
import type { OwnerAlertsDashboardFigures } from "../dashboard.server.ts";

/**
 * The owner's block of the Espace Pro's home: the open alerts about the system itself (a
 * failed backup, none for 48 hours), each with its reason and since when, and the last
 * scheduled backup. Alerts leave the block once the problem is solved (the next backup).
 */
export function OwnerAlertsDashboard({ figures }: { figures: OwnerAlertsDashboardFigures }) {
  const { alerts, backup } = figures;
  return (
    <DashboardSection id="owner-alerts-dashboard-title" title="Surveillance">
      <StatPanel id="owner-alerts-title" title="Alertes" icon={TriangleAlert}>
        <BigNumber>{alerts.length}</BigNumber>
        {alerts.length === 0 ? (
          <p className="text-sm text-slate-700">Aucune alerte : sauvegardes et contrôles sont à jour.</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {pluralWord(alerts.length, "alerte ouverte", "alertes ouvertes")}, la plus ancienne d'abord ; un
              e-mail vous est envoyé au plus une fois par jour pour chacune.
            </p>
            <ul className="mt-2 grid gap-3" aria-label="Alertes ouvertes">
              {alerts.map((alert) => (
                <li
                  key={alert.kind}
                  className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-slate-900"
                >
                  <p className="font-bold text-red-900">{alert.title}</p>
                  <p className="mt-1 break-words">{alert.message}</p>
                  <p className="mt-1 text-slate-700">Depuis le {formatDateTime(new Date(alert.since))}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </StatPanel>

      <StatPanel id="owner-backups-title" title="Sauvegardes" icon={DatabaseBackup}>
        <p className="mt-2 text-sm text-slate-900">
          <span className="font-semibold">Dernière sauvegarde : </span>
          {backup.lastSuccessAt
            ? formatDateTime(new Date(backup.lastSuccessAt))
            : "aucune sauvegarde automatique réussie pour l'instant"}
        </p>
        {backup.lastSuccessDetail ? (
          <p className="mt-1 break-words text-sm text-slate-700">Archive : {backup.lastSuccessDetail}</p>
        ) : null}
        <p className="mt-1 break-words text-sm text-slate-700">
          Une sauvegarde par jour vers {backup.destination} ; sont gardées celles des 7 derniers jours, des 4
          dernières semaines et des 12 derniers mois.
        </p>
      </StatPanel>
    </DashboardSection>
  );
}
