import { Form, useNavigation } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { Facts } from "#app/components/data/facts.tsx";
import { controlClass, DateField, ErrorList } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import type { SiteHours } from "../costs.server.ts";
import type { LotForecast, SiteForecast } from "../forecast.ts";
import { PROGRESS_FIELD_PREFIX } from "../schema.ts";

/*
 * « Avancement et coûts »: each lot's progress (typed here, on site or in the office),
 * what it has cost, what it should have cost at this stage, and where it will end at
 * this pace; the alerts when the site drifts.
 */

const dash = "—";
const money = (cents: number | null) => (cents === null ? dash : formatCents(cents));

function ProgressInput({
  lot,
  typed,
  errors,
}: {
  lot: LotForecast;
  typed: string | undefined;
  errors: FieldErrors;
}) {
  const name = `${PROGRESS_FIELD_PREFIX}${lot.id}`;
  const id = `avancement-${lot.id}`;
  const messages = errors[name];
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-1">
        <input
          id={id}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          maxLength={8}
          defaultValue={typed ?? formatPercent(lot.progressBp).replace(/\s?%$/, "")}
          aria-label={`Avancement du lot « ${lot.title} », en %`}
          aria-invalid={messages ? true : undefined}
          aria-describedby={messages ? `${id}-erreur` : undefined}
          className={`${controlClass} w-24 text-right`}
        />
        <span aria-hidden="true">%</span>
      </div>
      {messages ? <ErrorList id={`${id}-erreur`} errors={messages} /> : null}
    </div>
  );
}

/** The hours of the time sheets on the site, in words: « 12 h 30, 475,00 € (dont … provisoires) ». */
function hoursWords(hours: SiteHours): string {
  const time = (minutes: number) => {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest === 0 ? "" : ` ${String(rest).padStart(2, "0")}`}`;
  };
  if (hours.minutes === 0) return "Aucune heure pointée";
  return [
    `${time(hours.minutes)}, ${formatCents(hours.costCents)}`,
    hours.provisionalMinutes > 0
      ? ` (dont ${time(hours.provisionalMinutes)}, ${formatCents(hours.provisionalCostCents)} de semaines pas encore validées)`
      : "",
    hours.uncostedMinutes > 0 ? ` ; ${time(hours.uncostedMinutes)} sans coût horaire renseigné` : "",
  ].join("");
}

export function SiteForecastPanel({
  forecast,
  hours,
  pathname,
  today,
  errors = {},
  values = {},
}: {
  forecast: SiteForecast;
  /** The time sheets' hours on the site (already in the forecast's costs). */
  hours: SiteHours;
  pathname: string;
  today: string;
  errors?: FieldErrors;
  /** What was typed in a refused progress form. */
  values?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "avancement";
  if (forecast.lots.length === 0) {
    return (
      <p className="text-slate-700">
        L'avancement se suit lot par lot : ce chantier n'a pas encore de lot (ils viennent des devis
        acceptés).
      </p>
    );
  }
  const columns: Column<LotForecast>[] = [
    {
      key: "lot",
      header: "Lot",
      phone: "title",
      cell: (lot) => <span className="font-semibold">{lot.title}</span>,
    },
    {
      key: "progress",
      header: "Avancement",
      cell: (lot) => (
        <ProgressInput lot={lot} typed={values[`${PROGRESS_FIELD_PREFIX}${lot.id}`]} errors={errors} />
      ),
    },
    { key: "spent", header: "Dépensé", align: "right", cell: (lot) => formatCents(lot.spentCents) },
    {
      key: "expected",
      header: "Prévu à ce stade",
      align: "right",
      cell: (lot) => money(lot.expectedSpentCents),
    },
    {
      key: "completion",
      header: "Coût à terminaison",
      align: "right",
      cell: (lot) =>
        lot.costAtCompletionCents === null
          ? "Pas encore d'avancement"
          : formatCents(lot.costAtCompletionCents),
    },
    {
      key: "drift",
      header: "Écart de marge",
      align: "right",
      cell: (lot) =>
        lot.driftCents === null ? (
          dash
        ) : (
          <span className={lot.driftCents < 0 ? "font-semibold text-red-800" : undefined}>
            {lot.driftCents > 0 ? "+" : ""}
            {formatCents(lot.driftCents)}
          </span>
        ),
    },
  ];
  return (
    <div className="grid gap-4">
      {forecast.alerts.length > 0 ? (
        <div role="note" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-950">
          <ul className="grid gap-1">
            {forecast.alerts.map((alert) => (
              <li key={alert}>{alert}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Facts
        columns={3}
        facts={[
          { label: "Avancement du chantier", value: formatPercent(forecast.progressBp) },
          { label: "Dépensé", value: formatCents(forecast.spentCents) },
          { label: "Coût à terminaison (prévision)", value: formatCents(forecast.costAtCompletionCents) },
          {
            label: "Marge projetée",
            value: `${formatCents(forecast.projectedMarginCents)}${forecast.projectedMarginRate === null ? "" : ` (${formatPercent(forecast.projectedMarginRate)})`}`,
          },
          { label: "Marge prévue au devis", value: money(forecast.plannedMarginCents) },
          { label: "Main-d'œuvre pointée", value: hoursWords(hours) },
        ]}
      />
      <Form method="post" noValidate className="grid gap-3" aria-label="Avancement des lots">
        <input type="hidden" name="intent" value="avancement" />
        <DataTable
          caption="Avancement et coûts par lot"
          columns={columns}
          rows={forecast.lots}
          rowKey={(lot) => lot.id}
          pathname={pathname}
          params={{}}
          minWidth={760}
        />
        <div className="flex flex-wrap items-end gap-3">
          <DateField
            id="avancement-date"
            name="recordedOn"
            label="Constaté le"
            defaultValue={values.recordedOn ?? today}
            max={today}
            errors={errors.recordedOn}
          />
          <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
            {saving ? "Enregistrement…" : "Enregistrer l'avancement"}
          </button>
        </div>
        <p className="text-sm text-slate-700">
          Le coût à terminaison prolonge le rythme actuel : dépensé ÷ avancement. Tant qu'un lot n'a pas
          d'avancement, c'est son coût prévu au devis qui compte.
        </p>
      </Form>
    </div>
  );
}
