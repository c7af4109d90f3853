import { Archive, Eye, EyeOff, Plus, Save, Trash2, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { CheckboxField, MoneyField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { CATALOGUE_HANDLE, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import {
  addProductImage,
  altProblem,
  moveProductImage,
  removeProductImage,
  saveImageAlt,
} from "#app/features/shop/admin/catalogue-images.server.ts";
import {
  ADJUSTMENT_QUANTITY_LABELS,
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  CATALOGUE_STATUS_LABELS,
  CATALOGUE_STATUS_TONES,
  type CatalogueStatus,
  MOVEMENT_REASON_LABELS,
  PRODUCT_IMAGES_MAX,
} from "#app/features/shop/admin/catalogue-labels.ts";
import { getCatalogueProduct } from "#app/features/shop/admin/catalogue-product.server.ts";
import {
  CatalogueNotFoundError,
  CatalogueStateError,
} from "#app/features/shop/admin/catalogue-query.server.ts";
import {
  firstProblem,
  ProductFormSchema,
  StockAdjustmentSchema,
  VariantFormSchema,
} from "#app/features/shop/admin/catalogue-schema.ts";
import { adjustStock } from "#app/features/shop/admin/catalogue-stock.server.ts";
import {
  saveProduct,
  saveVariant,
  setProductStatus,
} from "#app/features/shop/admin/catalogue-write.server.ts";
import {
  IMAGE_INTENTS,
  ProductImagesPanel,
} from "#app/features/shop/admin/components/product-images-panel.tsx";
import { RichTextEditor } from "#app/features/shop/admin/components/rich-text-editor.tsx";
import { ProductImageError } from "#app/features/shop/admin/images.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/produit";

/*
 * /erp/boutique/produits/:id — one product of the catalogue: its texts (the description
 * in the rich-text editor, sanitized on the server), its status (publish, hide, back to
 * draft, delete), its « Style » variants with price and stock, each variant's stock
 * movements, and its history. Every form is checked again on the server; a refused one
 * comes back with what was typed and the message next to its field.
 */

export const handle = CATALOGUE_HANDLE;

const LIST_PATH = "/erp/boutique/produits";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, env } = getServices(context);
  try {
    const view = await getCatalogueProduct(db, env.STORE_ID, params.id);
    return { ...view, crumb: view.product.title };
  } catch (error) {
    if (error instanceof CatalogueNotFoundError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

const INTENTS = {
  fiche: "fiche",
  variante: "variante",
  stock: "stock",
} as const;

const STATUS_INTENTS = ["publier", "masquer", "brouillon", "supprimer"] as const;
type StatusIntent = (typeof STATUS_INTENTS)[number];
const isStatusIntent = (intent: string): intent is StatusIntent =>
  (STATUS_INTENTS as readonly string[]).includes(intent);

const STATUS_DONE: Record<Exclude<StatusIntent, "supprimer">, string> = {
  publier: "Produit publié : il est en vente sur la boutique.",
  masquer: "Produit masqué : il n'apparaît plus dans la liste de la boutique, son adresse reste accessible.",
  brouillon: "Produit repassé en brouillon : la boutique ne le montre plus.",
};

/** What was typed in the refused form, to show it again. */
type Posted = Record<string, string>;

type Refusal = {
  ok: false;
  intent: string;
  message: string;
  field?: string;
  /** The variant the refused form was about ("" for a new one). */
  variantId?: string;
  /** The picture the refused form was about. */
  imageId?: string;
  values?: Posted;
};

function refused(status: number, body: Omit<Refusal, "ok">) {
  return data<Refusal>({ ok: false, ...body }, { status });
}

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function postedValues(form: FormData, names: readonly string[]): Posted {
  return Object.fromEntries(names.map((name) => [name, textOf(form, name)]));
}

/** « +5 », « −3 » (a true minus sign). */
function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const { db, env, storage } = getServices(context);
  const form = await request.formData().catch(() => null);
  if (!form) {
    return refused(400, { intent: "", message: "Le formulaire envoyé est illisible : rechargez la page." });
  }
  const intent = textOf(form, "intent");
  const actor = { id: session.user.id, email: session.user.email };
  const storeId = env.STORE_ID;
  const here = `${LIST_PATH}/${params.id}`;
  const variantId = textOf(form, "variantId");
  let values: Posted | undefined;
  try {
    if (intent === INTENTS.fiche) {
      values = postedValues(form, ["title", "subtitle", "ribbonText", "description"]);
      const parsed = ProductFormSchema.safeParse(values);
      if (!parsed.success) return refused(400, { intent, ...firstProblem(parsed.error), values });
      const changed = await saveProduct(db, storeId, params.id, parsed.data, actor);
      return redirectWithFlash(
        request,
        here,
        changed.length > 0
          ? { tone: "success", message: "Fiche enregistrée." }
          : { tone: "info", message: "Aucun changement." },
      );
    }
    if (isStatusIntent(intent)) {
      await setProductStatus(db, storeId, params.id, intent, actor);
      if (intent === "supprimer") {
        return redirectWithFlash(request, LIST_PATH, {
          tone: "success",
          message: "Produit supprimé du catalogue : les commandes passées gardent leurs lignes.",
        });
      }
      return redirectWithFlash(request, here, { tone: "success", message: STATUS_DONE[intent] });
    }
    if (intent === INTENTS.variante) {
      values = {
        ...postedValues(form, ["title", "sku", "price", "salePrice", "weight", "lowStockThreshold"]),
        manageInventory: form.has("manageInventory") ? "on" : "",
      };
      const parsed = VariantFormSchema.safeParse({
        ...values,
        manageInventory: values.manageInventory === "on",
      });
      if (!parsed.success) return refused(400, { intent, variantId, ...firstProblem(parsed.error), values });
      await saveVariant(db, storeId, params.id, variantId || null, parsed.data, actor);
      return redirectWithFlash(request, here, {
        tone: "success",
        message: variantId
          ? `Variante « ${parsed.data.title} » enregistrée.`
          : `Variante « ${parsed.data.title} » ajoutée.`,
      });
    }
    if (intent === INTENTS.stock) {
      values = postedValues(form, ["reason", "quantity", "note"]);
      const parsed = StockAdjustmentSchema.safeParse(values);
      if (!parsed.success) return refused(400, { intent, variantId, ...firstProblem(parsed.error), values });
      const { delta, quantityAfter } = await adjustStock(
        db,
        storeId,
        params.id,
        variantId,
        parsed.data,
        actor,
      );
      return redirectWithFlash(request, here, {
        tone: "success",
        message: `Stock ajusté (${signed(delta)}) : ${quantityAfter} en stock.`,
      });
    }
    if (intent.startsWith("image-")) {
      const imageId = textOf(form, "imageId");
      const id = /^\d{1,9}$/.test(imageId) ? Number(imageId) : -1;
      const done = (message: string) => redirectWithFlash(request, here, { tone: "success", message });
      if (intent === IMAGE_INTENTS.add) {
        values = postedValues(form, ["alt"]);
        const file = form.get("image");
        if (!(file instanceof File) || file.size === 0) {
          return refused(400, {
            intent,
            field: "image",
            message: "Choisissez une image (JPEG, PNG ou WebP).",
            values,
          });
        }
        const problem = altProblem(values.alt ?? "");
        if (problem) return refused(400, { intent, field: "alt", message: problem, values });
        try {
          await addProductImage(
            db,
            storage,
            storeId,
            params.id,
            new Uint8Array(await file.arrayBuffer()),
            values.alt ?? "",
            actor,
          );
        } catch (error) {
          if (error instanceof ProductImageError) {
            return refused(400, { intent, field: "image", message: error.message, values });
          }
          throw error;
        }
        return done("Image ajoutée : la boutique la montre déjà.");
      }
      if (intent === IMAGE_INTENTS.alt) {
        values = postedValues(form, ["alt"]);
        const problem = altProblem(values.alt ?? "");
        if (problem) return refused(400, { intent, imageId, field: "alt", message: problem, values });
        await saveImageAlt(db, storeId, params.id, id, values.alt ?? "", actor);
        return done("Texte de l'image enregistré.");
      }
      if (intent === IMAGE_INTENTS.before || intent === IMAGE_INTENTS.after) {
        await moveProductImage(
          db,
          storeId,
          params.id,
          id,
          intent === IMAGE_INTENTS.before ? "avant" : "apres",
          actor,
        );
        return done("Ordre des images enregistré.");
      }
      if (intent === IMAGE_INTENTS.remove) {
        await removeProductImage(db, storage, storeId, params.id, id, actor);
        return done("Image retirée.");
      }
    }
    return refused(400, { intent, message: "Action inconnue." });
  } catch (error) {
    if (error instanceof CatalogueNotFoundError) {
      return refused(404, { intent, variantId, message: error.message, values });
    }
    if (error instanceof CatalogueStateError) {
      const field = intent === INTENTS.stock ? "quantity" : undefined;
      const imageId = intent.startsWith("image-") ? textOf(form, "imageId") : undefined;
      return refused(409, { intent, variantId, imageId, field, message: error.message, values });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.product.title} — Catalogue` : "", args);
export const shouldRevalidate = erpShouldRevalidate;
export const ErrorBoundary = ErpPageErrorBoundary;

type LoaderData = Route.ComponentProps["loaderData"];
type VariantView = LoaderData["variants"][number];

const STATUS_NOTES: Record<CatalogueStatus, string> = {
  publie: "En vente : la boutique le montre dans sa liste et sur sa page.",
  masque: "Absent de la liste de la boutique ; sa page reste accessible par son adresse.",
  brouillon: "La boutique ne le montre pas.",
};

const headingClass = "mb-3 text-lg font-bold text-brand-900";
const subheadingClass = "font-heading text-base font-bold text-brand-900";

/** The message of a refusal for this form and field, if it is about them. */
function fieldError(
  refusal: Refusal | null,
  intent: string,
  field: string,
  variantId?: string,
): string[] | undefined {
  if (!refusal || refusal.intent !== intent || refusal.field !== field) return undefined;
  if (variantId !== undefined && (refusal.variantId ?? "") !== variantId) return undefined;
  return [refusal.message];
}

/** What was typed in the refused form, when the refusal is about it. */
function refusedValues(refusal: Refusal | null, intent: string, variantId?: string): Posted | null {
  if (!refusal?.values || refusal.intent !== intent) return null;
  if (variantId !== undefined && (refusal.variantId ?? "") !== variantId) return null;
  return refusal.values;
}

function pendingOf(navigation: ReturnType<typeof useNavigation>) {
  if (navigation.state !== "submitting") return null;
  return {
    intent: String(navigation.formData?.get("intent") ?? ""),
    variantId: String(navigation.formData?.get("variantId") ?? ""),
  };
}

function VariantForm({
  variant,
  refusal,
  busy,
}: {
  variant: VariantView | null;
  refusal: Refusal | null;
  busy: boolean;
}) {
  const id = variant?.id ?? "";
  const typed = refusedValues(refusal, INTENTS.variante, id);
  const errors = (field: string) => fieldError(refusal, INTENTS.variante, field, id);
  const money = (field: "price" | "salePrice", cents: number | null | undefined) =>
    typed ? { defaultValue: typed[field] ?? "" } : { defaultCents: cents ?? null, defaultValue: "" };
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={INTENTS.variante} />
      <input type="hidden" name="variantId" value={id} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="title"
          label="Nom de la variante (Style)"
          required
          maxLength={80}
          autoComplete="off"
          defaultValue={typed?.title ?? variant?.title ?? ""}
          errors={errors("title")}
        />
        <TextField
          name="sku"
          label="Référence (SKU, facultative)"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          defaultValue={typed?.sku ?? variant?.sku ?? ""}
          errors={errors("sku")}
        />
        <MoneyField
          name="price"
          label="Prix TTC"
          required
          {...money("price", variant?.priceCents)}
          errors={errors("price")}
        />
        <MoneyField
          name="salePrice"
          label="Prix soldé TTC (facultatif)"
          hint="Inférieur au prix ; vide : pas de promotion."
          {...money("salePrice", variant?.salePriceCents)}
          errors={errors("salePrice")}
        />
        <TextField
          name="weight"
          label="Poids en grammes (facultatif)"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={typed?.weight ?? (variant?.weightGrams == null ? "" : String(variant.weightGrams))}
          errors={errors("weight")}
        />
        <TextField
          name="lowStockThreshold"
          label="Seuil de stock bas"
          hint="À ce nombre ou moins, la variante est à réapprovisionner."
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={typed?.lowStockThreshold ?? String(variant?.lowStockThreshold ?? 3)}
          errors={errors("lowStockThreshold")}
        />
      </div>
      <CheckboxField
        name="manageInventory"
        label="Suivre le stock de cette variante"
        hint="Sans suivi, la variante se vend sans limite de quantité."
        defaultChecked={typed ? typed.manageInventory === "on" : (variant?.manageInventory ?? false)}
        errors={errors("manageInventory")}
      />
      <div>
        <button
          type="submit"
          className={buttonClasses(variant ? "secondary" : "primary", "md", "w-full sm:w-auto")}
          disabled={busy}
        >
          {variant ? (
            <Save aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          {busy ? "Enregistrement…" : variant ? "Enregistrer la variante" : "Ajouter la variante"}
        </button>
      </div>
    </Form>
  );
}

function StockForm({
  variant,
  refusal,
  busy,
}: {
  variant: VariantView;
  refusal: Refusal | null;
  busy: boolean;
}) {
  const typed = refusedValues(refusal, INTENTS.stock, variant.id);
  const errors = (field: string) => fieldError(refusal, INTENTS.stock, field, variant.id);
  const initial = (ADJUSTMENT_REASONS as readonly string[]).includes(typed?.reason ?? "")
    ? (typed?.reason as AdjustmentReason)
    : "reception";
  // The quantity's label follows the reason picked; the server reads the reason again.
  const [reason, setReason] = useState<AdjustmentReason>(initial);
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value={INTENTS.stock} />
      <input type="hidden" name="variantId" value={variant.id} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          name="reason"
          label="Motif"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as AdjustmentReason)}
          options={ADJUSTMENT_REASONS.map((value) => ({ value, label: ADJUSTMENT_REASON_LABELS[value] }))}
          errors={errors("reason")}
        />
        <TextField
          name="quantity"
          label={ADJUSTMENT_QUANTITY_LABELS[reason]}
          hint={reason === "inventaire" ? "Le stock devient ce nombre." : undefined}
          inputMode="numeric"
          autoComplete="off"
          required
          defaultValue={typed?.quantity ?? ""}
          errors={errors("quantity")}
        />
        <TextField
          name="note"
          label="Commentaire (facultatif)"
          maxLength={200}
          autoComplete="off"
          defaultValue={typed?.note ?? ""}
          errors={errors("note")}
        />
      </div>
      <div>
        <button type="submit" className={buttonClasses("outline", "md", "w-full sm:w-auto")} disabled={busy}>
          {busy ? "Enregistrement…" : "Ajuster le stock"}
        </button>
      </div>
    </Form>
  );
}

function Movements({ variant, headingId }: { variant: VariantView; headingId: string }) {
  return (
    <div className="grid gap-2">
      <h4 id={headingId} className={subheadingClass}>
        Mouvements de stock
      </h4>
      {variant.movements.length === 0 ? (
        <p className="text-sm text-slate-700">Aucun mouvement pour le moment.</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-2 text-sm">
          {variant.movements.map((movement) => (
            <li key={movement.id} className="grid gap-0.5 border-b border-slate-200 pb-2 break-words">
              <span>
                <span className="font-semibold">{formatDateTime(new Date(movement.createdAt))}</span> ·{" "}
                {MOVEMENT_REASON_LABELS[movement.reason] ?? movement.reason} ·{" "}
                <span className="font-semibold tabular-nums">{signed(movement.delta)}</span> ·{" "}
                {movement.quantityAfter} en stock après
              </span>
              {movement.note ? <span>« {movement.note} »</span> : null}
              <span className="text-slate-700">par {movement.actorEmail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VariantCard({
  variant,
  index,
  refusal,
  pending,
}: {
  variant: VariantView;
  index: number;
  refusal: Refusal | null;
  pending: ReturnType<typeof pendingOf>;
}) {
  const baseId = useId();
  const headingId = `${baseId}-titre`;
  const low = variant.manageInventory && variant.inventoryQuantity <= variant.lowStockThreshold;
  const onSale = variant.salePriceCents !== null && variant.salePriceCents < variant.priceCents;
  const busy = (intent: string) => pending?.intent === intent && pending.variantId === variant.id;
  // A refusal about this variant that no field of its forms shows (a stale page: the
  // variant gone, its stock no longer followed) shows under its forms.
  const about =
    refusal && (refusal.intent === INTENTS.variante || refusal.intent === INTENTS.stock)
      ? (refusal.variantId ?? "") === variant.id
      : false;
  const generalError =
    refusal && about && (!refusal.field || (refusal.intent === INTENTS.stock && !variant.manageInventory))
      ? refusal.message
      : null;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-heading text-lg font-bold break-words text-brand-900">
          <span className="sr-only">Variante {index + 1} : </span>
          {variant.title}
        </h3>
        <p className="text-sm text-slate-800">
          {onSale ? (
            <>
              {formatCents(variant.salePriceCents ?? 0)} TTC en promotion (au lieu de{" "}
              {formatCents(variant.priceCents)})
            </>
          ) : (
            <>{formatCents(variant.priceCents)} TTC</>
          )}
          {variant.sku ? ` · réf. ${variant.sku}` : ""}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          {variant.manageInventory ? `${variant.inventoryQuantity} en stock` : "Stock non suivi"}
          {low ? (
            <span className="inline-flex items-center gap-1 text-amber-900">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              Stock bas (seuil : {variant.lowStockThreshold})
            </span>
          ) : null}
        </p>
      </div>
      <VariantForm
        // Saved: the form starts again from the stored values.
        key={JSON.stringify([
          variant.title,
          variant.sku,
          variant.priceCents,
          variant.salePriceCents,
          variant.weightGrams,
          variant.manageInventory,
          variant.lowStockThreshold,
        ])}
        variant={variant}
        refusal={refusal}
        busy={busy(INTENTS.variante)}
      />
      {generalError ? <FormAlert errors={[generalError]} /> : null}
      {variant.manageInventory ? (
        <div className="grid gap-3 border-t border-slate-200 pt-4">
          <h4 className={subheadingClass}>Ajuster le stock</h4>
          <StockForm
            key={`${variant.inventoryQuantity}-${variant.movements[0]?.id ?? 0}`}
            variant={variant}
            refusal={refusal}
            busy={busy(INTENTS.stock)}
          />
        </div>
      ) : null}
      <div className="border-t border-slate-200 pt-4">
        <Movements variant={variant} headingId={`${baseId}-mouvements`} />
      </div>
    </article>
  );
}

export default function CatalogueProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variants, images, events } = loaderData;
  const navigation = useNavigation();
  const pending = pendingOf(navigation);
  const deleteFormId = useId();
  const refusal = actionData && !actionData.ok ? (actionData as Refusal) : null;
  const status = product.status;
  const typedFiche = refusedValues(refusal, INTENTS.fiche);
  const ficheError = (field: string) => fieldError(refusal, INTENTS.fiche, field);
  // A refusal no form shows by itself (a status change, a product gone) shows on top.
  const inVariants =
    refusal !== null &&
    (refusal.intent === INTENTS.variante || refusal.intent === INTENTS.stock) &&
    ((refusal.variantId ?? "") === ""
      ? refusal.intent === INTENTS.variante
      : variants.some((variant) => variant.id === refusal.variantId));
  // The images panel shows its own refusals.
  const topRefusal =
    refusal &&
    !inVariants &&
    !refusal.intent.startsWith("image-") &&
    (!refusal.field || refusal.intent !== INTENTS.fiche)
      ? refusal
      : null;
  const statusBusy = pending !== null && (STATUS_INTENTS as readonly string[]).includes(pending.intent);
  const canPublish = variants.some((variant) => variant.priceCents > 0);
  const newVariantBusy = pending?.intent === INTENTS.variante && pending.variantId === "";
  const newVariantError =
    refusal?.intent === INTENTS.variante && (refusal.variantId ?? "") === "" && !refusal.field
      ? refusal.message
      : null;
  return (
    <div className="grid gap-5">
      <p>
        <Link to={LIST_PATH} className="font-semibold text-brand-700 underline">
          ← Tout le catalogue
        </Link>
      </p>
      <PageHeader
        title={product.title}
        badge={
          <StatusBadge tone={CATALOGUE_STATUS_TONES[status]}>{CATALOGUE_STATUS_LABELS[status]}</StatusBadge>
        }
        description={product.subtitle ?? undefined}
        actions={
          status !== "brouillon" ? (
            <a href={`/product/${product.id}`} className={buttonClasses("outline", "md")}>
              <Eye aria-hidden="true" className="size-4" />
              Voir sur la boutique
            </a>
          ) : null
        }
      />

      {topRefusal ? <FormAlert errors={[topRefusal.message]} focus /> : null}

      <section aria-labelledby="produit-publication" className={panelClass}>
        <h2 id="produit-publication" className={headingClass}>
          Publication
        </h2>
        <p className="mb-3 text-sm text-slate-800">
          <strong>{CATALOGUE_STATUS_LABELS[status]}</strong> : {STATUS_NOTES[status]}
          {status !== "publie" && !canPublish
            ? " Donnez un prix à au moins une variante avant de le publier."
            : ""}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {status !== "publie" ? (
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="publier" />
              <button
                type="submit"
                className={buttonClasses("primary", "md", "w-full sm:w-auto")}
                disabled={statusBusy}
              >
                <Eye aria-hidden="true" className="size-4" />
                {pending?.intent === "publier" ? "Publication…" : "Publier sur la boutique"}
              </button>
            </Form>
          ) : null}
          {status === "publie" ? (
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="masquer" />
              <button
                type="submit"
                className={buttonClasses("outline", "md", "w-full sm:w-auto")}
                disabled={statusBusy}
              >
                <EyeOff aria-hidden="true" className="size-4" />
                {pending?.intent === "masquer" ? "Enregistrement…" : "Masquer de la boutique"}
              </button>
            </Form>
          ) : null}
          {status !== "brouillon" ? (
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="brouillon" />
              <button
                type="submit"
                className={buttonClasses("outline", "md", "w-full sm:w-auto")}
                disabled={statusBusy}
              >
                <Archive aria-hidden="true" className="size-4" />
                {pending?.intent === "brouillon" ? "Enregistrement…" : "Repasser en brouillon"}
              </button>
            </Form>
          ) : null}
          <Form id={deleteFormId} method="post" hidden>
            <input type="hidden" name="intent" value="supprimer" />
          </Form>
          <ConfirmDialog
            trigger={
              <button type="button" className={buttonClasses("outline", "md", "w-full sm:w-auto")}>
                <Trash2 aria-hidden="true" className="size-4" />
                Supprimer le produit
              </button>
            }
            title={`Supprimer « ${product.title} » ?`}
            description="Le produit quitte le catalogue et la boutique. Les commandes passées gardent leurs lignes et leur historique."
            confirmLabel="Supprimer le produit"
            cancelLabel="Garder le produit"
            destructive
            form={deleteFormId}
            pending={pending?.intent === "supprimer"}
            pendingLabel="Suppression…"
          />
        </div>
      </section>

      <section aria-labelledby="produit-fiche" className={panelClass}>
        <h2 id="produit-fiche" className={headingClass}>
          Fiche
        </h2>
        <Form
          method="post"
          className="grid gap-4"
          // Saved: the form (and the editor) start again from the stored texts.
          key={JSON.stringify([product.title, product.subtitle, product.ribbonText, product.description])}
        >
          <input type="hidden" name="intent" value={INTENTS.fiche} />
          <TextField
            name="title"
            label="Titre"
            required
            maxLength={120}
            autoComplete="off"
            defaultValue={typedFiche?.title ?? product.title}
            errors={ficheError("title")}
          />
          <TextField
            name="subtitle"
            label="Sous-titre (facultatif)"
            maxLength={200}
            autoComplete="off"
            defaultValue={typedFiche?.subtitle ?? product.subtitle ?? ""}
            errors={ficheError("subtitle")}
          />
          <TextField
            name="ribbonText"
            label="Bandeau (facultatif)"
            hint="Un mot sur la photo du produit : « Nouveau », « Promo »… 30 caractères au plus."
            maxLength={30}
            autoComplete="off"
            defaultValue={typedFiche?.ribbonText ?? product.ribbonText ?? ""}
            errors={ficheError("ribbonText")}
          />
          <RichTextEditor
            name="description"
            label="Description"
            description="Gras, italique, listes et liens ; le reste de la mise en forme est retiré à l'enregistrement."
            defaultValue={typedFiche?.description ?? product.description}
            error={ficheError("description")}
          />
          <div>
            <button
              type="submit"
              className={buttonClasses("primary", "md", "w-full sm:w-auto")}
              disabled={pending?.intent === INTENTS.fiche}
            >
              <Save aria-hidden="true" className="size-4" />
              {pending?.intent === INTENTS.fiche ? "Enregistrement…" : "Enregistrer"}
            </button>
          </div>
        </Form>
      </section>

      <ProductImagesPanel
        images={images}
        refusal={refusal}
        pendingIntent={pending?.intent ?? null}
        panelClassName={panelClass}
        max={PRODUCT_IMAGES_MAX}
      />

      <section aria-labelledby="produit-variantes" className={panelClass}>
        <h2 id="produit-variantes" className={headingClass}>
          Variantes (Style)
        </h2>
        <div className="grid gap-4">
          {variants.length === 0 ? (
            <p className="text-sm text-slate-700">Aucune variante : ajoutez-en une pour vendre ce produit.</p>
          ) : (
            variants.map((variant, index) => (
              <VariantCard
                key={variant.id}
                variant={variant}
                index={index}
                refusal={refusal}
                pending={pending}
              />
            ))
          )}
          <div className="grid gap-4 rounded-lg border border-dashed border-slate-300 p-4">
            <h3 className="font-heading text-lg font-bold text-brand-900">Ajouter une variante</h3>
            <VariantForm key={variants.length} variant={null} refusal={refusal} busy={newVariantBusy} />
            {newVariantError ? <FormAlert errors={[newVariantError]} /> : null}
          </div>
        </div>
      </section>

      <ActivityHistory id="produit-historique" label="Historique du produit" events={events} />
    </div>
  );
}
