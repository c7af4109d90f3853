import { and, asc, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import {
  type CompanyDocumentKind,
  type CompanyDocumentRow,
  companyDocuments,
} from "#app/db/schema/company-documents.ts";
import { storeDocumentFile } from "#app/lib/document-file.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  COMPANY_DOCUMENT_KINDS,
  COMPANY_DOCUMENT_MESSAGES,
  type CompanyDocumentData,
  type DocumentStatus,
  documentStatus,
  RENEW_WINDOW_DAYS,
  type ReminderStep,
  reminderSteps,
  validUntilOf,
} from "./company-documents.ts";

/*
 * The company's compliance register on the database: the current documents (those no
 * later version replaces), one document with its versions, the upload (checked by its
 * bytes, as a supplier's document is), the file, and what the dashboard lists to renew.
 */

export class CompanyDocumentNotFoundError extends Error {
  override name = "CompanyDocumentNotFoundError";
  constructor() {
    super(COMPANY_DOCUMENT_MESSAGES.notFound);
  }
}

/** The condition « no later version replaces it ». */
export const isCurrent = sql`not exists (select 1 from company_documents newer where newer.replaces_id = ${companyDocuments.id})`;

export type CompanyDocumentItem = Omit<CompanyDocumentRow, "storageKey" | "remindersSent" | "createdBy"> & {
  status: DocumentStatus;
  createdByEmail: string | null;
};

const itemColumns = {
  id: companyDocuments.id,
  kind: companyDocuments.kind,
  label: companyDocuments.label,
  issuer: companyDocuments.issuer,
  number: companyDocuments.number,
  issuerAddress: companyDocuments.issuerAddress,
  coverage: companyDocuments.coverage,
  validFrom: companyDocuments.validFrom,
  validUntil: companyDocuments.validUntil,
  contentType: companyDocuments.contentType,
  fileName: companyDocuments.fileName,
  sizeBytes: companyDocuments.sizeBytes,
  sha256: companyDocuments.sha256,
  notes: companyDocuments.notes,
  replacesId: companyDocuments.replacesId,
  createdAt: companyDocuments.createdAt,
  createdByEmail: authUsers.email,
};

function withStatus(row: Omit<CompanyDocumentItem, "status">, today: IsoDay): CompanyDocumentItem {
  return { ...row, status: documentStatus(row.validUntil, today) };
}

export type RegisterGroup = { kind: CompanyDocumentKind; documents: CompanyDocumentItem[] };

/** The current documents on `today`, grouped by kind in the register's order (empty kinds left out). */
export async function companyRegister(db: DbExecutor, today: IsoDay = parisDay()): Promise<RegisterGroup[]> {
  const rows = await db
    .select(itemColumns)
    .from(companyDocuments)
    .leftJoin(authUsers, eq(authUsers.id, companyDocuments.createdBy))
    .where(isCurrent)
    .orderBy(asc(companyDocuments.label), desc(companyDocuments.validFrom));
  return COMPANY_DOCUMENT_KINDS.map((kind) => ({
    kind,
    documents: rows.filter((row) => row.kind === kind).map((row) => withStatus(row, today)),
  })).filter((group) => group.documents.length > 0);
}

export type CompanyDocumentDetail = {
  document: CompanyDocumentItem;
  /** The version that replaced this one, when it is not current. */
  replacedBy: { id: string; validFrom: IsoDay } | null;
  /** The earlier versions, the most recent first. */
  previous: CompanyDocumentItem[];
  /** The reminders of the current version (none for a replaced one or one without end). */
  reminders: ReminderStep[];
};

