import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  shopProductImages,
  shopProductOptions,
  shopProductOptionValues,
  shopProducts,
  shopStockMovements,
  shopVariantOptionValues,
  shopVariantPrices,
  shopVariants,
} from "#app/db/schema/shop.ts";
import {
  type ActivityActor,
  type ActivityEvent,
  listActivity,
  recordActivity,
} from "#app/lib/activity.server.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { formatCents, MoneySchema } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { escapeLike } from "#app/lib/search-text.ts";
import { hasControlCharacters, hasControlCharactersInText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";
import { sanitizeDescription } from "../sanitize.server.ts";
import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  CATALOGUE_STATUS_LABELS,
  type CatalogueStatus,
  catalogueStatusOf,
} from "./catalogue-labels.ts";
import { CATALOGUE_PAGE_SIZE, type CatalogueFilters } from "./schema.ts";

/*
 * The shop's catalogue in the Espace Pro (/erp/boutique/produits): the products as the
 * staff manage them — published, hidden or draft, never really deleted (orders keep their
 * lines) — their « Style » variants with price, sale price, SKU, weight and stock, and the
 * stock's movements. Every write runs in a transaction and lands in the product's history;
 * the store reads the same tables, so a change shows on /store at once.
 */

export class CatalogueNotFoundError extends Error {
  override name = "CatalogueNotFoundError";
  constructor(message = "Ce produit n'existe pas.") {
    super(message);
  }
}

/** A change that makes no sense as the product is now (409). */
export class CatalogueStateError extends Error {
  override name = "CatalogueStateError";
}

// ─── List ────────────────────────────────────────────────────────────────────────────

export type CatalogueListItem = {
  id: string;
  title: string;
  thumbnail: string | null;
  status: CatalogueStatus;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** Units in managed stock over the variants; null when no variant's stock is managed. */
  stock: number | null;
  /** Variants at or below their threshold (managed stock only). */
  lowStock: number;
  variantCount: number;
};

const live = (storeId: string) =>
  and(eq(shopProducts.storeId, storeId), isNull(shopProducts.deletedAt)) as SQL;

/** What a customer pays for a variant: its sale price when lower. */
const paidPrice = sql<number>`case when ${shopVariantPrices.saleAmount} is not null and ${shopVariantPrices.saleAmount} < ${shopVariantPrices.amount} then ${shopVariantPrices.saleAmount} else ${shopVariantPrices.amount} end`;

export async function listCatalogue(db: DbExecutor, storeId: string, filters: CatalogueFilters) {
  const where: SQL[] = [live(storeId)];
  if (filters.statut === "brouillon") where.push(eq(shopProducts.status, "draft"));
  if (filters.statut === "masque")
    where.push(and(eq(shopProducts.status, "published"), eq(shopProducts.isHidden, true)) as SQL);
  if (filters.statut === "publie")
    where.push(and(eq(shopProducts.status, "published"), eq(shopProducts.isHidden, false)) as SQL);
  const query = (filters.q ?? "").trim();
  for (const word of query.split(/\s+/).filter(Boolean)) {
    const pattern = `%${escapeLike(word)}%`;
    where.push(
      or(
        ilike(shopProducts.title, pattern),
        ilike(shopProducts.subtitle, pattern),
        sql`exists (select 1 from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null and (v.sku ilike ${pattern} or v.title ilike ${pattern}))`,
      ) as SQL,
    );
  }
  if (filters.stock === "bas") {
    where.push(
      sql`exists (select 1 from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null and v.manage_inventory and v.inventory_quantity <= v.low_stock_threshold)`,
    );
  }
  if (filters.stock === "rupture") {
    where.push(
      sql`exists (select 1 from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null and v.manage_inventory and v.inventory_quantity = 0)`,
    );
  }
  const condition = and(...where);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(shopProducts).where(condition);
  const total = Number(count?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, CATALOGUE_PAGE_SIZE);
  const products = await db
    .select({
      id: shopProducts.id,
      title: shopProducts.title,
      thumbnail: shopProducts.thumbnail,
      status: shopProducts.status,
      isHidden: shopProducts.isHidden,
    })
    .from(shopProducts)
    .where(condition)
    .orderBy(asc(shopProducts.sortOrder), asc(shopProducts.title))
    .limit(limit)
    .offset(offset);
  const ids = products.map((product) => product.id);
  const figures =
    ids.length === 0
      ? []
      : await db
          .select({
            productId: shopVariants.productId,
            minPrice: sql<number | null>`min(${paidPrice})`,
            maxPrice: sql<number | null>`max(${paidPrice})`,
            stock: sql<
              number | null
            >`sum(${shopVariants.inventoryQuantity}) filter (where ${shopVariants.manageInventory})`,
            low: sql<number>`count(*) filter (where ${shopVariants.manageInventory} and ${shopVariants.inventoryQuantity} <= ${shopVariants.lowStockThreshold})`,
            variants: sql<number>`count(distinct ${shopVariants.id})`,
          })
          .from(shopVariants)
          .leftJoin(
            shopVariantPrices,
            and(eq(shopVariantPrices.variantId, shopVariants.id), eq(shopVariantPrices.sortOrder, 0)),
          )
          .where(and(inArray(shopVariants.productId, ids), isNull(shopVariants.deletedAt)))
          .groupBy(shopVariants.productId);
  const byProduct = new Map(figures.map((row) => [row.productId, row]));
  const items: CatalogueListItem[] = products.map((product) => {
    const row = byProduct.get(product.id);
    return {
      id: product.id,
      title: product.title,
      thumbnail: product.thumbnail,
      status: catalogueStatusOf(product),
      minPriceCents: row?.minPrice == null ? null : Number(row.minPrice),
      maxPriceCents: row?.maxPrice == null ? null : Number(row.maxPrice),
      stock: row?.stock == null ? null : Number(row.stock),
      lowStock: Number(row?.low ?? 0),
      variantCount: Number(row?.variants ?? 0),
    };
  });
  return { items, total, page, pageCount };
}

