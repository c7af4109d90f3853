import { Link } from "react-router";
import { ExportPeriodPage } from "#app/components/data/export-period-page.tsx";
import { JournalSummary } from "#app/components/data/journal-summary.tsx";
import { VatRateTable } from "#app/components/data/vat-rate-table.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import {
  PURCHASE_JOURNAL_ACCOUNTS,
  purchaseArchiveFileName,
  purchaseExport,
  purchaseJournalFileName,
} from "#app/features/purchases/purchase-export.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import { exportPeriodLoader } from "#app/routes/erp/export-period.server.ts";
import type { Route } from "./+types/export";

/*
 * /erp/achats/export — « Export comptable » of the purchases: a period (the previous month by
 * default), its summary (invoices, totals, the journal's balance, the invoices that could not
 * be written) and the two files for the accountant, served by ./export-file.ts. The same
 * period form as the sales export (/erp/factures/export).
 */

export const handle = ACHATS_HANDLE;

const PATH = "/erp/achats/export";
const CRUMB = "Export comptable";

export const loader = exportPeriodLoader(handle.permission, CRUMB, async (db, period, query) => {
  const { summary } = await purchaseExport(db, period);
  return {
    summary,
    accounts: PURCHASE_JOURNAL_ACCOUNTS,
    salesExportHref: `/erp/factures/export${query}`,
    files: {
      csv: { href: `/erp/achats/export.csv${query}`, name: purchaseJournalFileName(period) },
      zip: { href: `/erp/achats/export.zip${query}`, name: purchaseArchiveFileName(period) },
    },
  };
});

export const meta: Route.MetaFunction = (args) => erpMeta("Export comptable — Achats", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function PurchaseExportPage({ loaderData }: Route.ComponentProps) {
  return (
    <ExportPeriodPage
      path={PATH}
      className="grid grid-cols-[minmax(0,1fr)] gap-5"
      tabs={{ label: "Achats", tabs: ACHATS_TABS }}
      title="Export comptable des achats"
      description="Le journal des achats et les factures fournisseurs reçues d'une période, pour le cabinet comptable."
      actions={
        <>
          <Link to="/erp/achats/factures" className={buttonClasses("outline", "md")}>
            Retour aux factures fournisseurs
          </Link>
          <Link
            to={loaderData.ok ? loaderData.salesExportHref : "/erp/factures/export"}
            className={buttonClasses("ghost", "md")}
          >
            Export des ventes
          </Link>
        </>
      }
      fromLabel="Du (date de facture)"
      period={loaderData}
      summary={(accepted, busy) => <PeriodSummary {...accepted} busy={busy} />}
    />
  );
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { ok: true }>;

function PeriodSummary({
  summary,
  accounts,
  files,
  busy,
}: Pick<Loaded, "summary" | "accounts" | "files"> & { busy: boolean }) {
  const { journal, errors } = summary;
  return (
    <JournalSummary
      period={summary.period}
      busy={busy}
      intro="Factures et avoirs fournisseurs enregistrés, par date de facture, « En litige » compris (la dette existe en comptabilité)."
      empty={
        summary.invoiceCount + summary.creditNoteCount === 0
          ? "Aucune facture fournisseur datée de cette période."
          : null
      }
      facts={[
        { label: "Factures", value: plural(summary.invoiceCount, "facture", "factures") },
        { label: "Avoirs", value: plural(summary.creditNoteCount, "avoir", "avoirs") },
        { label: "Lignes du journal", value: String(journal.lineCount) },
        { label: "Total HT (avoirs déduits)", value: formatCents(summary.totalHt) },
        { label: "TVA facturée", value: formatCents(summary.totalVat) },
        { label: "Total TTC", value: formatCents(summary.totalTtc) },
        ...(summary.selfAssessedVat !== 0
          ? [{ label: "TVA autoliquidée (20 %)", value: formatCents(summary.selfAssessedVat) }]
          : []),
      ]}
      vatTable={
        <VatRateTable
          caption="TVA par taux"
          rates={summary.byRate}
          vatHeading="TVA facturée"
          className="w-full max-w-xl"
        />
      }
      problems={
        errors.length > 0 ? (
          <FormAlert
            title={`${plural(errors.length, "facture n'est pas écrite", "factures ne sont pas écrites")} dans le journal`}
            errors={errors.map(
              (error) =>
                `${error.supplierName}, ${error.number} du ${formatDate(error.issueDate, "numeric")} : ${error.message} Corrigez la facture avant d'exporter.`,
            )}
          />
        ) : null
      }
      journal={journal}
      vatNote="Autoliquidation (sous-traitance, article 283-2 nonies du CGI) : la TVA est portée des deux côtés, au débit du 44566000 (déductible) et au crédit du 44520000 (due), au taux de 20 %."
      csv={{ ...files.csv, label: "Journal des achats (CSV)" }}
      zip={{ ...files.zip, label: "Factures reçues (ZIP)" }}
      filesNote={`${files.csv.name} : une ligne par compte mouvementé (séparateur « ; », virgule décimale, UTF-8), le même format que le journal des ventes. ${files.zip.name} : le fichier original de chaque facture et avoir, tel que reçu, et le journal.`}
      accounts={accounts}
      accountsCaption="Comptes du journal des achats"
    />
  );
}
