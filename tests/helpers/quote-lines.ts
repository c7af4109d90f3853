import type { QuoteItemLine } from "#app/db/schema/quotes.ts";

/**
 * A quote's item line as it is stored: « Ligne », one unit (1 000 thousandths) at
 * `unitPriceHt` cents, not optional, no library item nor cost; then what the test changes.
 */
export function storedItemLine(
  id: string,
  vatCode: QuoteItemLine["vatCode"],
  unitPriceHt: number,
  overrides: Partial<QuoteItemLine> = {},
): QuoteItemLine {
  return {
    id,
    kind: "item",
    designation: "Ligne",
    description: "",
    unit: "u",
    quantity: 1_000,
    unitPriceHt,
    vatCode,
    optional: false,
    libraryItemId: null,
    cost: null,
    ...overrides,
  };
}
