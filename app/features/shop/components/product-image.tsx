import placeholderProduct from "#app/assets/illustrations/placeholder-product.svg?url";
import { PLACEHOLDER_ALT } from "../product-view.ts";

/** A square product picture (the drawings are 800 × 800), or the placeholder when there is none. */
export function ProductImage({
  src,
  alt,
  className = "",
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={src ?? placeholderProduct}
      alt={src || !alt ? alt : `${alt} : ${PLACEHOLDER_ALT.toLowerCase()}`}
      width={800}
      height={800}
      data-placeholder={src ? undefined : "true"}
      className={`aspect-square h-auto w-full object-contain ${className}`}
      {...(priority
        ? { fetchPriority: "high" as const, loading: "eager" as const }
        : { loading: "lazy" as const, decoding: "async" as const })}
    />
  );
}
