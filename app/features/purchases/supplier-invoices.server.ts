import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { Database } from "#app/db/client.server.ts";
import { jobSiteLots, jobSites } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import {
  type PaymentMethod,
  type StoredInvoiceProblem,
  type SupplierInvoiceAllocationRow,
  type SupplierInvoiceLineRow,
  type SupplierInvoiceRow,
  supplierInvoiceAllocations,
  supplierInvoiceLines,
  supplierInvoices,
} from "#app/db/schema/supplier-invoices.ts";
import { recordActivities, recordActivity } from "#app/lib/activity.server.ts";
import { isValidSiren, vatNumberOf } from "#app/lib/company-ids.ts";
import { supplierInvoiceProblems } from "#app/lib/einvoice/problems.ts";
import { readSupplierInvoice } from "#app/lib/einvoice/read.server.ts";
import {
  MAX_SUPPLIER_INVOICE_BYTES,
  READ_FAILURE_MESSAGES,
  type ReadSeller,
  type ReadSupplierInvoice,
} from "#app/lib/einvoice/supplier-invoice.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { formatCents, percentOf } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, formatDate, parisDay, parisWeek } from "#app/lib/paris-time.ts";
import { escapeLike } from "#app/lib/search-text.ts";
import { STAGED_IMPORT_DAYS, stagedImportKey } from "#app/lib/staged-imports.ts";
import { newStorageKey } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { VAT_CODES, VAT_RATES } from "#app/lib/vat.ts";
import { VigilanceStopError } from "./subcontracts.server.ts";
import { linkByOrderReference } from "./supplier-invoice-matching-link.server.ts";
import {
  type AllocationInput,
  baseKey,
  type ManualInvoiceData,
  PAYMENT_METHOD_LABELS,
  SUPPLIER_INVOICE_MESSAGES,
  SUPPLIER_INVOICE_STATUS_LABELS,
  SUPPLIER_INVOICES_PAGE_SIZE,
  type SupplierInvoiceFilters,
} from "./supplier-invoice-schema.ts";
// Not a React hook: it marks today's override used (aliased, so that the hooks rule reads it so).
import {
  useVigilanceOverride as markVigilanceOverrideUsed,
  type VigilanceActor,
  vigilanceGate,
} from "./vigilance.server.ts";

/*
 * Supplier invoices: the import of the files suppliers send (an e-invoice is read, a plain
 * PDF or a photo is kept for a manual entry), the list, the record, the payment statuses and
 * the allocation to job sites and lots (what reaches the sites' « spent » through
 * app/features/job-sites/costs.server.ts `siteCosts`). The original file is stored unchanged,
 * under its SHA-256: the same file twice is refused, nothing stored.
 *
 * A file that needs a second step (a supplier to create, fields to type) is staged under a
 * key made of the day and its hash (`factures-fournisseurs/attente/<day>/<sha256>.<ext>`,
 * app/lib/staged-imports.ts): the second post names the hash only, and the server re-reads the
 * staged bytes and checks them against it. The daily purge deletes what waited over 7 days.
 */

export type Actor = { id: string; email: string };
type Services = { db: Database; storage: FileStorage };

const SUBJECT = "facture_fournisseur" as const;

export class SupplierInvoiceNotFoundError extends Error {
  override name = "SupplierInvoiceNotFoundError";
  constructor() {
    super(SUPPLIER_INVOICE_MESSAGES.notFound);
  }
}

/** A refusal of the invoice's page or the import: the field it is about (if any) and its message. */
export class SupplierInvoiceError extends Error {
  override name = "SupplierInvoiceError";
  readonly field: string | undefined;
  readonly status: number;
  constructor(message: string, field?: string, status = 400) {
    super(message);
    this.field = field;
    this.status = status;
  }
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// ─── Import ───────────────────────────────────────────────────────────────────────────

/** What importing one file gave, as the import page lists it. */
export type ImportOutcome = { fileName: string } & (
  | { kind: "refused"; message: string }
  | {
      kind: "recorded";
      id: string;
      number: string;
      supplierName: string;
      grossCents: number;
      isCreditNote: boolean;
      problems: StoredInvoiceProblem[];
      duplicateNumber: boolean;
    }
  | { kind: "unknown-supplier"; sha256: string; seller: ProposedSupplier; number: string }
  | { kind: "manual"; sha256: string; message: string }
);

/** The supplier the page proposes to create from the invoice's seller. */
export type ProposedSupplier = {
  legalName: string;
  siren: string | null;
  vatNumber: string | null;
  street: string;
  postcode: string;
  city: string;
  country: string;
  iban: string | null;
  bic: string | null;
};

type StoredFile = { contentType: string; extension: string };

const XML_FILE: StoredFile = { contentType: "application/xml", extension: "xml" };
const PDF_FILE: StoredFile = { contentType: "application/pdf", extension: "pdf" };
const SCAN_FILES: Record<string, StoredFile> = {
  "application/pdf": PDF_FILE,
  "image/jpeg": { contentType: "image/jpeg", extension: "jpg" },
  "image/png": { contentType: "image/png", extension: "png" },
};

async function duplicateFileMessage(db: DbExecutor, sha256: string): Promise<string | null> {
  const [found] = await db
    .select({
      number: supplierInvoices.number,
      issueDate: supplierInvoices.issueDate,
      supplier: suppliers.legalName,
    })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId))
    .where(eq(supplierInvoices.originalSha256, sha256));
  return found
    ? SUPPLIER_INVOICE_MESSAGES.duplicateFile(found.number, found.supplier, formatDate(found.issueDate))
    : null;
}

