import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { quoteLibraryItems } from "#app/db/schema/quotes.ts";
import { type ActivityEvent, listActivity, recordActivity } from "#app/lib/activity.server.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { type Cents, formatCents, formatPercent, formatQuantity, type Milli } from "#app/lib/money.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { type RevisionedSave, revisionConflict } from "#app/lib/revision-conflict.server.ts";
import { escapeLike, foldedWords, foldText } from "#app/lib/search-text.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import type { LineVatCode, QuoteUnit } from "./content.ts";
import {
  LIBRARY_FIELDS,
  LIBRARY_SEARCH_LIMIT,
  type LibraryField,
  type LibraryItemData,
  libraryFieldNames,
  type UnitEconomics,
  unitEconomics,
} from "./library-schema.ts";
import { LIBRARY_PAGE_SIZE, type LibraryFilters, librarySort } from "./schema.ts";

/*
 * The quotes' price library: reusable items (designation, unit, price HT, VAT, and the
 * cost of one unit: labour hours and materials) that the quote editor copies into a
 * line. A quote keeps its own copy, so an item is never deleted, only archived (no
 * longer offered), and editing it changes no quote. Every write goes to the activity
 * history (subject « bibliotheque »), in the transaction of the change.
 */

/** Who changes an item (written in its history). */
export type Actor = { id: string; email: string };

export const LIBRARY_SUBJECT = "bibliotheque" as const;

export type LibraryItem = {
  id: string;
  designation: string;
  description: string;
  unit: QuoteUnit;
  unitPriceHt: Cents;
  vatCode: LineVatCode;
  /** Thousandths of an hour per unit. */
  labourHours: Milli;
  /** Cents per unit. */
  materialsCents: Cents;
  archivedAt: Date | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
};

export class LibraryItemNotFoundError extends namedError(
  "LibraryItemNotFoundError",
  "Cet article de la bibliothèque n'existe pas.",
) {}

type Row = typeof quoteLibraryItems.$inferSelect;

function itemOf(row: Row): LibraryItem {
  return {
    id: row.id,
    designation: row.designation,
    description: row.description,
    unit: row.unit as QuoteUnit,
    unitPriceHt: row.unitPriceHtCents,
    vatCode: row.vatCode as LineVatCode,
    labourHours: row.labourHours,
    materialsCents: row.materialsCents,
    archivedAt: row.archivedAt,
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The `search_text` of an item: its designation and description, folded. */
export function librarySearchText(item: { designation: string; description: string }): string {
  return foldText(`${item.designation} ${item.description}`);
}

function columnsOf(data: LibraryItemData) {
  return {
    designation: data.designation,
    description: data.description,
    unit: data.unit,
    unitPriceHtCents: data.unitPriceHt,
    vatCode: data.vatCode,
    labourHours: data.labourHours,
    materialsCents: data.materials,
    searchText: librarySearchText(data),
  };
}

const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyy";
/** The designation as lists sort it: « Échafaudage » with the e, not after « Zinguerie ». */
const sortableDesignation = sql`replace(replace(translate(lower(${quoteLibraryItems.designation}), ${ACCENTED}, ${PLAIN}), 'œ', 'oe'), 'æ', 'ae')`;

/** Every folded word of the query must appear in the item's folded text (a prefix or any part of a word). */
function searchConditions(query: string): SQL[] {
  return foldedWords(query).map(
    (word) => sql`${quoteLibraryItems.searchText} like ${`%${escapeLike(word)}%`}`,
  );
}

// ─── Reading ──────────────────────────────────────────────────────────────────────────

export type LibraryListItem = LibraryItem & UnitEconomics;

export type LibraryPage = { items: LibraryListItem[]; total: number; page: number; pageCount: number };

/**
 * One page of the library, as the URL says (active items by designation by default),
 * each item with its cost price and margin at `hourlyCostCents` (the company settings).
 */
export async function listLibraryItems(
  db: DbExecutor,
  filters: LibraryFilters,
  hourlyCostCents: Cents,
): Promise<LibraryPage> {
  const where = and(
    ...searchConditions(filters.q ?? ""),
    filters.archives === "archives"
      ? isNotNull(quoteLibraryItems.archivedAt)
      : isNull(quoteLibraryItems.archivedAt),
  );
  const [totalRow] = await db.select({ n: count() }).from(quoteLibraryItems).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, LIBRARY_PAGE_SIZE);
  const sort = librarySort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "prix"
      ? [direction(quoteLibraryItems.unitPriceHtCents), asc(sortableDesignation), asc(quoteLibraryItems.id)]
      : [direction(sortableDesignation), direction(quoteLibraryItems.id)];
  const rows = await db
    .select()
    .from(quoteLibraryItems)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map((row) => {
      const item = itemOf(row);
      return { ...item, ...unitEconomics(item, hourlyCostCents) };
    }),
    total,
    page,
    pageCount,
  };
}

