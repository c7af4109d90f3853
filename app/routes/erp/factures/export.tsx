import { Download, FileArchive } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { VatRateTable } from "#app/components/data/vat-rate-table.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { PeriodPicker } from "#app/components/forms/period-picker.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { DEVIS_TABS, erpMeta, FACTURES_HANDLE } from "#app/features/erp/navigation.ts";
import {
  archiveFileName,
  JOURNAL_ACCOUNTS,
  journalFileName,
  salesExport,
} from "#app/features/invoices/export.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { chosenExportPeriod } from "#app/lib/export-period.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import type { Route } from "./+types/export";

/*
 * /erp/factures/export — « Export comptable »: a period (the previous month by default),
 * its summary (documents, totals, the journal's balance) and the two files for the
 * accountant, served by ./export-file.ts.
 */

export const handle = FACTURES_HANDLE;

const PATH = "/erp/factures/export";
const CRUMB = "Export comptable";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const chosen = chosenExportPeriod(request.url, parisDay());
  if (!chosen.ok) return data({ ...chosen, crumb: CRUMB }, { status: 400 });
  const { period, query } = chosen;
  const { summary } = await salesExport(db, period);
  return {
    ...chosen,
    crumb: CRUMB,
    summary,
    accounts: JOURNAL_ACCOUNTS,
    files: {
      csv: { href: `/erp/factures/export.csv${query}`, name: journalFileName(period) },
      zip: { href: `/erp/factures/export.zip${query}`, name: archiveFileName(period) },
    },
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Export comptable — Factures", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function InvoiceExportPage({ loaderData }: Route.ComponentProps) {
  const { presets, values } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const error = loaderData.ok ? null : loaderData.error;
  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
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
      />

      <PeriodPicker
        presets={presets}
        values={values}
        error={error}
        loading={loading}
        fromLabel="Du (date d'émission)"
      />

      {loaderData.ok ? (
        <PeriodSummary
          summary={loaderData.summary}
          accounts={loaderData.accounts}
          files={loaderData.files}
          busy={loading}
        />
      ) : (
        <FormAlert title="Période invalide" errors={[loaderData.error.message]} />
      )}
    </div>
  );
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { ok: true }>;

function PeriodSummary({
  summary,
  accounts,
  files,
  busy,
}: Pick<Loaded, "summary" | "accounts" | "files"> & { busy: boolean }) {
  const { period, journal } = summary;
  const empty = summary.invoiceCount + summary.creditNoteCount === 0;
  return (
    <section aria-labelledby="export-resume" aria-busy={busy} className={panelClass}>
      <h2 id="export-resume" className="mb-1 text-lg font-bold text-brand-900">
        Du {formatDate(period.from)} au {formatDate(period.to)}
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        Factures et avoirs émis sur la période (jour d'émission, heure de Paris), jamais les brouillons.
      </p>
      {empty ? (
        <EmptyState>
          <p>Aucune facture émise sur cette période.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-5">
          <Facts
            columns={3}
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
          />
          <VatRateTable caption="TVA par taux" rates={summary.byRate} className="w-full max-w-xl" />
        </div>
      )}

      <p className="mt-4 font-semibold text-ink">
        {journal.balanced
          ? `Le journal est équilibré : ${formatCents(journal.debit)} au débit, ${formatCents(journal.credit)} au crédit.`
          : `Le journal n'est pas équilibré : ${formatCents(journal.debit)} au débit, ${formatCents(journal.credit)} au crédit.`}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        TVA collectée : comptes 44571 par taux. Sans l'option pour les débits (Paramètres), la TVA des travaux
        est exigible à l'encaissement : elle se déclare sur les paiements reçus.
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        <a href={files.csv.href} className={buttonClasses("secondary", "md")}>
          <Download aria-hidden="true" className="size-4" />
          Journal des ventes (CSV)
        </a>
        <a href={files.zip.href} className={buttonClasses("outline", "md")}>
          <FileArchive aria-hidden="true" className="size-4" />
          Factures Factur-X (ZIP)
        </a>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {files.csv.name} : une ligne par compte mouvementé (séparateur « ; », virgule décimale, UTF-8).{" "}
        {files.zip.name} : le PDF Factur-X de chaque facture et avoir, tel qu'émis, et le journal.
      </p>

      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">
          Comptes utilisés par le journal
        </summary>
        <table className="mt-2 w-full max-w-xl border-collapse">
          <caption className="sr-only">Comptes du journal des ventes</caption>
          <thead>
            <tr className="text-left text-xs font-bold tracking-wide text-slate-700 uppercase">
              <th scope="col" className="py-1 pr-2">
                Compte
              </th>
              <th scope="col" className="py-1">
                Intitulé
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.number} className="border-t border-slate-200">
                <td className="py-1 pr-2 font-mono">{account.number}</td>
                <td className="py-1">{account.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
