import { and, desc, eq, gte, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import {
  type SupplierDocumentRow,
  subcontracts,
  supplierDocuments,
  type VigilancePurpose,
  vigilanceOverrides,
} from "#app/db/schema/subcontracts.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { storeDocumentFile } from "#app/lib/document-file.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { type IsoDay, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  DOCUMENT_MESSAGES,
  OverrideReasonSchema,
  SUBCONTRACT_MESSAGES,
  type SupplierDocumentData,
} from "./subcontract-schema.ts";
import {
  addMonths,
  DOCUMENT_KIND_LABELS,
  type VigilanceStatus,
  validUntilOf,
  vigilanceStatus,
  vigilanceStop,
} from "./vigilance.ts";
import { VIGILANCE_OVERRIDE } from "./vigilance-stop.ts";

/*
 * The duty of vigilance, on the database. THE door for the other Achats slices:
 *
 *   const stop = await checkVigilance(db, supplierId, "order" | "payment", parisDay());
 *   if (stop) return refused(409, { message: stop });   // the reason, in French
 *
 * `checkVigilance` is null for a supplier that is not a subcontractor, below the
 * 5 000 € HT threshold, when every required document is valid, or when the owner has
 * passed the stop for that purpose today (`overrideVigilance`, once: the caller that
 * goes ahead marks it used with `useVigilanceOverride` in its transaction).
 */

const SUBJECT = "fournisseur" as const;

export const PURPOSE_LABELS: Record<VigilancePurpose, string> = {
  order: "une commande",
  payment: "un paiement",
  subcontract: "un contrat de sous-traitance",
};

export class VigilanceSupplierNotFoundError extends Error {
  override name = "VigilanceSupplierNotFoundError";
  constructor() {
    super("Ce fournisseur n'existe pas.");
  }
}

/** Only an owner passes a vigilance stop (403). */
export class VigilanceOwnerOnlyError extends Error {
  override name = "VigilanceOwnerOnlyError";
  constructor() {
    super(SUBCONTRACT_MESSAGES.overrideOwnerOnly);
  }
}

/** The written reason is missing or too short (400). */
export class VigilanceReasonError extends Error {
  override name = "VigilanceReasonError";
  constructor(message: string) {
    super(message);
  }
}

/** The last day of the rolling 12 months before `today`. */
const windowStart = (today: IsoDay) => addMonths(today, -12);

/**
 * The subcontractor's contracts over the rolling 12 months (not cancelled, running at some
 * point since a year ago), in cents HT: with the next contract's price, the vigilance threshold is read on it.
 */
