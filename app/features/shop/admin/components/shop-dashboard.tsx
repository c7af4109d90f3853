import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { StatPanel } from "#app/components/data/stat-panel.tsx";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { plural, pluralWord } from "#app/lib/plural.ts";
import type { LowStockVariant } from "../catalogue-stock.server.ts";

const ORDERS_PATH = "/erp/boutique/commandes";

/**
 * The Boutique block of the Espace Pro's home: the orders waiting for the staff, the new
 * ones of the last 7 days and, for whoever manages the stock, the variants to reorder.
 */
export function ShopDashboard({
  figures,
  lowStock,
}: {
  figures: { paid: number; preparing: number; recent: number; since: IsoDay };
  lowStock: LowStockVariant[] | null;
}) {
  return (
    <StatPanel
      id="shop-title"
      title="Boutique"
      icon={ShoppingBag}
      level={2}
      action={{ to: ORDERS_PATH, label: "Toutes les commandes" }}
    >
      <ul className="mt-2 grid gap-2 sm:grid-cols-3">
        <li>
          <Link to={`${ORDERS_PATH}?statut=paid`} className="font-semibold text-brand-700 underline">
            {plural(figures.paid, "commande")} {pluralWord(figures.paid, "payée")} à préparer
          </Link>
        </li>
        <li>
          <Link to={`${ORDERS_PATH}?statut=preparing`} className="font-semibold text-brand-700 underline">
            {plural(figures.preparing, "commande")} en préparation
          </Link>
        </li>
        <li>
          <Link to={`${ORDERS_PATH}?du=${figures.since}`} className="font-semibold text-brand-700 underline">
            {plural(figures.recent, "nouvelle commande", "nouvelles commandes")} depuis le{" "}
            {formatDate(figures.since)}
          </Link>
        </li>
      </ul>
      {lowStock === null ? null : (
        <>
          <h3 id="shop-stock-title" className="mt-4 text-sm font-bold text-slate-800">
            À réapprovisionner
          </h3>
          {lowStock.length === 0 ? (
            <p className="text-sm text-slate-700">Aucune variante sous son seuil de stock.</p>
          ) : (
            <ul aria-labelledby="shop-stock-title" className="mt-1 grid gap-1 text-sm">
              {lowStock.map((variant) => (
                <li key={`${variant.productId}-${variant.variantTitle}`}>
                  <Link
                    to={`/erp/boutique/produits/${variant.productId}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  >
                    {variant.productTitle}
                    {variant.variantTitle !== variant.productTitle ? ` (${variant.variantTitle})` : ""}
                  </Link>{" "}
                  : {variant.quantity === 0 ? "en rupture" : `${variant.quantity} en stock`} (seuil{" "}
                  {variant.threshold})
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </StatPanel>
  );
}