async function stage(
  storage: FileStorage,
  sha256: string,
  bytes: Uint8Array,
  file: StoredFile,
): Promise<void> {
  await storage.put(stagedImportKey(parisDay(), sha256, file.extension), bytes, file.contentType);
}

/**
 * The staged file of `sha256` (dropped within STAGED_IMPORT_DAYS days, today first), its
 * bytes checked against the hash, and its key; null when none is staged.
 */
async function readStaged(
  storage: FileStorage,
  sha256: string,
): Promise<{ bytes: Buffer; file: StoredFile; key: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const today = parisDay();
  for (let back = 0; back <= STAGED_IMPORT_DAYS; back += 1) {
    for (const file of [XML_FILE, ...Object.values(SCAN_FILES)]) {
      const key = stagedImportKey(addDays(today, -back), sha256, file.extension);
      try {
        const bytes = await storage.get(key);
        if (sha256Hex(bytes) === sha256) return { bytes, file, key };
      } catch {
        // not staged under this day and extension
      }
    }
  }
  return null;
}

async function matchSupplier(
  db: DbExecutor,
  seller: ReadSeller,
): Promise<{ id: string; legalName: string } | null> {
  if (seller.siren) {
    const [bySiren] = await db
      .select({ id: suppliers.id, legalName: suppliers.legalName })
      .from(suppliers)
      .where(eq(suppliers.siren, seller.siren));
    if (bySiren) return bySiren;
  }
  const vat = seller.vatNumber?.replace(/\s/g, "").toUpperCase();
  if (vat) {
    const [byVat] = await db
      .select({ id: suppliers.id, legalName: suppliers.legalName })
      .from(suppliers)
      .where(eq(suppliers.vatNumber, vat))
      .limit(1);
    if (byVat) return byVat;
  }
  return null;
}

export function proposedSupplier(seller: ReadSeller): ProposedSupplier {
  const address = seller.address;
  return {
    legalName: seller.name.trim(),
    siren: seller.siren && isValidSiren(seller.siren) ? seller.siren : null,
    vatNumber: seller.vatNumber?.replace(/\s/g, "").toUpperCase() ?? null,
    street: address?.lines.join(", ") ?? "",
    postcode: address?.postcode ?? "",
    city: address?.city ?? "",
    country: /^[A-Z]{2}$/.test(address?.countryCode ?? "") ? (address?.countryCode ?? "FR") : "FR",
    iban: seller.iban?.replace(/\s/g, "").toUpperCase() ?? null,
    bic: seller.bic?.replace(/\s/g, "").toUpperCase() ?? null,
  };
}

/** Why a read invoice cannot be recorded as read (a foreign currency…), or null. */
function unrecordable(invoice: ReadSupplierInvoice): string | null {
  if (invoice.currency.toUpperCase() !== "EUR") return SUPPLIER_INVOICE_MESSAGES.currency(invoice.currency);
  return null;
}

/** A read invoice that lacks what a record needs (its date, its totals): typed by hand instead. */
function needsManualEntry(invoice: ReadSupplierInvoice): string | null {
  if (!invoice.issueDate) return SUPPLIER_INVOICE_MESSAGES.noIssueDate;
  const { net, gross } = invoice.totals;
  if (net === null || gross === null) return SUPPLIER_INVOICE_MESSAGES.noTotals;
  return null;
}

async function sameNumberExists(db: DbExecutor, supplierId: string, number: string, except?: string) {
  const [row] = await db
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.supplierId, supplierId),
        eq(supplierInvoices.number, number),
        except ? ne(supplierInvoices.id, except) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Postgres' unique violation on the file's hash: two imports of one file at once. */
function isShaConflict(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("supplier_invoices_sha256_unique");
}

