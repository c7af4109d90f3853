import { describe, expect, it } from "vitest";
import { journalCsv } from "#app/lib/journal-csv.ts";
import { type PurchaseDocument, purchaseEntry, purchaseJournal } from "./purchase-export.server.ts";

// The purchases journal's entries from stored figures (no database): accounts by supplier
// kind and rate, reverse charge on both sides with its rounding, the refusals.

function document(overrides: Partial<PurchaseDocument>): PurchaseDocument {
  return {
    id: "id-1",
    number: "F-1",
    isCreditNote: false,
    issueDate: "2026-10-15",
    supplierName: "Loc'Matériel",
    supplierKind: "loueur",
    netCents: 10000,
    vatCents: 2000,
    grossCents: 12000,
    reverseCharge: false,
    vatBreakdown: [{ category: "S", rateBp: 2000, baseCents: 10000, vatCents: 2000 }],
    originalStorageKey: "k.pdf",
    originalContentType: "application/pdf",
    originalFileName: "f.pdf",
    originalSha256: "0".repeat(64),
    ...overrides,
  };
}

const accounts = (entry: ReturnType<typeof purchaseEntry>) =>
  entry.ok ? entry.lines.map((line) => [line.account, line.debit, line.credit]) : entry.message;

describe("purchaseEntry", () => {
  it("books a hire at 6135 by rate", () => {
    expect(accounts(purchaseEntry(document({})))).toEqual([
      ["61350200", 10000, 0],
      ["44566200", 2000, 0],
      ["40100000", 0, 12000],
    ]);
  });

  it("self-assesses a subcontractor's AE base at 20 %, rounded half away from zero, beside a taxed base", () => {
    const entry = purchaseEntry(
      document({
        supplierKind: "sous_traitant",
        netCents: 43333,
        vatCents: 2000,
        grossCents: 45333,
        vatBreakdown: [
          { category: "AE", rateBp: 0, baseCents: 33333, vatCents: 0 },
          { category: "S", rateBp: 2000, baseCents: 10000, vatCents: 2000 },
        ],
      }),
    );
    expect(accounts(entry)).toEqual([
      ["60400000", 33333, 0],
      ["60400200", 10000, 0],
      ["44566200", 2000, 0],
      ["44566000", 6667, 0],
      ["44520000", 0, 6667],
      ["40100000", 0, 45333],
    ]);
  });

  it("adds up two rows of one rate and books a base without VAT apart", () => {
    const entry = purchaseEntry(
      document({
        supplierKind: "fournisseur",
        netCents: 30000,
        vatCents: 4000,
        grossCents: 34000,
        vatBreakdown: [
          { category: "S", rateBp: 2000, baseCents: 10000, vatCents: 2000 },
          { category: "S", rateBp: 2000, baseCents: 10000, vatCents: 2000 },
          { category: "E", rateBp: 0, baseCents: 10000, vatCents: 0 },
        ],
      }),
    );
    expect(accounts(entry)).toEqual([
      ["60100200", 20000, 0],
      ["60100990", 10000, 0],
      ["44566200", 4000, 0],
      ["40100000", 0, 34000],
    ]);
  });

  it("refuses figures that do not hold together, and the journal lists them apart", () => {
    expect(accounts(purchaseEntry(document({ grossCents: 12001 })))).toBe("HT + TVA ≠ TTC.");
    expect(accounts(purchaseEntry(document({ vatBreakdown: [] })))).toBe(
      "aucune ventilation de TVA enregistrée.",
    );
    expect(
      accounts(
        purchaseEntry(
          document({ vatBreakdown: [{ category: "AE", rateBp: 0, baseCents: 10000, vatCents: 2000 }] }),
        ),
      ),
    ).toBe("de la TVA facturée sur une base autoliquidée ou sans TVA.");
    const journal = purchaseJournal([document({}), document({ id: "id-2", number: "F-2", vatCents: 1999 })]);
    expect(journal.errors.map((error) => error.number)).toEqual(["F-2"]);
    expect(journal.totals).toEqual({ debit: 12000, credit: 12000 });
    expect(journalCsv(journal.lines)).toBe(
      "\uFEFFDate;Journal;Pièce;Compte;Libellé;Débit;Crédit\r\n" +
        "15/10/2026;HA;F-1;61350200;Loc'Matériel – Facture F-1 – HT, TVA 20 %;100,00;\r\n" +
        "15/10/2026;HA;F-1;44566200;Loc'Matériel – Facture F-1 – TVA déductible 20 %;20,00;\r\n" +
        "15/10/2026;HA;F-1;40100000;Loc'Matériel – Facture F-1;;120,00\r\n",
    );
  });
});
