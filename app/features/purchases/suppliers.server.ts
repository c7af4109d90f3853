import { and, asc, count, desc, eq, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  type SupplierContactRow,
  type SupplierRow,
  supplierContacts,
  suppliers,
} from "#app/db/schema/purchases.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { maskIban } from "#app/lib/bank.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { revisionConflict } from "#app/lib/revision-conflict.server.ts";
import { escapeLike, foldedWords, foldText } from "#app/lib/search-text.ts";
import { sortableText } from "#app/lib/sortable-text.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  SUPPLIER_FIELD_NAMES,
  SUPPLIER_MESSAGES,
  SUPPLIERS_PAGE_SIZE,
  type SupplierContactData,
  type SupplierData,
  type SupplierFilters,
  supplierSort,
} from "./supplier-schema.ts";

/*
 * The register of suppliers and subcontractors (Achats › Fournisseurs): list, record,
 * creation, changes and archiving, each written to the supplier's history. One supplier per
 * SIREN: the check and the write are serialised per SIREN (an advisory lock), so two people
 * registering the same company at once make one record, and the second is told which.
 */

export type Actor = { id: string; email: string };

const SUBJECT = "fournisseur" as const;

export class SupplierNotFoundError extends Error {
  override name = "SupplierNotFoundError";
  constructor() {
    super(SUPPLIER_MESSAGES.notFound);
  }
}

/** The SIREN is already another supplier's: the refusal names it and links to its record. */
export class SupplierSirenTakenError extends Error {
  override name = "SupplierSirenTakenError";
  readonly other: { id: string; legalName: string };
  constructor(other: { id: string; legalName: string }) {
    super(SUPPLIER_MESSAGES.sirenTaken(other.legalName));
    this.other = other;
  }
}

/** Someone saved the record after the form was opened: who, and when. */
export class SupplierStaleError extends Error {
  override name = "SupplierStaleError";
  readonly updatedAt: Date;
  readonly updatedByEmail: string | null;
  constructor(updatedAt: Date, updatedByEmail: string | null) {
    super("stale");
    this.updatedAt = updatedAt;
    this.updatedByEmail = updatedByEmail;
  }
}

const searchTextOf = (data: Pick<SupplierData, "legalName" | "siren" | "vatNumber" | "city" | "trade">) =>
  foldText([data.legalName, data.siren, data.vatNumber, data.city, data.trade].filter(Boolean).join(" "));

export type SupplierListItem = Pick<
  SupplierRow,
  | "id"
  | "kind"
  | "legalName"
  | "siren"
  | "postcode"
  | "city"
  | "email"
  | "phone"
  | "trade"
  | "paymentTermsDays"
  | "paymentTermsEndOfMonth"
  | "archivedAt"
  | "createdAt"
>;

export type SupplierPage = {
  items: SupplierListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Whether anyone is in the register: an empty list then says « nothing matches » rather than « nobody yet ». */
  anySupplier: boolean;
};

function conditions(filters: SupplierFilters): SQL[] {
  const where: SQL[] = [];
  for (const word of foldedWords(filters.q ?? "")) {
    // The SIREN as people type it (« 912 345 675 ») is one word of digits in the search text.
    where.push(sql`${suppliers.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  if (filters.type) where.push(eq(suppliers.kind, filters.type));
  const status = filters.statut ?? "actifs";
  if (status === "actifs") where.push(isNull(suppliers.archivedAt));
  else if (status === "archives") where.push(isNotNull(suppliers.archivedAt));
  return where;
}

/** A search typed with the SIREN's spaces (« 912 345 675 ») reads as the SIREN. */
function withCompactSiren(filters: SupplierFilters): SupplierFilters {
  const q = filters.q?.trim() ?? "";
  return /^[\d\s]{9,13}$/.test(q) && q.replace(/\s/g, "").length === 9
    ? { ...filters, q: q.replace(/\s/g, "") }
    : filters;
}

/** One page of the register, the active suppliers by default, by name. */
export async function listSuppliers(db: Database, asked: SupplierFilters): Promise<SupplierPage> {
  const filters = withCompactSiren(asked);
  const where = and(...conditions(filters));
  const [totalRow] = await db.select({ n: count() }).from(suppliers).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, SUPPLIERS_PAGE_SIZE);
  let anySupplier = total > 0;
  if (!anySupplier) anySupplier = (await db.select({ id: suppliers.id }).from(suppliers).limit(1)).length > 0;
  const sort = supplierSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "cree"
      ? [direction(suppliers.createdAt), direction(suppliers.id)]
      : [direction(sortableText(suppliers.legalName)), direction(suppliers.id)];
  const items = await db
    .select({
      id: suppliers.id,
      kind: suppliers.kind,
      legalName: suppliers.legalName,
      siren: suppliers.siren,
      postcode: suppliers.postcode,
      city: suppliers.city,
      email: suppliers.email,
      phone: suppliers.phone,
      trade: suppliers.trade,
      paymentTermsDays: suppliers.paymentTermsDays,
      paymentTermsEndOfMonth: suppliers.paymentTermsEndOfMonth,
      archivedAt: suppliers.archivedAt,
      createdAt: suppliers.createdAt,
    })
    .from(suppliers)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount, anySupplier };
}

export type SupplierDetail = Omit<SupplierRow, "searchText"> & {
  contacts: Omit<SupplierContactRow, "supplierId">[];
};

export async function getSupplier(db: DbExecutor, id: string): Promise<SupplierDetail> {
  if (!isUuid(id)) throw new SupplierNotFoundError();
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id));
  if (!row) throw new SupplierNotFoundError();
  const contacts = await db
    .select({
      id: supplierContacts.id,
      name: supplierContacts.name,
      role: supplierContacts.role,
      email: supplierContacts.email,
      phone: supplierContacts.phone,
      position: supplierContacts.position,
    })
    .from(supplierContacts)
    .where(eq(supplierContacts.supplierId, id))
    .orderBy(asc(supplierContacts.position), asc(supplierContacts.id));
  const { searchText: _search, ...supplier } = row;
  return { ...supplier, contacts };
}

/**
 * The SIREN is no other supplier's. Taken in the transaction that writes it, after a lock
 * on that SIREN: a second save of the same SIREN waits for the first, then sees it.
 */
async function checkSiren(tx: DbExecutor, siren: string | null, supplierId: string | null) {
  if (siren === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`supplier-siren:${siren}`}, 0))`);
  const [other] = await tx
    .select({ id: suppliers.id, legalName: suppliers.legalName })
    .from(suppliers)
    .where(and(eq(suppliers.siren, siren), supplierId === null ? undefined : ne(suppliers.id, supplierId)));
  if (other) throw new SupplierSirenTakenError(other);
}

function columnsOf(data: SupplierData) {
  const { contacts: _contacts, ...columns } = data;
  return { ...columns, searchText: searchTextOf(data) };
}

async function writeContacts(tx: DbExecutor, supplierId: string, contacts: readonly SupplierContactData[]) {
  await tx.delete(supplierContacts).where(eq(supplierContacts.supplierId, supplierId));
  if (contacts.length === 0) return;
  await tx
    .insert(supplierContacts)
    .values(contacts.map((contact, position) => ({ ...contact, supplierId, position })));
}

export async function createSupplier(
  db: Database,
  actor: Actor,
  data: SupplierData,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await checkSiren(tx, data.siren, null);
    const [created] = await tx
      .insert(suppliers)
      .values({ ...columnsOf(data), createdBy: actor.id })
      .returning({ id: suppliers.id });
    if (!created) throw new Error("Fournisseur non enregistré.");
    await writeContacts(tx, created.id, data.contacts);
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: created.id,
      kind: "created",
      summary: `Fiche créée : ${data.legalName}`,
      data: { kind: data.kind, siren: data.siren },
      actor,
    });
    return created;
  });
}

