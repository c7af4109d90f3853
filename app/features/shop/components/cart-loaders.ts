/** The cart panel's id, for the button's aria-controls once the panel is on the page. */
export const CART_PANEL_ID = "panier";

/** The cart's lines and total: their code (pictures, quantities, prices) loads when the panel first opens with items. */
export const loadCartLines = () => import("./cart-lines.tsx");
