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
  return (
    <Form method="post" className="grid gap-4" aria-label={`Saisie de la facture ${fileName}`}>
      <input type="hidden" name="intent" value="saisir" />
      <input type="hidden" name="sha256" value={sha256} />
      <input type="hidden" name="fileName" value={fileName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={idOf("supplierId")}
          name="supplierId"
          label="Fournisseur"
          required
          placeholder="Choisissez…"
          defaultValue={values.supplierId ?? ""}
          options={suppliers.map((supplier) => ({ value: supplier.id, label: supplier.legalName }))}
          errors={errors?.supplierId}
        />
        <TextField
          id={idOf("number")}
          name="number"
          label="Numéro de la facture"
          required
          defaultValue={values.number ?? ""}
          errors={errors?.number}
        />
        <DateField
          id={idOf("issueDate")}
          name="issueDate"
          label="Date de la facture"
          required
          defaultValue={values.issueDate ?? ""}
          errors={errors?.issueDate}
        />
        <DateField
          id={idOf("dueDate")}
          name="dueDate"
          label="Échéance"
          defaultValue={values.dueDate ?? ""}
          errors={errors?.dueDate}
        />
        <TextField
          id={idOf("orderReference")}
          name="orderReference"
          label="Référence de commande"
          defaultValue={values.orderReference ?? ""}
          errors={errors?.orderReference}
        />
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
          <MoneyField
            key={choice.code}
            id={idOf(baseKey(choice.code))}
            name={baseKey(choice.code)}
            label={`HT à ${choice.label}`}
            defaultValue={values[baseKey(choice.code)] ?? ""}
            errors={errors?.[baseKey(choice.code)]}
          />
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