/** One document, what replaced it, and its earlier versions. */
export async function companyDocumentDetail(
  db: DbExecutor,
  id: string,
  today: IsoDay = parisDay(),
): Promise<CompanyDocumentDetail> {
  if (!isUuid(id)) throw new CompanyDocumentNotFoundError();
  const [document] = await db
    .select(itemColumns)
    .from(companyDocuments)
    .leftJoin(authUsers, eq(authUsers.id, companyDocuments.createdBy))
    .where(eq(companyDocuments.id, id));
  if (!document) throw new CompanyDocumentNotFoundError();
  // A register holds tens of documents: the kind's versions are read once and chained here.
  const sameKind = await db
    .select(itemColumns)
    .from(companyDocuments)
    .leftJoin(authUsers, eq(authUsers.id, companyDocuments.createdBy))
    .where(eq(companyDocuments.kind, document.kind));
  const byId = new Map(sameKind.map((row) => [row.id, row]));
  const previous: CompanyDocumentItem[] = [];
  const seen = new Set([document.id]);
  let cursor = document.replacesId ? byId.get(document.replacesId) : undefined;
  while (cursor && !seen.has(cursor.id)) {
    seen.add(cursor.id);
    previous.push(withStatus(cursor, today));
    cursor = cursor.replacesId ? byId.get(cursor.replacesId) : undefined;
  }
  const successor = sameKind.find((row) => row.replacesId === document.id);
  const [sent] = successor
    ? []
    : await db
        .select({ remindersSent: companyDocuments.remindersSent })
        .from(companyDocuments)
        .where(eq(companyDocuments.id, document.id));
  return {
    document: withStatus(document, today),
    replacedBy: successor ? { id: successor.id, validFrom: successor.validFrom } : null,
    previous,
    reminders: sent ? reminderSteps(document.validUntil, sent.remindersSent, today) : [],
  };
}

/** What « Renouveler » prefills: the document's kind, label, issuer, number (and insurer's details); null when it is not current or unknown. */
export async function documentToRenew(db: DbExecutor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: companyDocuments.id,
      kind: companyDocuments.kind,
      label: companyDocuments.label,
      issuer: companyDocuments.issuer,
      number: companyDocuments.number,
      issuerAddress: companyDocuments.issuerAddress,
      coverage: companyDocuments.coverage,
    })
    .from(companyDocuments)
    .where(and(eq(companyDocuments.id, id), isCurrent));
  return row ?? null;
}

/** The current document of a kind without label (the décennale, the RGE…), as « Renouveler » prefills it; null when none. */
export async function currentOfKindToRenew(db: DbExecutor, kind: CompanyDocumentKind) {
  const [row] = await db
    .select({ id: companyDocuments.id })
    .from(companyDocuments)
    .where(and(eq(companyDocuments.kind, kind), eq(companyDocuments.label, ""), isCurrent))
    .limit(1);
  return row ? documentToRenew(db, row.id) : null;
}

export type CompanyDocumentRefusal = {
  ok: false;
  status: 400 | 404 | 409 | 413 | 415;
  message: string;
  fieldErrors: Record<string, string[]>;
};