async function recordReadInvoice(
  services: Services,
  actor: Actor,
  supplier: { id: string; legalName: string },
  read: { invoice: ReadSupplierInvoice; format: "facturx" | "cii" | "ubl" },
  bytes: Uint8Array,
  fileName: string,
  sha256: string,
): Promise<ImportOutcome> {
  const { invoice, format } = read;
  const file = format === "facturx" ? PDF_FILE : XML_FILE;
  const problems = [...invoice.readIssues, ...supplierInvoiceProblems(invoice)];
  const key = newStorageKey("factures-fournisseurs", file.extension);
  await services.storage.put(key, bytes, file.contentType);
  const number = invoice.number.trim() || "(sans numéro)";
  const reverseCharge = invoice.vatBreakdown.some((vat) => vat.category === "AE");
  try {
    return await services.db.transaction(async (tx) => {
      const duplicateNumber = await sameNumberExists(tx, supplier.id, number);
      const net = invoice.totals.net ?? 0;
      const vat = invoice.totals.vat ?? 0;
      const gross = invoice.totals.gross ?? net + vat;
      const [row] = await tx
        .insert(supplierInvoices)
        .values({
          supplierId: supplier.id,
          number,
          isCreditNote: invoice.isCreditNote,
          issueDate: invoice.issueDate as string,
          dueDate: invoice.dueDate ?? null,
          currency: "EUR",
          orderReference: invoice.orderReference ?? null,
          netCents: Math.abs(net),
          vatCents: Math.abs(vat),
          grossCents: Math.abs(gross),
          dueCents: Math.abs(invoice.totals.due ?? gross),
          reverseCharge,
          source: "einvoice",
          format,
          problems,
          vatBreakdown: invoice.vatBreakdown.map((line) => ({
            category: line.category,
            rateBp: line.rate ?? 0,
            baseCents: line.baseCents ?? 0,
            vatCents: line.vatCents ?? 0,
          })),
          originalStorageKey: key,
          originalContentType: file.contentType,
          originalFileName: fileName.slice(0, 200),
          originalSha256: sha256,
          createdBy: actor.id,
        })
        .returning({ id: supplierInvoices.id });
      const id = row?.id as string;
      if (invoice.lines.length > 0) {
        await tx.insert(supplierInvoiceLines).values(
          invoice.lines.map((line, position) => ({
            invoiceId: id,
            position,
            reference: line.reference ?? null,
            designation: line.designation || "(sans désignation)",
            quantity: line.quantity,
            quantityMilli: line.quantityMilli,
            unit: line.unitCode ?? null,
            unitPrice: line.unitPrice ?? null,
            netCents: line.netCents ?? 0,
            vatRateBp: line.vatRate,
            vatCategory: line.vatCategory ?? null,
          })),
        );
      }
      await recordActivities(tx, [
        {
          subjectType: SUBJECT,
          subjectId: id,
          kind: "imported",
          summary: `${invoice.isCreditNote ? "Avoir" : "Facture"} ${number} importée (${fileName})${
            problems.length ? `, ${problems.length} anomalie(s)` : ""
          }${duplicateNumber ? ", numéro déjà enregistré pour ce fournisseur" : ""}`,
          data: { sha256, format },
          actor,
        },
        {
          subjectType: "fournisseur",
          subjectId: supplier.id,
          kind: "invoice_imported",
          summary: `${invoice.isCreditNote ? "Avoir" : "Facture"} ${number} importée, ${formatCents(Math.abs(gross))} TTC`,
          data: { invoiceId: id },
          actor,
        },
      ]);
      // Matching: the order named by the invoice, when it is a sent order of this supplier.
      await linkByOrderReference(tx, actor, {
        id,
        supplierId: supplier.id,
        orderReference: invoice.orderReference ?? null,
      });
      return {
        kind: "recorded" as const,
        fileName,
        id,
        number,
        supplierName: supplier.legalName,
        grossCents: Math.abs(gross),
        isCreditNote: invoice.isCreditNote,
        problems,
        duplicateNumber,
      };
    });
  } catch (error) {
    await services.storage.delete(key);
    if (isShaConflict(error)) {
      const message = await duplicateFileMessage(services.db, sha256);
      return { kind: "refused", fileName, message: message ?? SUPPLIER_INVOICE_MESSAGES.staged };
    }
    throw error;
  }
}

/**
 * Imports one file: refused (with the reader's French message, or « déjà importé »,
 * nothing stored), recorded (an e-invoice of a known supplier), or staged for its second
 * step (a supplier to create; a plain PDF or a photo to type by hand).
 */
