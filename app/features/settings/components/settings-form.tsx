import { Form, useNavigation } from "react-router";
import {
  CheckboxField,
  DateField,
  MoneyField,
  NumberField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatCents } from "#app/lib/money.ts";
import {
  CHECKED,
  MAX_PAYMENT_TERMS_DAYS,
  MAX_QUOTE_VALIDITY_DAYS,
  RECOVERY_INDEMNITY_CENTS,
  REVISION_FIELD,
  type SettingsFormValues,
  TEXT_LIMITS,
} from "../schema.ts";

/*
 * The settings form, in the sections of the page. Every input's id is its name, so the
 * messages the server sends land under their field whether the form was posted with
 * JavaScript or without.
 */

const panel = "grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const legend = "font-heading text-lg font-bold text-brand-900 float-left w-full";
const twoColumns = "grid gap-4 sm:grid-cols-2";
const note = "text-sm text-slate-700";

export function SettingsForm({
  values,
  errors = {},
  formErrors = [],
  revision,
}: {
  values: SettingsFormValues;
  errors?: FieldErrors;
  formErrors?: readonly string[];
  revision: number;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const fieldCount = Object.keys(errors).length;
  const summary = [
    ...(fieldCount > 1
      ? [`${fieldCount} champs sont à corriger : voyez les messages sous chacun.`]
      : fieldCount === 1
        ? ["Un champ est à corriger : voyez le message sous celui-ci."]
        : []),
    ...formErrors,
  ];
  // What each field needs from the values and the messages.
  const field = (name: keyof SettingsFormValues) => ({
    id: name,
    name,
    defaultValue: values[name],
    errors: errors[name],
  });

  return (
    <Form method="post" noValidate className="grid gap-5" aria-label="Paramètres de l'entreprise">
      <input type="hidden" name={REVISION_FIELD} value={revision} />
      <FormAlert focus title="Enregistrement impossible" errors={summary} />
      <p className={note}>Les champs marqués * sont requis.</p>

      <fieldset className={panel}>
        <legend className={legend}>Assurance</legend>
        <p className={note}>
          L'assureur décennal, son adresse et la couverture géographique figurent sur chaque devis et chaque
          facture (loi n° 96-603, art. 22-2).
        </p>
        <div className={twoColumns}>
          <TextField
            {...field("insurerName")}
            label="Assureur décennal"
            required
            maxLength={TEXT_LIMITS.insurerName}
            autoComplete="off"
          />
          <TextField
            {...field("insurerAddress")}
            label="Adresse de l'assureur"
            required
            maxLength={TEXT_LIMITS.insurerAddress}
            autoComplete="off"
          />
          <TextField
            {...field("decennialPolicy")}
            label="N° de contrat décennale"
            required
            maxLength={TEXT_LIMITS.policy}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            {...field("liabilityPolicy")}
            label="N° de contrat responsabilité civile professionnelle"
            required
            maxLength={TEXT_LIMITS.policy}
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            {...field("insuranceCoverage")}
            label="Couverture géographique"
            required
            maxLength={TEXT_LIMITS.insuranceCoverage}
            autoComplete="off"
          />
          <DateField
            {...field("insuranceValidUntil")}
            label="Attestation décennale valable jusqu'au"
            required
            min="1900-01-01"
            max="2100-12-31"
          />
        </div>
      </fieldset>

      <fieldset className={panel}>
        <legend className={legend}>RGE</legend>
        <p className={note}>
          Qualification « Reconnu garant de l'environnement », requise pour les travaux de rénovation
          énergétique aidés. Laissez vide si l'entreprise n'en a pas.
        </p>
        <div className={twoColumns}>
          <TextField
            {...field("rgeNumber")}
            label="N° du certificat RGE"
            maxLength={TEXT_LIMITS.rgeNumber}
            autoComplete="off"
            spellCheck={false}
          />
          <DateField
            {...field("rgeValidUntil")}
            label="Certificat RGE valable jusqu'au"
            min="1900-01-01"
            max="2100-12-31"
          />
        </div>
      </fieldset>

      <fieldset className={panel}>
        <legend className={legend}>Banque</legend>
        <p className={note}>
          Le compte sur lequel les clients paient par virement, imprimé sur les factures. Les trois champs
          ensemble, ou aucun.
        </p>
        <div className={twoColumns}>
          <TextField
            {...field("bankAccountHolder")}
            label="Titulaire du compte"
            maxLength={TEXT_LIMITS.bankAccountHolder}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <TextField
            {...field("iban")}
            label="IBAN"
            hint="Par exemple FR76 3000 6000 0112 3456 7890 189 ; les espaces sont facultatifs."
            maxLength={50}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            controlClassName="font-mono"
          />
          <TextField
            {...field("bic")}
            label="BIC"
            hint="8 ou 11 caractères, par exemple BNPAFRPP."
            maxLength={15}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            controlClassName="font-mono"
          />
        </div>
      </fieldset>

      <fieldset className={panel}>
        <legend className={legend}>Conditions de paiement et devis</legend>
        <div className={twoColumns}>
          <NumberField
            {...field("paymentTermsDays")}
            label="Délai de paiement par défaut (jours)"
            hint={`De 0 à ${MAX_PAYMENT_TERMS_DAYS} jours : ${MAX_PAYMENT_TERMS_DAYS} jours est le maximum légal entre professionnels.`}
            required
            min={0}
            max={MAX_PAYMENT_TERMS_DAYS}
            step={1}
            inputMode="numeric"
          />
          <NumberField
            {...field("quoteValidityDays")}
            label="Durée de validité d'un devis (jours)"
            hint={`De 1 à ${MAX_QUOTE_VALIDITY_DAYS} jours.`}
            required
            min={1}
            max={MAX_QUOTE_VALIDITY_DAYS}
            step={1}
            inputMode="numeric"
          />
          <TextareaField
            {...field("paymentTermsText")}
            label="Mention des conditions de paiement sur les factures"
            hint="Par exemple : « Paiement à 30 jours à réception de facture, par virement. »"
            required
            rows={2}
            maxLength={TEXT_LIMITS.paymentTermsText}
            className="sm:col-span-2"
          />
          <TextField
            {...field("latePaymentRate")}
            label="Taux des pénalités de retard (%)"
            hint="Au moins trois fois le taux d'intérêt légal (Code de commerce, art. L441-10)."
            required
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
          />
          <div>
            <p className="mb-1 block font-heading text-sm font-semibold text-brand-900">
              Indemnité forfaitaire pour frais de recouvrement
            </p>
            <p className="min-h-11 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-ink">
              {formatCents(RECOVERY_INDEMNITY_CENTS)}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Fixée par la loi (Code de commerce, art. D441-5), due par un client professionnel en retard ;
              non modifiable.
            </p>
          </div>
          <CheckboxField
            id="vatOnDebits"
            name="vatOnDebits"
            value={CHECKED}
            defaultChecked={values.vatOnDebits === CHECKED}
            errors={errors.vatOnDebits}
            label="Option pour le paiement de la taxe d'après les débits"
            hint="Cochée, la mention figure sur les factures : la TVA des prestations est due à la facturation et non à l'encaissement."
            className="sm:col-span-2"
          />
        </div>
      </fieldset>

      <fieldset className={panel}>
        <legend className={legend}>Coût horaire</legend>
        <div className={twoColumns}>
          <MoneyField
            {...field("hourlyCost")}
            label="Coût horaire chargé de la main-d'œuvre (€ HT)"
            hint="Salaire et charges d'une heure travaillée : sert au calcul des marges des chantiers."
            required
            maxLength={20}
          />
        </div>
      </fieldset>

      <fieldset className={panel}>
        <legend className={legend}>Envoi des factures</legend>
        <CheckboxField
          id="autoSendInvoices"
          name="autoSendInvoices"
          value={CHECKED}
          defaultChecked={values.autoSendInvoices === CHECKED}
          errors={errors.autoSendInvoices}
          label="Envoyer automatiquement les factures au client à l'émission"
          hint="Cochée, chaque facture ou avoir émis part aussitôt par e-mail à l'adresse de la fiche client, avec son PDF Factur-X. Sinon, « Envoyer au client » sur la page de la facture."
        />
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
          {saving ? "Enregistrement…" : "Enregistrer les paramètres"}
        </button>
      </div>
    </Form>
  );
}
