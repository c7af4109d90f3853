import { useState } from "react";
import { Form } from "react-router";
import { MoneyField, SelectField } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { type Cents, formatCents, formatCentsForInput } from "#app/lib/money.ts";
import { ALLOCATION_ROWS, allocationKey, SUPPLIER_INVOICE_INTENTS } from "../supplier-invoice-schema.ts";

type Site = { id: string; name: string; lots: { id: string; title: string }[] };
type Line = { id: string; position: number; designation: string; netCents: number };
type Row = { jobSiteId: string; lotId: string; lineId: string; amount: string };

/**
 * « Répartir » : the invoice's HT on job sites and lots, for the whole invoice or a line,
 * split over several rows; the rows must add up to the HT exactly (the server checks it).
 */
export function SupplierInvoiceAllocationForm({
  netCents,
  sites,
  lines,
  current,
  values,
  errors,
}: {
  netCents: Cents;
  sites: readonly Site[];
  lines: readonly Line[];
  current: readonly {
    jobSiteId: string;
    lotId: string | null;
    lineId: string | null;
    amountHtCents: number;
  }[];
  values?: Record<string, string>;
  errors?: FieldErrors;
}) {
  const initial: Row[] = Array.from({ length: ALLOCATION_ROWS }, (_, index) => {
    if (values) {
      const posted = (key: keyof Row) => values[allocationKey(index, key)] ?? "";
      return {
        jobSiteId: posted("jobSiteId"),
        lotId: posted("lotId"),
        lineId: posted("lineId"),
        amount: posted("amount"),
      };
    }
    const row = current[index];
    if (row) {
      return {
        jobSiteId: row.jobSiteId,
        lotId: row.lotId ?? "",
        lineId: row.lineId ?? "",
        amount: formatCentsForInput(row.amountHtCents),
      };
    }
    return index === 0 && current.length === 0
      ? { jobSiteId: "", lotId: "", lineId: "", amount: formatCentsForInput(netCents) }
      : { jobSiteId: "", lotId: "", lineId: "", amount: "" };
  });
  const [rows, setRows] = useState(initial);
  const update = (index: number, change: Partial<Row>) =>
    setRows((all) => all.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Form method="post" className="grid gap-4" aria-label="Répartition sur les chantiers">
      <input type="hidden" name="intent" value={SUPPLIER_INVOICE_INTENTS.allocate} />
      <p className="text-sm text-slate-700">
        Montant HT à répartir : <strong>{formatCents(netCents)}</strong>. Les lignes doivent faire ce total au
        centime près.
      </p>
      {rows.map((row, index) => {
        const site = sites.find((candidate) => candidate.id === row.jobSiteId);
        // A field of the row: its id, name, value and messages; a change keeps what is typed (and `reset`).
        const bind = (key: keyof Row, idName: string, reset?: Partial<Row>) => ({
          id: `repartition-${index}-${idName}`,
          name: allocationKey(index, key),
          value: row[key],
          onChange: (event: { currentTarget: { value: string } }) =>
            update(index, { ...reset, [key]: event.currentTarget.value }),
          errors: errors?.[allocationKey(index, key)],
        });
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions of the form
            key={index}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-4"
          >
            <legend className="px-1 text-sm font-semibold text-brand-900">Répartition {index + 1}</legend>
            <SelectField
              {...bind("jobSiteId", "chantier", { lotId: "" })}
              label="Chantier"
              placeholder="Aucun"
              options={sites.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            />
            <SelectField
              {...bind("lotId", "lot")}
              label="Lot"
              placeholder="Tout le chantier"
              options={(site?.lots ?? []).map((lot) => ({ value: lot.id, label: lot.title }))}
            />
            <SelectField
              {...bind("lineId", "ligne")}
              label="Ligne de la facture"
              placeholder="Toute la facture"
              options={lines.map((line) => ({
                value: line.id,
                label: `${line.position + 1}. ${line.designation} (${formatCents(line.netCents)})`,
              }))}
            />
            <MoneyField {...bind("amount", "montant")} label="Montant HT" />
          </fieldset>
        );
      })}
      <div>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Enregistrer la répartition
        </button>
      </div>
    </Form>
  );
}
