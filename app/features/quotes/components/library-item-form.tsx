import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { MoneyField, SelectField, TextareaField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import {
  correctionSummary,
  FormSection,
  fieldBinder,
  SaveOrCancel,
} from "#app/components/forms/form-parts.tsx";
import { type Cents, formatCents, formatPercent } from "#app/lib/money.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import { DESIGNATION_MAX, LINE_VAT_CODES, LONG_TEXT_MAX, QUOTE_UNITS } from "../content.ts";
import {
  LIBRARY_INTENTS,
  LIBRARY_UNIT_LABELS,
  type LibraryItemFormValues,
  type LibraryItemRefusal,
  REVISION_FIELD,
  typedUnitEconomics,
} from "../library-schema.ts";

/*
 * The create and edit form of a price-library item: Field components, every message the
 * server sends under its field (the form posts without JavaScript too), and, while the
 * staff type, the cost price of one unit and the margin on its price: figures for the
 * team only, never printed on a quote.
 */

type Mode = "create" | "edit";

function CostPanel({
  typed,
  hourlyCostCents,
}: {
  typed: { unitPriceHt: string; labourHours: string; materials: string };
  hourlyCostCents: Cents;
}) {
  const figures = typedUnitEconomics(typed, hourlyCostCents);
  const negative = figures !== null && figures.margin < 0;
  return (
    <section
      aria-labelledby="article-cout-titre"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <h3 id="article-cout-titre" className="font-heading text-base font-bold">
        Coût de revient et marge <span className="font-normal">(interne, jamais imprimé sur un devis)</span>
      </h3>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2" aria-live="polite">
        <div>
          <dt className="text-sm font-semibold">Coût de revient par unité</dt>
          <dd className="tabular-nums">{figures ? formatCents(figures.cost) : "—"}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold">Marge sur le prix unitaire HT</dt>
          <dd className={`tabular-nums ${negative ? "font-bold text-red-800" : ""}`}>
            {figures
              ? `${formatCents(figures.margin)}${
                  figures.marginRate === null ? "" : ` (${formatPercent(figures.marginRate)})`
                }`
              : "—"}
            {negative ? " : vendu à perte" : null}
          </dd>
        </div>
      </dl>
      <p className="text-sm">
        Main-d'œuvre au coût horaire de {formatCents(hourlyCostCents)} (paramètres de l'entreprise), plus les
        fournitures.
        {figures ? null : " Saisissez le prix, les heures et les fournitures pour voir le calcul."}
      </p>
    </section>
  );
}

export function LibraryItemForm({
  mode,
  values: shown,
  refusal,
  revision,
  hourlyCostCents,
  cancelHref,
}: {
  mode: Mode;
  /** What the fields show: the item's values, or a new item's. */
  values: LibraryItemFormValues;
  /** The refusal of this form's last post: its messages, and what was typed, shown again. */
  refusal?: LibraryItemRefusal | null;
  /** The revision the edit form was loaded from (posted back, checked by the server). */
  revision?: number;
  /** The company's hourly labour cost, for the cost price shown while typing. */
  hourlyCostCents: Cents;
  cancelHref: string;
}) {
  const values = (refusal?.values as LibraryItemFormValues | undefined) ?? shown;
  const errors = refusal?.fieldErrors ?? {};
  // A refusal about the whole form, or one with nothing typed to show again (an unreadable post).
  const formError = refusal?.formError ?? (refusal && !refusal.values ? refusal.message : undefined);
  const formErrors = formError ? [formError] : [];
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    (mode === "create" || navigation.formData?.get("intent") === LIBRARY_INTENTS.save);
  const [typed, setTyped] = useState({
    unitPriceHt: values.unitPriceHt,
    labourHours: values.labourHours,
    materials: values.materials,
  });
  /** Keeps what is typed in a figure of the cost panel, which recomputes the margin as one types. */
  const keepTyped = (key: keyof typeof typed) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setTyped((current) => ({ ...current, [key]: value }));
  };
  const summary = correctionSummary(errors, formErrors);
  const field = fieldBinder(values, errors);

  return (
    <Form method="post" noValidate className="grid gap-5" aria-label="Article de la bibliothèque">
      <FormAlert focus title="Enregistrement impossible" errors={summary} />
      {mode === "edit" ? (
        <>
          <input type="hidden" name="intent" value={LIBRARY_INTENTS.save} />
          <input type="hidden" name={REVISION_FIELD} value={revision ?? ""} />
        </>
      ) : null}

      <FormSection legend="Ce que le devis imprime">
        <TextField
          id="article-designation"
          {...field("designation")}
          label="Désignation"
          required
          maxLength={DESIGNATION_MAX}
          autoComplete="off"
          hint="Une ligne, par exemple « Cloison en plaques de plâtre BA13 sur ossature métallique »."
        />
        <TextareaField
          id="article-description"
          {...field("description")}
          label="Description (facultative)"
          rows={4}
          maxLength={LONG_TEXT_MAX}
          hint="Le détail imprimé sous la désignation : matériaux, mise en œuvre, finitions."
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            id="article-unite"
            {...field("unit")}
            label="Unité"
            required
            options={QUOTE_UNITS.map((unit) => ({ value: unit, label: LIBRARY_UNIT_LABELS[unit] }))}
          />
          <MoneyField
            id="article-prix"
            {...field("unitPriceHt")}
            label="Prix unitaire HT"
            required
            onChange={keepTyped("unitPriceHt")}
          />
          <SelectField
            id="article-tva"
            {...field("vatCode")}
            label="TVA"
            required
            options={LINE_VAT_CODES.map((code) => ({ value: code, label: VAT_RATES[code].label }))}
          />
        </div>
        <p className="text-sm text-slate-700">
          10 % et 5,5 % : travaux dans un logement de plus de deux ans ; 5,5 % pour l'amélioration énergétique
          (isolation…). Le devis imprime l'attestation du client qui va avec.
        </p>
      </FormSection>

      <FormSection legend="Coût d'une unité">
        <p className="text-sm text-slate-700">Pour connaître la marge des devis ; facultatif, 0 si vide.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="article-heures"
            {...field("labourHours")}
            label="Main-d'œuvre par unité (heures)"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            hint="Par exemple 1,5 pour une heure et demie."
            controlClassName="text-right tabular-nums"
            onChange={keepTyped("labourHours")}
          />
          <MoneyField
            id="article-fournitures"
            {...field("materials")}
            label="Fournitures par unité HT"
            hint="Ce que coûtent les matériaux d'une unité."
            onChange={keepTyped("materials")}
          />
        </div>
        <CostPanel typed={typed} hourlyCostCents={hourlyCostCents} />
      </FormSection>

      <SaveOrCancel
        saving={saving}
        label={mode === "create" ? "Créer l'article" : "Enregistrer les modifications"}
        cancelHref={cancelHref}
      />
    </Form>
  );
}
