import { AddressStreetField } from "#app/components/forms/address-street-field.tsx";
import { DateField, PhoneField, TextareaField } from "#app/components/forms/field.tsx";
import {
  FormSection,
  LineField,
  NotesSection,
  RecordForm,
  type RecordFormProps,
  recordFields,
} from "#app/components/forms/form-parts.tsx";
import { type JobSiteFormValues, TEXT_MAX } from "../schema.ts";

/*
 * The form of a job site: what it is, where, how to get in, when. Every message the
 * server sends shows under its field (the form posts without JavaScript too).
 */

export function JobSiteForm(props: RecordFormProps<JobSiteFormValues>) {
  const { values, errors = {} } = props;
  const { field, text } = recordFields(values, errors, "site");

  return (
    <RecordForm label="Fiche chantier" {...props}>
      <FormSection legend="Le chantier">
        <LineField {...text("title", "Intitulé", 160)} required />
        <AddressStreetField
          {...text("siteStreet", "Numéro et rue", 200)}
          postalCodeId="site-sitePostalCode"
          cityId="site-siteCity"
        />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <LineField {...text("sitePostalCode", "Code postal", 6)} inputMode="numeric" />
          <LineField {...text("siteCity", "Commune", 120)} required />
        </div>
      </FormSection>

      <FormSection legend="Accès">
        <div className="grid gap-4 sm:grid-cols-2">
          <LineField {...text("accessCode", "Digicode", 200)} />
          <LineField {...text("keys", "Clés", 200)} hint="Où les prendre, qui les a." />
          <LineField {...text("contactName", "Contact sur place", 200)} />
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

      <NotesSection id="site-notes" {...field("notes")} rows={4} maxLength={TEXT_MAX} />
    </RecordForm>
  );
}
