import type { JournalCsvLine } from "./journal-csv.ts";
import type { Cents } from "./money.ts";
import type { IsoDay } from "./paris-time.ts";

/*
 * An accounting entry written from signed movements, one way for the sales journal (VT,
 * app/features/invoices) and the purchases journal (HA, app/features/purchases): each
 * movement is one line on its side, a zero amount makes no line, and an entry whose debits
 * and credits differ is never written.
 */

/** One signed movement: positive credits the account, negative debits it. */
export type Movement = { account: string; label: string; amount: Cents };

export type JournalTotals = { debit: Cents; credit: Cents };

export const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The entry's lines, in the movements' order: the debit or the credit of each non-zero movement. */
export function entryLines<Journal extends string>(
  movements: readonly Movement[],
  entry: { date: IsoDay; journal: Journal; piece: string },
): (JournalCsvLine & { journal: Journal })[] {
  return movements
    .filter((movement) => movement.amount !== 0)
    .map((movement) => ({
      ...entry,
      account: movement.account,
      label: movement.label,
      debit: Math.max(-movement.amount, 0),
      credit: Math.max(movement.amount, 0),
    }));
}

/** The debits' and the credits' sums of these lines. */
export function journalTotals(lines: readonly { debit: Cents; credit: Cents }[]): JournalTotals {
  return {
    debit: sumOf(lines.map((line) => line.debit)),
    credit: sumOf(lines.map((line) => line.credit)),
  };
}

/** Why the entry does not balance, in French; null when it does. */
export function imbalance(lines: readonly { debit: Cents; credit: Cents }[]): string | null {
  const { debit, credit } = journalTotals(lines);
  return debit === credit ? null : `écriture déséquilibrée (débit ${debit}, crédit ${credit}).`;
}
