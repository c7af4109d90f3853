/*
 * The « Passer outre » of a vigilance stop on an order's sending or an invoice's payment,
 * shared by the browser and the server: the post carries this button's name and value, and
 * the owner's written reason in `overrideReason`. (A new subcontract has its own intent,
 * `SUBCONTRACT_INTENTS.override`.)
 */
export const VIGILANCE_OVERRIDE = { name: "vigilance", value: "passer_outre" } as const;
