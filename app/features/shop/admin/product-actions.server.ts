import { refused } from "#app/components/forms/refusal.server.ts";
import type { ActionContext } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { bareIntent, parseIntent } from "#app/lib/form-intent.ts";
import { z } from "#app/lib/zod.ts";
import {
  addProductImage,
  altProblem,
  moveProductImage,
  removeProductImage,
  saveImageAlt,
} from "./catalogue-images.server.ts";
import { CatalogueNotFoundError, CatalogueStateError } from "./catalogue-query.server.ts";
import {
  firstProblem,
  ProductFormSchema,
  StockAdjustmentSchema,
  VariantFormSchema,
} from "./catalogue-schema.ts";
import { adjustStock } from "./catalogue-stock.server.ts";
import { saveProduct, saveVariant, setProductStatus } from "./catalogue-write.server.ts";
import { IMAGE_INTENTS } from "./components/product-images-panel.tsx";
import { ProductImageError } from "./images.server.ts";
import {
  CATALOGUE_LIST_PATH,
  type Posted,
  PRODUCT_INTENTS,
  type ProductRefusal,
  STATUS_INTENTS,
  type StatusIntent,
  signed,
} from "./product-intents.ts";

/*
 * The work of a catalogue product's page: its texts, its status, its variants, their
 * stock and its pictures. The intent is read by one union; each form's fields by its own
 * schema, and a refused form comes back with what was typed (`values`) and the message
 * next to its field.
 */

const ProductPostSchema = z.discriminatedUnion("intent", [
  bareIntent(PRODUCT_INTENTS.fiche),
  bareIntent(PRODUCT_INTENTS.variante),
  bareIntent(PRODUCT_INTENTS.stock),
  ...STATUS_INTENTS.map((intent) => bareIntent(intent)),
  ...Object.values(IMAGE_INTENTS).map((intent) => bareIntent(intent)),
]);

const STATUS_DONE: Record<Exclude<StatusIntent, "supprimer">, string> = {
  publier: "Produit publié : il est en vente sur la boutique.",
  masquer: "Produit masqué : il n'apparaît plus dans la liste de la boutique, son adresse reste accessible.",
  brouillon: "Produit repassé en brouillon : la boutique ne le montre plus.",
};

const isStatusIntent = (intent: string): intent is StatusIntent =>
  (STATUS_INTENTS as readonly string[]).includes(intent);

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function postedValues(form: FormData, names: readonly string[]): Posted {
  return Object.fromEntries(names.map((name) => [name, textOf(form, name)]));
}

const refuse = (status: number, body: Omit<ProductRefusal, "ok">) =>
  refused<{ variantId?: string; imageId?: string }>(status, body);

export type ProductActionContext = ActionContext & {
  productId: string;
};

