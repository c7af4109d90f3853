import { Download, FileArchive } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { type Fact, Facts } from "#app/components/data/facts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { type Cents, formatCents } from "#app/lib/money.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { HeadRow } from "./head-row.tsx";

/*
 * The summary of an accounting export's period, the same on the sales and the purchases
 * export pages: the period, what it takes in, its counts and totals (or the empty state),
 * the VAT per rate, the journal's balance, the two files to download and the accounts the
 * journal uses. Each page says its own words (intro, notes, file labels).
 */

export type JournalFile = { href: string; name: string; label: string };

export function JournalSummary({
  period,
  busy,
  intro,
  empty,
  facts,
  vatTable,
  problems,
  journal,
  vatNote,
  csv,
  zip,
  filesNote,
  accounts,
  accountsCaption,
}: {
  period: { from: IsoDay; to: IsoDay };
  busy: boolean;
  intro: string;
  /** The empty state's sentence, or null when the period holds documents. */
  empty: string | null;
  facts: Fact[];
  vatTable: ReactNode;
  /** What could not be written in the journal, if anything. */
  problems?: ReactNode;
  journal: { balanced: boolean; debit: Cents; credit: Cents };
  vatNote: string;
  csv: JournalFile;
  zip: JournalFile;
  filesNote: string;
  accounts: readonly { number: string; name: string }[];
  accountsCaption: string;
}) {
  return (
    <Panel
      id="export-resume"
      title={`Du ${formatDate(period.from)} au ${formatDate(period.to)}`}
      description={intro}
      aria-busy={busy}
      className="min-w-0"
    >
      {empty !== null ? (
        <EmptyState>
          <p>{empty}</p>
        </EmptyState>
      ) : (
        <div className="grid gap-5">
          <Facts columns={3} facts={facts} />
          <div className="overflow-x-auto">{vatTable}</div>
        </div>
      )}

      {problems ? <div className="mt-4">{problems}</div> : null}

      <p className="mt-4 font-semibold text-ink">
        {journal.balanced ? "Le journal est équilibré" : "Le journal n'est pas équilibré"} :{" "}
        {formatCents(journal.debit)} au débit, {formatCents(journal.credit)} au crédit.
      </p>
      <p className="mt-1 text-sm text-slate-700">{vatNote}</p>

      <div className="mt-4 flex flex-wrap gap-2">
        <a href={csv.href} className={buttonClasses("secondary", "md")}>
          <Download aria-hidden="true" className="size-4" />
          {csv.label}
        </a>
        <a href={zip.href} className={buttonClasses("outline", "md")}>
          <FileArchive aria-hidden="true" className="size-4" />
          {zip.label}
        </a>
      </div>
      <p className="mt-2 text-sm break-words text-slate-700">{filesNote}</p>

      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">
          Comptes utilisés par le journal
        </summary>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full max-w-xl border-collapse">
            <caption className="sr-only">{accountsCaption}</caption>
            <thead>
              <HeadRow compact columns={[{ label: "Compte" }, { label: "Intitulé" }]} />
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
        </div>
      </details>
    </Panel>
  );
}
