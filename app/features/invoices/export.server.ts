import { createHash } from "node:crypto";
import { and, asc, between, eq, isNotNull, ne } from "drizzle-orm";
import { zipSync } from "fflate";
import { clients } from "#app/db/schema/clients.ts";
import { type InvoiceKindValue, invoices } from "#app/db/schema/invoices.ts";
import type { ExportPeriod } from "#app/lib/export-period.ts";
import { journalCsv } from "#app/lib/journal-csv.ts";
import {
  entryLines,
  imbalance,
  type JournalTotals,
  journalTotals,
  type Movement,
  sumOf,
} from "#app/lib/journal-entry.ts";
import type { Cents } from "#app/lib/money.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { type FileStorage, StorageNotFoundError } from "#app/lib/storage.server.ts";
import { VAT_CODES, type VatCode } from "#app/lib/vat.ts";
import type { BillingInvoice, RateAmount, RateBase } from "./billing-model.ts";
import { amountOwed } from "./owed.ts";

/*
 * « Export comptable »: for a period of issue days (Europe/Paris, both ends included), the
 * sales journal (journal VT) as a CSV an accounting package imports, and a ZIP of the
 * period's Factur-X PDFs with that CSV. Decision 018 (« Journal des ventes ») gives the
 * entries and the accounts; every amount is read from what was issued (the stored billing
 * JSON and the invoice's columns), never recomputed, and an entry that would not balance
 * is never written.
 */

// ─── The period ──────────────────────────────────────────────────────────────────────

// Shared with the purchases journal (app/lib/export-period.ts); exported from here as well.
export {
  EXPORT_MAX_DAYS,
  type ExportPeriod,
  type ParsedPeriod,
  PERIOD_MESSAGES,
  type PeriodField,
  parseExportPeriod,
  periodPresets,
  previousMonth,
} from "#app/lib/export-period.ts";

/** « journal-ventes-2026-10-01-2026-10-31.csv » */
export function journalFileName(period: ExportPeriod): string {
  return `journal-ventes-${period.from}-${period.to}.csv`;
}

/** « factures-2026-10-01-2026-10-31.zip » */
export function archiveFileName(period: ExportPeriod): string {
  return `factures-${period.from}-${period.to}.zip`;
}

// ─── The accounts ────────────────────────────────────────────────────────────────────

/**
 * The chart of accounts of the journal (decision 018, « Journal des ventes »): eight
 * digits, the sub-accounts of revenue and VAT ending with the rate (055 = 5,5 %, 100 =
 * 10 %, 200 = 20 %, 000 = reverse charge), so the accountant maps them at a glance.
 */
export const JOURNAL_CODE = "VT";

type TaxedCode = Exclude<VatCode, "autoliquidation">;

export const ACCOUNTS = {
  client: { number: "41100000", name: "Clients" },
  retention: { number: "41170000", name: "Clients – retenues de garantie" },
  advances: { number: "41910000", name: "Clients – avances et acomptes reçus" },
  revenue: {
    "20": { number: "70600200", name: "Prestations de services – TVA 20 %" },
    "10": { number: "70600100", name: "Prestations de services – TVA 10 %" },
    "5.5": { number: "70600055", name: "Prestations de services – TVA 5,5 %" },
    autoliquidation: { number: "70600000", name: "Prestations de services – autoliquidation" },
  },
  /** The shop's sales of goods (decision 019): 20 % only. */
  goods: { number: "70700200", name: "Ventes de marchandises – TVA 20 %" },
  /**
   * VAT collected, whatever its exigibility: with the option for debits (BT-8 = 5) it is
   * due at the invoice date, without it (services, BT-8 = 72) when paid, which the VAT
   * return handles (the accountant declares the VAT of the payments received), not the
   * sales journal.
   */
  vatCollected: {
    "20": { number: "44571200", name: "TVA collectée 20 %" },
    "10": { number: "44571100", name: "TVA collectée 10 %" },
    "5.5": { number: "44571055", name: "TVA collectée 5,5 %" },
  },
} as const satisfies {
  client: Account;
  retention: Account;
  advances: Account;
  revenue: Record<VatCode, Account>;
  goods: Account;
  vatCollected: Record<TaxedCode, Account>;
};

type Account = { number: string; name: string };

