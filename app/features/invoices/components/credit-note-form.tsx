import { useEffect, useId, useState } from "react";
import { Form } from "react-router";
import {
  ErrorList,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
} from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatCents, formatQuantity } from "#app/lib/money.ts";
import type { CorrectableLines } from "../billing.ts";
import type { CreditNoteField } from "../request.ts";

/*
 * « Faire un avoir » on an issued invoice's page. The kind chosen shows its own fields:
 * an annulation only its reason; a correction the lots (a quote's invoice) or lines (a
 * standalone invoice) to take back, each with what is left of it, or a percentage or an
 * amount; a gesture or a discount its amount and designation. Fields of another kind stay
 * in the page, hidden, so nothing typed is lost when the kind changes; the server reads
 * only those of the kind posted (request.ts). Until the page is hydrated every field shows,
 * so the form works before its script runs.
 */

type Mode =
  | "annulation"
  | "correction-lots"
  | "correction-lignes"
  | "correction-pourcentage"
  | "correction-montant"
  | "geste"
  | "remise";

export function CreditNoteForm({
  intent,
  choices,
  pending,
  fieldError,
  className,
}: {
  intent: string;
  /** The page's panel style. */
  className?: string;
  /** What a « Correction » can take back, lot by lot or line by line; null when nothing can. */
  choices: CorrectableLines | null;
  pending: boolean;
  fieldError: (field: CreditNoteField) => string[] | undefined;
}) {
  const [mode, setMode] = useState<Mode>("annulation");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const headingId = useId();
  const repriseId = useId();
  const byLines: { value: Mode; label: string }[] =
    choices?.kind === "lots"
      ? [{ value: "correction-lots", label: "Correction, de lots choisis (montant HT par lot)" }]
      : choices?.kind === "items"
        ? [{ value: "correction-lignes", label: "Correction, de lignes choisies (quantités)" }]
        : [];
  const options: { value: Mode; label: string }[] = [
    { value: "annulation", label: "Annulation (toute la facture)" },
    ...byLines,
    { value: "correction-pourcentage", label: "Correction, d'un pourcentage des travaux" },
    { value: "correction-montant", label: "Correction, d'un montant TTC des travaux" },
    { value: "geste", label: "Geste commercial, d'un montant TTC" },
    { value: "remise", label: "Remise, d'un montant TTC" },
  ];
  const shows = (...modes: Mode[]) => !hydrated || modes.includes(mode);
  const repriseErrors = fieldError("reprise");
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-2 text-lg font-bold text-brand-900">
        Faire un avoir
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Une facture émise ne se modifie pas : un avoir la corrige, en tout ou en partie.
      </p>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value={intent} />
        <SelectField
          name="mode"
          label="Type d'avoir"
          value={mode}
          onChange={(event) => setMode(event.currentTarget.value as Mode)}
          errors={fieldError("mode")}
          hint="Une annulation ou une correction rouvre la facturation du devis ; un geste commercial ou une remise, non."
          options={options}
        />
        <TextareaField
          name="motif"
          label="Motif"
          required
          rows={2}
          maxLength={500}
          hint="Imprimé sur l'avoir et transmis dans sa facture électronique."
          errors={fieldError("motif")}
        />
        {choices ? (
          <fieldset
            hidden={!shows("correction-lots", "correction-lignes")}
            className="grid gap-3 rounded-lg border border-slate-200 p-3"
            aria-describedby={repriseErrors ? `${repriseId}-erreur` : undefined}
          >
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {choices.kind === "lots"
                ? "Montant HT à reprendre, par lot"
                : "Quantité à reprendre, par ligne"}
            </legend>
            <p className="text-sm text-slate-700">
              Laissez vide ce qui ne change pas. Les acomptes déduits sur ces travaux sont réintégrés à
              proportion.
            </p>
            {choices.kind === "lots"
              ? choices.lots.map((lot) => (
                  <MoneyField
                    key={lot.lotId}
                    name={`reprise.${lot.lotId}`}
                    label={lot.title}
                    hint={`Reste ${formatCents(lot.leftHt)} HT de ce lot sur la facture.`}
                  />
                ))
              : choices.items.map((item) => (
                  <TextField
                    key={item.index}
                    name={`reprise.${item.index}`}
                    label={item.designation}
                    inputMode="decimal"
                    autoComplete="off"
                    hint={`Reste ${formatQuantity(item.leftQuantity)} ${item.unit} à ${formatCents(item.unitPriceHt)} HT.`}
                  />
                ))}
            <ErrorList id={`${repriseId}-erreur`} errors={repriseErrors} />
          </fieldset>
        ) : null}
        <div hidden={!shows("correction-pourcentage")}>
          <TextField
            name="percent"
            label="Pourcentage des travaux"
            inputMode="decimal"
            hint="Du reste de la facture, par exemple 10."
            errors={fieldError("percent")}
          />
        </div>
        <div hidden={!shows("correction-montant", "geste", "remise")}>
          <MoneyField name="ttc" label="Montant TTC" errors={fieldError("ttc")} />
        </div>
        <div hidden={!shows("geste", "remise")}>
          <TextField
            name="designation"
            label="Désignation"
            maxLength={200}
            hint="La ligne de l'avoir, par exemple « Geste commercial sur la peinture »."
            errors={fieldError("designation")}
          />
        </div>
        <div>
          <button type="submit" className={buttonClasses("outline", "md")} disabled={pending}>
            Préparer l'avoir
          </button>
        </div>
      </Form>
    </section>
  );
}
