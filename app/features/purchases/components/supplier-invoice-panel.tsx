import { Link } from "react-router";
import { Panel } from "#app/components/ui/panel.tsx";
import type { SupplierInvoiceStatus } from "#app/db/schema/supplier-invoices.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import {
  IMPORT_SUPPLIER_INVOICES_PATH,
  SUPPLIER_INVOICES_PATH,
  supplierInvoicePath,
} from "../supplier-invoice-schema.ts";
import { SupplierInvoiceStatusBadge } from "./supplier-invoice-badges.tsx";

type Item = {
  id: string;
  number: string;
  isCreditNote: boolean;
  issueDate: string;
  dueDate: string | null;
  grossCents: number;
  status: SupplierInvoiceStatus;
  overdue: boolean;
};

/** The « Factures » panel of a supplier's page: its invoices and what is owed to it. */
export function SupplierInvoicesPanel({
  supplierId,
  items,
  owedCents,
  overdueCount,
}: {
  supplierId: string;
  items: readonly Item[];
  owedCents: number;
  overdueCount: number;
}) {
  return (
    <Panel id="fournisseur-factures" title="Factures">
      {items.length === 0 ? (
        <p className="text-slate-700">
          Aucune facture de ce fournisseur.{" "}
          <Link to={IMPORT_SUPPLIER_INVOICES_PATH} className="text-brand-700 underline">
            Importer une facture
          </Link>
        </p>
      ) : (
        <div className="grid gap-3">
          <p className="font-semibold text-brand-900">
            Reste à payer : {formatCents(owedCents)} TTC
            {overdueCount > 0 ? `, dont ${overdueCount} facture${overdueCount > 1 ? "s" : ""} en retard` : ""}
            .
          </p>
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2">
                <Link to={supplierInvoicePath(item.id)} className="font-semibold text-brand-700 underline">
                  {item.isCreditNote ? "Avoir" : "Facture"} {item.number}
                </Link>
                <span>du {formatDate(item.issueDate, "numeric")}</span>
                <span>{formatCents(item.grossCents)} TTC</span>
                {item.dueDate ? <span>échéance {formatDate(item.dueDate, "numeric")}</span> : null}
                <SupplierInvoiceStatusBadge status={item.status} />
                {item.overdue ? <span className="text-sm font-semibold text-red-800">En retard</span> : null}
              </li>
            ))}
          </ul>
          <Link
            to={`${SUPPLIER_INVOICES_PATH}?fournisseur=${supplierId}`}
            className="text-brand-700 underline"
          >
            Toutes ses factures
          </Link>
        </div>
      )}
    </Panel>
  );
}
