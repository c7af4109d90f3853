import { createHash } from "node:crypto";
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { zipSync } from "fflate";
import { type SupplierKind, suppliers } from "#app/db/schema/purchases.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import type { ExportPeriod } from "#app/lib/export-period.ts";
import { type FileStorage, StorageNotFoundError } from "#app/lib/file-storage.server.ts";
import { type JournalCsvLine, journalCsv } from "#app/lib/journal-csv.ts";
import {
  entryLines,
  imbalance,
  type JournalTotals,
  journalTotals,
  type Movement,
  sumOf,
} from "#app/lib/journal-entry.ts";
import { type BasisPoints, type Cents, percentOf } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";

/*
 * « Export comptable » of the Achats section: for a period of invoice dates (both ends
 * included), the purchases journal (journal HA) in the sales journal's CSV format
 * (app/lib/journal-csv.ts) and a ZIP of the period's original files with that CSV.
 * Decision 033 gives the entries and the accounts. Every amount is read from what was
 * recorded (the invoice's totals and its VAT breakdown), never retyped; an invoice whose
 * stored figures do not make a balanced entry is not written: it is listed as an error.
 */

// ─── The accounts ────────────────────────────────────────────────────────────────────

export const PURCHASE_JOURNAL_CODE = "HA";

/**
 * The rate applied to self-assess a subcontractor's reverse-charge invoice (CGI 283-2
 * nonies): the stored invoice says « AE » with a rate of 0 (EN 16931 BR-AE-05), never the
 * rate of the work; construction subcontracting is taxed at 20 % (decision 033).
 */
export const SELF_ASSESSED_RATE_BP: BasisPoints = 2000;

type Account = { number: string; name: string };

/** The expense's root by the supplier's kind (eight digits with the rate's suffix). */
const EXPENSE_ROOTS: Record<SupplierKind, { root: string; name: string }> = {
  fournisseur: { root: "60100", name: "Achats de matériaux et fournitures" },
  sous_traitant: { root: "60400", name: "Sous-traitance (travaux sous-traités)" },
  loueur: { root: "61350", name: "Locations de matériel" },
};

export const PURCHASE_ACCOUNTS = {
  supplier: { number: "40100000", name: "Fournisseurs" },
  /** Self-assessed VAT, deductible side. */
  vatDeductibleReverseCharge: { number: "44566000", name: "TVA déductible autoliquidée" },
  /** Self-assessed VAT, due side. */
  vatDueReverseCharge: {
    number: "44520000",
    name: "TVA due intracommunautaire / autoliquidée (art. 283-2 nonies du CGI)",
  },
} as const satisfies Record<string, Account>;

/** A breakdown row's kind of tax: a rate, reverse charge (AE), or no VAT (exempt, 0 %, outside scope). */
type TaxKind = { kind: "rate"; rateBp: number } | { kind: "reverse-charge" } | { kind: "none" };

function taxKindOf(row: { category: string; rateBp: number }): TaxKind {
  if (row.category === "AE") return { kind: "reverse-charge" };
  if (row.rateBp > 0) return { kind: "rate", rateBp: row.rateBp };
  return { kind: "none" };
}

/** 2000 → « 200 », 550 → « 055 », 210 → « 021 »: the rate in tenths of a percent. */
const rateSuffix = (rateBp: number) => String(Math.round(rateBp / 10)).padStart(3, "0");

/** 2000 → « 20 % », 550 → « 5,5 % ». */
export function rateText(rateBp: number): string {
  return `${String(rateBp / 100).replace(".", ",")} %`;
}

function expenseAccount(kind: SupplierKind, tax: TaxKind): Account {
  const { root, name } = EXPENSE_ROOTS[kind];
  if (tax.kind === "reverse-charge") return { number: `${root}000`, name: `${name} – autoliquidation` };
  if (tax.kind === "none") return { number: `${root}990`, name: `${name} – sans TVA` };
  return { number: `${root}${rateSuffix(tax.rateBp)}`, name: `${name} – TVA ${rateText(tax.rateBp)}` };
}

function deductibleVatAccount(rateBp: number): Account {
  return { number: `44566${rateSuffix(rateBp)}`, name: `TVA déductible ${rateText(rateBp)}` };
}

/** The accounts the page lists: the usual ones (20 %, 10 %, 5,5 %, reverse charge). */
export const PURCHASE_JOURNAL_ACCOUNTS: readonly Account[] = [
  PURCHASE_ACCOUNTS.supplier,
  ...(["fournisseur", "sous_traitant", "loueur"] as const).flatMap((kind) => [
    ...[2000, 1000, 550].map((rateBp) => expenseAccount(kind, { kind: "rate", rateBp })),
    expenseAccount(kind, { kind: "reverse-charge" }),
    expenseAccount(kind, { kind: "none" }),
  ]),
  ...[2000, 1000, 550].map(deductibleVatAccount),
  PURCHASE_ACCOUNTS.vatDeductibleReverseCharge,
  PURCHASE_ACCOUNTS.vatDueReverseCharge,
];