/** One item, archived or not; throws LibraryItemNotFoundError for an unknown or malformed id. */
export async function getLibraryItem(db: DbExecutor, id: string): Promise<LibraryItem> {
  if (!isUuid(id)) throw new LibraryItemNotFoundError();
  const [row] = await db.select().from(quoteLibraryItems).where(eq(quoteLibraryItems.id, id));
  if (!row) throw new LibraryItemNotFoundError();
  return itemOf(row);
}

/** The item's history, newest first. */
export function libraryItemActivity(db: DbExecutor, id: string): Promise<ActivityEvent[]> {
  return listActivity(db, LIBRARY_SUBJECT, id, { limit: 200 });
}

/**
 * The quote editor's « insérer depuis la bibliothèque »: the items still offered whose
 * folded text holds every word of the query (« platre ba13 » finds « Plâtrerie BA13 »),
 * at most 20, by designation. An empty query lists the first 20.
 */
export async function searchLibraryItems(db: DbExecutor, query: string): Promise<LibraryItem[]> {
  const rows = await db
    .select()
    .from(quoteLibraryItems)
    .where(and(isNull(quoteLibraryItems.archivedAt), ...searchConditions(query)))
    .orderBy(asc(sortableDesignation), asc(quoteLibraryItems.id))
    .limit(LIBRARY_SEARCH_LIMIT);
  return rows.map(itemOf);
}

// ─── Writing ──────────────────────────────────────────────────────────────────────────

function vatText(code: string): string {
  const rate = VAT_RATES[code as LineVatCode];
  return rate ? formatPercent(rate.basisPoints) : code;
}

/** How the history writes a field's value (amounts in euros, hours with « h »). */
function shown(field: LibraryField, value: string | number): string {
  switch (field) {
    case "unitPriceHt":
    case "materials":
      return formatCents(Number(value));
    case "labourHours":
      return `${formatQuantity(Number(value))}\u00a0h`;
    case "vatCode":
      return vatText(String(value));
    default:
      return String(value);
  }
}

/** The stored value of a form field, from the row. */
function storedValue(row: Row, field: LibraryField): string | number {
  switch (field) {
    case "unitPriceHt":
      return row.unitPriceHtCents;
    case "materials":
      return row.materialsCents;
    default:
      return row[field];
  }
}

/** Creates an item; returns its id. */
export async function createLibraryItem(db: Database, actor: Actor, data: LibraryItemData): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quoteLibraryItems)
      .values({ ...columnsOf(data), createdBy: actor.id })
      .returning({ id: quoteLibraryItems.id });
    if (!row) throw new Error("Article non enregistré.");
    await recordActivity(tx, {
      subjectType: LIBRARY_SUBJECT,
      subjectId: row.id,
      kind: "created",
      summary: `Article créé : ${formatCents(data.unitPriceHt)} HT par ${data.unit}, ${VAT_RATES[data.vatCode].label}`,
      data: { unitPriceHt: data.unitPriceHt, unit: data.unit, vatCode: data.vatCode },
      actor,
    });
    return row.id;
  });
}

