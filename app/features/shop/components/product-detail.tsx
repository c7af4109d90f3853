import { ShoppingCart } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { addToCart } from "../cart.ts";
import { canAddToCart, type ProductDetail as ProductDetailData, stockState } from "../product-view.ts";
import { Gallery } from "./gallery.tsx";
import { Price } from "./price.tsx";
import { QuantityControl } from "./quantity-control.tsx";

export const DETAIL_ADD_ERROR_TITLE = "Oh non! Une erreur est survenue.";

const stockClasses = {
  "in-stock": "text-green-800",
  insufficient: "text-red-700",
  unavailable: "text-red-700",
  unmanaged: "",
} as const;

/** The product page's body: gallery, price, style, quantity, stock and 'Ajouter au panier'. */
export function ProductDetail({ product }: { product: ProductDetailData }) {
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? "");
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(product.variants[0]?.imageIndex ?? 0);
  const ids = useId();
  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? null;
  const stock = stockState(product.purchasable, variant, quantity);
  const enabled = canAddToCart(product.purchasable, variant, quantity);
  const hasChoices = product.variants.length > 1;

  const chooseVariant = (id: string) => {
    setVariantId(id);
    const chosen = product.variants.find((candidate) => candidate.id === id);
    // Choosing a variant that has its own picture shows that picture.
    if (chosen?.imageIndex != null && chosen.imageIndex >= 0) setImageIndex(chosen.imageIndex);
  };

  const onAdd = () => {
    try {
      if (!variant) throw new Error("Ce produit n'a pas de variante disponible.");
      addToCart({ id: product.id, title: product.title, hasChoices }, variant, quantity);
      toast({
        title: "Ajouté au panier !",
        description: hasChoices ? `${product.title} (${variant.title})` : product.title,
      });
    } catch (error) {
      toast({
        title: DETAIL_ADD_ERROR_TITLE,
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
      <Gallery
        images={product.gallery}
        alts={product.galleryAlts}
        title={product.title}
        index={imageIndex}
        onIndexChange={setImageIndex}
      />
      <div className="grid content-start gap-5">
        <div>
          {product.ribbon ? (
            <p className="mb-2 inline-block rounded-full bg-accent-700 px-3 py-1 font-heading text-xs font-bold text-white">
              {product.ribbon}
            </p>
          ) : null}
          <h1 className="text-3xl font-extrabold sm:text-4xl">{product.title}</h1>
          {product.subtitle ? <p className="mt-2 text-lg text-slate-700">{product.subtitle}</p> : null}
        </div>
        <Price price={variant?.price ?? null} size="lg" />
        <p className="-mt-3 text-sm text-slate-700">Prix TTC</p>

        {hasChoices ? (
          <div>
            <label
              htmlFor={`${ids}-style`}
              className="mb-1 block font-heading text-sm font-semibold text-brand-900"
            >
              {product.optionTitle}
            </label>
            <select
              id={`${ids}-style`}
              value={variantId}
              onChange={(event) => chooseVariant(event.target.value)}
              className="block min-h-11 w-full max-w-sm rounded-lg border border-slate-400 bg-white px-3 text-base text-ink focus-visible:border-brand-700"
            >
              {product.variants.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        <QuantityControl id={`${ids}-quantity`} label="Quantité" value={quantity} onChange={setQuantity} />

        <p role="status" className={`min-h-6 font-semibold ${stockClasses[stock.kind]}`}>
          {stock.message}
        </p>

        <Button variant="primary" size="cta" className="w-full sm:w-auto" disabled={!enabled} onClick={onAdd}>
          <ShoppingCart aria-hidden="true" className="size-5" />
          Ajouter au panier
        </Button>

        {product.descriptionHtml ? (
          <div
            className="product-description grid gap-3 text-base leading-relaxed [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_h3]:text-lg [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
            // Sanitized on the server (app/features/shop/sanitize.server.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the spec shows the description as HTML
            dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
          />
        ) : null}

        {product.additionalInfo.length > 0 ? (
          <div className="grid gap-2">
            {product.additionalInfo.map((info) => (
              <details key={info.id} className="rounded-xl border border-brand-100 bg-white p-4">
                <summary className="min-h-6 cursor-pointer font-heading font-semibold text-brand-900">
                  {info.title}
                </summary>
                <div
                  className="mt-2 text-slate-800"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server like the description
                  dangerouslySetInnerHTML={{ __html: info.descriptionHtml }}
                />
              </details>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
