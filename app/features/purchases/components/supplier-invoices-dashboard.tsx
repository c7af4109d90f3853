import { CalendarClock, TriangleAlert } from "lucide-react";
import { BigNumber, DashboardSection, StatPanel } from "#app/components/data/stat-panel.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import type { SupplierInvoicesDueFigures } from "../supplier-invoice-due.server.ts";
import { SUPPLIER_INVOICES_PATH } from "../supplier-invoice-schema.ts";

/** The « Factures fournisseurs » block of the Espace Pro's home: what to pay this week, what is late. */
export function SupplierInvoicesDashboard({ figures }: { figures: SupplierInvoicesDueFigures }) {
  const { dueThisWeek, overdue } = figures;
  return (
    <DashboardSection
      id="supplier-invoices-dashboard-title"
      title="Factures fournisseurs"
      more={{ to: SUPPLIER_INVOICES_PATH, label: "Toutes les factures fournisseurs" }}
    >
      <StatPanel id="supplier-invoices-week-title" title="À payer cette semaine" icon={CalendarClock}>
        <BigNumber
          to={dueThisWeek.href}
          label={`${plural(dueThisWeek.count, "facture à payer", "factures à payer")} cette semaine : voir la liste`}
        >
          {dueThisWeek.count}
        </BigNumber>
        <p className="mt-2 text-sm text-slate-700">
          {dueThisWeek.count === 0
            ? `Rien à payer d'ici le ${formatDate(figures.weekEnd)}.`
            : `${formatCents(dueThisWeek.totalCents)} TTC à régler d'ici le ${formatDate(figures.weekEnd)} (statut « À payer »).`}
        </p>
      </StatPanel>
      <StatPanel id="supplier-invoices-overdue-title" title="En retard" icon={TriangleAlert}>
        <BigNumber
          to={overdue.href}
          label={`${plural(overdue.count, "facture fournisseur en retard", "factures fournisseurs en retard")} : voir la liste`}
        >
          {overdue.count}
        </BigNumber>
        <p className={`mt-2 text-sm ${overdue.count > 0 ? "font-semibold text-red-800" : "text-slate-700"}`}>
          {overdue.count === 0
            ? "Aucune facture fournisseur en retard de paiement."
            : `${formatCents(overdue.totalCents)} TTC dont l'échéance est passée (hors factures en litige).`}
        </p>
      </StatPanel>
    </DashboardSection>
  );
}
