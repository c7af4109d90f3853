import { bareIntent, confirmedIntent } from "#app/lib/form-intent.ts";
import type { z } from "#app/lib/zod.ts";

/*
 * The forms of a quote's page (/erp/devis/:id) and the quote's branches of its post's
 * union. Browser-safe: the page's forms name their intents from here; the work is in
 * actions.server.ts.
 */

export const QUOTE_INTENTS = {
  save: "enregistrer",
  remove: "supprimer",
  revise: "modifier",
  send: "envoyer",
  resend: "renvoyer",
  paper: "accord-papier",
  invoice: "facturer",
  handover: "reception",
  retentionRelease: "retenue",
} as const;

/** The quote's own branches of the page's union (its fields are read by the work below). */
export const QUOTE_POST_BRANCHES = [
  bareIntent(QUOTE_INTENTS.save),
  confirmedIntent(QUOTE_INTENTS.remove, "Confirmez la suppression du brouillon."),
  bareIntent(QUOTE_INTENTS.send),
  bareIntent(QUOTE_INTENTS.resend),
  bareIntent(QUOTE_INTENTS.paper),
  bareIntent(QUOTE_INTENTS.handover),
  bareIntent(QUOTE_INTENTS.revise),
] as const;

export type QuotePost = z.output<(typeof QUOTE_POST_BRANCHES)[number]>;
