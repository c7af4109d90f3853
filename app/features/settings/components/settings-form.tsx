import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import {
  CheckboxField,
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

/** A section of the form: its title, what it is for, its fields. */
function Section({ title, note: text, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={panel}>
      <legend className={legend}>{title}</legend>
      {text ? <p className={note}>{text}</p> : null}
      {children}
    </fieldset>
  );
}

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
  // A text the browser must not fill in from what it remembers.
  const text = (name: keyof SettingsFormValues, maxLength: number) => ({
    ...field(name),
    maxLength,
    autoComplete: "off",
  });
  // A reference number or code: no spell checking either.
  const code = (name: keyof SettingsFormValues, maxLength: number) => ({
    ...text(name, maxLength),
    spellCheck: false,
  });
  // A bank identifier (IBAN, BIC): capitals, in a font that tells 0 from O.
  const bankCode = (name: "iban" | "bic", maxLength: number) => ({
    ...code(name, maxLength),
    autoCapitalize: "characters",
    controlClassName: "font-mono",
  });
  // A number of days, typed on the numeric keypad.
  const days = (name: "paymentTermsDays" | "quoteValidityDays", min: number, max: number) => ({
    ...field(name),
    min,
    max,
    step: 1,
    inputMode: "numeric" as const,
  });
  const _date = (name: keyof SettingsFormValues) => ({
    ...field(name),
    min: "1900-01-01",
    max: "2100-12-31",
  });
  const checkbox = (name: "vatOnDebits" | "autoSendInvoices") => ({
    id: name,
    name,
    value: CHECKED,
    defaultChecked: values[name] === CHECKED,
    errors: errors[name],
  });

  return (
    <Form method="post" noValidate className="grid gap-5" aria-label="Paramètres de l'entreprise">
      <input type="hidden" name={REVISION_FIELD} value={revision} />
      <FormAlert focus title="Enregistrement impossible" errors={summary} />
      <p className={note}>Les champs marqués * sont requis.</p>

      <Section
        title="Banque"
        note={
          <>
            Le compte sur lequel les clients paient par virement, imprimé sur les factures. Les trois champs
            ensemble, ou aucun.
          </>
        }
      >
        <div className={twoColumns}>
          <TextField
            {...text("bankAccountHolder", TEXT_LIMITS.bankAccountHolder)}
            label="Titulaire du compte"
            className="sm:col-span-2"
          />
          <TextField
            {...bankCode("iban", 50)}
            label="IBAN"
            hint="Par exemple FR76 3000 6000 0112 3456 7890 189 ; les espaces sont facultatifs."
          />
          <TextField {...bankCode("bic", 15)} label="BIC" hint="8 ou 11 caractères, par exemple BNPAFRPP." />
        </div>
      </Section>

      <Section title="Conditions de paiement et devis">
        <div className={twoColumns}>
          <NumberField
            {...days("paymentTermsDays", 0, MAX_PAYMENT_TERMS_DAYS)}
            label="Délai de paiement par défaut (jours)"
            hint={`De 0 à ${MAX_PAYMENT_TERMS_DAYS} jours : ${MAX_PAYMENT_TERMS_DAYS} jours est le maximum légal entre professionnels.`}
            required
          />
          <NumberField
            {...days("quoteValidityDays", 1, MAX_QUOTE_VALIDITY_DAYS)}
            label="Durée de validité d'un devis (jours)"
            hint={`De 1 à ${MAX_QUOTE_VALIDITY_DAYS} jours.`}
            required
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
            {...checkbox("vatOnDebits")}
            label="Option pour le paiement de la taxe d'après les débits"
            hint="Cochée, la mention figure sur les factures : la TVA des prestations est due à la facturation et non à l'encaissement."
            className="sm:col-span-2"
          />
        </div>
      </Section>

      <Section title="Coût horaire et marges">
        <div className={twoColumns}>
          <MoneyField
            {...field("hourlyCost")}
            label="Coût horaire chargé de la main-d'œuvre (€ HT)"
            hint="Salaire et charges d'une heure travaillée : sert au calcul des marges des chantiers."
            required
            maxLength={20}
          />
          <TextField
            {...field("marginAlert")}
            label="Seuil d'alerte de marge des chantiers (%)"
            hint="Un chantier dont la marge projetée passe sous ce taux est signalé sur sa page et au tableau de bord."
            required
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
          />
        </div>
      </Section>

      <Section title="Envoi des factures">
        <CheckboxField
          {...checkbox("autoSendInvoices")}
          label="Envoyer automatiquement les factures au client à l'émission"
          hint="Cochée, chaque facture ou avoir émis part aussitôt par e-mail à l'adresse de la fiche client, avec son PDF Factur-X. Sinon, « Envoyer au client » sur la page de la facture."
        />
      </Section>

      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
          {saving ? "Enregistrement…" : "Enregistrer les paramètres"}
        </button>
      </div>
    </Form>
  );
}
