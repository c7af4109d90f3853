import { Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AddressStreetField } from "#app/components/forms/address-street-field.tsx";
import {
  CheckboxField,
  EmailField,
  PhoneField,
  RadioGroupField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import {
  correctionSummary,
  FormSection,
  fieldBinder,
  formPanelClass,
  SaveOrCancel,
} from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatPhone } from "#app/lib/phone.ts";
import {
  CLIENT_KIND_LABELS,
  CLIENT_KINDS,
  type ClientFormValues,
  CONFIRM_DUPLICATE_FIELD,
  MAX_SITES,
  NOTES_MAX,
  type PossibleDuplicate,
  type SiteField,
} from "../schema.ts";

/*
 * The create and edit form of a client: Field components, every message the server
 * sends under its field (the form posts without JavaScript too), the possible
 * duplicates with « Créer quand même », and the job-site addresses as rows.
 */

type SiteRow = Record<SiteField, string> & { key: number };

const EMPTY_SITE: Record<SiteField, string> = { id: "", label: "", street: "", postalCode: "", city: "" };

function isBlank(site: Record<SiteField, string>): boolean {
  return !site.label.trim() && !site.street.trim() && !site.postalCode.trim() && !site.city.trim();
}

/** The rows the form starts with: the client's sites, then one empty row to add one. */
function initialRows(sites: readonly Record<SiteField, string>[]): SiteRow[] {
  const rows = sites.map((site, index) => ({ ...EMPTY_SITE, ...site, key: index }));
  if (rows.length < MAX_SITES && (rows.length === 0 || !isBlank(rows[rows.length - 1] ?? EMPTY_SITE))) {
    rows.push({ ...EMPTY_SITE, key: rows.length });
  }
  return rows;
}

function DuplicateWarning({ duplicates, mode }: { duplicates: readonly PossibleDuplicate[]; mode: Mode }) {
  if (duplicates.length === 0) return null;
  return (
    <div className="grid gap-3 rounded-xl border border-red-300 bg-white p-4">
      <FormAlert
        focus
        title="Doublon possible"
        errors={
          duplicates.length > 1
            ? `${duplicates.length} clients ont déjà cette adresse e-mail ou ce téléphone. Vérifiez qu'il ne s'agit pas du même client.`
            : "Un client a déjà cette adresse e-mail ou ce téléphone. Vérifiez qu'il ne s'agit pas du même client."
        }
      />
      <ul className="grid gap-2" aria-label="Clients déjà enregistrés">
        {duplicates.map((duplicate) => (
          <li key={duplicate.id} className="text-sm">
            <Link
              to={`/erp/clients/${duplicate.id}`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 underline"
            >
              {duplicate.name}
              <span className="sr-only"> (s'ouvre dans un nouvel onglet)</span>
            </Link>{" "}
            <span className="text-slate-700">
              —{" "}
              {[
                duplicate.same.includes("email") && duplicate.email
                  ? `même e-mail (${duplicate.email})`
                  : null,
                duplicate.same.includes("phone") && duplicate.phone
                  ? `même téléphone (${formatPhone(duplicate.phone)})`
                  : null,
              ]
                .filter(Boolean)
                .join(", ")}
            </span>
          </li>
        ))}
      </ul>
      <CheckboxField
        name={CONFIRM_DUPLICATE_FIELD}
        value="oui"
        label={mode === "create" ? "Créer quand même" : "Enregistrer quand même"}
        hint="Cochez si c'est bien un autre client, puis enregistrez à nouveau."
      />
    </div>
  );
}

type Mode = "create" | "edit";

/** The inputs of an address, the billing one or a job site's: the same limits and keypads. */
const addressInput = {
  street: { label: "Numéro et rue", maxLength: 200, autoComplete: "off" },
  postalCode: { label: "Code postal", inputMode: "numeric", maxLength: 6, autoComplete: "off" },
  city: { maxLength: 100, autoComplete: "off" },
} as const;

/** A site address the billing address may copy, and where it comes from (« du devis « … » »). */
export type SiteAddress = { street: string; postalCode: string; city: string; source: string };

type Billing = { billingStreet: string; billingPostalCode: string; billingCity: string };

/** The first job site typed in this form (« Chantier 1 »), or null when it has no town yet. */
function firstSiteOf(form: HTMLFormElement | null): Omit<SiteAddress, "source"> | null {
  if (!form) return null;
  const read = (field: SiteField) => {
    const input = form.elements.namedItem(`sites.0.${field}`);
    return input instanceof HTMLInputElement ? input.value.trim() : "";
  };
  const site = { street: read("street"), postalCode: read("postalCode"), city: read("city") };
  return site.street || site.city ? site : null;
}

/**
 * « Adresse de facturation » with « Adresse de facturation identique à l'adresse du
 * chantier »: ticked, the fields show the site's address (the quote's in progress, else
 * the « Chantier 1 » typed below) and are posted as such, read-only; unticked, they show
 * again what was typed before. The box needs JavaScript, so it appears once the page runs
 * it; without, the fields are typed as before.
 */
function BillingAddressFields({
  values,
  errors,
  siteAddress,
}: {
  values: ClientFormValues;
  errors: FieldErrors;
  siteAddress: SiteAddress | null;
}) {
  const [billing, setBilling] = useState<Billing>({
    billingStreet: values.billingStreet,
    billingPostalCode: values.billingPostalCode,
    billingCity: values.billingCity,
  });
  const [same, setSame] = useState(false);
  const [notice, setNotice] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const typed = useRef<Billing>(billing);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => setHydrated(true), []);

  const change = (field: keyof Billing) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setBilling((current) => ({ ...current, [field]: value }));
  };
  // What an address input shows, and whether it can be typed in.
  const bind = (field: keyof Billing) => ({
    value: billing[field],
    onChange: change(field),
    readOnly: same,
    errors: errors[field],
  });
  const toggle = (checked: boolean) => {
    if (!checked) {
      setSame(false);
      setBilling(typed.current);
      setNotice("");
      return;
    }
    const site = siteAddress ?? firstSiteOf(fieldset.current?.form ?? null);
    if (!site) {
      setNotice("Indiquez d'abord l'adresse du chantier (Chantier 1, ci-dessous).");
      return;
    }
    typed.current = billing;
    setSame(true);
    setNotice("");
    setBilling({ billingStreet: site.street, billingPostalCode: site.postalCode, billingCity: site.city });
  };

  return (
    <FormSection ref={fieldset} legend="Adresse de facturation">
      <p className="text-sm text-slate-700">
        Facultative tant qu'aucune facture n'est émise ; complète si indiquée.
      </p>
      {hydrated ? (
        <CheckboxField
          id="client-billing-same-as-site"
          label="Adresse de facturation identique à l'adresse du chantier"
          hint={
            siteAddress
              ? `L'adresse du chantier ${siteAddress.source} : ${[siteAddress.street, `${siteAddress.postalCode} ${siteAddress.city}`.trim()].filter(Boolean).join(", ")}.`
              : "Reprend l'adresse du chantier 1, ci-dessous."
          }
          checked={same}
          onChange={(event) => toggle(event.currentTarget.checked)}
          after={
            notice ? (
              <p className="mt-1 text-sm font-medium text-red-700" role="status">
                {notice}
              </p>
            ) : null
          }
        />
      ) : null}
      <AddressStreetField
        id="client-billing-street"
        name="billingStreet"
        {...addressInput.street}
        {...bind("billingStreet")}
        postalCodeId="client-billing-postal-code"
        cityId="client-billing-city"
        onPick={(suggestion) =>
          setBilling({
            billingStreet: suggestion.street || suggestion.label,
            billingPostalCode: suggestion.postalCode,
            billingCity: suggestion.city,
          })
        }
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          id="client-billing-postal-code"
          name="billingPostalCode"
          {...addressInput.postalCode}
          {...bind("billingPostalCode")}
        />
        <TextField
          id="client-billing-city"
          name="billingCity"
          label="Ville"
          {...addressInput.city}
          {...bind("billingCity")}
        />
      </div>
    </FormSection>
  );
}