/** The fields a save changed, or (someone saved the item since the form was loaded) the conflict. */
export type UpdateLibraryItemResult = RevisionedSave<LibraryField>;

/** The item's row, locked until the transaction ends (another save waits for it). */
async function lockItem(tx: DbTransaction, id: string) {
  const [row] = await tx.select().from(quoteLibraryItems).where(eq(quoteLibraryItems.id, id)).for("update");
  if (!row) throw new LibraryItemNotFoundError();
  return row;
}

/**
 * Saves the edit form. The row is locked while it is compared and written, so two
 * people saving at once go one after the other; the second, whose form was loaded at an
 * older revision, is refused rather than silently undoing the first's changes. Nothing
 * changed: nothing is written, the revision stays.
 */
export async function updateLibraryItem(
  db: Database,
  actor: Actor,
  id: string,
  data: LibraryItemData,
  { expectedRevision }: { expectedRevision: number },
): Promise<UpdateLibraryItemResult> {
  if (!isUuid(id)) throw new LibraryItemNotFoundError();
  return db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    if (expectedRevision !== before.revision) {
      return revisionConflict(tx, LIBRARY_SUBJECT, id, before);
    }
    const next: Record<LibraryField, string | number> = {
      designation: data.designation,
      description: data.description,
      unit: data.unit,
      unitPriceHt: data.unitPriceHt,
      vatCode: data.vatCode,
      labourHours: data.labourHours,
      materials: data.materials,
    };
    const changed = LIBRARY_FIELDS.filter((field) => storedValue(before, field) !== next[field]);
    if (changed.length === 0) return { ok: true, changed, revision: before.revision };
    const [after] = await tx
      .update(quoteLibraryItems)
      .set({
        ...columnsOf(data),
        revision: sql`${quoteLibraryItems.revision} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(quoteLibraryItems.id, id))
      .returning({ revision: quoteLibraryItems.revision });
    const described = changed.map((field) =>
      field === "designation" || field === "description"
        ? libraryFieldNames[field]
        : `${libraryFieldNames[field]} (${shown(field, storedValue(before, field))} → ${shown(field, next[field])})`,
    );
    await recordActivity(tx, {
      subjectType: LIBRARY_SUBJECT,
      subjectId: id,
      kind: "updated",
      summary: `Article modifié : ${described.join(", ")}`,
      data: {
        fields: changed,
        from: Object.fromEntries(changed.map((field) => [field, storedValue(before, field)])),
        to: Object.fromEntries(changed.map((field) => [field, next[field]])),
      },
      actor,
    });
    return { ok: true, changed, revision: after?.revision ?? before.revision + 1 };
  });
}

/**
 * Archives an item (no longer offered to the quote editor) or brings it back. The quotes
 * that copied it keep their lines either way. `alreadyDone` when it was so already.
 */
export async function setLibraryItemArchived(
  db: Database,
  actor: Actor,
  id: string,
  archived: boolean,
): Promise<{ designation: string; alreadyDone: boolean }> {
  if (!isUuid(id)) throw new LibraryItemNotFoundError();
  return db.transaction(async (tx) => {
    const before = await lockItem(tx, id);
    if ((before.archivedAt !== null) === archived) {
      return { designation: before.designation, alreadyDone: true };
    }
    const now = new Date();
    await tx
      .update(quoteLibraryItems)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(quoteLibraryItems.id, id));
    await recordActivity(tx, {
      subjectType: LIBRARY_SUBJECT,
      subjectId: id,
      kind: archived ? "archived" : "restored",
      summary: archived
        ? "Article archivé : il n'est plus proposé dans les devis"
        : "Article restauré : de nouveau proposé dans les devis",
      actor,
    });
    return { designation: before.designation, alreadyDone: false };
  });
}