// ─── One product ─────────────────────────────────────────────────────────────────────

export type StockMovementView = {
  id: number;
  delta: number;
  quantityAfter: number;
  reason: string;
  note: string | null;
  actorEmail: string;
  createdAt: Date;
};

export type CatalogueVariant = {
  id: string;
  title: string;
  sku: string | null;
  priceCents: number;
  salePriceCents: number | null;
  weightGrams: number | null;
  manageInventory: boolean;
  inventoryQuantity: number;
  lowStockThreshold: number;
  /** The latest movements first (at most MOVEMENTS_SHOWN). */
  movements: StockMovementView[];
};

export type CatalogueProduct = {
  product: {
    id: string;
    title: string;
    subtitle: string | null;
    ribbonText: string | null;
    description: string;
    thumbnail: string | null;
    status: CatalogueStatus;
    updatedAt: Date;
  };
  variants: CatalogueVariant[];
  images: { id: number; url: string; alt: string; sortOrder: number; storageKey: string | null }[];
  events: ActivityEvent[];
};

export const MOVEMENTS_SHOWN = 20;

async function productRow(db: DbExecutor, storeId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(shopProducts)
    .where(and(live(storeId), eq(shopProducts.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new CatalogueNotFoundError();
  return row;
}

export async function getCatalogueProduct(
  db: DbExecutor,
  storeId: string,
  id: string,
): Promise<CatalogueProduct> {
  const row = await productRow(db, storeId, id);
  const [variants, images, events] = await Promise.all([
    db
      .select({
        id: shopVariants.id,
        title: shopVariants.title,
        sku: shopVariants.sku,
        weightGrams: shopVariants.weightGrams,
        manageInventory: shopVariants.manageInventory,
        inventoryQuantity: shopVariants.inventoryQuantity,
        lowStockThreshold: shopVariants.lowStockThreshold,
        priceCents: shopVariantPrices.amount,
        salePriceCents: shopVariantPrices.saleAmount,
      })
      .from(shopVariants)
      .leftJoin(
        shopVariantPrices,
        and(eq(shopVariantPrices.variantId, shopVariants.id), eq(shopVariantPrices.sortOrder, 0)),
      )
      .where(and(eq(shopVariants.productId, id), isNull(shopVariants.deletedAt)))
      .orderBy(asc(shopVariants.sortOrder), asc(shopVariants.id)),
    db
      .select({
        id: shopProductImages.id,
        url: shopProductImages.url,
        alt: shopProductImages.alt,
        sortOrder: shopProductImages.sortOrder,
        storageKey: shopProductImages.storageKey,
      })
      .from(shopProductImages)
      .where(eq(shopProductImages.productId, id))
      .orderBy(asc(shopProductImages.sortOrder), asc(shopProductImages.id)),
    listActivity(db, "produit", id),
  ]);
  // The latest movements of each variant: a busy one never hides a quiet one's.
  const movements = (
    await Promise.all(
      variants.map((variant) =>
        db
          .select()
          .from(shopStockMovements)
          .where(eq(shopStockMovements.variantId, variant.id))
          .orderBy(desc(shopStockMovements.id))
          .limit(MOVEMENTS_SHOWN),
      ),
    )
  ).flat();
  return {
    product: {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      ribbonText: row.ribbonText,
      description: row.description,
      thumbnail: row.thumbnail,
      status: catalogueStatusOf(row),
      updatedAt: row.updatedAt,
    },
    variants: variants.map((variant) => ({
      ...variant,
      priceCents: variant.priceCents ?? 0,
      salePriceCents: variant.salePriceCents ?? null,
      movements: movements
        .filter((movement) => movement.variantId === variant.id)
        .slice(0, MOVEMENTS_SHOWN)
        .map(({ variantId: _variant, orderId: _order, ...movement }) => movement),
    })),
    images,
    events,
  };
}

// ─── Forms ───────────────────────────────────────────────────────────────────────────

const line = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} : ${max} caractères au plus.`)
    .refine(
      (value) => !hasControlCharacters(value),
      `${label} : une seule ligne, sans caractère de contrôle.`,
    );

export const DESCRIPTION_MAX = 20_000;

export const ProductFormSchema = z.object({
  title: line(120, "Titre").pipe(z.string().min(1, "Indiquez le titre du produit.")),
  subtitle: line(200, "Sous-titre"),
  ribbonText: line(30, "Bandeau"),
  description: z
    .string()
    .max(DESCRIPTION_MAX, `Description : ${DESCRIPTION_MAX} caractères au plus.`)
    .refine(
      (value) => !hasControlCharactersInText(value),
      "Description : un caractère de contrôle n'y a pas sa place.",
    ),
});
export type ProductFormInput = z.input<typeof ProductFormSchema>;

const optionalMoney = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const parsed = MoneySchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Montant invalide." });
      return z.NEVER;
    }
    return parsed.data;
  });

const wholeNumber = (label: string, max: number, optional: boolean) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "" && optional) return null;
      if (!/^\d{1,9}$/.test(value) || Number(value) > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} : un nombre entier entre 0 et ${max.toLocaleString("fr-FR")}.`,
        });
        return z.NEVER;
      }
      return Number(value);
    });

