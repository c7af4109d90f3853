import type { ActivityEvent } from "#app/lib/activity.server.ts";
import type { quoteDecision } from "./acceptance-proof.server.ts";
import type { FrozenCost } from "./send.server.ts";

/*
 * What a quote's page shows of its record beyond the quote itself: the cost frozen when
 * the version was sent, and the client's decision as the staff read it.
 */

/** The cost and margin frozen when the version was sent (its « sent » event), if recorded. */
export function frozenCost(events: ActivityEvent[]): FrozenCost | null {
  const sent = events.find((event) => event.kind === "sent");
  const costing = sent?.data?.costing;
  if (!costing || typeof costing !== "object" || Array.isArray(costing)) return null;
  const number = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    hourlyCostCents: number(costing.hourlyCostCents) ?? 0,
    cost: number(costing.cost),
    margin: number(costing.margin),
    marginRate: number(costing.marginRate),
  };
}

/** The proof of the client's decision, as the page shows it (an anonymised client's address erased: the proof keeps it). */
export function decisionView(decision: Awaited<ReturnType<typeof quoteDecision>>, anonymised: boolean) {
  if (!decision) return null;
  return {
    decision: decision.decision,
    channel: decision.channel,
    signerName: decision.signerName,
    signerEmail: anonymised ? null : decision.signerEmail,
    ip: decision.ip,
    userAgent: decision.userAgent,
    codeVerifiedAt: decision.codeVerifiedAt,
    pdfSha256: decision.pdfSha256,
    certificationConfirmed: decision.certificationConfirmed,
    refusalReason: decision.refusalReason,
    signedCopySha256: decision.signedCopySha256,
    hasSignedCopy: decision.signedCopyStorageKey !== null,
    hasSignature: decision.signatureStorageKey !== null,
    decidedAt: decision.decidedAt,
  };
}

export type DecisionView = NonNullable<ReturnType<typeof decisionView>>;