class RenewalRefusal extends Error {
  readonly status: 404 | 409 | 400;
  readonly field: string;
  constructor(status: 404 | 409 | 400, message: string, field: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/**
 * Files a document of the register: the bytes checked (PDF, JPEG or PNG, 10 MB at most, by
 * their content), stored unchanged with their SHA-256 and size, the validity computed from
 * the kind. A renewal (`replacesId`) must name a current document of the same kind; a new
 * document of the kind and label of a current one renews it too (one current per kind and
 * label). A refused post leaves nothing stored.
 */
export async function addCompanyDocument(
  services: { db: Database; storage: FileStorage },
  actor: { id: string },
  data: CompanyDocumentData,
  file: FormDataEntryValue | null,
): Promise<{ ok: true; id: string; replacedId: string | null } | CompanyDocumentRefusal> {
  const { db, storage } = services;
  const stored = await storeDocumentFile(storage, file, "documents-entreprise");
  if (!stored.ok) return stored;
  const { storageKey, contentType, fileName, sizeBytes, sha256 } = stored;
  const validUntil = validUntilOf(data.kind, data.validFrom, data.validUntil);
  try {
    const saved = await db.transaction(async (tx) => {
      let replacedId: string | null = null;
      if (data.replacesId) {
        const [replaced] = await tx
          .select({ id: companyDocuments.id, kind: companyDocuments.kind })
          .from(companyDocuments)
          .where(eq(companyDocuments.id, data.replacesId))
          .for("update");
        if (!replaced) throw new RenewalRefusal(404, COMPANY_DOCUMENT_MESSAGES.replaces, "replacesId");
        if (replaced.kind !== data.kind)
          throw new RenewalRefusal(400, COMPANY_DOCUMENT_MESSAGES.kindChanged, "kind");
        replacedId = replaced.id;
      } else {
        const [current] = await tx
          .select({ id: companyDocuments.id })
          .from(companyDocuments)
          .where(
            and(
              eq(companyDocuments.kind, data.kind),
              sql`lower(${companyDocuments.label}) = lower(${data.label})`,
              isCurrent,
            ),
          )
          .orderBy(desc(companyDocuments.validFrom), desc(companyDocuments.createdAt))
          .limit(1)
          .for("update", { of: companyDocuments });
        replacedId = current?.id ?? null;
      }
      if (replacedId) {
        const [successor] = await tx
          .select({ id: companyDocuments.id })
          .from(companyDocuments)
          .where(eq(companyDocuments.replacesId, replacedId));
        if (successor) throw new RenewalRefusal(409, COMPANY_DOCUMENT_MESSAGES.alreadyReplaced, "replacesId");
      }
      const [row] = await tx
        .insert(companyDocuments)
        .values({
          kind: data.kind,
          label: data.label,
          issuer: data.issuer,
          number: data.number,
          issuerAddress: data.issuerAddress,
          coverage: data.coverage,
          validFrom: data.validFrom,
          validUntil,
          storageKey,
          contentType,
          fileName,
          sizeBytes,
          sha256,
          notes: data.notes,
          replacesId: replacedId,
          createdBy: actor.id,
        })
        .returning({ id: companyDocuments.id });
      if (!row) throw new Error("Document non enregistré.");
      return { id: row.id, replacedId };
    });
    return { ok: true, ...saved };
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    if (error instanceof RenewalRefusal) {
      return {
        ok: false,
        status: error.status,
        message: error.message,
        fieldErrors: { [error.field]: [error.message] },
      };
    }
    throw error;
  }
}

/** Where a document's bytes are, to serve them; null when it does not exist or has no file yet. */
export async function companyDocumentFile(db: DbExecutor, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      storageKey: companyDocuments.storageKey,
      contentType: companyDocuments.contentType,
      fileName: companyDocuments.fileName,
    })
    .from(companyDocuments)
    .where(eq(companyDocuments.id, id));
  if (!row?.storageKey || !row.contentType || !row.fileName) return null;
  return { storageKey: row.storageKey, contentType: row.contentType, fileName: row.fileName };
}

export type DocumentToRenew = {
  id: string;
  kind: CompanyDocumentKind;
  label: string;
  validUntil: IsoDay;
  status: DocumentStatus;
};

/** The current documents expired or within 60 days of their end on `today`, the most urgent first (the dashboard's block). */
export async function documentsToRenew(
  db: DbExecutor,
  today: IsoDay = parisDay(),
): Promise<DocumentToRenew[]> {
  const rows = await db
    .select({
      id: companyDocuments.id,
      kind: companyDocuments.kind,
      label: companyDocuments.label,
      validUntil: companyDocuments.validUntil,
    })
    .from(companyDocuments)
    .where(
      and(
        isNotNull(companyDocuments.validUntil),
        lte(companyDocuments.validUntil, addDays(today, RENEW_WINDOW_DAYS)),
        isCurrent,
      ),
    )
    .orderBy(asc(companyDocuments.validUntil));
  return rows.flatMap((row) =>
    row.validUntil
      ? [{ ...row, validUntil: row.validUntil, status: documentStatus(row.validUntil, today) }]
      : [],
  );
}