const contactsText = (contacts: readonly Pick<SupplierContactData, "name" | "role" | "email" | "phone">[]) =>
  JSON.stringify(contacts.map(({ name, role, email, phone }) => [name, role, email ?? null, phone ?? null]));

/** How the history names a changed field: the IBAN masked (the history never repeats an account number). */
function changeWords(field: keyof typeof SUPPLIER_FIELD_NAMES, next: SupplierData): string {
  if (field === "iban") return next.iban ? `IBAN (${maskIban(next.iban)})` : "IBAN (retiré)";
  return SUPPLIER_FIELD_NAMES[field];
}

/**
 * Saves the form over the stored record at `revision`. The row is locked while it is
 * compared and written; a form opened before someone else's save is refused (nothing
 * written) rather than silently undoing it. Nothing changed: nothing is written.
 */
export async function updateSupplier(
  db: Database,
  actor: Actor,
  id: string,
  revision: number,
  data: SupplierData,
): Promise<{ changed: string[] }> {
  if (!isUuid(id)) throw new SupplierNotFoundError();
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for("update");
    if (!stored) throw new SupplierNotFoundError();
    if (stored.revision !== revision) {
      const { conflict } = await revisionConflict(tx, SUBJECT, id, stored);
      throw new SupplierStaleError(conflict.updatedAt, conflict.updatedByEmail);
    }
    await checkSiren(tx, data.siren, id);
    const storedContacts = await tx
      .select()
      .from(supplierContacts)
      .where(eq(supplierContacts.supplierId, id))
      .orderBy(asc(supplierContacts.position), asc(supplierContacts.id));
    const fields = (Object.keys(SUPPLIER_FIELD_NAMES) as (keyof typeof SUPPLIER_FIELD_NAMES)[]).filter(
      (field) => (stored[field] ?? null) !== (data[field] ?? null),
    );
    const contactsChanged = contactsText(storedContacts) !== contactsText(data.contacts);
    const changed = [
      ...fields.map((field) => changeWords(field, data)),
      ...(contactsChanged ? ["contacts"] : []),
    ];
    if (changed.length === 0) return { changed };
    await tx
      .update(suppliers)
      .set({ ...columnsOf(data), revision: stored.revision + 1, updatedAt: new Date() })
      .where(eq(suppliers.id, id));
    if (contactsChanged) await writeContacts(tx, id, data.contacts);
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: id,
      kind: "updated",
      summary: `Fiche modifiée : ${changed.join(", ")}`,
      data: { fields: [...fields, ...(contactsChanged ? ["contacts"] : [])] },
      actor,
    });
    return { changed };
  });
}

/** Archives (or restores) a supplier: hidden from the register, its record and history kept. */
export async function setSupplierArchived(
  db: Database,
  actor: Actor,
  id: string,
  archive: boolean,
): Promise<{ legalName: string; alreadyDone: boolean }> {
  if (!isUuid(id)) throw new SupplierNotFoundError();
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ legalName: suppliers.legalName, archivedAt: suppliers.archivedAt })
      .from(suppliers)
      .where(eq(suppliers.id, id))
      .for("update");
    if (!stored) throw new SupplierNotFoundError();
    if ((stored.archivedAt !== null) === archive) return { legalName: stored.legalName, alreadyDone: true };
    await tx
      .update(suppliers)
      .set({
        archivedAt: archive ? new Date() : null,
        revision: sql`${suppliers.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(suppliers.id, id));
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: id,
      kind: archive ? "archived" : "restored",
      summary: archive ? "Fournisseur archivé" : "Fournisseur restauré dans le registre",
      actor,
    });
    return { legalName: stored.legalName, alreadyDone: false };
  });
}
