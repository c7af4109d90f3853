import type { QuoteTerms } from "#app/db/schema/quotes.ts";
import { type BasisPoints, formatPercent } from "#app/lib/money.ts";

/*
 * The retention (« retenue de garantie », loi n° 71-584 du 16 juillet 1971) a quote's
 * terms provide: at most 5 % of each progress and final invoice, held until one year after
 * the handover, or replaced by a bank guarantee (« caution bancaire »). The quotes write it
 * in their terms; invoicing withholds it.
 */

/** The most a retention may take (article 1er): 5 %, in basis points. */
export const MAX_RETENTION_BASIS_POINTS = 500;

export type ContractRetention = { basisPoints: BasisPoints; bankGuarantee: boolean };

/**
 * The retention the terms provide: none when they are silent (contents saved before the
 * field existed) or give 0 %.
 */
export function contractRetention(terms: Pick<QuoteTerms, "retention">): ContractRetention | null {
  const retention = terms.retention;
  if (!retention || retention.basisPoints <= 0) return null;
  return { basisPoints: retention.basisPoints as BasisPoints, bankGuarantee: retention.bankGuarantee };
}

/** The sentence of the quote's conditions on the retention, or null. */
export function retentionTermsText(terms: Pick<QuoteTerms, "retention">): string | null {
  const retention = contractRetention(terms);
  if (!retention) return null;
  const rate = formatPercent(retention.basisPoints);
  return retention.bankGuarantee
    ? `Retenue de garantie de ${rate} remplacée par une caution bancaire : aucune somme n'est retenue sur les factures (loi n° 71-584 du 16 juillet 1971).`
    : `Retenue de garantie de ${rate} du montant TTC, déduite de chaque facture de situation et de la facture de solde, libérée un an après la réception des travaux (loi n° 71-584 du 16 juillet 1971).`;
}
