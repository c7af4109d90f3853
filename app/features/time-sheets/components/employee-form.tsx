import { DateField, MoneyField, RadioGroupField, SelectField } from "#app/components/forms/field.tsx";
import {
  FormSection,
  LineField,
  NotesSection,
  RecordForm,
  type RecordFormProps,
  recordFields,
} from "#app/components/forms/form-parts.tsx";
import {
  CONTRACT_CHOICE_LABELS,
  CONTRACT_CHOICES,
  EMPLOYEE_NOTES_MAX,
  type EmployeeFormValues,
} from "../employee-schema.ts";

/*
 * The form of an employee of the register: who, the contract, the cost (the owner's
 * form only), the home address (the travel zones' origin when the company measures from
 * home) and the site worker's account that enters the hours. Every message the server
 * sends shows under its field (the form posts without JavaScript too).
 */

export function EmployeeForm(
  props: RecordFormProps<EmployeeFormValues> & {
    /** The site workers' accounts that may be linked. */
    accounts: readonly { id: string; name: string; email: string }[];
    /** The loaded hourly cost is the owner's: the field is on the owner's form only. */
    showCost: boolean;
  },
) {
  const { values, errors = {}, accounts, showCost } = props;
  const { field, text } = recordFields(values, errors, "salarie");

  return (
    <RecordForm label="Fiche salarié" {...props}>
      <FormSection legend="Le salarié">
        <div className="grid gap-4 sm:grid-cols-2">
          <LineField {...text("lastName", "Nom", 100)} required />
          <LineField {...text("firstName", "Prénom", 100)} required />
          <LineField
            {...text("qualification", "Qualification", 100)}
            hint="Comme sur le bulletin de paie : maçon, plaquiste, chef d'équipe…"
          />
          <LineField
            {...text("coefficient", "Coefficient", 3)}
            inputMode="numeric"
            hint="De la convention collective des ouvriers du bâtiment (150 à 270)."
          />
        </div>
      </FormSection>

      <FormSection legend="Le contrat">
        <RadioGroupField
          name="contract"
          legend="Durée du travail"
          required
          defaultValue={values.contract}
          errors={errors.contract}
          options={CONTRACT_CHOICES.map((choice) => ({
            value: choice,
            label: CONTRACT_CHOICE_LABELS[choice],
          }))}
        />
        <LineField
          {...text("partTimeHours", "Heures par semaine du temps partiel", 5)}
          inputMode="decimal"
          hint="Seulement pour un temps partiel, par quarts d'heure : 24 ou 24,5 par exemple."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField id="salarie-hireDate" {...field("hireDate")} label="Date d'embauche" required />
          <DateField
            id="salarie-leaveDate"
            {...field("leaveDate")}
            label="Date de sortie"
            hint="Le dernier jour du contrat, s'il a pris fin."
          />
        </div>
        {showCost ? (
          <MoneyField
            id="salarie-loadedHourlyCost"
            {...field("loadedHourlyCost")}
            label="Coût horaire chargé"
            hint="Salaire et charges patronales par heure : il sert au coût de la main-d'œuvre des chantiers. Visible des seuls gérants."
          />
        ) : null}
      </FormSection>

      <FormSection legend="Domicile">
        <p className="text-sm text-slate-700">
          Sert aux zones de déplacement quand l'entreprise les mesure depuis le domicile des salariés.
        </p>
        <LineField {...text("homeStreet", "Numéro et rue", 200)} />
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <LineField {...text("homePostalCode", "Code postal", 6)} inputMode="numeric" />
          <LineField {...text("homeCity", "Commune", 100)} />
        </div>
      </FormSection>

      <FormSection legend="Compte de pointage">
        <SelectField
          id="salarie-userId"
          {...field("userId")}
          label="Compte de compagnon"
          placeholder="Aucun : ses heures sont saisies par le bureau"
          options={accounts.map((account) => ({
            value: account.id,
            label: `${account.name} (${account.email})`,
          }))}
          hint="Le compte avec lequel il saisit ses heures sur son téléphone. Les comptes se créent dans « Comptes de l'équipe »."
        />
      </FormSection>

      <NotesSection id="salarie-notes" {...field("notes")} rows={3} maxLength={EMPLOYEE_NOTES_MAX} />
    </RecordForm>
  );
}
