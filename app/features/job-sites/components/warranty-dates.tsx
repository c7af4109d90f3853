import { Facts } from "#app/components/data/facts.tsx";
import { formatDate } from "#app/lib/paris-time.ts";
import { WARRANTY_LABELS, type WarrantyDates } from "../warranty.ts";

/** The end dates the signed PV de réception starts: three warranties and the retention's release. */
export function WarrantyDatesFacts({ warranties }: { warranties: WarrantyDates }) {
  return (
    <Facts
      facts={(Object.keys(WARRANTY_LABELS) as (keyof WarrantyDates)[]).map((key) => ({
        label: WARRANTY_LABELS[key],
        value: formatDate(warranties[key]),
      }))}
    />
  );
}
