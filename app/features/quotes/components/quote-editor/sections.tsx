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
import type { EditorErrors } from "../../editor-state.ts";
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
  const setSite = (field: keyof QuoteDraftInput["site"]) => (event: { currentTarget: { value: string } }) =>
    act({ type: "setSite", field, value: event.currentTarget.value });
  return (
    <section aria-labelledby="devis-entete-titre" className={panelClass}>
      <h2 id="devis-entete-titre" className={sectionTitleClass}>
        Objet et chantier
      </h2>
      <TextField
        id={ids.field("title")}
        label="Objet"
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        value={title}
        onChange={(event) => act({ type: "setHeader", field: "title", value: event.currentTarget.value })}
        errors={errors.title}
      />
      <TextareaField
        id={ids.field("description")}
        label="Nature des travaux"
        hint={
          forInvoice
            ? "La nature exacte des travaux, telle que la facture l'imprime."
            : "La nature exacte des travaux, telle que le devis l'imprime (requise pour l'envoyer)."
        }
        rows={4}
        maxLength={LONG_TEXT_MAX}
        value={description}
        onChange={(event) =>
          act({ type: "setHeader", field: "description", value: event.currentTarget.value })
        }
        errors={errors.description}
      />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-heading text-base font-semibold text-brand-900">
          Adresse du chantier
        </legend>
        <TextField
          id={ids.field("site.street")}
          label="Adresse"
          maxLength={200}
          autoComplete="off"
          value={site.street}
          onChange={setSite("street")}
          errors={errors["site.street"]}
        />
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <TextField
            id={ids.field("site.postalCode")}
            label="Code postal"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            value={site.postalCode}
            onChange={setSite("postalCode")}
            errors={errors["site.postalCode"]}
          />
          <TextField
            id={ids.field("site.city")}
            label="Commune"
            maxLength={120}
            autoComplete="off"
            value={site.city}
            onChange={setSite("city")}
            errors={errors["site.city"]}
          />
        </div>
      </fieldset>
      {clientKind === "entreprise" || reverseCharge ? (
        <CheckboxField
          id={ids.field("reverseCharge")}
          label="Autoliquidation (sous-traitance pour un entrepreneur principal)"
          hint={
            forInvoice
              ? "La facture est alors établie hors taxes ; la TVA est due par le client."
              : "Le devis est alors établi hors taxes ; la TVA est due par le client."
          }
          checked={reverseCharge}
          onChange={(event) =>
            act({ type: "setFlag", field: "reverseCharge", value: event.currentTarget.checked })
          }
          errors={errors.reverseCharge}
        />
      ) : null}
      {!forInvoice && (clientKind === "particulier" || offPremises) ? (
        <CheckboxField
          id={ids.field("offPremises")}
          label="Contrat signé hors établissement (au domicile du client)"
          hint="Aucun paiement ne peut alors être demandé avant sept jours."
          checked={offPremises}
          onChange={(event) =>
            act({ type: "setFlag", field: "offPremises", value: event.currentTarget.checked })
          }
          errors={errors.offPremises}
        />
      ) : null}
    </section>
  );
});

