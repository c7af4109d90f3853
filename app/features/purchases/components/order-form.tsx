import { Plus } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  DateField,
  MoneyField,
  RadioGroupField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import {
  correctionSummary,
  DefaultSubmit,
  FormSection,
  SaveOrCancel,
} from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import {
  BLANK_ORDER_ROWS,
  lineIndexes,
  lineKey,
  MAX_ORDER_LINES,
  ORDER_INTENTS,
  ORDER_NOTES_MAX,
  ORDER_PLACE_LABELS,
  PURCHASE_DELIVERY_PLACES,
  VAT_CHOICES,
} from "../order-schema.ts";

/*
 * The form of a purchase order: the supplier (active ones), the site and its lot, where to
 * deliver, the wanted day, the lines and notes. Without JavaScript it works as well: blank
 * rows are posted and left out, « Ajouter des lignes » sends the form back with more of them.
 * Entrée in a field saves (the form's default button), never « Ajouter des lignes ».
 */

export type OrderFormChoices = {
  suppliers: { id: string; legalName: string }[];
  sites: { id: string; number: string; title: string; lots: { id: string; title: string }[] }[];
};

export function OrderForm({
  intent,
  values,
  choices,
  errors = {},
  formErrors = [],
  extraRows = 0,
  cancelHref,
  saveLabel,
  hidden,
}: {
  intent: "creer" | "modifier";
  values: Record<string, string>;
  choices: OrderFormChoices;
  errors?: FieldErrors;
  formErrors?: readonly string[];
  extraRows?: number;
  cancelHref: string;
  saveLabel: string;
  hidden?: ReactNode;
}) {
  const navigation = useNavigation();
  const typed = lineIndexes(values);
  const rowCount = Math.min(typed.length + BLANK_ORDER_ROWS + extraRows, MAX_ORDER_LINES);
  const value = (name: string) => values[name] ?? "";
  const [siteId, setSiteId] = useState(value("jobSiteId"));
  // Before the page's script runs, every site's lots (named with their site): the server
  // refuses a lot of another site. Then only the lots of the chosen site.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const lotOptions = hydrated
    ? (choices.sites.find((site) => site.id === siteId)?.lots ?? []).map((lot) => ({
        value: lot.id,
        label: lot.title,
      }))
    : choices.sites.flatMap((site) =>
        site.lots.map((lot) => ({ value: lot.id, label: `${site.number} — ${lot.title}` })),
      );
  return (
    <Form
      method="post"
      encType="application/x-www-form-urlencoded"
      noValidate
      className="grid gap-5"
      aria-label="Bon de commande"
    >
      <DefaultSubmit />
      {hidden}
      <FormAlert focus title="Enregistrement impossible" errors={correctionSummary(errors, formErrors)} />
      <FormSection legend="Fournisseur et chantier">
        <SelectField
          id="commande-supplierId"
          name="supplierId"
          label="Fournisseur"
          required
          placeholder="Choisissez…"
          defaultValue={value("supplierId")}
          errors={errors.supplierId}
          options={choices.suppliers.map((supplier) => ({ value: supplier.id, label: supplier.legalName }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="commande-jobSiteId"
            name="jobSiteId"
            label="Chantier"
            placeholder="Aucun (stock du dépôt)"
            defaultValue={value("jobSiteId")}
            onChange={(event) => setSiteId(event.currentTarget.value)}
            errors={errors.jobSiteId}
            options={choices.sites.map((site) => ({
              value: site.id,
              label: `${site.number} — ${site.title}`,
            }))}
          />
          <SelectField
            key={hydrated ? siteId : "tous"}
            id="commande-lotId"
            name="lotId"
            label="Lot"
            placeholder="Tout le chantier"
            defaultValue={value("lotId")}
            errors={errors.lotId}
            options={lotOptions}
          />
        </div>
      </FormSection>

      <FormSection legend="Livraison">
        <RadioGroupField
          name="deliveryPlace"
          legend="Lieu de livraison"
          required
          defaultValue={value("deliveryPlace") || "chantier"}
          errors={errors.deliveryPlace}
          options={PURCHASE_DELIVERY_PLACES.map((place) => ({
            value: place,
            label: ORDER_PLACE_LABELS[place],
          }))}
        />
        <DateField
          id="commande-wantedOn"
          name="wantedOn"
          label="Livraison souhaitée le"
          defaultValue={value("wantedOn")}
          errors={errors.wantedOn}
        />
      </FormSection>

      <FormSection legend="Articles">
        {errors.lines ? <FormAlert errors={errors.lines} /> : null}
        <p className="text-sm text-slate-700">
          Une ligne laissée vide n'est pas enregistrée : videz une ligne pour la retirer.
        </p>
        {Array.from({ length: rowCount }, (_, row) => {
          const id = (name: string) => `commande-ligne-${row}-${name}`;
          const line = (name: Parameters<typeof lineKey>[1]) => ({
            id: id(name),
            name: lineKey(row, name),
            defaultValue: value(lineKey(row, name)),
            errors: errors[lineKey(row, name)],
          });
          return (
            <fieldset
              key={id("row")}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_6rem_6rem_8rem_9rem]"
            >
              <legend className="px-1 text-sm font-semibold text-slate-700">Ligne {row + 1}</legend>
              <TextField {...line("reference")} label="Référence" maxLength={60} autoComplete="off" />
              <TextField {...line("designation")} label="Désignation" maxLength={300} autoComplete="off" />
              <TextField
                {...line("quantity")}
                label="Quantité"
                inputMode="decimal"
                maxLength={16}
                autoComplete="off"
              />
              <TextField {...line("unit")} label="Unité" maxLength={20} autoComplete="off" />
              <MoneyField {...line("unitPrice")} label="Prix unitaire HT" maxLength={18} />
              <SelectField
                {...line("vatCode")}
                defaultValue={value(lineKey(row, "vatCode")) || value("defaultVatCode") || "20"}
                label="TVA"
                options={VAT_CHOICES}
              />
            </fieldset>
          );
        })}
        {rowCount < MAX_ORDER_LINES ? (
          <div>
            <button
              type="submit"
              name="intent"
              value={ORDER_INTENTS.moreRows}
              formNoValidate
              className={buttonClasses("outline", "md")}
            >
              <Plus aria-hidden="true" className="size-4" />
              Ajouter des lignes
            </button>
          </div>
        ) : null}
      </FormSection>

      <FormSection legend="Remarques">
        <TextareaField
          id="commande-notes"
          name="notes"
          label="Remarques pour le fournisseur"
          rows={3}
          maxLength={ORDER_NOTES_MAX}
          defaultValue={value("notes")}
          errors={errors.notes}
        />
      </FormSection>
      <input type="hidden" name="intent" value={intent} />
      <SaveOrCancel saving={navigation.state === "submitting"} label={saveLabel} cancelHref={cancelHref} />
    </Form>
  );
}
