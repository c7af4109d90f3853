import { describe, expect, it } from "vitest";
import { entryLines, imbalance, journalTotals } from "./journal-entry.ts";

describe("entryLines", () => {
  it("writes each non-zero movement on its side, in order, under the entry's date, journal and piece", () => {
    const lines = entryLines(
      [
        { account: "411", label: "Client", amount: -1200 },
        { account: "706", label: "Travaux", amount: 1000 },
        { account: "4191", label: "Acompte", amount: 0 },
        { account: "44571", label: "TVA", amount: 200 },
      ],
      { date: "2026-10-01", journal: "VT", piece: "F-2026-0001" },
    );
    expect(lines).toEqual([
      {
        date: "2026-10-01",
        journal: "VT",
        piece: "F-2026-0001",
        account: "411",
        label: "Client",
        debit: 1200,
        credit: 0,
      },
      {
        date: "2026-10-01",
        journal: "VT",
        piece: "F-2026-0001",
        account: "706",
        label: "Travaux",
        debit: 0,
        credit: 1000,
      },
      {
        date: "2026-10-01",
        journal: "VT",
        piece: "F-2026-0001",
        account: "44571",
        label: "TVA",
        debit: 0,
        credit: 200,
      },
    ]);
    expect(journalTotals(lines)).toEqual({ debit: 1200, credit: 1200 });
    expect(imbalance(lines)).toBeNull();
  });

  it("says why an entry does not balance", () => {
    expect(
      imbalance([
        { debit: 100, credit: 0 },
        { debit: 0, credit: 90 },
      ]),
    ).toBe("écriture déséquilibrée (débit 100, crédit 90).");
  });
});