/** Every account the journal can use, with its name (the page lists them). */
export const JOURNAL_ACCOUNTS: readonly Account[] = [
  ACCOUNTS.client,
  ACCOUNTS.retention,
  ACCOUNTS.advances,
  ...VAT_CODES.map((code) => ACCOUNTS.revenue[code]),
  ACCOUNTS.goods,
  ...(["20", "10", "5.5"] as const).map((code) => ACCOUNTS.vatCollected[code]),
];

const RATE_TEXT: Record<VatCode, string> = {
  "20": "TVA 20 %",
  "10": "TVA 10 %",
  "5.5": "TVA 5,5 %",
  autoliquidation: "autoliquidation",
};

/** A line's label says what moved, the way the sign of the amount reads for the accountant. */
const LABELS = {
  work: (rate: string) => `travaux HT, ${rate}`,
  goods: (rate: string) => `marchandises HT, ${rate}`,
  deposit: (rate: string, amount: Cents) => `${amount < 0 ? "acompte annulé" : "acompte"} HT, ${rate}`,
  deduction: (rate: string, deducted: Cents) =>
    `${deducted < 0 ? "acompte réintégré" : "acompte déduit"} HT, ${rate}`,
};

// ─── The entries ─────────────────────────────────────────────────────────────────────

/** An issued invoice or credit note as the journal reads it. */
export type JournalDocument = {
  id: string;
  number: string;
  kind: InvoiceKindValue;
  issuedOn: IsoDay;
  clientName: string;
  /** The stored columns (negative on a credit note). */
  totalHt: Cents;
  totalVat: Cents;
  totalTtc: Cents;
  retention: Cents;
  netToPay: Cents;
  /** What the client still owes on it today (owed.ts); 0 on a credit note. */
  owed: Cents;
  billing: BillingInvoice;
  pdfStorageKey: string | null;
  pdfSha256: string | null;
};

export type JournalLine = {
  /** The issue day. */
  date: IsoDay;
  journal: typeof JOURNAL_CODE;
  /** The invoice or credit note number. */
  piece: string;
  account: string;
  label: string;
  debit: Cents;
  credit: Cents;
};

/** Stored figures that do not make a balanced entry: a bug, never exported. */
export class JournalError extends namedError("JournalError") {}

/**
 * The entry of one issued document (decision 018):
 * - client (411) debit the net to pay, and the retention withheld to its own receivable
 *   (4117, loi 71-584): together the TTC;
 * - revenue (706, one sub-account per rate) credit the work HT;
 * - customer advances (4191) credit a deposit's HT, debit the deposits' HT deducted;
 * - VAT collected (44571, one sub-account per rate) credit each rate's VAT as printed,
 *   whether the option for debits was chosen or not; none under reverse charge.
 * A credit note's negative figures give the mirror entry (a movement is signed: positive
 * credits, negative debits), without a special case. Zero amounts make no line.
 */
