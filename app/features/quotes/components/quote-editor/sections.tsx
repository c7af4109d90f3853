import { memo } from "react";
import {
  CheckboxField,
  DateField,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { VAT_RATES } from "#app/lib/vat.ts";
import {
  LINE_VAT_CODES,
  LONG_TEXT_MAX,
  MAX_VALIDITY_DAYS,
  type PercentOrAmountInput,
  type QuoteDraftInput,
  TITLE_MAX,
} from "../../content.ts";
import type { EditorErrors, EditorFieldPath, TermsTextField } from "../../editor-state.ts";
import { type Act, ids, panelClass, sectionTitleClass } from "./shared.tsx";

/*
 * The parts of the editor outside the lots: the header (object, nature of the work, site
 * address, reverse charge or off-premises), the discount and travel costs, and the terms.
 * Kit Fields, controlled; memoized, so typing in a line does not re-render them.
 */

type FieldsErrors = EditorErrors["fields"];

const VAT_OPTIONS = LINE_VAT_CODES.map((code) => ({
  value: code,
  label: VAT_RATES[code].label,
}));
const REVERSE_CHARGE_OPTION = [{ value: "autoliquidation", label: "Autoliquidation" }];

type ClientKind = "particulier" | "entreprise";

/**
 * The props a controlled field takes from its path: its id, its messages, and its value
 * (or ticked state) with the change that sets it.
 */
function binder(errors: FieldsErrors) {
  return {
    text: (path: EditorFieldPath, value: string, set: (value: string) => void) => ({
      id: ids.field(path),
      value,
      onChange: (event: { currentTarget: { value: string } }) => set(event.currentTarget.value),
      errors: errors[path],
    }),
    check: (path: EditorFieldPath, checked: boolean, set: (value: boolean) => void) => ({
      id: ids.field(path),
      checked,
      onChange: (event: { currentTarget: { checked: boolean } }) => set(event.currentTarget.checked),
      errors: errors[path],
    }),
  };
}

export const HeaderSection = memo(function HeaderSection({
  title,
  description,
  site,
  reverseCharge,
  offPremises,
  clientKind,
  forInvoice = false,
  errors,
  act,
}: Pick<QuoteDraftInput, "title" | "description" | "site" | "reverseCharge" | "offPremises"> & {
  clientKind: ClientKind;
  /** A standalone invoice: no off-premises contract, its own wording. */
  forInvoice?: boolean;
  errors: FieldsErrors;
  act: Act;
}) {
  const bind = binder(errors);
  const siteField = (field: keyof QuoteDraftInput["site"]) =>
    bind.text(`site.${field}`, site[field], (value) => act({ type: "setSite", field, value }));
  const header = (field: "title" | "description", value: string) =>
    bind.text(field, value, (typed) => act({ type: "setHeader", field, value: typed }));
  const flag = (field: "reverseCharge" | "offPremises", checked: boolean) =>
    bind.check(field, checked, (value) => act({ type: "setFlag", field, value }));
  return (
    <section aria-labelledby="devis-entete-titre" className={panelClass}>
      <h2 id="devis-entete-titre" className={sectionTitleClass}>
        Objet et chantier
      </h2>
      <TextField
        label="Objet"
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        {...header("title", title)}
      />
      <TextareaField
        label="Nature des travaux"
        hint={
          forInvoice
            ? "La nature exacte des travaux, telle que la facture l'imprime."
            : "La nature exacte des travaux, telle que le devis l'imprime (requise pour l'envoyer)."
        }
        rows={4}
        maxLength={LONG_TEXT_MAX}
        {...header("description", description)}
      />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-heading text-base font-semibold text-brand-900">
          Adresse du chantier
        </legend>
        <TextField label="Adresse" maxLength={200} autoComplete="off" {...siteField("street")} />
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <TextField
            label="Code postal"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            {...siteField("postalCode")}
          />
          <TextField label="Commune" maxLength={120} autoComplete="off" {...siteField("city")} />
        </div>
      </fieldset>
      {clientKind === "entreprise" || reverseCharge ? (
        <CheckboxField
          label="Autoliquidation (sous-traitance pour un entrepreneur principal)"
          hint={
            forInvoice
              ? "La facture est alors établie hors taxes ; la TVA est due par le client."
              : "Le devis est alors établi hors taxes ; la TVA est due par le client."
          }
          {...flag("reverseCharge", reverseCharge)}
        />
      ) : null}
      {!forInvoice && (clientKind === "particulier" || offPremises) ? (
        <CheckboxField
          label="Contrat signé hors établissement (au domicile du client)"
          hint="Aucun paiement ne peut alors être demandé avant sept jours."
          {...flag("offPremises", offPremises)}
        />
      ) : null}
    </section>
  );
});

/** The texts of the discount's and the deposit's fields: the kind's label and options, the value's labels. */
const PERCENT_OR_AMOUNT_TEXTS = {
  discount: {
    label: "Remise sur le devis",
    kinds: { "": "Aucune", percent: "En pourcentage", amount: "En montant HT" },
    percentLabel: "Taux de remise (%)",
    amountLabel: "Montant de la remise HT",
  },
  "terms.deposit": {
    label: "Acompte",
    kinds: { "": "Aucun", percent: "En pourcentage du TTC", amount: "En montant TTC" },
    percentLabel: "Taux d'acompte (%)",
    amountLabel: "Montant de l'acompte TTC",
  },
} as const;
const PERCENT_OR_AMOUNT_KINDS = [
  "",
  "percent",
  "amount",
] as const satisfies readonly PercentOrAmountInput["kind"][];

function PercentOrAmountFields({
  path,
  value,
  errors,
  onChange,
}: {
  path: keyof typeof PERCENT_OR_AMOUNT_TEXTS;
  value: PercentOrAmountInput;
  errors: FieldsErrors;
  onChange: (value: Partial<PercentOrAmountInput>) => void;
}) {
  const { label, kinds, percentLabel, amountLabel } = PERCENT_OR_AMOUNT_TEXTS[path];
  const kindOptions = PERCENT_OR_AMOUNT_KINDS.map((kind) => ({ value: kind, label: kinds[kind] }));
  const bind = binder(errors);
  const amount = bind.text(`${path}.value`, value.value, (typed) => onChange({ value: typed }));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={label}
        options={kindOptions}
        {...bind.text(`${path}.kind`, value.kind, (kind) =>
          onChange({ kind: kind as PercentOrAmountInput["kind"] }),
        )}
      />
      {value.kind === "percent" ? (
        <TextField
          label={percentLabel}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          {...amount}
          controlClassName="text-right tabular-nums"
        />
      ) : value.kind === "amount" ? (
        <MoneyField label={amountLabel} {...amount} />
      ) : null}
    </div>
  );
}