// ─── The entries ─────────────────────────────────────────────────────────────────────

/** A recorded supplier invoice or credit note as the journal reads it (amounts positive, as stored). */
export type PurchaseDocument = {
  id: string;
  number: string;
  isCreditNote: boolean;
  issueDate: IsoDay;
  supplierName: string;
  supplierKind: SupplierKind;
  netCents: Cents;
  vatCents: Cents;
  grossCents: Cents;
  reverseCharge: boolean;
  vatBreakdown: { category: string; rateBp: number; baseCents: number; vatCents: number }[];
  originalStorageKey: string;
  originalContentType: string;
  originalFileName: string;
  originalSha256: string;
};

export type PurchaseJournalLine = JournalCsvLine & { journal: typeof PURCHASE_JOURNAL_CODE };

/** An invoice whose stored figures make no balanced entry: not written, shown on the page. */
export type PurchaseJournalError = {
  id: string;
  number: string;
  supplierName: string;
  issueDate: IsoDay;
  message: string;
};

/**
 * The entry of one supplier invoice (decision 033):
 * - the expense (601 materials, 604 subcontracting, 6135 hire, by the supplier's kind; one
 *   sub-account per VAT rate) debit the HT of each rate;
 * - deductible VAT (44566, one sub-account per rate) debit each rate's VAT as invoiced;
 * - reverse charge: the self-assessed VAT at 20 % of the AE base, both sides: debit
 *   44566000 (deductible) and credit 44520000 (due);
 * - the supplier (401) credit the TTC.
 * A credit note is the mirror (its amounts are stored positive, `isCreditNote` says it is
 * one). Zero amounts make no line. Returns the French reason when the stored figures do
 * not hold together.
 */
export function purchaseEntry(
  document: PurchaseDocument,
): { ok: true; lines: PurchaseJournalLine[] } | { ok: false; message: string } {
  const sign = document.isCreditNote ? -1 : 1;
  const what = `${document.isCreditNote ? "Avoir" : "Facture"} ${document.number}`;
  const supplier = document.supplierName.trim() || "Fournisseur";
  const rows = document.vatBreakdown;
  if (rows.length === 0) return { ok: false, message: "aucune ventilation de TVA enregistrée." };
  if (sumOf(rows.map((row) => row.baseCents)) !== document.netCents) {
    return { ok: false, message: "les bases HT par taux ne font pas le total HT." };
  }
  if (sumOf(rows.map((row) => row.vatCents)) !== document.vatCents) {
    return { ok: false, message: "la TVA par taux ne fait pas le total de TVA." };
  }
  if (document.netCents + document.vatCents !== document.grossCents) {
    return { ok: false, message: "HT + TVA ≠ TTC." };
  }
  if (rows.some((row) => taxKindOf(row).kind !== "rate" && row.vatCents !== 0)) {
    return { ok: false, message: "de la TVA facturée sur une base autoliquidée ou sans TVA." };
  }

  // One line per account: two rows of one rate (two categories, a split breakdown) add up.
  const expenses = new Map<string, Movement>();
  const vat = new Map<string, Movement>();
  const add = (map: Map<string, Movement>, account: Account, label: string, amount: Cents) => {
    const movement = map.get(account.number);
    if (movement) movement.amount += amount;
    else map.set(account.number, { account: account.number, label, amount });
  };
  let selfAssessedBase = 0;
  for (const row of rows) {
    const tax = taxKindOf(row);
    const expense = expenseAccount(document.supplierKind, tax);
    const rateLabel =
      tax.kind === "rate"
        ? `TVA ${rateText(tax.rateBp)}`
        : tax.kind === "reverse-charge"
          ? "autoliquidation"
          : "sans TVA";
    add(expenses, expense, `${supplier} – ${what} – HT, ${rateLabel}`, -sign * row.baseCents);
    if (tax.kind === "rate") {
      const account = deductibleVatAccount(tax.rateBp);
      add(vat, account, `${supplier} – ${what} – ${account.name}`, -sign * row.vatCents);
    }
    if (tax.kind === "reverse-charge") selfAssessedBase += row.baseCents;
  }
  const movements: Movement[] = [...expenses.values(), ...vat.values()];
  if (selfAssessedBase !== 0) {
    const selfAssessed = percentOf(selfAssessedBase, SELF_ASSESSED_RATE_BP);
    const rate = rateText(SELF_ASSESSED_RATE_BP);
    movements.push(
      {
        account: PURCHASE_ACCOUNTS.vatDeductibleReverseCharge.number,
        label: `${supplier} – ${what} – TVA déductible autoliquidée ${rate}`,
        amount: -sign * selfAssessed,
      },
      {
        account: PURCHASE_ACCOUNTS.vatDueReverseCharge.number,
        label: `${supplier} – ${what} – TVA due autoliquidée ${rate}`,
        amount: sign * selfAssessed,
      },
    );
  }
  movements.push({
    account: PURCHASE_ACCOUNTS.supplier.number,
    label: `${supplier} – ${what}`,
    amount: sign * document.grossCents,
  });

  const lines: PurchaseJournalLine[] = entryLines(movements, {
    date: document.issueDate,
    journal: PURCHASE_JOURNAL_CODE,
    piece: document.number,
  });
  const unbalanced = imbalance(lines);
  return unbalanced ? { ok: false, message: unbalanced } : { ok: true, lines };
}

