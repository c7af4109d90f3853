import { ShoppingCart } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { addToCart } from "../cart.ts";
import type { ProductCard as ProductCardData } from "../product-view.ts";
import { Price } from "./price.tsx";
import { ProductImage } from "./product-image.tsx";

export const ADDED_TITLE = "Ajouté au panier !";
export const LISTING_ADD_ERROR_TITLE = "Erreur lors de l'ajout au panier";

/** One product of the listing; its title link covers the whole card. */
export function ProductCard({ product, priority = false }: { product: ProductCardData; priority?: boolean }) {
  const navigate = useNavigate();
  const href = `/product/${encodeURIComponent(product.id)}`;

  const onAdd = () => {
    // A product with several variants is chosen on its own page.
    if (product.hasChoices) {
      navigate(href);
      return;
    }
    try {
      if (!product.variant) throw new Error("Ce produit n'a pas de prix.");
      addToCart({ id: product.id, title: product.title, hasChoices: false }, product.variant, 1);
      toast({ title: ADDED_TITLE, description: product.title });
    } catch (error) {
      toast({
        title: LISTING_ADD_ERROR_TITLE,
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
    }
  };

  return (
    <article
      data-product-id={product.id}
      className="relative flex w-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="relative bg-sand">
        <ProductImage src={product.image} alt={product.title} priority={priority} />
        {product.ribbon ? (
          <span className="absolute top-3 left-3 rounded-full bg-accent-700 px-3 py-1 font-heading text-xs font-bold text-white">
            {product.ribbon}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base leading-snug font-bold">
          <Link
            to={href}
            className="before:absolute before:inset-0 before:content-[''] hover:text-accent-700"
          >
            {product.title}
          </Link>
        </h2>
        <Price price={product.price} />
        <div className="relative z-10 mt-auto pt-2">
          {product.purchasable ? (
            <Button variant="primary" className="w-full" onClick={onAdd}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              Ajouter au panier
            </Button>
          ) : (
            <>
              <Button variant="primary" className="w-full" disabled>
                Ajouter au panier
              </Button>
              <p className="mt-2 text-sm font-semibold text-slate-700">Indisponible pour le moment</p>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
