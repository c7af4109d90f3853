import { describe, expect, it } from "vitest";
import { canAddToCart, overlayStock, stockState, toProductCard, toProductDetail } from "./product-view.ts";
import { type StoreProduct, StoreProductSchema } from "./schema.ts";

const product = (overrides: Record<string, unknown> = {}): StoreProduct =>
  StoreProductSchema.parse({
    id: "casque",
    title: "Casque",
    description: "<p>Léger</p>",
    purchasable: true,
    images: [
      { url: "/b.svg", order: 1 },
      { url: "/a.svg", order: 0 },
    ],
    variants: [
      { id: "v1", title: "Blanc", prices: [{ amount: 2000 }], manage_inventory: true, inventory_quantity: 4 },
      {
        id: "v2",
        title: "Jaune",
        image_url: "/jaune.svg",
        prices: [{ amount: 1500, sale_amount: 1200 }],
        manage_inventory: true,
        inventory_quantity: 1,
      },
    ],
    ...overrides,
  });

describe("stock messages and the add button", () => {
  const managed = (inventoryQuantity: number) => ({ manageInventory: true, inventoryQuantity });

  it("says '{n} en stock !' while the quantity fits the managed stock", () => {
    expect(stockState(true, managed(2), 1)).toEqual({ kind: "in-stock", message: "2 en stock !" });
    expect(stockState(true, managed(2), 2).message).toBe("2 en stock !");
    expect(canAddToCart(true, managed(2), 2)).toBe(true);
  });

  it("says 'Stock insuffisant. {n} restant(s).' above it, and disables the button", () => {
    expect(stockState(true, managed(2), 3)).toEqual({
      kind: "insufficient",
      message: "Stock insuffisant. 2 restant(s).",
    });
    expect(stockState(true, managed(0), 1).message).toBe("Stock insuffisant. 0 restant(s).");
    expect(canAddToCart(true, managed(2), 3)).toBe(false);
  });

  it("says 'Indisponible pour le moment' when not purchasable, and nothing when stock is not managed", () => {
    expect(stockState(false, managed(5), 1)).toEqual({
      kind: "unavailable",
      message: "Indisponible pour le moment",
    });
    expect(canAddToCart(false, managed(5), 1)).toBe(false);
    const unmanaged = { manageInventory: false, inventoryQuantity: 0 };
    expect(stockState(true, unmanaged, 500)).toEqual({ kind: "unmanaged", message: null });
    expect(canAddToCart(true, unmanaged, 500)).toBe(true);
  });
});

describe("product views", () => {
  it("a card shows the first image, the cheapest variant, and asks for a choice with several variants", () => {
    const card = toProductCard(product());
    expect(card.image).toBe("/a.svg");
    expect(card.price).toMatchObject({ cents: 1200, originalCents: 1500 });
    expect(card.hasChoices).toBe(true);
    expect(card.variant?.id).toBe("v2");
    expect(toProductCard(product({ images: [], thumbnail: null })).image).toBeNull();
  });

  it("the detail's gallery holds the images in order then the variants' own, which they point at", () => {
    const detail = toProductDetail(product(), (html) => html);
    expect(detail.gallery).toEqual(["/a.svg", "/b.svg", "/jaune.svg"]);
    expect(detail.variants.map((variant) => variant.imageIndex)).toEqual([null, 2]);
    expect(detail.optionTitle).toBe("Style");
  });

  it("gives each picture of the gallery the text the staff typed for it, or nothing", () => {
    const detail = toProductDetail(
      product({
        images: [
          { url: "/b.svg", order: 1, alt: "  Casque de profil " },
          { url: "/a.svg", order: 0 },
        ],
      }),
      (html) => html,
    );
    expect(detail.gallery).toEqual(["/a.svg", "/b.svg", "/jaune.svg"]);
    expect(detail.galleryAlts).toEqual(["", "Casque de profil", ""]);
  });

  it("fresh stock from the variants endpoint replaces the product's figures", () => {
    const fresh = overlayStock(product(), [{ id: "v1", inventory_quantity: 0 }]);
    expect(fresh.variants.map((variant) => variant.inventory_quantity)).toEqual([0, 1]);
  });
});