export function invoiceEntry(document: JournalDocument): JournalLine[] {
  const { billing } = document;
  const client = document.clientName.trim() || "Client";
  const fail = (reason: string): never => {
    throw new JournalError(`${document.number} : ${reason}`);
  };
  const byCode = <T extends RateBase>(amounts: readonly T[]) => {
    const map = new Map<VatCode, T>();
    for (const amount of amounts) {
      if (map.has(amount.code)) fail(`le taux ${amount.code} figure deux fois.`);
      map.set(amount.code, amount);
    }
    return map;
  };
  const work = byCode(billing.work);
  const deposit = byCode<RateAmount>(billing.deposit);
  const deduction = byCode(billing.depositDeduction);
  const printed = byCode<RateAmount>(billing.byRate);

  // What was issued must hold together before it is written as an entry.
  if (sumOf(billing.byRate.map((rate) => rate.ht)) !== document.totalHt) fail("HT par taux ≠ total HT.");
  if (sumOf(billing.byRate.map((rate) => rate.vat)) !== document.totalVat) fail("TVA par taux ≠ total TVA.");
  if (document.totalHt + document.totalVat !== document.totalTtc) fail("HT + TVA ≠ TTC.");
  if (document.netToPay + document.retention !== document.totalTtc) fail("net à payer + retenue ≠ TTC.");

  const movements: Movement[] = [
    { account: ACCOUNTS.client.number, label: `${client} – ${billing.title}`, amount: -document.netToPay },
    {
      account: ACCOUNTS.retention.number,
      label: `${client} – retenue de garantie`,
      amount: -document.retention,
    },
  ];
  const revenue: Movement[] = [];
  const advances: Movement[] = [];
  const vat: Movement[] = [];
  for (const code of VAT_CODES) {
    const rate = printed.get(code);
    const workHt = work.get(code)?.ht ?? 0;
    const depositHt = deposit.get(code)?.ht ?? 0;
    const deductedHt = deduction.get(code)?.ht ?? 0;
    const baseHt = rate?.ht ?? 0;
    const rateVat = rate?.vat ?? 0;
    if (workHt + depositHt - deductedHt !== baseHt) fail(`la base HT ${RATE_TEXT[code]} ne se retrouve pas.`);
    const goods = billing.nature === "goods" && code === "20";
    revenue.push({
      account: goods ? ACCOUNTS.goods.number : ACCOUNTS.revenue[code].number,
      label: `${client} – ${goods ? LABELS.goods(RATE_TEXT[code]) : LABELS.work(RATE_TEXT[code])}`,
      amount: workHt,
    });
    advances.push(
      {
        account: ACCOUNTS.advances.number,
        label: `${client} – ${LABELS.deposit(RATE_TEXT[code], depositHt)}`,
        amount: depositHt,
      },
      {
        account: ACCOUNTS.advances.number,
        label: `${client} – ${LABELS.deduction(RATE_TEXT[code], deductedHt)}`,
        amount: -deductedHt,
      },
    );
    if (code === "autoliquidation") {
      if (rateVat !== 0) fail("de la TVA sur une opération autoliquidée.");
      continue;
    }
    const account = ACCOUNTS.vatCollected[code];
    vat.push({ account: account.number, label: `${client} – ${account.name}`, amount: rateVat });
  }
  movements.push(...revenue, ...advances, ...vat);

  const lines: JournalLine[] = entryLines(movements, {
    date: document.issuedOn,
    journal: JOURNAL_CODE,
    piece: document.number,
  });
  const unbalanced = imbalance(lines);
  if (unbalanced) fail(unbalanced);
  return lines;
}

export type { JournalTotals };

/** The journal of documents already in order: their entries one after the other. */
export function salesJournal(documents: readonly JournalDocument[]): {
  lines: JournalLine[];
  totals: JournalTotals;
} {
  const lines = documents.flatMap((document) => invoiceEntry(document));
  return {
    lines,
    totals: journalTotals(lines),
  };
}

// ─── The CSV ─────────────────────────────────────────────────────────────────────────

// One format for the sales and the purchases journals (app/lib/journal-csv.ts).
export { csvAmount, csvDate, csvField, JOURNAL_HEADERS, journalCsv } from "#app/lib/journal-csv.ts";

// ─── Reading the period ──────────────────────────────────────────────────────────────

/** The documents issued in the period (never a draft), in the journal's order. */
export async function documentsOfPeriod(db: DbExecutor, period: ExportPeriod): Promise<JournalDocument[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      issuedOn: invoices.issuedOn,
      clientKind: clients.kind,
      clientName: clients.name,
      clientLegalName: clients.legalName,
      totalHt: invoices.totalHtCents,
      totalVat: invoices.totalVatCents,
      totalTtc: invoices.totalTtcCents,
      retention: invoices.retentionCents,
      netToPay: invoices.netToPayCents,
      status: invoices.status,
      credited: invoices.creditedCents,
      paid: invoices.paidCents,
      content: invoices.content,
      pdfStorageKey: invoices.pdfStorageKey,
      pdfSha256: invoices.pdfSha256,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        ne(invoices.status, "brouillon"),
        isNotNull(invoices.number),
        between(invoices.issuedOn, period.from, period.to),
      ),
    )
    // A journal runs in time: by issue day, then in the order of issue (FAC and AV
    // numbers are each in that order too), the number last so the order is total.
    .orderBy(asc(invoices.issuedOn), asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((row) => {
    const billing = (row.content as { billing?: BillingInvoice }).billing;
    if (!billing || !row.number || !row.issuedOn) {
      throw new JournalError(`${row.number ?? row.id} : document émis sans son contenu de facturation.`);
    }
    return {
      id: row.id,
      number: row.number,
      kind: row.kind,
      issuedOn: row.issuedOn,
      clientName:
        row.clientKind === "entreprise" && row.clientLegalName ? row.clientLegalName : row.clientName,
      totalHt: row.totalHt,
      totalVat: row.totalVat,
      totalTtc: row.totalTtc,
      retention: row.retention,
      netToPay: row.netToPay,
      owed: amountOwed({
        kind: row.kind,
        status: row.status,
        netToPayCents: row.netToPay,
        creditedCents: row.credited,
        paidCents: row.paid,
      }),
      billing,
      pdfStorageKey: row.pdfStorageKey,
      pdfSha256: row.pdfSha256,
    };
  });
}