export const VariantFormSchema = z
  .object({
    title: line(80, "Nom de la variante").pipe(
      z.string().min(1, "Indiquez le nom de la variante (son « Style »)."),
    ),
    sku: line(64, "Référence (SKU)"),
    price: z.string().trim().min(1, "Indiquez le prix TTC.").pipe(MoneySchema),
    salePrice: optionalMoney,
    weight: wholeNumber("Poids (g)", 1_000_000, true),
    manageInventory: z.boolean(),
    lowStockThreshold: wholeNumber("Seuil de stock bas", 100_000, false).pipe(z.number()),
  })
  .refine((value) => value.price >= 0, { message: "Le prix ne peut pas être négatif.", path: ["price"] })
  .refine((value) => value.salePrice === null || value.salePrice < value.price, {
    message: "Le prix soldé doit être inférieur au prix.",
    path: ["salePrice"],
  })
  .refine((value) => value.salePrice === null || value.salePrice >= 0, {
    message: "Le prix soldé ne peut pas être négatif.",
    path: ["salePrice"],
  });
export type VariantFormInput = z.input<typeof VariantFormSchema>;
export type VariantFormValues = z.output<typeof VariantFormSchema>;

export const ADJUSTMENT_MAX = 100_000;

export const StockAdjustmentSchema = z
  .object({
    reason: z.enum(ADJUSTMENT_REASONS, { error: "Choisissez le motif : réception, inventaire ou casse." }),
    quantity: wholeNumber("Quantité", ADJUSTMENT_MAX, false).pipe(z.number()),
    note: line(200, "Commentaire"),
  })
  .refine((value) => value.reason === "inventaire" || value.quantity > 0, {
    message: "Indiquez une quantité d'au moins 1.",
    path: ["quantity"],
  });