export async function importSupplierInvoiceFile(
  services: Services,
  actor: Actor,
  fileName: string,
  bytes: Uint8Array,
): Promise<ImportOutcome> {
  if (bytes.byteLength > MAX_SUPPLIER_INVOICE_BYTES) {
    return { kind: "refused", fileName, message: READ_FAILURE_MESSAGES.tooLarge };
  }
  const sha256 = sha256Hex(bytes);
  const duplicate = await duplicateFileMessage(services.db, sha256);
  if (duplicate) return { kind: "refused", fileName, message: duplicate };
  const read = readSupplierInvoice(bytes, fileName);
  if (!read.ok) {
    if (read.reason === "no-xml" || read.reason === "unsupported") {
      const detected = await fileTypeFromBuffer(bytes);
      const file = detected ? SCAN_FILES[detected.mime] : undefined;
      if (file) {
        await stage(services.storage, sha256, bytes, file);
        return { kind: "manual", fileName, sha256, message: read.message };
      }
    }
    return { kind: "refused", fileName, message: read.message };
  }
  const refusal = unrecordable(read.invoice);
  if (refusal) return { kind: "refused", fileName, message: refusal };
  const file = read.format === "facturx" ? PDF_FILE : XML_FILE;
  const manual = needsManualEntry(read.invoice);
  if (manual) {
    await stage(services.storage, sha256, bytes, file);
    return { kind: "manual", fileName, sha256, message: manual };
  }
  const supplier = await matchSupplier(services.db, read.invoice.seller);
  if (!supplier) {
    await stage(services.storage, sha256, bytes, file);
    return {
      kind: "unknown-supplier",
      fileName,
      sha256,
      number: read.invoice.number,
      seller: proposedSupplier(read.invoice.seller),
    };
  }
  return recordReadInvoice(services, actor, supplier, read, bytes, fileName, sha256);
}

/**
 * The second step of an e-invoice from an unknown supplier: the staff confirmed, the
 * supplier is created from the invoice's seller (or found, if someone created it since),
 * then the invoice is recorded and the staged file removed.
 */