export function ClientForm({
  mode,
  values,
  errors = {},
  formErrors = [],
  duplicates = [],
  cancelHref,
  siteAddress = null,
}: {
  mode: Mode;
  /** What the fields show: the client's values, or what was posted and refused. */
  values: ClientFormValues;
  /** Messages per field name (`zodFieldErrors`), `sites.<n>.<field>` included. */
  errors?: FieldErrors;
  formErrors?: readonly string[];
  duplicates?: readonly PossibleDuplicate[];
  cancelHref: string;
  /** The site address of the client's quote in progress, which the billing address may copy. */
  siteAddress?: SiteAddress | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [rows, setRows] = useState<SiteRow[]>(() => initialRows(values.sites));
  const nextKey = useRef(rows.length);
  const summary = correctionSummary(errors, formErrors);
  const field = fieldBinder(values, errors);

  const addRow = () => {
    setRows((current) => [...current, { ...EMPTY_SITE, key: nextKey.current++ }]);
  };
  const removeRow = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
  };

  return (
    <Form method="post" noValidate className="group/client grid gap-5" aria-label="Fiche client">
      <FormAlert focus={duplicates.length === 0} title="Enregistrement impossible" errors={summary} />

      <FormSection legend="Identité">
        <RadioGroupField
          name="kind"
          legend="Type de client"
          required
          defaultValue={values.kind || "particulier"}
          errors={errors.kind}
          options={CLIENT_KINDS.map((kind) => ({ value: kind, label: CLIENT_KIND_LABELS[kind] }))}
          optionClassName="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          className="grid gap-2 sm:[&>div]:grid-cols-2"
        />
        <TextField
          id="client-name"
          {...field("name")}
          label="Nom"
          required
          maxLength={120}
          autoComplete="off"
          hint="Particulier : nom et prénom. Entreprise : le nom utilisé au quotidien."
        />
        <div className="hidden gap-4 group-has-[[name=kind][value=entreprise]:checked]/client:grid sm:grid-cols-2">
          <TextField
            id="client-legal-name"
            {...field("legalName")}
            label="Raison sociale"
            required
            maxLength={160}
            autoComplete="off"
            className="sm:col-span-2"
          />
          <TextField
            id="client-siren"
            {...field("siren")}
            label="SIREN"
            inputMode="numeric"
            maxLength={11}
            autoComplete="off"
            hint="9 chiffres."
          />
          <TextField
            id="client-vat"
            {...field("vatNumber")}
            label="N° de TVA intracommunautaire"
            maxLength={16}
            autoComplete="off"
            hint="FR, 2 chiffres de clé, puis le SIREN."
          />
          <CheckboxField
            id="client-main-contractor"
            name="mainContractor"
            value="oui"
            className="sm:col-span-2"
            label="Entrepreneur principal : nous intervenons en sous-traitance pour ce client"
            hint="Ses devis et factures sont alors en autoliquidation : sans TVA, avec la mention de l'article 283-2 nonies du CGI."
            defaultChecked={values.mainContractor === "oui"}
            errors={errors.mainContractor}
          />
        </div>
      </FormSection>

      <FormSection legend="Contact">
        <p className="text-sm text-slate-700">Au moins une adresse e-mail ou un téléphone.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <EmailField
            id="client-email"
            {...field("email")}
            label="E-mail"
            maxLength={254}
            autoComplete="off"
          />
          <PhoneField id="client-phone" {...field("phone")} label="Téléphone" autoComplete="off" />
        </div>
      </FormSection>

      <BillingAddressFields values={values} errors={errors} siteAddress={siteAddress} />

      <FormSection legend="Adresses de chantier">
        <p className="text-sm text-slate-700">
          Où ont lieu les travaux. Seule la commune est requise ; videz les champs d'une adresse pour la
          retirer.
        </p>
        {errors.sites ? <FormAlert errors={errors.sites} /> : null}
        <ol className="grid gap-4">
          {rows.map((row, index) => {
            const name = (field: SiteField) => `sites.${index}.${field}`;
            const error = (field: SiteField) => errors[name(field)];
            return (
              <li key={row.key} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="font-heading text-base font-semibold text-brand-900">
                    Chantier {index + 1}
                  </h2>
                  {rows.length > 1 ? (
                    <button
                      type="button"
                      onClick={() => removeRow(row.key)}
                      className={buttonClasses("ghost", "md")}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Retirer<span className="sr-only"> le chantier {index + 1}</span>
                    </button>
                  ) : null}
                </div>
                <input type="hidden" name={name("id")} value={row.id} />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    name={name("label")}
                    label="Nom de l'adresse (facultatif)"
                    maxLength={80}
                    autoComplete="off"
                    defaultValue={row.label}
                    errors={error("label")}
                  />
                  <AddressStreetField
                    id={`client-site-${row.key}-street`}
                    name={name("street")}
                    {...addressInput.street}
                    defaultValue={row.street}
                    errors={error("street")}
                    postalCodeId={`client-site-${row.key}-postal-code`}
                    cityId={`client-site-${row.key}-city`}
                  />
                  <TextField
                    id={`client-site-${row.key}-postal-code`}
                    name={name("postalCode")}
                    {...addressInput.postalCode}
                    defaultValue={row.postalCode}
                    errors={error("postalCode")}
                  />
                  <TextField
                    id={`client-site-${row.key}-city`}
                    name={name("city")}
                    label="Commune"
                    {...addressInput.city}
                    defaultValue={row.city}
                    errors={error("city")}
                  />
                </div>
              </li>
            );
          })}
        </ol>
        {rows.length < MAX_SITES ? (
          <div>
            <button type="button" onClick={addRow} className={buttonClasses("outline", "md")}>
              <Plus aria-hidden="true" className="size-4" />
              Ajouter une adresse de chantier
            </button>
          </div>
        ) : null}
      </FormSection>

      <div className={formPanelClass}>
        <TextareaField
          id="client-notes"
          {...field("notes")}
          label="Notes"
          rows={4}
          maxLength={NOTES_MAX}
          hint="Visibles de l'équipe seulement : accès, préférences, interlocuteurs…"
        />
      </div>

      <DuplicateWarning duplicates={duplicates} mode={mode} />

      <SaveOrCancel
        saving={saving}
        label={mode === "create" ? "Créer le client" : "Enregistrer les modifications"}
        cancelHref={cancelHref}
      />
    </Form>
  );
}

/** The form's values for a new client (nothing typed yet). */
export function emptyClientFormValues(): ClientFormValues {
  return {
    kind: "particulier",
    name: "",
    legalName: "",
    siren: "",
    vatNumber: "",
    mainContractor: "",
    email: "",
    phone: "",
    billingStreet: "",
    billingPostalCode: "",
    billingCity: "",
    notes: "",
    sites: [],
  };
}
