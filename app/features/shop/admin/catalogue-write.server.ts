import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  shopProductOptions,
  shopProductOptionValues,
  shopProducts,
  shopVariantOptionValues,
  shopVariantPrices,
  shopVariants,
} from "#app/db/schema/shop.ts";
import { type ActivityActor, recordActivity } from "#app/lib/activity.server.ts";
import { formatCents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { escapeLike } from "#app/lib/search-text.ts";
import type { z } from "#app/lib/zod.ts";
import { sanitizeDescription } from "../sanitize.server.ts";
import { CATALOGUE_STATUS_LABELS, catalogueStatusOf } from "./catalogue-labels.ts";
import { CatalogueStateError, productRow, variantRow } from "./catalogue-query.server.ts";
import { ProductFormSchema, type VariantFormValues } from "./catalogue-schema.ts";

/*
 * The catalogue's writes: a product's texts and status (published, hidden or draft, never
 * really deleted: orders keep their lines) and its variants. Every write runs in a
 * transaction and lands in the product's history; the store reads the same tables, so a
 * change shows on /store at once.
 */

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
