import { StatusBadge } from "#app/components/data/status-badge.tsx";
import type { SupplierKind } from "#app/db/schema/purchases.ts";
import { SUPPLIER_KIND_LABELS } from "../supplier-schema.ts";

/** « Fournisseur », « Sous-traitant » or « Loueur ». */
export function SupplierKindBadge({ kind }: { kind: SupplierKind }) {
  return (
    <StatusBadge tone={kind === "sous_traitant" ? "progress" : kind === "loueur" ? "warning" : "info"}>
      {SUPPLIER_KIND_LABELS[kind]}
    </StatusBadge>
  );
}

/** Shown on a supplier taken out of the register. */
export function ArchivedBadge() {
  return <StatusBadge tone="neutral">Archivé</StatusBadge>;
}
