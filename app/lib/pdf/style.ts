/*
 * The documents' look, shared by the frame (./document.server.ts) and the tables
 * (./table.server.ts).
 */

/** The documents' colours: ink, muted grey, the brand's blues and the rules. */
export const PDF_COLORS = {
  ink: "#1f2937",
  muted: "#4b5563",
  brand: "#1e4e8c",
  brandDark: "#173d6e",
  brandLight: "#eef4fb",
  rule: "#d1d5db",
} as const;

/** The documents' text sizes, in points: the body's, and the tables'. */
export const PDF_SIZES = { body: 9.5, table: 8.5 } as const;