export type StockAdjustmentInput = z.input<typeof StockAdjustmentSchema>;

/** The first French message of a failed parse, with its field. */
export function firstProblem(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ""), message: issue?.message ?? "Saisie invalide." };
}

// ─── Writes ──────────────────────────────────────────────────────────────────────────

const FIELD_LABELS: Record<string, string> = {
  title: "titre",
  subtitle: "sous-titre",
  ribbonText: "bandeau",
  description: "description",
};

/** Saves the product's texts; the description is sanitized as the store API sanitizes it. */
export async function saveProduct(
  db: Database,
  storeId: string,
  id: string,
  input: z.output<typeof ProductFormSchema>,
  actor: ActivityActor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await productRow(tx, storeId, id, true);
    const next = {
      title: input.title,
      subtitle: input.subtitle || null,
      ribbonText: input.ribbonText || null,
      description: sanitizeDescription(input.description),
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => (row[key] ?? null) !== (next[key] ?? null),
    );
    if (changed.length === 0) return [];
    await tx
      .update(shopProducts)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(shopProducts.id, id));
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: id,
      kind: "updated",
      summary: `Fiche modifiée : ${changed.map((key) => FIELD_LABELS[key]).join(", ")}`,
      data: { fields: changed },
      actor,
    });
    return changed;
  });
}

function slugOf(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "produit";
}

/** A new product, as a draft with one variant « Standard » (price 0, stock not managed). */
export async function createProduct(
  db: Database,
  storeId: string,
  title: string,
  actor: ActivityActor,
): Promise<{ id: string }> {
  const parsed = ProductFormSchema.shape.title.safeParse(title);
  if (!parsed.success) throw new CatalogueStateError(parsed.error.issues[0]?.message ?? "Titre invalide.");
  return db.transaction(async (tx) => {
    const base = slugOf(parsed.data);
    const taken = await tx
      .select({ id: shopProducts.id })
      .from(shopProducts)
      .where(or(eq(shopProducts.id, base), sql`${shopProducts.id} like ${`${escapeLike(base)}-%`}`));
    const used = new Set(taken.map((row) => row.id));
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    const [last] = await tx
      .select({ order: sql<number>`coalesce(max(${shopProducts.sortOrder}), 0)::int` })
      .from(shopProducts)
      .where(eq(shopProducts.storeId, storeId));
    await tx.insert(shopProducts).values({
      id,
      storeId,
      title: parsed.data,
      status: "draft",
      sortOrder: Number(last?.order ?? 0) + 1,
    });
    const optionId = `${id}--style`;
    await tx.insert(shopProductOptions).values({ id: optionId, productId: id, title: "Style" });
    await insertVariant(tx, id, optionId, "Standard", 0);
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: id,
      kind: "created",
      summary: "Produit créé (brouillon)",
      actor,
    });
    return { id };
  });
}

async function styleOption(tx: DbExecutor, productId: string): Promise<string> {
  const [option] = await tx
    .select({ id: shopProductOptions.id })
    .from(shopProductOptions)
    .where(and(eq(shopProductOptions.productId, productId), eq(shopProductOptions.title, "Style")));
  if (option) return option.id;
  const id = `${productId}--style-${randomUUID().slice(0, 8)}`;
  await tx.insert(shopProductOptions).values({ id, productId, title: "Style" });
  return id;
}

async function insertVariant(
  tx: DbExecutor,
  productId: string,
  optionId: string,
  title: string,
  sortOrder: number,
): Promise<string> {
  const id = `${productId}--${randomUUID().slice(0, 8)}`;
  await tx.insert(shopVariants).values({ id, productId, title, sortOrder });
  await tx.insert(shopVariantPrices).values({ variantId: id, amount: 0, sortOrder: 0 });
  const valueId = `${id}--valeur`;
  await tx.insert(shopProductOptionValues).values({ id: valueId, optionId, value: title, sortOrder });
  await tx.insert(shopVariantOptionValues).values({ variantId: id, optionValueId: valueId });
  return id;
}

const STATUS_ACTIONS = {
  publier: { status: "published", isHidden: false, summary: "Publié sur la boutique" },
  masquer: { status: "published", isHidden: true, summary: "Masqué de la boutique" },
  brouillon: { status: "draft", isHidden: false, summary: "Repassé en brouillon" },
} as const;
export type StatusAction = keyof typeof STATUS_ACTIONS | "supprimer";