function PercentOrAmountFields({
  path,
  label,
  kindOptions,
  percentLabel,
  amountLabel,
  value,
  errors,
  onChange,
}: {
  path: "discount" | "terms.deposit";
  label: string;
  kindOptions: { value: PercentOrAmountInput["kind"]; label: string }[];
  percentLabel: string;
  amountLabel: string;
  value: PercentOrAmountInput;
  errors: FieldsErrors;
  onChange: (value: Partial<PercentOrAmountInput>) => void;
}) {
  const kindPath = `${path}.kind` as const;
  const valuePath = `${path}.value` as const;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        id={ids.field(kindPath)}
        label={label}
        options={kindOptions}
        value={value.kind}
        onChange={(event) => onChange({ kind: event.currentTarget.value as PercentOrAmountInput["kind"] })}
        errors={errors[kindPath]}
      />
      {value.kind === "percent" ? (
        <TextField
          id={ids.field(valuePath)}
          label={percentLabel}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value.value}
          onChange={(event) => onChange({ value: event.currentTarget.value })}
          errors={errors[valuePath]}
          controlClassName="text-right tabular-nums"
        />
      ) : value.kind === "amount" ? (
        <MoneyField
          id={ids.field(valuePath)}
          label={amountLabel}
          value={value.value}
          onChange={(event) => onChange({ value: event.currentTarget.value })}
          errors={errors[valuePath]}
        />
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
  return (
    <section aria-labelledby="devis-remise-titre" className={panelClass}>
      <h2 id="devis-remise-titre" className={sectionTitleClass}>
        Remise et frais de déplacement
      </h2>
      <PercentOrAmountFields
        path="discount"
        label="Remise sur le devis"
        kindOptions={[
          { value: "", label: "Aucune" },
          { value: "percent", label: "En pourcentage" },
          { value: "amount", label: "En montant HT" },
        ]}
        percentLabel="Taux de remise (%)"
        amountLabel="Montant de la remise HT"
        value={discount}
        errors={errors}
        onChange={(value) => act({ type: "setDiscount", value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <MoneyField
          id={ids.field("travel.amountHt")}
          label="Frais de déplacement HT"
          hint="Laissez vide s'il n'y en a pas."
          value={travel.amountHt}
          onChange={(event) => act({ type: "setTravel", value: { amountHt: event.currentTarget.value } })}
          errors={errors["travel.amountHt"]}
        />
        <SelectField
          id={ids.field("travel.vatCode")}
          label="TVA des frais de déplacement"
          options={reverseCharge ? REVERSE_CHARGE_OPTION : VAT_OPTIONS}
          disabled={reverseCharge}
          value={reverseCharge ? "autoliquidation" : travel.vatCode}
          onChange={(event) => act({ type: "setTravel", value: { vatCode: event.currentTarget.value } })}
          errors={errors["travel.vatCode"]}
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
  const setTerms =
    (
      field:
        | "validityDays"
        | "startOn"
        | "duration"
        | "depositSchedule"
        | "paymentTerms"
        | "priceCents"
        | "noteToClient"
        | "retentionPercent",
    ) =>
    (event: { currentTarget: { value: string } }) =>
      act({ type: "setTerms", field, value: event.currentTarget.value });
  return (
    <section aria-labelledby="devis-conditions-titre" className={panelClass}>
      <h2 id="devis-conditions-titre" className={sectionTitleClass}>
        Conditions
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={ids.field("terms.validityDays")}
          label="Validité (jours)"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={`De 1 à ${MAX_VALIDITY_DAYS} jours.`}
          value={terms.validityDays}
          onChange={setTerms("validityDays")}
          errors={errors["terms.validityDays"]}
        />
        <DateField
          id={ids.field("terms.startOn")}
          label="Début estimé"
          hint="Requis pour envoyer le devis."
          value={terms.startOn}
          onChange={setTerms("startOn")}
          errors={errors["terms.startOn"]}
        />
        <TextField
          id={ids.field("terms.duration")}
          label="Durée estimée"
          hint="Requise pour envoyer le devis. Par exemple : 3 semaines."
          maxLength={120}
          autoComplete="off"
          value={terms.duration}
          onChange={setTerms("duration")}
          errors={errors["terms.duration"]}
        />
      </div>
      <PercentOrAmountFields
        path="terms.deposit"
        label="Acompte"
        kindOptions={[
          { value: "", label: "Aucun" },
          { value: "percent", label: "En pourcentage du TTC" },
          { value: "amount", label: "En montant TTC" },
        ]}
        percentLabel="Taux d'acompte (%)"
        amountLabel="Montant de l'acompte TTC"
        value={terms.deposit}
        errors={errors}
        onChange={(value) => act({ type: "setDeposit", value })}
      />
      <TextareaField
        id={ids.field("terms.depositSchedule")}
        label="Échéancier"
        hint={"Par exemple : 30\u00a0% à la signature, le solde à la réception des travaux."}
        rows={2}
        maxLength={1000}
        value={terms.depositSchedule}
        onChange={setTerms("depositSchedule")}
        errors={errors["terms.depositSchedule"]}
      />
      <TextareaField
        id={ids.field("terms.paymentTerms")}
        label="Conditions de paiement"
        rows={2}
        maxLength={1000}
        value={terms.paymentTerms}
        onChange={setTerms("paymentTerms")}
        errors={errors["terms.paymentTerms"]}
      />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <CheckboxField
          id={ids.field("terms.paid")}
          label="Devis payant"
          hint="Sinon, le devis indique qu'il est gratuit."
          checked={terms.paid}
          onChange={(event) => act({ type: "setTermsPaid", value: event.currentTarget.checked })}
          errors={errors["terms.paid"]}
        />
        {/* Kept while it carries a message: the schema reads the price even when the box is unticked. */}
        {terms.paid || errors["terms.priceCents"] ? (
          <MoneyField
            id={ids.field("terms.priceCents")}
            label="Prix du devis TTC"
            required
            value={terms.priceCents}
            onChange={setTerms("priceCents")}
            errors={errors["terms.priceCents"]}
          />
        ) : null}
      </div>
      <TextareaField
        id={ids.field("terms.noteToClient")}
        label="Note au client"
        hint="Imprimée sur le devis."
        rows={3}
        maxLength={LONG_TEXT_MAX}
        value={terms.noteToClient}
        onChange={setTerms("noteToClient")}
        errors={errors["terms.noteToClient"]}
      />
      <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
        <TextField
          id={ids.field("terms.retentionPercent")}
          label="Retenue de garantie (%)"
          hint={"5\u00a0% au plus ; laissez vide s'il n'y en a pas. Retenue sur les situations et le solde."}
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          value={terms.retentionPercent}
          onChange={setTerms("retentionPercent")}
          errors={errors["terms.retentionPercent"]}
        />
        <CheckboxField
          id={ids.field("terms.retentionBankGuarantee")}
          label="Remplacée par une caution bancaire"
          hint="Rien n'est retenu sur les factures ; elles le mentionnent."
          checked={terms.retentionBankGuarantee}
          onChange={(event) => act({ type: "setRetentionBankGuarantee", value: event.currentTarget.checked })}
          errors={errors["terms.retentionBankGuarantee"]}
        />
      </div>
    </section>
  );
});