export type { JournalTotals };

/** The journal of documents already in order; the documents whose entry fails are listed apart. */
export function purchaseJournal(documents: readonly PurchaseDocument[]): {
  lines: PurchaseJournalLine[];
  errors: PurchaseJournalError[];
  totals: JournalTotals;
} {
  const lines: PurchaseJournalLine[] = [];
  const errors: PurchaseJournalError[] = [];
  for (const document of documents) {
    const entry = purchaseEntry(document);
    if (entry.ok) lines.push(...entry.lines);
    else {
      errors.push({
        id: document.id,
        number: document.number,
        supplierName: document.supplierName,
        issueDate: document.issueDate,
        message: entry.message,
      });
    }
  }
  return {
    lines,
    errors,
    totals: journalTotals(lines),
  };
}

// ─── Reading the period ──────────────────────────────────────────────────────────────

/** « journal-achats-2026-10-01-2026-10-31.csv » */
export function purchaseJournalFileName(period: ExportPeriod): string {
  return `journal-achats-${period.from}-${period.to}.csv`;
}

/** « factures-fournisseurs-2026-10-01-2026-10-31.zip » */
export function purchaseArchiveFileName(period: ExportPeriod): string {
  return `factures-fournisseurs-${period.from}-${period.to}.zip`;
}

/**
 * The supplier invoices and credit notes dated in the period, in the journal's order. Every
 * row of the table is a recorded invoice (a file waiting for its second step is staged in
 * the storage, not in the table); « En litige » ones are included: the debt is booked.
 */
export async function purchasesOfPeriod(db: DbExecutor, period: ExportPeriod): Promise<PurchaseDocument[]> {
  return db
    .select({
      id: supplierInvoices.id,
      number: supplierInvoices.number,
      isCreditNote: supplierInvoices.isCreditNote,
      issueDate: supplierInvoices.issueDate,
      supplierName: suppliers.legalName,
      supplierKind: suppliers.kind,
      netCents: supplierInvoices.netCents,
      vatCents: supplierInvoices.vatCents,
      grossCents: supplierInvoices.grossCents,
      reverseCharge: supplierInvoices.reverseCharge,
      vatBreakdown: supplierInvoices.vatBreakdown,
      originalStorageKey: supplierInvoices.originalStorageKey,
      originalContentType: supplierInvoices.originalContentType,
      originalFileName: supplierInvoices.originalFileName,
      originalSha256: supplierInvoices.originalSha256,
    })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId))
    .where(and(gte(supplierInvoices.issueDate, period.from), lte(supplierInvoices.issueDate, period.to)))
    .orderBy(
      asc(supplierInvoices.issueDate),
      asc(supplierInvoices.createdAt),
      asc(supplierInvoices.number),
      asc(supplierInvoices.id),
    );
}

export type PurchaseRateSummary = { key: string; label: string; ht: Cents; vat: Cents };

export type PurchaseExportSummary = {
  period: ExportPeriod;
  invoiceCount: number;
  creditNoteCount: number;
  /** Net of the credit notes. */
  totalHt: Cents;
  totalVat: Cents;
  totalTtc: Cents;
  /** The VAT self-assessed on reverse-charge invoices (both 44566000 and 44520000). */
  selfAssessedVat: Cents;
  /** HT base and VAT invoiced per rate, net of the credit notes. */
  byRate: PurchaseRateSummary[];
  journal: JournalTotals & { lineCount: number; balanced: boolean };
  errors: PurchaseJournalError[];
};

export type PurchaseExport = {
  summary: PurchaseExportSummary;
  documents: PurchaseDocument[];
  lines: PurchaseJournalLine[];
};

