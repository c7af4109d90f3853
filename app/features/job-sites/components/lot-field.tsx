import type { ComponentProps } from "react";
import { SelectField } from "#app/components/forms/field.tsx";

/** « Lot »: the site's lots, after the choice that names none (`wholeSite`: « Tout le chantier »…). */
export function LotField({
  lots,
  wholeSite,
  ...props
}: Omit<ComponentProps<typeof SelectField>, "name" | "label" | "options"> & {
  lots: readonly { id: string; title: string }[];
  wholeSite: string;
}) {
  return (
    <SelectField
      {...props}
      name="lotId"
      label="Lot"
      options={[{ value: "", label: wholeSite }, ...lots.map((lot) => ({ value: lot.id, label: lot.title }))]}
    />
  );
}
