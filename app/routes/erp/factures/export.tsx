import { Link } from "react-router";
import { ExportPeriodPage } from "#app/components/data/export-period-page.tsx";
import { JournalSummary } from "#app/components/data/journal-summary.tsx";
import { VatRateTable } from "#app/components/data/vat-rate-table.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { DEVIS_TABS, erpMeta, FACTURES_HANDLE } from "#app/features/erp/navigation.ts";
import {
  archiveFileName,
  JOURNAL_ACCOUNTS,
  journalFileName,
  salesExport,
} from "#app/features/invoices/export.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { plural } from "#app/lib/plural.ts";
import { exportPeriodLoader } from "#app/routes/erp/export-period.server.ts";
import type { Route } from "./+types/export";

/*
 * /erp/factures/export — « Export comptable »: a period (the previous month by default),
 * its summary (documents, totals, the journal's balance) and the two files for the
 * accountant, served by ./export-file.ts.
 */

export const handle = FACTURES_HANDLE;

const PATH = "/erp/factures/export";
const CRUMB = "Export comptable";

export const loader = exportPeriodLoader(handle.permission, CRUMB, async (db, period, query) => {
  const { summary } = await salesExport(db, period);
  return {
    summary,
    accounts: JOURNAL_ACCOUNTS,
    files: {
      csv: { href: `/erp/factures/export.csv${query}`, name: journalFileName(period) },
      zip: { href: `/erp/factures/export.zip${query}`, name: archiveFileName(period) },
    },
  };
});

export const meta: Route.MetaFunction = (args) => erpMeta("Export comptable — Factures", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function InvoiceExportPage({ loaderData }: Route.ComponentProps) {
  const { values } = loaderData;
  return (
    <ExportPeriodPage
      path={PATH}
      className="grid gap-5"
      tabs={{ label: "Devis", tabs: DEVIS_TABS }}
      title="Export comptable"
      description="Le journal des ventes et les factures Factur-X d'une période, pour le cabinet comptable."
      actions={
        <>
          <Link to="/erp/factures" className={buttonClasses("outline", "md")}>
            Retour aux factures
          </Link>
          <Link
            to={
              loaderData.ok
                ? `/erp/achats/export?${new URLSearchParams({ du: values.du, au: values.au })}`
                : "/erp/achats/export"
            }
            className={buttonClasses("ghost", "md")}
          >
            Export des achats
          </Link>
        </>
      }
      fromLabel="Du (date d'émission)"
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
  const { journal } = summary;
  return (
    <JournalSummary
      period={summary.period}
      busy={busy}
      intro="Factures et avoirs émis sur la période (jour d'émission, heure de Paris), jamais les brouillons."
      empty={
        summary.invoiceCount + summary.creditNoteCount === 0
          ? "Aucune facture émise sur cette période."
          : null
      }
      facts={[
        { label: "Factures", value: plural(summary.invoiceCount, "facture", "factures") },
        { label: "Avoirs", value: plural(summary.creditNoteCount, "avoir", "avoirs") },
        { label: "Lignes du journal", value: String(journal.lineCount) },
        { label: "Total HT (avoirs déduits)", value: formatCents(summary.totalHt) },
        { label: "TVA", value: formatCents(summary.totalVat) },
        { label: "Total TTC", value: formatCents(summary.totalTtc) },
        ...(summary.retention !== 0
          ? [{ label: "Retenues de garantie", value: formatCents(summary.retention) }]
          : []),
        { label: "Reste dû aujourd'hui sur ces factures", value: formatCents(summary.owed) },
      ]}
      vatTable={<VatRateTable caption="TVA par taux" rates={summary.byRate} className="w-full max-w-xl" />}
      journal={journal}
      vatNote="TVA collectée : comptes 44571 par taux. Sans l'option pour les débits (Paramètres), la TVA des travaux est exigible à l'encaissement : elle se déclare sur les paiements reçus."
      csv={{ ...files.csv, label: "Journal des ventes (CSV)" }}
      zip={{ ...files.zip, label: "Factures Factur-X (ZIP)" }}
      filesNote={`${files.csv.name} : une ligne par compte mouvementé (séparateur « ; », virgule décimale, UTF-8). ${files.zip.name} : le PDF Factur-X de chaque facture et avoir, tel qu'émis, et le journal.`}
      accounts={accounts}
      accountsCaption="Comptes du journal des ventes"
    />
  );
}