export async function confirmSupplierFromInvoice(
  services: Services,
  actor: Actor,
  sha256: string,
  fileName: string,
): Promise<ImportOutcome> {
  const staged = await readStaged(services.storage, sha256);
  if (!staged) throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.staged, undefined, 409);
  const duplicate = await duplicateFileMessage(services.db, sha256);
  if (duplicate) {
    await services.storage.delete(staged.key);
    return { kind: "refused", fileName, message: duplicate };
  }
  const read = readSupplierInvoice(staged.bytes, fileName);
  if (!read.ok) return { kind: "refused", fileName, message: read.message };
  let supplier = await matchSupplier(services.db, read.invoice.seller);
  if (!supplier) {
    const proposal = proposedSupplier(read.invoice.seller);
    supplier = await services.db.transaction(async (tx) => {
      // The register's lock (suppliers.server.ts `checkSiren`): one supplier per SIREN, whoever creates it.
      if (proposal.siren) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`supplier-siren:${proposal.siren}`}, 0))`,
        );
      }
      const found = await matchSupplier(tx, read.invoice.seller);
      if (found) return found;
      const vatNumber = proposal.vatNumber ?? (proposal.siren ? vatNumberOf(proposal.siren) : null);
      const [created] = await tx
        .insert(suppliers)
        .values({
          kind: "fournisseur",
          legalName: proposal.legalName || "Fournisseur sans nom",
          siren: proposal.siren,
          vatNumber,
          street: proposal.street,
          postcode: proposal.postcode,
          city: proposal.city,
          country: proposal.country,
          iban: proposal.iban,
          bic: proposal.bic,
          searchText: [proposal.legalName, proposal.siren, vatNumber, proposal.city]
            .filter(Boolean)
            .join(" ")
            .toLowerCase(),
          createdBy: actor.id,
        })
        .returning({ id: suppliers.id, legalName: suppliers.legalName });
      if (!created) throw new Error("supplier not created");
      await recordActivity(tx, {
        subjectType: "fournisseur",
        subjectId: created.id,
        kind: "created",
        summary: `Fournisseur créé depuis la facture ${read.invoice.number} (${fileName})`,
        actor,
      });
      return created;
    });
  }
  const outcome = await recordReadInvoice(services, actor, supplier, read, staged.bytes, fileName, sha256);
  await services.storage.delete(staged.key);
  return outcome;
}

/** A plain PDF or a photo, its fields typed by hand: recorded with its staged file. */
export async function recordManualInvoice(
  services: Services,
  actor: Actor,
  data: ManualInvoiceData,
): Promise<string> {
  const staged = await readStaged(services.storage, data.sha256);
  if (!staged) throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.staged, undefined, 409);
  const duplicate = await duplicateFileMessage(services.db, data.sha256);
  if (duplicate) throw new SupplierInvoiceError(duplicate, undefined, 409);
  const [supplier] = await services.db
    .select({ id: suppliers.id, legalName: suppliers.legalName })
    .from(suppliers)
    .where(eq(suppliers.id, data.supplierId));
  if (!supplier) throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.chooseSupplier, "supplierId");
  const bases = VAT_CODES.flatMap((code) => {
    const base = data[baseKey(code)];
    if (!base) return [];
    const rate = VAT_RATES[code];
    return [
      {
        category: rate.reverseCharge ? "AE" : "S",
        rateBp: rate.basisPoints,
        baseCents: base,
        vatCents: rate.reverseCharge ? 0 : percentOf(base, rate.basisPoints),
      },
    ];
  });
  const net = bases.reduce((sum, line) => sum + line.baseCents, 0);
  const vat = bases.reduce((sum, line) => sum + line.vatCents, 0);
  const key = newStorageKey("factures-fournisseurs", staged.file.extension);
  await services.storage.put(key, staged.bytes, staged.file.contentType);
  try {
    const id = await services.db.transaction(async (tx) => {
      const duplicateNumber = await sameNumberExists(tx, supplier.id, data.number);
      const [row] = await tx
        .insert(supplierInvoices)
        .values({
          supplierId: supplier.id,
          number: data.number,
          isCreditNote: data.isCreditNote,
          issueDate: data.issueDate,
          dueDate: data.dueDate,
          orderReference: data.orderReference,
          netCents: net,
          vatCents: vat,
          grossCents: net + vat,
          dueCents: net + vat,
          reverseCharge: bases.some((line) => line.category === "AE"),
          source: "manual",
          format: null,
          vatBreakdown: bases,
          originalStorageKey: key,
          originalContentType: staged.file.contentType,
          originalFileName: data.fileName.slice(0, 200) || `facture.${staged.file.extension}`,
          originalSha256: data.sha256,
          createdBy: actor.id,
        })
        .returning({ id: supplierInvoices.id });
      const invoiceId = row?.id as string;
      await recordActivity(tx, {
        subjectType: SUBJECT,
        subjectId: invoiceId,
        kind: "created",
        summary: `${data.isCreditNote ? "Avoir" : "Facture"} ${data.number} saisie à la main (${data.fileName})${
          duplicateNumber ? ", numéro déjà enregistré pour ce fournisseur" : ""
        }`,
        data: { sha256: data.sha256 },
        actor,
      });
      await linkByOrderReference(tx, actor, {
        id: invoiceId,
        supplierId: supplier.id,
        orderReference: data.orderReference,
      });
      return invoiceId;
    });
    await services.storage.delete(staged.key);
    return id;
  } catch (error) {
    await services.storage.delete(key);
    if (isShaConflict(error)) {
      throw new SupplierInvoiceError(
        (await duplicateFileMessage(services.db, data.sha256)) ?? SUPPLIER_INVOICE_MESSAGES.staged,
        undefined,
        409,
      );
    }
    throw error;
  }
}

// ─── List ─────────────────────────────────────────────────────────────────────────────

export type SupplierInvoiceListItem = Pick<
  SupplierInvoiceRow,
  "id" | "number" | "isCreditNote" | "issueDate" | "dueDate" | "grossCents" | "status" | "supplierId"
> & { supplierName: string; overdue: boolean };

export type SupplierInvoicePage = {
  items: SupplierInvoiceListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** What is still to pay in the filtered list (credit notes deducted). */
  owedCents: number;
};

/** Unpaid (to pay or disputed) and past its due date, on `today` (Paris). */
const overdueSql = (today: string) =>
  sql<boolean>`(${supplierInvoices.status} <> 'payee' and ${supplierInvoices.dueDate} < ${today})`;

export async function listSupplierInvoices(
  db: DbExecutor,
  filters: SupplierInvoiceFilters,
  now = new Date(),
): Promise<SupplierInvoicePage> {
  const today = parisDay(now);
  const conditions: (SQL | undefined)[] = [];
  if (filters.statut) conditions.push(eq(supplierInvoices.status, filters.statut));
  if (filters.fournisseur) conditions.push(eq(supplierInvoices.supplierId, filters.fournisseur));
  if (filters.echeance === "retard") conditions.push(overdueSql(today));
  if (filters.echeance === "semaine") {
    const week = parisWeek(today);
    conditions.push(
      ne(supplierInvoices.status, "payee"),
      gte(supplierInvoices.dueDate, today),
      lte(supplierInvoices.dueDate, week.sunday),
    );
  }
  if (filters.echeance === "7jours") {
    conditions.push(
      ne(supplierInvoices.status, "payee"),
      gte(supplierInvoices.dueDate, today),
      lte(supplierInvoices.dueDate, addDays(today, 6)),
    );
  }
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(
      sql`(${supplierInvoices.number} ilike ${like} or ${supplierInvoices.supplierId} in (select ${suppliers.id} from ${suppliers} where ${suppliers.legalName} ilike ${like}))`,
    );
  }
  if (filters.du) conditions.push(gte(supplierInvoices.issueDate, filters.du));
  if (filters.au) conditions.push(lte(supplierInvoices.issueDate, filters.au));
  const where = and(...conditions);
  const [totals] = await db
    .select({
      total: count(),
      owed: sql<string>`coalesce(sum(case when ${supplierInvoices.status} <> 'payee' then (case when ${supplierInvoices.isCreditNote} then -1 else 1 end) * ${supplierInvoices.dueCents} else 0 end), 0)`,
    })
    .from(supplierInvoices)
    .where(where);
  const total = totals?.total ?? 0;
  const window = pageWindow(total, filters.page, SUPPLIER_INVOICES_PAGE_SIZE);
  const direction = filters.ordre ?? (filters.tri === "date" ? "desc" : "asc");
  const order = filters.tri === "date" ? supplierInvoices.issueDate : supplierInvoices.dueDate;
  const rows = await db
    .select({
      id: supplierInvoices.id,
      number: supplierInvoices.number,
      isCreditNote: supplierInvoices.isCreditNote,
      issueDate: supplierInvoices.issueDate,
      dueDate: supplierInvoices.dueDate,
      grossCents: supplierInvoices.grossCents,
      status: supplierInvoices.status,
      supplierId: supplierInvoices.supplierId,
      supplierName: suppliers.legalName,
      overdue: overdueSql(today),
    })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId))
    .where(where)
    .orderBy(
      direction === "asc" ? sql`${order} asc nulls last` : sql`${order} desc nulls last`,
      desc(supplierInvoices.createdAt),
    )
    .limit(window.limit)
    .offset(window.offset);
  return {
    items: rows.map((row) => ({ ...row, overdue: Boolean(row.overdue) })),
    total,
    page: window.page,
    pageCount: window.pageCount,
    owedCents: Number(totals?.owed ?? 0),
  };
}

/** The active suppliers, for the manual entry's choice. */
export async function activeSupplierChoices(db: DbExecutor) {
  return db
    .select({ id: suppliers.id, legalName: suppliers.legalName })
    .from(suppliers)
    .where(isNull(suppliers.archivedAt))
    .orderBy(asc(suppliers.legalName));
}

/** The suppliers that have invoices, for the list's filter. */
export async function invoicedSuppliers(db: DbExecutor) {
  return db
    .selectDistinct({ id: suppliers.id, legalName: suppliers.legalName })
    .from(suppliers)
    .innerJoin(supplierInvoices, eq(supplierInvoices.supplierId, suppliers.id))
    .orderBy(asc(suppliers.legalName));
}

/** A supplier's invoices and what is owed to it: the « Factures » panel of its page. */
export async function supplierInvoicesOf(db: DbExecutor, supplierId: string, now = new Date()) {
  if (!isUuid(supplierId)) return { items: [], owedCents: 0, overdueCount: 0 };
  const today = parisDay(now);
  const items = await db
    .select({
      id: supplierInvoices.id,
      number: supplierInvoices.number,
      isCreditNote: supplierInvoices.isCreditNote,
      issueDate: supplierInvoices.issueDate,
      dueDate: supplierInvoices.dueDate,
      grossCents: supplierInvoices.grossCents,
      dueCents: supplierInvoices.dueCents,
      status: supplierInvoices.status,
      overdue: overdueSql(today),
    })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.supplierId, supplierId))
    .orderBy(desc(supplierInvoices.issueDate), desc(supplierInvoices.createdAt))
    .limit(50);
  const unpaid = items.filter((item) => item.status !== "payee");
  return {
    items: items.map((item) => ({ ...item, overdue: Boolean(item.overdue) })),
    owedCents: unpaid.reduce((sum, item) => sum + (item.isCreditNote ? -1 : 1) * item.dueCents, 0),
    overdueCount: items.filter((item) => item.overdue).length,
  };
}

// ─── Record ───────────────────────────────────────────────────────────────────────────

export type SupplierInvoiceDetail = SupplierInvoiceRow & {
  supplierName: string;
  lines: SupplierInvoiceLineRow[];
  allocations: (SupplierInvoiceAllocationRow & { jobSiteName: string; lotTitle: string | null })[];
  /** Another invoice of this supplier carries the same number. */
  duplicateNumber: boolean;
  overdue: boolean;
};

export async function getSupplierInvoice(
  db: DbExecutor,
  id: string,
  now = new Date(),
): Promise<SupplierInvoiceDetail> {
  if (!isUuid(id)) throw new SupplierInvoiceNotFoundError();
  const [row] = await db
    .select({ invoice: supplierInvoices, supplierName: suppliers.legalName })
    .from(supplierInvoices)
    .innerJoin(suppliers, eq(suppliers.id, supplierInvoices.supplierId))
    .where(eq(supplierInvoices.id, id));
  if (!row) throw new SupplierInvoiceNotFoundError();
  const [lines, allocations, duplicateNumber] = await Promise.all([
    db
      .select()
      .from(supplierInvoiceLines)
      .where(eq(supplierInvoiceLines.invoiceId, id))
      .orderBy(asc(supplierInvoiceLines.position)),
    db
      .select({
        allocation: supplierInvoiceAllocations,
        jobSiteName: sql<string>`${jobSites.number} || ' ' || ${jobSites.title}`,
        lotTitle: jobSiteLots.title,
      })
      .from(supplierInvoiceAllocations)
      .innerJoin(jobSites, eq(jobSites.id, supplierInvoiceAllocations.jobSiteId))
      .leftJoin(jobSiteLots, eq(jobSiteLots.id, supplierInvoiceAllocations.lotId))
      .where(eq(supplierInvoiceAllocations.invoiceId, id))
      .orderBy(asc(supplierInvoiceAllocations.createdAt), asc(supplierInvoiceAllocations.id)),
    sameNumberExists(db, row.invoice.supplierId, row.invoice.number, id),
  ]);
  const invoice = row.invoice;
  return {
    ...invoice,
    supplierName: row.supplierName,
    lines,
    allocations: allocations.map((entry) => ({
      ...entry.allocation,
      jobSiteName: entry.jobSiteName,
      lotTitle: entry.lotTitle,
    })),
    duplicateNumber,
    overdue: invoice.status !== "payee" && invoice.dueDate !== null && invoice.dueDate < parisDay(now),
  };
}

/** The original file of the invoice, as it was received. */
export async function supplierInvoiceOriginal(db: DbExecutor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      storageKey: supplierInvoices.originalStorageKey,
      contentType: supplierInvoices.originalContentType,
      fileName: supplierInvoices.originalFileName,
    })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.id, id));
  return row ?? null;
}

/** The open job sites and their lots, for the allocation form. */
export async function allocationChoices(db: DbExecutor) {
  const sites = await db
    .select({ id: jobSites.id, name: sql<string>`${jobSites.number} || ' ' || ${jobSites.title}` })
    .from(jobSites)
    .where(ne(jobSites.status, "clos"))
    .orderBy(desc(jobSites.number))
    .limit(500);
  const lots = sites.length
    ? await db
        .select({ id: jobSiteLots.id, jobSiteId: jobSiteLots.jobSiteId, title: jobSiteLots.title })
        .from(jobSiteLots)
        .where(
          inArray(
            jobSiteLots.jobSiteId,
            sites.map((site) => site.id),
          ),
        )
        .orderBy(asc(jobSiteLots.position))
    : [];
  return sites.map((site) => ({ ...site, lots: lots.filter((lot) => lot.jobSiteId === site.id) }));
}

// ─── Payment ──────────────────────────────────────────────────────────────────────────

async function lockInvoice(tx: DbExecutor, id: string): Promise<SupplierInvoiceRow> {
  if (!isUuid(id)) throw new SupplierInvoiceNotFoundError();
  const [row] = await tx.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)).for("update");
  if (!row) throw new SupplierInvoiceNotFoundError();
  return row;
}

export type PaymentChange =
  | {
      to: "payee";
      paidOn: string;
      paymentMethod: PaymentMethod;
      paymentReference: string | null;
      /** The owner's written reason to pass a vigilance stop on this payment. */
      overrideReason?: string | null;
    }
  | { to: "en_litige"; disputeReason: string }
  | { to: "a_payer" };

export async function setSupplierInvoiceStatus(
  db: Database,
  actor: VigilanceActor,
  id: string,
  change: PaymentChange,
  now = new Date(),
): Promise<{ overridden: boolean }> {
  return db.transaction(async (tx) => {
    let overridden = false;
    const invoice = await lockInvoice(tx, id);
    const from = invoice.status;
    let set: Partial<SupplierInvoiceRow>;
    let summary: string;
    if (change.to === "payee") {
      if (from === "payee")
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.alreadyPaid, undefined, 409);
      if (change.paidOn > parisDay(now))
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.paidInFuture, "paidOn");
      // The duty of vigilance: no payment to a subcontractor whose attestation is missing or
      // expired, unless the owner passes it with a written reason (used here, once).
      if (!invoice.isCreditNote) {
        const today = parisDay(now);
        const stop = await vigilanceGate(tx, actor, invoice.supplierId, "payment", {
          today,
          overrideReason: change.overrideReason ?? null,
        });
        if (stop !== null) throw new VigilanceStopError(stop);
        overridden = await markVigilanceOverrideUsed(
          tx,
          invoice.supplierId,
          "payment",
          invoice.number,
          today,
        );
      }
      set = {
        status: "payee",
        paidOn: change.paidOn,
        paymentMethod: change.paymentMethod,
        paymentReference: change.paymentReference,
      };
      summary = `Payée le ${formatDate(change.paidOn)} par ${PAYMENT_METHOD_LABELS[change.paymentMethod].toLowerCase()}${
        change.paymentReference ? ` (réf. ${change.paymentReference})` : ""
      }`;
    } else if (change.to === "en_litige") {
      if (from === "payee")
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.disputePaid, undefined, 409);
      set = { status: "en_litige", disputeReason: change.disputeReason };
      summary = `Mise en litige : ${change.disputeReason}`;
    } else {
      if (from === "a_payer")
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.notPaidOrDisputed, undefined, 409);
      set = { status: "a_payer", paidOn: null, paymentMethod: null, paymentReference: null };
      summary = `Statut : ${SUPPLIER_INVOICE_STATUS_LABELS[from]} → À payer`;
    }
    await tx
      .update(supplierInvoices)
      .set({ ...set, revision: sql`${supplierInvoices.revision} + 1`, updatedAt: now })
      .where(eq(supplierInvoices.id, invoice.id));
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: invoice.id,
      kind: "status",
      summary,
      actor: { id: actor.id, email: actor.email },
    });
    return { overridden };
  });
}

// ─── Allocation ───────────────────────────────────────────────────────────────────────

/**
 * Replaces the invoice's allocation: rows on job sites (and lots), for a line or the whole
 * invoice, whose amounts add up exactly to the invoice's HT. Nothing is written otherwise.
 */
export async function allocateSupplierInvoice(
  db: Database,
  actor: Actor,
  id: string,
  rows: readonly AllocationInput[],
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    const siteIds = [...new Set(rows.map((row) => row.jobSiteId))];
    const sites = await tx
      .select({ id: jobSites.id, name: sql<string>`${jobSites.number} || ' ' || ${jobSites.title}` })
      .from(jobSites)
      .where(inArray(jobSites.id, siteIds));
    const lots = await tx
      .select({ id: jobSiteLots.id, jobSiteId: jobSiteLots.jobSiteId, title: jobSiteLots.title })
      .from(jobSiteLots)
      .where(inArray(jobSiteLots.jobSiteId, siteIds));
    const lines = await tx
      .select({ id: supplierInvoiceLines.id })
      .from(supplierInvoiceLines)
      .where(eq(supplierInvoiceLines.invoiceId, invoice.id));
    rows.forEach((row, index) => {
      if (!sites.some((site) => site.id === row.jobSiteId)) {
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.jobSite, `allocations.${index}.jobSiteId`);
      }
      if (row.lotId && !lots.some((lot) => lot.id === row.lotId && lot.jobSiteId === row.jobSiteId)) {
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.lot, `allocations.${index}.lotId`);
      }
      if (row.lineId && !lines.some((line) => line.id === row.lineId)) {
        throw new SupplierInvoiceError(SUPPLIER_INVOICE_MESSAGES.line, `allocations.${index}.lineId`);
      }
    });
    const typed = rows.reduce((sum, row) => sum + row.amountCents, 0);
    if (typed !== invoice.netCents) {
      throw new SupplierInvoiceError(
        SUPPLIER_INVOICE_MESSAGES.allocationSum(formatCents(typed), formatCents(invoice.netCents)),
        "allocations.0.amount",
      );
    }
    await tx.delete(supplierInvoiceAllocations).where(eq(supplierInvoiceAllocations.invoiceId, invoice.id));
    await tx.insert(supplierInvoiceAllocations).values(
      rows.map((row) => ({
        invoiceId: invoice.id,
        lineId: row.lineId,
        jobSiteId: row.jobSiteId,
        lotId: row.lotId,
        amountHtCents: row.amountCents,
      })),
    );
    await tx
      .update(supplierInvoices)
      .set({ revision: sql`${supplierInvoices.revision} + 1`, updatedAt: now })
      .where(eq(supplierInvoices.id, invoice.id));
    const label = `${invoice.isCreditNote ? "Avoir" : "Facture"} ${invoice.number}`;
    const describe = (row: AllocationInput) => {
      const site = sites.find((candidate) => candidate.id === row.jobSiteId)?.name ?? "";
      const lot = lots.find((candidate) => candidate.id === row.lotId)?.title;
      return `${site}${lot ? ` › ${lot}` : ""} ${formatCents(row.amountCents)} HT`;
    };
    await recordActivities(tx, [
      {
        subjectType: SUBJECT,
        subjectId: invoice.id,
        kind: "allocated",
        summary: `Répartition : ${rows.map(describe).join(", ")}`,
        actor,
      },
      ...siteIds.map((siteId) => ({
        subjectType: "chantier" as const,
        subjectId: siteId,
        kind: "purchase_allocated",
        summary: `${label} affectée : ${formatCents(
          rows.filter((row) => row.jobSiteId === siteId).reduce((sum, row) => sum + row.amountCents, 0),
        )} HT${invoice.isCreditNote ? " (avoir, en déduction)" : ""}`,
        data: { supplierInvoiceId: invoice.id },
        actor,
      })),
    ]);
  });
}