/** Publishes, hides, drafts or deletes (softly: orders keep their lines) a product. */
export async function setProductStatus(
  db: Database,
  storeId: string,
  id: string,
  action: StatusAction,
  actor: ActivityActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await productRow(tx, storeId, id, true);
    if (action === "supprimer") {
      await tx
        .update(shopProducts)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(shopProducts.id, id));
      await recordActivity(tx, {
        subjectType: "produit",
        subjectId: id,
        kind: "deleted",
        summary: "Produit supprimé du catalogue (les commandes passées le gardent)",
        actor,
      });
      return;
    }
    const next = STATUS_ACTIONS[action];
    if (!next) throw new CatalogueStateError("Action inconnue.");
    if (action === "publier") {
      const [priced] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(shopVariants)
        .innerJoin(shopVariantPrices, eq(shopVariantPrices.variantId, shopVariants.id))
        .where(
          and(
            eq(shopVariants.productId, id),
            isNull(shopVariants.deletedAt),
            sql`${shopVariantPrices.amount} > 0`,
          ),
        );
      if (Number(priced?.n ?? 0) === 0) {
        throw new CatalogueStateError("Donnez un prix à au moins une variante avant de publier le produit.");
      }
    }
    const current = catalogueStatusOf(row);
    const target = catalogueStatusOf(next);
    if (current === target) {
      throw new CatalogueStateError(`Ce produit est déjà « ${CATALOGUE_STATUS_LABELS[current]} ».`);
    }
    await tx
      .update(shopProducts)
      .set({ status: next.status, isHidden: next.isHidden, updatedAt: sql`now()` })
      .where(eq(shopProducts.id, id));
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: id,
      kind: "status",
      summary: next.summary,
      data: { from: current, to: target },
      actor,
    });
  });
}

async function variantRow(tx: DbExecutor, productId: string, variantId: string) {
  const [row] = await tx
    .select()
    .from(shopVariants)
    .where(
      and(
        eq(shopVariants.id, variantId),
        eq(shopVariants.productId, productId),
        isNull(shopVariants.deletedAt),
      ),
    )
    .for("update");
  if (!row) throw new CatalogueNotFoundError("Cette variante n'existe pas.");
  return row;
}

/** Saves a variant (`variantId` null: adds one). Its stock moves only by adjustments. */
export async function saveVariant(
  db: Database,
  storeId: string,
  productId: string,
  variantId: string | null,
  input: VariantFormValues,
  actor: ActivityActor,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await productRow(tx, storeId, productId, true);
    let id = variantId;
    let before: { title: string; price: number; sale: number | null } | null = null;
    if (id) {
      const row = await variantRow(tx, productId, id);
      const [price] = await tx
        .select()
        .from(shopVariantPrices)
        .where(and(eq(shopVariantPrices.variantId, id), eq(shopVariantPrices.sortOrder, 0)));
      before = { title: row.title, price: price?.amount ?? 0, sale: price?.saleAmount ?? null };
    } else {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(shopVariants)
        .where(eq(shopVariants.productId, productId));
      id = await insertVariant(
        tx,
        productId,
        await styleOption(tx, productId),
        input.title,
        Number(count?.n ?? 0),
      );
    }
    await tx
      .update(shopVariants)
      .set({
        title: input.title,
        sku: input.sku || null,
        weightGrams: input.weight,
        manageInventory: input.manageInventory,
        lowStockThreshold: input.lowStockThreshold,
        updatedAt: sql`now()`,
      })
      .where(eq(shopVariants.id, id));
    const updatedPrice = await tx
      .update(shopVariantPrices)
      .set({ amount: input.price, saleAmount: input.salePrice })
      .where(and(eq(shopVariantPrices.variantId, id), eq(shopVariantPrices.sortOrder, 0)))
      .returning({ id: shopVariantPrices.id });
    if (updatedPrice.length === 0) {
      await tx
        .insert(shopVariantPrices)
        .values({ variantId: id, amount: input.price, saleAmount: input.salePrice, sortOrder: 0 });
    }
    // The « Style » value the store shows is the variant's name.
    const links = await tx
      .select({ valueId: shopVariantOptionValues.optionValueId })
      .from(shopVariantOptionValues)
      .where(eq(shopVariantOptionValues.variantId, id));
    if (links.length > 0) {
      await tx
        .update(shopProductOptionValues)
        .set({ value: input.title })
        .where(
          inArray(
            shopProductOptionValues.id,
            links.map((link) => link.valueId),
          ),
        );
    }
    await tx.update(shopProducts).set({ updatedAt: sql`now()` }).where(eq(shopProducts.id, productId));
    const price = (cents: number | null) => (cents === null ? "aucun" : formatCents(cents));
    const details: string[] = [];
    if (before && before.price !== input.price)
      details.push(`prix ${price(before.price)} → ${price(input.price)}`);
    if (before && before.sale !== input.salePrice)
      details.push(`prix soldé ${price(before.sale)} → ${price(input.salePrice)}`);
    if (before && before.title !== input.title) details.push(`nom « ${before.title} » → « ${input.title} »`);
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: productId,
      kind: before ? "variant_updated" : "variant_created",
      summary: before
        ? `Variante « ${input.title} » modifiée${details.length ? ` : ${details.join(", ")}` : ""}`
        : `Variante « ${input.title} » ajoutée (${formatCents(input.price)})`,
      data: { variantId: id, price: input.price, salePrice: input.salePrice },
      actor,
    });
    return { id };
  });
}

