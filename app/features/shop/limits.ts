/** Order limits, shared by the browser cart and the store API (no zod here: the cart ships on every page). */
export const MAX_QUANTITY = 999;
export const MAX_CART_LINES = 50;
