import { addYears, type IsoDay } from "#app/lib/paris-time.ts";

/*
 * What the date of the reception (PV de réception, Code civil 1792-6) starts: the
 * warranties the contractor owes and the release of the retention held on the site's
 * invoices. Each period runs in whole years from the reception day and ends on the same
 * day of the month (Code de procédure civile, article 641); a reception on 29 February
 * ends on 28 February of a common year (the last day of that month), on 29 February of a
 * leap year.
 */

export type WarrantyDates = {
  /** Garantie de parfait achèvement (Code civil 1792-6): one year. */
  completionEnd: IsoDay;
  /** Garantie biennale de bon fonctionnement (Code civil 1792-3): two years. */
  biennialEnd: IsoDay;
  /** Garantie décennale (Code civil 1792-4-1): ten years. */
  decennialEnd: IsoDay;
  /** Release of the retention (loi n° 71-584 du 16 juillet 1971, article 2): one year. */
  retentionReleaseOn: IsoDay;
};

export function warrantyDates(receivedOn: IsoDay): WarrantyDates {
  return {
    completionEnd: addYears(receivedOn, 1),
    biennialEnd: addYears(receivedOn, 2),
    decennialEnd: addYears(receivedOn, 10),
    retentionReleaseOn: addYears(receivedOn, 1),
  };
}

export const WARRANTY_LABELS: Record<keyof WarrantyDates, string> = {
  completionEnd: "Fin de la garantie de parfait achèvement",
  biennialEnd: "Fin de la garantie biennale",
  decennialEnd: "Fin de la garantie décennale",
  retentionReleaseOn: "Libération de la retenue de garantie",
};