/**
 * A stock adjustment: a delivery received (+n), breakage (−n), or a count (the stock
 * becomes n). The variant's row is locked, so an order taking units at the same moment
 * is counted before or after, never lost; the stock never goes below zero.
 */
export async function adjustStock(
  db: Database,
  storeId: string,
  productId: string,
  variantId: string,
  input: { reason: AdjustmentReason; quantity: number; note: string },
  actor: ActivityActor,
): Promise<{ delta: number; quantityAfter: number }> {
  return db.transaction(async (tx) => {
    await productRow(tx, storeId, productId);
    const row = await variantRow(tx, productId, variantId);
    if (!row.manageInventory) {
      throw new CatalogueStateError(
        "Le stock de cette variante n'est pas suivi : cochez « Suivre le stock » avant de l'ajuster.",
      );
    }
    const delta =
      input.reason === "reception"
        ? input.quantity
        : input.reason === "casse"
          ? -input.quantity
          : input.quantity - row.inventoryQuantity;
    const quantityAfter = row.inventoryQuantity + delta;
    if (quantityAfter < 0) {
      throw new CatalogueStateError(
        `Il ne reste que ${row.inventoryQuantity} en stock : impossible d'en retirer ${input.quantity}.`,
      );
    }
    if (delta === 0) {
      throw new CatalogueStateError(`Le stock est déjà de ${row.inventoryQuantity} : rien à changer.`);
    }
    await tx
      .update(shopVariants)
      .set({ inventoryQuantity: quantityAfter, updatedAt: sql`now()` })
      .where(eq(shopVariants.id, variantId));
    await tx.insert(shopStockMovements).values({
      variantId,
      delta,
      quantityAfter,
      reason: input.reason,
      note: input.note || null,
      actorEmail: actor.email,
    });
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: productId,
      kind: "stock",
      summary: `Stock de « ${row.title} » : ${delta > 0 ? "+" : ""}${delta} (${ADJUSTMENT_REASON_LABELS[input.reason].toLowerCase()}), ${quantityAfter} en stock${input.note ? ` — ${input.note}` : ""}`,
      data: { variantId, delta, quantityAfter, reason: input.reason },
      actor,
    });
    return { delta, quantityAfter };
  });
}

export type LowStockVariant = {
  productId: string;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  threshold: number;
};

/** For the dashboard: the managed variants at or below their threshold, emptiest first. */
export async function lowStockVariants(
  db: DbExecutor,
  storeId: string,
  limit = 10,
): Promise<LowStockVariant[]> {
  return db
    .select({
      productId: shopProducts.id,
      productTitle: shopProducts.title,
      variantTitle: shopVariants.title,
      quantity: shopVariants.inventoryQuantity,
      threshold: shopVariants.lowStockThreshold,
    })
    .from(shopVariants)
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(
      and(
        live(storeId),
        isNull(shopVariants.deletedAt),
        eq(shopVariants.manageInventory, true),
        sql`${shopVariants.inventoryQuantity} <= ${shopVariants.lowStockThreshold}`,
      ),
    )
    .orderBy(asc(shopVariants.inventoryQuantity), asc(shopProducts.title))
    .limit(limit);
}
