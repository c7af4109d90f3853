import { Eye } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel, panelClass } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { CATALOGUE_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import {
  CATALOGUE_STATUS_LABELS,
  CATALOGUE_STATUS_TONES,
  PRODUCT_IMAGES_MAX,
} from "#app/features/shop/admin/catalogue-labels.ts";
import { getCatalogueProduct } from "#app/features/shop/admin/catalogue-product.server.ts";
import { CatalogueNotFoundError } from "#app/features/shop/admin/catalogue-query.server.ts";
import { ProductFicheForm } from "#app/features/shop/admin/components/product-fiche-form.tsx";
import { ProductImagesPanel } from "#app/features/shop/admin/components/product-images-panel.tsx";
import { ProductPublicationPanel } from "#app/features/shop/admin/components/product-publication-panel.tsx";
import {
  type ProductPending,
  VariantCard,
  VariantForm,
} from "#app/features/shop/admin/components/variant-card.tsx";
import { answerProductPost } from "#app/features/shop/admin/product-actions.server.ts";
import {
  CATALOGUE_LIST_PATH,
  PRODUCT_INTENTS,
  type ProductRefusal,
} from "#app/features/shop/admin/product-intents.ts";
import { getServices } from "#app/lib/app-context.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/boutique/produits/:id — one product of the catalogue: its texts (the description
 * in the rich-text editor, sanitized on the server), its status (publish, hide, back to
 * draft, delete), its « Style » variants with price and stock, each variant's stock
 * movements, and its history. Every form is checked again on the server
 * (shop/admin/product-actions.server.ts); a refused one comes back with what was typed
 * and the message next to its field.
 */

export const handle = CATALOGUE_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, CatalogueNotFoundError, async ({ db, env }) => {
    const view = await getCatalogueProduct(db, env.STORE_ID, params.id);
    return { ...view, crumb: view.product.title };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const form = await request.formData().catch(() => null);
  if (!form) {
    return refused(400, { intent: "", message: "Le formulaire envoyé est illisible : rechargez la page." });
  }
  return answerProductPost({ request, services: getServices(context), actor, productId: params.id }, form);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.product.title} — Catalogue` : "", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function pendingOf(navigation: ReturnType<typeof useNavigation>): ProductPending {
  if (navigation.state !== "submitting") return null;
  return {
    intent: String(navigation.formData?.get("intent") ?? ""),
    variantId: String(navigation.formData?.get("variantId") ?? ""),
  };
}

export default function CatalogueProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, variants, images, events } = loaderData;
  const navigation = useNavigation();
  const pending = pendingOf(navigation);
  const refusal = refusalOf(actionData) as ProductRefusal | null;
  const status = product.status;
  // A refusal no form shows by itself (a status change, a product gone) shows on top.
  const inVariants =
    refusal !== null &&
    (refusal.intent === PRODUCT_INTENTS.variante || refusal.intent === PRODUCT_INTENTS.stock) &&
    ((refusal.variantId ?? "") === ""
      ? refusal.intent === PRODUCT_INTENTS.variante
      : variants.some((variant) => variant.id === refusal.variantId));
  // The images panel shows its own refusals.
  const topRefusal =
    refusal &&
    !inVariants &&
    !refusal.intent?.startsWith("image-") &&
    (!refusal.field || refusal.intent !== PRODUCT_INTENTS.fiche)
      ? refusal
      : null;
  const canPublish = variants.some((variant) => variant.priceCents > 0);
  const newVariantBusy = pending?.intent === PRODUCT_INTENTS.variante && pending.variantId === "";
  const newVariantError =
    refusal?.intent === PRODUCT_INTENTS.variante && (refusal.variantId ?? "") === "" && !refusal.field
      ? refusal.message
      : null;
  return (
    <div className="grid gap-5">
      <p>
        <Link to={CATALOGUE_LIST_PATH} className="font-semibold text-brand-700 underline">
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

      <ProductPublicationPanel product={product} canPublish={canPublish} pending={pending} />

      <ProductFicheForm product={product} refusal={refusal} pending={pending} />

      <ProductImagesPanel
        images={images}
        refusal={refusal}
        pendingIntent={pending?.intent ?? null}
        panelClassName={panelClass}
        max={PRODUCT_IMAGES_MAX}
      />

      <Panel id="produit-variantes" title="Variantes (Style)">
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
      </Panel>

      <ActivityHistory id="produit-historique" label="Historique du produit" events={events} />
    </div>
  );
}