export type RateSummary = { code: VatCode; label: string; ht: Cents; vat: Cents };

export type ExportSummary = {
  period: ExportPeriod;
  invoiceCount: number;
  creditNoteCount: number;
  /** Net of the credit notes. */
  totalHt: Cents;
  totalVat: Cents;
  totalTtc: Cents;
  retention: Cents;
  /** What clients still owe today on the period's invoices (owed.ts). */
  owed: Cents;
  /** HT base and VAT per rate, net of the credit notes (what the VAT return reads). */
  byRate: RateSummary[];
  journal: JournalTotals & { lineCount: number; balanced: boolean };
};

export type SalesExport = {
  summary: ExportSummary;
  documents: JournalDocument[];
  lines: JournalLine[];
};

/** The period's documents, their journal and its summary. */
export async function salesExport(db: DbExecutor, period: ExportPeriod): Promise<SalesExport> {
  const documents = await documentsOfPeriod(db, period);
  const { lines, totals } = salesJournal(documents);
  // Each rate a document of the period used (a rate whose amounts cancel out still shows).
  const byRate = VAT_CODES.flatMap((code): RateSummary[] => {
    const amounts = documents
      .flatMap((document) => document.billing.byRate)
      .filter((rate) => rate.code === code && (rate.ht !== 0 || rate.vat !== 0));
    if (amounts.length === 0) return [];
    return [
      {
        code,
        label: code === "autoliquidation" ? "Autoliquidation" : RATE_TEXT[code],
        ht: sumOf(amounts.map((rate) => rate.ht)),
        vat: sumOf(amounts.map((rate) => rate.vat)),
      },
    ];
  });
  return {
    documents,
    lines,
    summary: {
      period,
      invoiceCount: documents.filter((document) => document.kind !== "avoir").length,
      creditNoteCount: documents.filter((document) => document.kind === "avoir").length,
      totalHt: sumOf(documents.map((document) => document.totalHt)),
      totalVat: sumOf(documents.map((document) => document.totalVat)),
      totalTtc: sumOf(documents.map((document) => document.totalTtc)),
      retention: sumOf(documents.map((document) => document.retention)),
      owed: sumOf(documents.map((document) => document.owed)),
      byRate,
      journal: { ...totals, lineCount: lines.length, balanced: totals.debit === totals.credit },
    },
  };
}

// ─── The archive ─────────────────────────────────────────────────────────────────────

/** A PDF that cannot go into the archive: missing from the storage, or not the bytes issued. */
export class ArchiveDocumentError extends Error {
  override name = "ArchiveDocumentError";
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The ZIP of the period: each issued PDF exactly as stored (checked against the SHA-256
 * recorded at issue), named after its number (« FAC-2026-0001.pdf »), and the journal. The
 * PDFs are stored as they are (they are compressed already); the journal is deflated.
 */
export async function salesArchive(
  storage: FileStorage,
  exported: Pick<SalesExport, "documents" | "lines" | "summary">,
): Promise<Uint8Array> {
  const entries: Record<string, [Uint8Array, { level: 0 | 6; mtime: Date }]> = {};
  const now = new Date();
  for (const document of exported.documents) {
    const missing = new ArchiveDocumentError(
      404,
      `Le PDF de ${document.number} est introuvable dans le stockage des fichiers : l'archive n'a pas été créée.`,
    );
    if (!document.pdfStorageKey) throw missing;
    let bytes: Buffer;
    try {
      bytes = await storage.get(document.pdfStorageKey);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw missing;
      throw error;
    }
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (sha256 !== document.pdfSha256) {
      throw new ArchiveDocumentError(
        409,
        `Le PDF stocké de ${document.number} ne correspond plus à celui émis (empreinte SHA-256 différente) : l'archive n'a pas été créée.`,
      );
    }
    entries[`${document.number}.pdf`] = [
      new Uint8Array(bytes),
      { level: 0, mtime: parisNoon(document.issuedOn) },
    ];
  }
  entries[journalFileName(exported.summary.period)] = [
    new TextEncoder().encode(journalCsv(exported.lines)),
    { level: 6, mtime: now },
  ];
  return zipSync(entries);
}

/** A ZIP entry's date: noon of the issue day (a ZIP stores a local time without a zone). */
function parisNoon(day: IsoDay): Date {
  return new Date(`${day}T12:00:00Z`);
}