export const DiscountTravelSection = memo(function DiscountTravelSection({
  discount,
  travel,
  reverseCharge,
  errors,
  act,
}: Pick<QuoteDraftInput, "discount" | "travel"> & {
  reverseCharge: boolean;
  errors: FieldsErrors;
  act: Act;
}) {
  const bind = binder(errors);
  return (
    <section aria-labelledby="devis-remise-titre" className={panelClass}>
      <h2 id="devis-remise-titre" className={sectionTitleClass}>
        Remise et frais de déplacement
      </h2>
      <PercentOrAmountFields
        path="discount"
        value={discount}
        errors={errors}
        onChange={(value) => act({ type: "setDiscount", value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField
          label="Frais de déplacement HT"
          hint="Laissez vide s'il n'y en a pas."
          {...bind.text("travel.amountHt", travel.amountHt, (amountHt) =>
            act({ type: "setTravel", value: { amountHt } }),
          )}
        />
        <SelectField
          label="TVA des frais de déplacement"
          options={reverseCharge ? REVERSE_CHARGE_OPTION : VAT_OPTIONS}
          disabled={reverseCharge}
          {...bind.text("travel.vatCode", reverseCharge ? "autoliquidation" : travel.vatCode, (vatCode) =>
            act({ type: "setTravel", value: { vatCode } }),
          )}
        />
      </div>
    </section>
  );
});

export const TermsSection = memo(function TermsSection({
  terms,
  errors,
  act,
}: Pick<QuoteDraftInput, "terms"> & { errors: FieldsErrors; act: Act }) {
  const bind = binder(errors);
  const termsField = (field: TermsTextField) =>
    bind.text(`terms.${field}`, terms[field], (value) => act({ type: "setTerms", field, value }));
  return (
    <section aria-labelledby="devis-conditions-titre" className={panelClass}>
      <h2 id="devis-conditions-titre" className={sectionTitleClass}>
        Conditions
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Validité (jours)"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={`De 1 à ${MAX_VALIDITY_DAYS} jours.`}
          {...termsField("validityDays")}
        />
        <DateField label="Début estimé" hint="Requis pour envoyer le devis." {...termsField("startOn")} />
        <TextField
          label="Durée estimée"
          hint="Requise pour envoyer le devis. Par exemple : 3 semaines."
          maxLength={120}
          autoComplete="off"
          {...termsField("duration")}
        />
      </div>
      <PercentOrAmountFields
        path="terms.deposit"
        value={terms.deposit}
        errors={errors}
        onChange={(value) => act({ type: "setDeposit", value })}
      />
      <TextareaField
        label="Échéancier"
        hint={"Par exemple : 30\u00a0% à la signature, le solde à la réception des travaux."}
        rows={2}
        maxLength={1000}
        {...termsField("depositSchedule")}
      />
      <TextareaField
        label="Conditions de paiement"
        rows={2}
        maxLength={1000}
        {...termsField("paymentTerms")}
      />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <CheckboxField
          label="Devis payant"
          hint="Sinon, le devis indique qu'il est gratuit."
          {...bind.check("terms.paid", terms.paid, (value) => act({ type: "setTermsPaid", value }))}
        />
        {/* Kept while it carries a message: the schema reads the price even when the box is unticked. */}
        {terms.paid || errors["terms.priceCents"] ? (
          <MoneyField label="Prix du devis TTC" required {...termsField("priceCents")} />
        ) : null}
      </div>
      <TextareaField
        label="Note au client"
        hint="Imprimée sur le devis."
        rows={3}
        maxLength={LONG_TEXT_MAX}
        {...termsField("noteToClient")}
      />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <TextField
          label="Retenue de garantie (%)"
          hint={"5\u00a0% au plus ; laissez vide s'il n'y en a pas. Retenue sur les situations et le solde."}
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          {...termsField("retentionPercent")}
        />
        <CheckboxField
          label="Remplacée par une caution bancaire"
          hint="Rien n'est retenu sur les factures ; elles le mentionnent."
          {...bind.check("terms.retentionBankGuarantee", terms.retentionBankGuarantee, (value) =>
            act({ type: "setRetentionBankGuarantee", value }),
          )}
        />
      </div>
    </section>
  );
});
