import { formatMoney, type UnitPrice } from "../money.ts";

/** The price, with the original one struck through when on sale. */
export function Price({ price, size = "md" }: { price: UnitPrice | null; size?: "md" | "lg" }) {
  if (!price) return <p className="text-slate-700">Prix sur demande</p>;
  const current = size === "lg" ? "text-3xl" : "text-lg";
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-price={price.cents}>
      <span className={`font-heading font-extrabold text-brand-900 ${current}`}>
        {price.originalCents != null ? <span className="sr-only">Prix promotionnel : </span> : null}
        {formatMoney(price.cents, price.currency)}
      </span>
      {price.originalCents != null ? (
        <del className="text-slate-600">
          <span className="sr-only">Prix initial : </span>
          {formatMoney(price.originalCents, price.currency)}
        </del>
      ) : null}
    </p>
  );
}
