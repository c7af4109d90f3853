import { Form } from "react-router";
import {
  CheckboxField,
  DateField,
  MoneyField,
  SelectField,
  TextField,
} from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { baseKey, MANUAL_VAT_CHOICES } from "../supplier-invoice-schema.ts";

/**
 * The fields of a plain PDF or a photo, typed by hand: the supplier, the number, the dates
 * and the amounts HT per VAT rate (the VAT is computed per rate, as on our own invoices).
 * The file itself is already kept, named by its SHA-256.
 */
export function SupplierInvoiceManualForm({
  sha256,
  fileName,
  suppliers,
  values = {},
  errors,
}: {
  sha256: string;
  fileName: string;
  suppliers: readonly { id: string; legalName: string }[];
  values?: Record<string, string>;
  errors?: FieldErrors;
}) {
  const idOf = (name: string) => `saisie-${sha256.slice(0, 8)}-${name.replace(/\W/g, "-")}`;
  // A field's id, name, what was typed and its messages.
  const bind = (name: string) => ({
    id: idOf(name),
    name,
    defaultValue: values[name] ?? "",
    errors: errors?.[name],
  });
  return (
    <Form method="post" className="grid gap-4" aria-label={`Saisie de la facture ${fileName}`}>
      <input type="hidden" name="intent" value="saisir" />
      <input type="hidden" name="sha256" value={sha256} />
      <input type="hidden" name="fileName" value={fileName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...bind("supplierId")}
          label="Fournisseur"
          required
          placeholder="Choisissez…"
          options={suppliers.map((supplier) => ({ value: supplier.id, label: supplier.legalName }))}
        />
        <TextField {...bind("number")} label="Numéro de la facture" required />
        <DateField {...bind("issueDate")} label="Date de la facture" required />
        <DateField {...bind("dueDate")} label="Échéance" />
        <TextField {...bind("orderReference")} label="Référence de commande" />
        <CheckboxField
          id={idOf("isCreditNote")}
          name="isCreditNote"
          value="oui"
          label="C'est un avoir"
          defaultChecked={values.isCreditNote === "oui"}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-heading font-semibold text-brand-900">
          Montants HT par taux de TVA
        </legend>
        {MANUAL_VAT_CHOICES.map((choice) => (
          <MoneyField key={choice.code} {...bind(baseKey(choice.code))} label={`HT à ${choice.label}`} />
        ))}
      </fieldset>
      <div>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Enregistrer la facture
        </button>
      </div>
    </Form>
  );
}
