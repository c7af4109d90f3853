import { Plus } from "lucide-react";
import { useState } from "react";
import {
  CheckboxField,
  EmailField,
  PhoneField,
  RadioGroupField,
  SelectField,
} from "#app/components/forms/field.tsx";
import {
  FormSection,
  LineField,
  NotesSection,
  RecordForm,
  type RecordFormProps,
  recordFields,
} from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import {
  CONTACT_FIELDS,
  type ContactField,
  contactIndexes,
  contactKey,
  MAX_CONTACTS,
  MAX_TERMS_DAYS,
  MAX_TERMS_DAYS_END_OF_MONTH,
  SUPPLIER_KIND_DESCRIPTIONS,
  SUPPLIER_KIND_LABELS,
  SUPPLIER_KINDS,
  SUPPLIER_NOTES_MAX,
  type SupplierFormValues,
  VAT_CHOICES,
} from "../supplier-schema.ts";

/*
 * The form of a supplier or subcontractor: who (kind, legal name, SIREN and VAT number),
 * where, how to reach them (and their contacts), how they are paid (terms, bank details,
 * the usual VAT) and notes. Every message the server sends shows under its field; the form
 * posts without JavaScript too (then one empty contact row at a time).
 */

/** A contact row's inputs, in the order of `CONTACT_FIELDS`. */
const CONTACT_INPUTS: readonly {
  name: ContactField;
  Input: typeof LineField | typeof EmailField | typeof PhoneField;
  label: string;
  maxLength: number;
}[] = [
  { name: "name", Input: LineField, label: "Nom", maxLength: 120 },
  { name: "role", Input: LineField, label: "Fonction", maxLength: 80 },
  { name: "email", Input: EmailField, label: "E-mail", maxLength: 254 },
  { name: "phone", Input: PhoneField, label: "Téléphone", maxLength: 20 },
];

export function SupplierForm(props: RecordFormProps<SupplierFormValues>) {
  const { values, errors = {} } = props;
  const { field, text } = recordFields(values, errors, "fournisseur");
  const filledRows = contactIndexes(values).filter((index) =>
    CONTACT_FIELDS.some((name) => (values[contactKey(index, name)] ?? "").trim() !== ""),
  );
  // The rows typed (renumbered from 0 by the order they came in), then one empty row.
  const [rowCount, setRowCount] = useState(Math.min(filledRows.length + 1, MAX_CONTACTS));

  return (
    <RecordForm label="Fiche fournisseur" {...props}>
      <FormSection legend="Identité">
        <RadioGroupField
          name="kind"
          legend="Type"
          required
          defaultValue={values.kind}
          errors={errors.kind}
          options={SUPPLIER_KINDS.map((kind) => ({
            value: kind,
            label: SUPPLIER_KIND_LABELS[kind],
            description: SUPPLIER_KIND_DESCRIPTIONS[kind],
          }))}
        />
        <LineField {...text("legalName", "Raison sociale", 160)} required autoComplete="organization" />
        <div className="grid gap-4 sm:grid-cols-2">
          <LineField
            {...text("siren", "SIREN", 11)}
            inputMode="numeric"
            hint="9 chiffres, sur le Kbis ou les factures du fournisseur."
          />
          <LineField
            {...text("vatNumber", "Numéro de TVA intracommunautaire", 20)}
            hint="Laissé vide pour une entreprise française, il est calculé depuis le SIREN."
          />
        </div>
        <LineField
          {...text("trade", "Corps de métier", 100)}
          hint="Pour un sous-traitant : maçonnerie, plomberie, électricité… Son attestation décennale devra le couvrir."
        />
      </FormSection>

      <FormSection legend="Adresse">
        <LineField {...text("street", "Numéro et rue", 200)} autoComplete="street-address" />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr_8rem]">
          <LineField {...text("postcode", "Code postal", 10)} autoComplete="postal-code" />
          <LineField {...text("city", "Commune", 100)} />
          <LineField
            {...text("country", "Pays", 2)}
            hint="Code à 2 lettres : FR, ES, IT…"
            autoComplete="country"
          />
        </div>
      </FormSection>

      <FormSection legend="Joindre le fournisseur">
        <div className="grid gap-4 sm:grid-cols-2">
          <EmailField id="fournisseur-email" {...field("email")} label="E-mail" maxLength={254} />
          <PhoneField id="fournisseur-phone" {...field("phone")} label="Téléphone" maxLength={20} />
        </div>
        <fieldset className="grid gap-4">
          <legend className="font-heading font-semibold text-brand-900">Contacts</legend>
          {Array.from({ length: rowCount }, (_, row) => {
            // A row shows what its numbered keys held (the stored or refused values), in order.
            const source = filledRows[row];
            const value = (name: ContactField) =>
              source === undefined ? "" : (values[contactKey(source, name)] ?? "");
            const rowErrors = (name: ContactField) =>
              source === undefined ? undefined : errors[contactKey(source, name)];
            const id = (name: string) => `fournisseur-contact-${row}-${name}`;
            return (
              <fieldset
                key={id("row")}
                className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
              >
                <legend className="px-1 text-sm font-semibold text-slate-700">Contact {row + 1}</legend>
                {CONTACT_INPUTS.map(({ name, Input, label, maxLength }) => (
                  <Input
                    key={name}
                    id={id(name)}
                    name={contactKey(row, name)}
                    defaultValue={value(name)}
                    errors={rowErrors(name)}
                    label={label}
                    maxLength={maxLength}
                  />
                ))}
              </fieldset>
            );
          })}
          {rowCount < MAX_CONTACTS ? (
            <div>
              <button
                type="button"
                className={buttonClasses("outline", "md")}
                onClick={() => setRowCount((count) => Math.min(count + 1, MAX_CONTACTS))}
              >
                <Plus aria-hidden="true" className="size-4" />
                Ajouter un contact
              </button>
            </div>
          ) : null}
        </fieldset>
      </FormSection>

      <FormSection legend="Paiement">
        <div className="grid gap-4 sm:grid-cols-2">
          <LineField
            {...text("paymentTermsDays", "Délai de paiement (jours)", 2)}
            inputMode="numeric"
            required
            hint={`De 0 (à réception) à ${MAX_TERMS_DAYS} jours date de facture, ou ${MAX_TERMS_DAYS_END_OF_MONTH} jours fin de mois (article L441-10 du Code de commerce).`}
          />
          <SelectField
            id="fournisseur-defaultVatCode"
            {...field("defaultVatCode")}
            label="TVA habituelle de ses factures"
            required
            options={VAT_CHOICES}
          />
        </div>
        <CheckboxField
          id="fournisseur-paymentTermsEndOfMonth"
          name="paymentTermsEndOfMonth"
          value="oui"
          defaultChecked={values.paymentTermsEndOfMonth === "oui"}
          errors={errors.paymentTermsEndOfMonth}
          label="Fin de mois"
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <LineField
            {...text("iban", "IBAN", 42)}
            hint="Sur son relevé d'identité bancaire : le compte que l'on paie par virement."
          />
          <LineField {...text("bic", "BIC", 11)} />
        </div>
      </FormSection>

      <NotesSection id="fournisseur-notes" {...field("notes")} rows={3} maxLength={SUPPLIER_NOTES_MAX} />
    </RecordForm>
  );
}