/** One post of the product's page, done: a redirect with its flash message, or THE refusal. */
export async function answerProductPost(context: ProductActionContext, form: FormData) {
  const { request, actor, productId } = context;
  const { db, env, storage } = context.services;
  const storeId = env.STORE_ID;
  const here = `${CATALOGUE_LIST_PATH}/${productId}`;
  const intent = textOf(form, "intent");
  if (!parseIntent(ProductPostSchema, form).ok) return refuse(400, { intent, message: "Action inconnue." });
  const variantId = textOf(form, "variantId");
  let values: Posted | undefined;
  try {
    if (intent === PRODUCT_INTENTS.fiche) {
      values = postedValues(form, ["title", "subtitle", "ribbonText", "description"]);
      const parsed = ProductFormSchema.safeParse(values);
      if (!parsed.success) return refuse(400, { intent, ...firstProblem(parsed.error), values });
      const changed = await saveProduct(db, storeId, productId, parsed.data, actor);
      return redirectWithFlash(
        request,
        here,
        changed.length > 0
          ? { tone: "success", message: "Fiche enregistrée." }
          : { tone: "info", message: "Aucun changement." },
      );
    }
    if (isStatusIntent(intent)) {
      await setProductStatus(db, storeId, productId, intent, actor);
      if (intent === "supprimer") {
        return redirectWithFlash(request, CATALOGUE_LIST_PATH, {
          tone: "success",
          message: "Produit supprimé du catalogue : les commandes passées gardent leurs lignes.",
        });
      }
      return redirectWithFlash(request, here, { tone: "success", message: STATUS_DONE[intent] });
    }
    if (intent === PRODUCT_INTENTS.variante) {
      values = {
        ...postedValues(form, ["title", "sku", "price", "salePrice", "weight", "lowStockThreshold"]),
        manageInventory: form.has("manageInventory") ? "on" : "",
      };
      const parsed = VariantFormSchema.safeParse({
        ...values,
        manageInventory: values.manageInventory === "on",
      });
      if (!parsed.success) return refuse(400, { intent, variantId, ...firstProblem(parsed.error), values });
      await saveVariant(db, storeId, productId, variantId || null, parsed.data, actor);
      return redirectWithFlash(request, here, {
        tone: "success",
        message: variantId
          ? `Variante « ${parsed.data.title} » enregistrée.`
          : `Variante « ${parsed.data.title} » ajoutée.`,
      });
    }
    if (intent === PRODUCT_INTENTS.stock) {
      values = postedValues(form, ["reason", "quantity", "note"]);
      const parsed = StockAdjustmentSchema.safeParse(values);
      if (!parsed.success) return refuse(400, { intent, variantId, ...firstProblem(parsed.error), values });
      const { delta, quantityAfter } = await adjustStock(
        db,
        storeId,
        productId,
        variantId,
        parsed.data,
        actor,
      );
      return redirectWithFlash(request, here, {
        tone: "success",
        message: `Stock ajusté (${signed(delta)}) : ${quantityAfter} en stock.`,
      });
    }
    const imageId = textOf(form, "imageId");
    const id = /^\d{1,9}$/.test(imageId) ? Number(imageId) : -1;
    const done = (message: string) => redirectWithFlash(request, here, { tone: "success", message });
    if (intent === IMAGE_INTENTS.add) {
      values = postedValues(form, ["alt"]);
      const file = form.get("image");
      if (!(file instanceof File) || file.size === 0) {
        return refuse(400, {
          intent,
          field: "image",
          message: "Choisissez une image (JPEG, PNG ou WebP).",
          values,
        });
      }
      const problem = altProblem(values.alt ?? "");
      if (problem) return refuse(400, { intent, field: "alt", message: problem, values });
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        await addProductImage(db, storage, storeId, productId, bytes, values.alt ?? "", actor);
      } catch (error) {
        if (error instanceof ProductImageError) {
          return refuse(400, { intent, field: "image", message: error.message, values });
        }
        throw error;
      }
      return done("Image ajoutée : la boutique la montre déjà.");
    }
    if (intent === IMAGE_INTENTS.alt) {
      values = postedValues(form, ["alt"]);
      const problem = altProblem(values.alt ?? "");
      if (problem) return refuse(400, { intent, imageId, field: "alt", message: problem, values });
      await saveImageAlt(db, storeId, productId, id, values.alt ?? "", actor);
      return done("Texte de l'image enregistré.");
    }
    if (intent === IMAGE_INTENTS.before || intent === IMAGE_INTENTS.after) {
      const direction = intent === IMAGE_INTENTS.before ? "avant" : "apres";
      await moveProductImage(db, storeId, productId, id, direction, actor);
      return done("Ordre des images enregistré.");
    }
    await removeProductImage(db, storage, storeId, productId, id, actor);
    return done("Image retirée.");
  } catch (error) {
    if (error instanceof CatalogueNotFoundError) {
      return refuse(404, { intent, variantId, message: error.message, values });
    }
    if (error instanceof CatalogueStateError) {
      const field = intent === PRODUCT_INTENTS.stock ? "quantity" : undefined;
      const imageId = intent.startsWith("image-") ? textOf(form, "imageId") : undefined;
      return refuse(409, { intent, variantId, imageId, field, message: error.message, values });
    }
    throw error;
  }
}