/** The period's supplier invoices, their journal and its summary. */
export async function purchaseExport(db: DbExecutor, period: ExportPeriod): Promise<PurchaseExport> {
  const documents = await purchasesOfPeriod(db, period);
  const { lines, errors, totals } = purchaseJournal(documents);
  const signed = (document: PurchaseDocument, cents: number) => (document.isCreditNote ? -cents : cents);
  const byRate = new Map<string, PurchaseRateSummary & { order: number }>();
  let selfAssessedVat = 0;
  for (const document of documents) {
    for (const row of document.vatBreakdown) {
      const tax = taxKindOf(row);
      const key = tax.kind === "rate" ? `taux-${tax.rateBp}` : tax.kind;
      const label =
        tax.kind === "rate"
          ? `TVA ${rateText(tax.rateBp)}`
          : tax.kind === "reverse-charge"
            ? "Autoliquidation (sous-traitance)"
            : "Sans TVA";
      const order = tax.kind === "rate" ? -tax.rateBp : tax.kind === "reverse-charge" ? 1 : 2;
      const entry = byRate.get(key) ?? { key, label, ht: 0, vat: 0, order };
      entry.ht += signed(document, row.baseCents);
      entry.vat += signed(document, row.vatCents);
      byRate.set(key, entry);
      if (tax.kind === "reverse-charge") {
        selfAssessedVat += signed(document, percentOf(row.baseCents, SELF_ASSESSED_RATE_BP));
      }
    }
  }
  return {
    documents,
    lines,
    summary: {
      period,
      invoiceCount: documents.filter((document) => !document.isCreditNote).length,
      creditNoteCount: documents.filter((document) => document.isCreditNote).length,
      totalHt: sumOf(documents.map((document) => signed(document, document.netCents))),
      totalVat: sumOf(documents.map((document) => signed(document, document.vatCents))),
      totalTtc: sumOf(documents.map((document) => signed(document, document.grossCents))),
      selfAssessedVat,
      byRate: [...byRate.values()]
        .sort((a, b) => a.order - b.order)
        .map(({ order: _order, ...rate }) => rate),
      journal: { ...totals, lineCount: lines.length, balanced: totals.debit === totals.credit },
      errors,
    },
  };
}

export function purchaseJournalCsv(lines: readonly PurchaseJournalLine[]): string {
  return journalCsv(lines);
}

// ─── The archive ─────────────────────────────────────────────────────────────────────

/** An original that cannot go into the archive: missing from the storage, or not the bytes imported. */
export class PurchaseArchiveError extends Error {
  override name = "PurchaseArchiveError";
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/xml": "xml",
  "text/xml": "xml",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** « Négoce Matériaux du Var » → « Negoce-Materiaux-du-Var »: a name every unzip tool keeps. */
function fileNamePart(text: string): string {
  return (
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|-+$/g, "")
      .slice(0, 80) || "sans-nom"
  );
}

/** `<supplier>-<number>.<ext>`, the extension told by the stored type (else the stored key's). */
export function originalArchiveName(document: PurchaseDocument): string {
  const extension =
    EXTENSIONS[document.originalContentType] ??
    /\.([a-z0-9]{1,5})$/i.exec(document.originalStorageKey)?.[1]?.toLowerCase() ??
    "bin";
  return `${fileNamePart(document.supplierName)}-${fileNamePart(document.number)}.${extension}`;
}

/**
 * The ZIP of the period: each invoice's original exactly as imported (checked against the
 * SHA-256 recorded at import), named `<supplier>-<number>.<ext>` (a second file of the same
 * name gets « -2 », a supplier may reuse a number), and the journal.
 */
export async function purchaseArchive(
  storage: FileStorage,
  exported: Pick<PurchaseExport, "documents" | "lines" | "summary">,
): Promise<Uint8Array> {
  const entries: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {};
  for (const document of exported.documents) {
    const what = `${document.isCreditNote ? "l'avoir" : "la facture"} ${document.number} de ${document.supplierName}`;
    let bytes: Buffer;
    try {
      bytes = await storage.get(document.originalStorageKey);
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        throw new PurchaseArchiveError(
          404,
          `Le fichier original de ${what} est introuvable dans le stockage des fichiers : l'archive n'a pas été créée.`,
        );
      }
      throw error;
    }
    if (createHash("sha256").update(bytes).digest("hex") !== document.originalSha256) {
      throw new PurchaseArchiveError(
        409,
        `Le fichier stocké de ${what} ne correspond plus à celui importé (empreinte SHA-256 différente) : l'archive n'a pas été créée.`,
      );
    }
    const name = originalArchiveName(document);
    let unique = name;
    for (let copy = 2; unique in entries; copy += 1) unique = name.replace(/(\.[^.]+)$/, `-${copy}$1`);
    // PDFs and images are compressed already; an XML is deflated.
    const level = /\.xml$/.test(unique) ? 6 : 0;
    entries[unique] = [new Uint8Array(bytes), { level, mtime: new Date(`${document.issueDate}T12:00:00Z`) }];
  }
  entries[purchaseJournalFileName(exported.summary.period)] = [
    new TextEncoder().encode(purchaseJournalCsv(exported.lines)),
    { level: 6, mtime: new Date() },
  ];
  return zipSync(entries);
}