export async function contractsTotalHtCents(
  db: DbExecutor,
  supplierId: string,
  today: IsoDay,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${subcontracts.priceHtCents}), 0)` })
    .from(subcontracts)
    .where(
      and(
        eq(subcontracts.supplierId, supplierId),
        ne(subcontracts.status, "annule"),
        gte(subcontracts.endOn, windowStart(today)),
      ),
    );
  return Number(row?.total ?? 0);
}

export type SupplierVigilance = {
  supplier: { id: string; legalName: string; kind: string; trade: string; email: string | null };
  /** Whether the vigilance applies at all: a subcontractor. */
  applies: boolean;
  totalHtCents: number;
  status: VigilanceStatus;
  /** Why a new commitment must wait; null when nothing stops it. */
  stop: string | null;
};

/** The vigilance of a supplier on `today`, `addedHtCents` (a new contract's price) counted in the threshold. */
export async function supplierVigilance(
  db: DbExecutor,
  supplierId: string,
  today: IsoDay,
  addedHtCents = 0,
): Promise<SupplierVigilance> {
  if (!isUuid(supplierId)) throw new VigilanceSupplierNotFoundError();
  const [supplier] = await db
    .select({
      id: suppliers.id,
      legalName: suppliers.legalName,
      kind: suppliers.kind,
      trade: suppliers.trade,
      email: suppliers.email,
    })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) throw new VigilanceSupplierNotFoundError();
  const documents = await db
    .select({
      kind: supplierDocuments.kind,
      issuedOn: supplierDocuments.issuedOn,
      validUntil: supplierDocuments.validUntil,
      trades: supplierDocuments.trades,
    })
    .from(supplierDocuments)
    .where(eq(supplierDocuments.supplierId, supplierId));
  const applies = supplier.kind === "sous_traitant";
  const totalHtCents = (await contractsTotalHtCents(db, supplierId, today)) + addedHtCents;
  const status = vigilanceStatus(documents, totalHtCents, today, supplier.trade);
  const stop = applies ? vigilanceStop(status, supplier.legalName, supplier.trade) : null;
  return { supplier, applies, totalHtCents, status, stop };
}

async function unusedOverride(db: DbExecutor, supplierId: string, purpose: VigilancePurpose, today: IsoDay) {
  const [row] = await db
    .select({ id: vigilanceOverrides.id })
    .from(vigilanceOverrides)
    .where(
      and(
        eq(vigilanceOverrides.supplierId, supplierId),
        eq(vigilanceOverrides.purpose, purpose),
        isNull(vigilanceOverrides.usedAt),
        gte(vigilanceOverrides.createdAt, parisMidnight(today)),
      ),
    )
    .orderBy(desc(vigilanceOverrides.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Whether a new `purpose` (an order, a payment, a subcontract) with this supplier may go
 * ahead on `today`: null, or the French reason it is stopped. `addedHtCents`: the amount
 * the new commitment adds to the 12 months' total (a subcontract's price).
 */
export async function checkVigilance(
  db: DbExecutor,
  supplierId: string,
  purpose: VigilancePurpose,
  today: IsoDay = parisDay(),
  addedHtCents = 0,
): Promise<string | null> {
  const { stop } = await supplierVigilance(db, supplierId, today, addedHtCents);
  if (stop === null) return null;
  return (await unusedOverride(db, supplierId, purpose, today)) ? null : stop;
}

/**
 * The owner passes the vigilance stop of `supplierId` for one `purpose`, today, with a
 * written reason: kept in `vigilance_overrides` and in the supplier's history. Staff: 403
 * (`VigilanceOwnerOnlyError`); a reason under 10 characters: `VigilanceReasonError`.
 */
export async function overrideVigilance(
  db: DbExecutor,
  owner: { id: string; email: string; role: string },
  supplierId: string,
  purpose: VigilancePurpose,
  reason: string,
  reference: string | null = null,
  {
    today = parisDay(),
    stopReason,
  }: {
    today?: IsoDay;
    /** The stop as the caller read it (with the amount it adds); read again otherwise. */
    stopReason?: string;
  } = {},
): Promise<{ id: string }> {
  if (owner.role !== "owner") throw new VigilanceOwnerOnlyError();
  const parsed = OverrideReasonSchema.safeParse(reason);
  if (!parsed.success) throw new VigilanceReasonError(SUBCONTRACT_MESSAGES.overrideReason);
  const stop = stopReason ?? (await supplierVigilance(db, supplierId, today)).stop;
  const [row] = await db
    .insert(vigilanceOverrides)
    .values({
      supplierId,
      purpose,
      reason: parsed.data,
      stopReason: stop ?? "",
      ownerId: owner.id,
      reference,
    })
    .returning({ id: vigilanceOverrides.id });
  if (!row) throw new Error("Dérogation non enregistrée.");
  await recordActivity(db, {
    subjectType: SUBJECT,
    subjectId: supplierId,
    kind: "vigilance_override",
    summary: `Devoir de vigilance : le gérant passe outre pour ${PURPOSE_LABELS[purpose]}. Raison : ${parsed.data}`,
    data: { purpose, reason: parsed.data, stop: stop ?? "", reference },
    actor: { id: owner.id, email: owner.email },
  });
  return row;
}

/** Marks today's override of `purpose` used by what went ahead (`reference`): it serves once. */
export async function useVigilanceOverride(
  tx: DbExecutor,
  supplierId: string,
  purpose: VigilancePurpose,
  reference: string,
  today: IsoDay = parisDay(),
): Promise<boolean> {
  const override = await unusedOverride(tx, supplierId, purpose, today);
  if (!override) return false;
  await tx
    .update(vigilanceOverrides)
    .set({ usedAt: new Date(), reference })
    .where(eq(vigilanceOverrides.id, override.id));
  return true;
}

/** Who goes ahead with an order or a payment: the owner alone may pass a stop. */
export type VigilanceActor = { id: string; email: string; role?: string };

/**
 * The door of an order's sending or an invoice's payment, inside its transaction: null when
 * vigilance lets it go; with the owner's written reason (`overrideReason`), the override is
 * kept (the caller then marks it used with `useVigilanceOverride`, in the same transaction)
 * and the door read again; otherwise the French reason of the stop, for the caller to refuse.
 * Throws `VigilanceOwnerOnlyError` / `VigilanceReasonError` as `overrideVigilance` does.
 */
export async function vigilanceGate(
  tx: DbExecutor,
  actor: VigilanceActor,
  supplierId: string,
  purpose: VigilancePurpose,
  {
    today = parisDay(),
    addedHtCents = 0,
    overrideReason = null,
  }: { today?: IsoDay; addedHtCents?: number; overrideReason?: string | null } = {},
): Promise<string | null> {
  const stop = await checkVigilance(tx, supplierId, purpose, today, addedHtCents);
  if (stop === null || overrideReason === null) return stop;
  await overrideVigilance(
    tx,
    { id: actor.id, email: actor.email, role: actor.role ?? "" },
    supplierId,
    purpose,
    overrideReason,
    null,
    { today, stopReason: stop },
  );
  return checkVigilance(tx, supplierId, purpose, today, addedHtCents);
}

/**
 * What a post says about passing the stop: `reason` null when it does not try to; the
 * reason, trimmed, when an owner writes one of 10 characters or more; else the refusal's
 * status (403 for the staff, 400 for a reason too short) and French message.
 */
export function readOverride(
  form: FormData,
  role: string | undefined,
): { ok: true; reason: string | null } | { ok: false; status: 400 | 403; message: string; field?: string } {
  const marker = form.get(VIGILANCE_OVERRIDE.name);
  if (marker === null || marker === "") return { ok: true, reason: null };
  // Anything else than the button's value is not a post of these pages: nothing is done.
  if (marker !== VIGILANCE_OVERRIDE.value) return { ok: false, status: 400, message: "Action inconnue." };
  if (role !== "owner") return { ok: false, status: 403, message: SUBCONTRACT_MESSAGES.overrideOwnerOnly };
  const parsed = OverrideReasonSchema.safeParse(form.get("overrideReason") ?? "");
  if (!parsed.success) {
    return { ok: false, status: 400, message: SUBCONTRACT_MESSAGES.overrideReason, field: "overrideReason" };
  }
  return { ok: true, reason: parsed.data };
}

// ─── The documents ─────────────────────────────────────────────────────────────────

export type SupplierDocumentItem = Omit<SupplierDocumentRow, "storageKey" | "remindersSent">;

export async function listSupplierDocuments(
  db: DbExecutor,
  supplierId: string,
): Promise<SupplierDocumentItem[]> {
  if (!isUuid(supplierId)) return [];
  return db
    .select({
      id: supplierDocuments.id,
      supplierId: supplierDocuments.supplierId,
      kind: supplierDocuments.kind,
      issuedOn: supplierDocuments.issuedOn,
      validUntil: supplierDocuments.validUntil,
      trades: supplierDocuments.trades,
      contentType: supplierDocuments.contentType,
      fileName: supplierDocuments.fileName,
      sha256: supplierDocuments.sha256,
      uploadedAt: supplierDocuments.uploadedAt,
      uploadedBy: supplierDocuments.uploadedBy,
    })
    .from(supplierDocuments)
    .where(eq(supplierDocuments.supplierId, supplierId))
    .orderBy(desc(supplierDocuments.issuedOn), desc(supplierDocuments.uploadedAt));
}

export type DocumentUploadRefusal = {
  ok: false;
  status: 400 | 404 | 413 | 415;
  message: string;
  fieldErrors: Record<string, string[]>;
};

/**
 * Files a supplier's document: the bytes checked (PDF, JPEG or PNG, 10 MB at most, by
 * their content), stored unchanged with their SHA-256, the validity computed from the
 * kind, the supplier's history told. A refused file leaves nothing stored.
 */
export async function addSupplierDocument(
  services: { db: Database; storage: FileStorage },
  actor: { id: string; email: string },
  supplierId: string,
  data: SupplierDocumentData,
  file: FormDataEntryValue | null,
  today: IsoDay = parisDay(),
): Promise<{ ok: true; id: string } | DocumentUploadRefusal> {
  const { db, storage } = services;
  if (!isUuid(supplierId)) throw new VigilanceSupplierNotFoundError();
  const [supplier] = await db
    .select({ id: suppliers.id, legalName: suppliers.legalName })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) throw new VigilanceSupplierNotFoundError();
  if (data.issuedOn > today) {
    return {
      ok: false,
      status: 400,
      message: DOCUMENT_MESSAGES.issuedInFuture,
      fieldErrors: { issuedOn: [DOCUMENT_MESSAGES.issuedInFuture] },
    };
  }
  const stored = await storeDocumentFile(storage, file, "fournisseurs-documents");
  if (!stored.ok) return stored;
  const { storageKey, contentType, fileName, sha256 } = stored;
  try {
    const validUntil = validUntilOf(data.kind, data.issuedOn, data.validUntil);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supplierDocuments)
        .values({
          supplierId,
          kind: data.kind,
          issuedOn: data.issuedOn,
          validUntil,
          trades: data.trades,
          storageKey,
          contentType,
          fileName,
          sha256,
          uploadedBy: actor.id,
        })
        .returning({ id: supplierDocuments.id });
      if (!row) throw new Error("Document non enregistré.");
      await recordActivity(tx, {
        subjectType: SUBJECT,
        subjectId: supplierId,
        kind: "document_added",
        summary: `Document ajouté : ${DOCUMENT_KIND_LABELS[data.kind]} du ${data.issuedOn}${validUntil ? `, valable jusqu'au ${validUntil}` : ""}`,
        data: { documentId: row.id, kind: data.kind, sha256 },
        actor,
      });
      return row.id;
    });
    return { ok: true, id };
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** Where a document's bytes are, to download it; null when it is not this supplier's. */
export async function supplierDocumentFile(db: DbExecutor, supplierId: string, documentId: string) {
  if (!isUuid(supplierId) || !isUuid(documentId)) return null;
  const [row] = await db
    .select({
      storageKey: supplierDocuments.storageKey,
      contentType: supplierDocuments.contentType,
      fileName: supplierDocuments.fileName,
    })
    .from(supplierDocuments)
    .where(and(eq(supplierDocuments.id, documentId), eq(supplierDocuments.supplierId, supplierId)));
  return row ?? null;
}

export type VigilancePanelData = {
  applies: boolean;
  required: boolean;
  totalHtCents: number;
  stop: string | null;
  statuses: VigilanceStatus["documents"];
  files: SupplierDocumentItem[];
};

/** What the supplier's « Vigilance » panel shows on `today`. */
export async function vigilancePanel(db: DbExecutor, supplierId: string, today: IsoDay = parisDay()) {
  const vigilance = await supplierVigilance(db, supplierId, today);
  return {
    applies: vigilance.applies,
    required: vigilance.status.required,
    totalHtCents: vigilance.totalHtCents,
    stop: vigilance.stop,
    statuses: vigilance.status.documents,
    files: await listSupplierDocuments(db, supplierId),
  } satisfies VigilancePanelData;
}
