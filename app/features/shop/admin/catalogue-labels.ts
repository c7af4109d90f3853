/*
 * The catalogue's words, shared by the server and the pages of /erp/boutique/produits.
 */

export const CATALOGUE_STATUSES = ["publie", "masque", "brouillon"] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

export const CATALOGUE_STATUS_LABELS: Record<CatalogueStatus, string> = {
  publie: "Publié",
  masque: "Masqué",
  brouillon: "Brouillon",
};

export const CATALOGUE_STATUS_TONES: Record<CatalogueStatus, "success" | "neutral" | "warning"> = {
  publie: "success",
  masque: "neutral",
  brouillon: "warning",
};

/** A product's status as the staff read it: draft, hidden from the listing, or published. */
export function catalogueStatusOf(row: { status: string; isHidden: boolean }): CatalogueStatus {
  if (row.status !== "published") return "brouillon";
  return row.isHidden ? "masque" : "publie";
}

export const STOCK_FILTERS = ["bas", "rupture"] as const;
export const STOCK_FILTER_LABELS: Record<(typeof STOCK_FILTERS)[number], string> = {
  bas: "Stock bas",
  rupture: "En rupture",
};

/** The staff's reasons to adjust a stock (orders move it by themselves). */
export const ADJUSTMENT_REASONS = ["reception", "inventaire", "casse"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  reception: "Réception",
  inventaire: "Inventaire",
  casse: "Casse",
};

/** Every movement's reason, as the log reads it. */
export const MOVEMENT_REASON_LABELS: Record<string, string> = {
  ...ADJUSTMENT_REASON_LABELS,
  commande: "Commande",
  annulation: "Commande annulée",
};

/** What the quantity means for each reason, for the form's label. */
export const ADJUSTMENT_QUANTITY_LABELS: Record<AdjustmentReason, string> = {
  reception: "Quantité reçue",
  inventaire: "Quantité comptée",
  casse: "Quantité cassée ou perdue",
};

/** Pictures a product may have. */
export const PRODUCT_IMAGES_MAX = 12;
