import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { DateField, PhoneField, TextareaField, TextField } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import {
  correctionSummary,
  FormSection,
  fieldBinder,
  SaveOrCancel,
} from "#app/components/forms/form-parts.tsx";
import { type JobSiteFormValues, TEXT_MAX } from "../schema.ts";

/*
 * The form of a job site: what it is, where, how to get in, when. Every message the
 * server sends shows under its field (the form posts without JavaScript too).
 */

export function JobSiteForm({
  intent,
  values,
  errors = {},
  formErrors = [],
  cancelHref,
  saveLabel,
  hidden,
}: {
  intent: "creer" | "modifier";
  values: JobSiteFormValues;
  errors?: FieldErrors;
  formErrors?: readonly string[];
  cancelHref: string;
  saveLabel: string;
  /** The hidden fields the post needs (the client, the revision). */
  hidden?: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const field = fieldBinder(values, errors);
  const summary = correctionSummary(errors, formErrors);

  return (
    <Form method="post" noValidate className="grid gap-5" aria-label="Fiche chantier">
      <input type="hidden" name="intent" value={intent} />
      {hidden}
      <FormAlert focus title="Enregistrement impossible" errors={summary} />

      <FormSection legend="Le chantier">
        <TextField
          id="site-title"
          {...field("title")}
          label="Intitulé"
          required
          maxLength={160}
          autoComplete="off"
        />
        <TextField
          id="site-street"
          {...field("siteStreet")}
          label="Numéro et rue"
          maxLength={200}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <TextField
            id="site-postal-code"
            {...field("sitePostalCode")}
            label="Code postal"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
          />
          <TextField
            id="site-city"
            {...field("siteCity")}
            label="Commune"
            required
            maxLength={120}
            autoComplete="off"
          />
        </div>
      </FormSection>

      <FormSection legend="Accès">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="site-access-code"
            {...field("accessCode")}
            label="Digicode"
            maxLength={200}
            autoComplete="off"
          />
          <TextField
            id="site-keys"
            {...field("keys")}
            label="Clés"
            maxLength={200}
            autoComplete="off"
            hint="Où les prendre, qui les a."
          />
          <TextField
            id="site-contact-name"
            {...field("contactName")}
            label="Contact sur place"
            maxLength={200}
            autoComplete="off"
          />
          <PhoneField id="site-contact-phone" {...field("contactPhone")} label="Téléphone du contact" />
        </div>
        <TextareaField
          id="site-parking"
          {...field("parking")}
          label="Stationnement"
          rows={2}
          maxLength={TEXT_MAX}
        />
        <TextareaField
          id="site-constraints"
          {...field("constraints")}
          label="Contraintes"
          rows={3}
          maxLength={TEXT_MAX}
          hint="Horaires du voisinage, ascenseur, accès du camion, animaux…"
        />
      </FormSection>

      <FormSection legend="Dates">
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField id="site-planned-start" {...field("plannedStart")} label="Début prévu" />
          <DateField id="site-planned-end" {...field("plannedEnd")} label="Fin prévue" />
          <DateField id="site-actual-start" {...field("actualStart")} label="Début réel" />
          <DateField id="site-actual-end" {...field("actualEnd")} label="Fin réelle" />
        </div>
      </FormSection>

      <FormSection legend="Notes">
        <TextareaField
          id="site-notes"
          {...field("notes")}
          label="Notes internes"
          rows={4}
          maxLength={TEXT_MAX}
        />
      </FormSection>

      <SaveOrCancel saving={saving} label={saveLabel} cancelHref={cancelHref} />
    </Form>
  );
}
