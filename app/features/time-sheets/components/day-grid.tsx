import { Lock, Plus, Save } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { SelectField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import type { DayGrid, DayGridColumn, DayGridRow } from "../day-grid.server.ts";
import { DEPOT_COLUMN, dayCellField } from "../day-grid.ts";
import { hoursWords } from "../employee-schema.ts";
import { AbsenceAbbreviations, dayHref, HoursCell, siteOptions, TeamHoursTable } from "./grid-parts.tsx";

/*
 * The team's day as a table: a row per employee in post, a column per site of the day
 * (planned, entered, or added by the office) and the depot, then the day's total and
 * absences. The cells of a day that is not detailed, in a week not yet validated, are
 * inputs of a number of hours; ★ marks the sites the planning puts the employee on. The
 * arrows move between inputs and Enter saves (the form also works without JavaScript).
 */

const columnName = (column: DayGridColumn) =>
  column.id === DEPOT_COLUMN ? "Dépôt" : `${column.number} · ${column.title}`;

function Planned({ planned }: { planned: boolean }) {
  if (!planned) return null;
  return (
    <span className="text-amber-800">
      <span aria-hidden="true"> ★</span>
      <span className="sr-only"> (prévu au planning)</span>
    </span>
  );
}

function Cell({
  row,
  column,
  rowIndex,
  columnIndex,
  values,
  errors,
}: {
  row: DayGridRow;
  column: DayGridColumn;
  rowIndex: number;
  columnIndex: number;
  values: Record<string, string> | undefined;
  errors: Record<string, string[]> | undefined;
}) {
  const cell = row.cells[column.id] ?? { minutes: 0, hours: "", planned: false };
  if (row.lock || !row.quick) {
    return (
      <span>
        {cell.minutes > 0 ? hoursWords(cell.minutes) : "—"}
        <Planned planned={cell.planned} />
      </span>
    );
  }
  return (
    <HoursCell
      name={dayCellField(row.employee.id, column.id)}
      hours={cell.hours}
      label={`Heures de ${row.employee.name}, ${columnName(column)}${cell.planned ? " (prévu au planning)" : ""}`}
      row={rowIndex}
      column={columnIndex}
      values={values}
      errors={errors}
    >
      {cell.planned ? (
        <span aria-hidden="true" className="text-amber-800">
          ★ prévu
        </span>
      ) : null}
    </HoursCell>
  );
}

function RowStatus({ row, day }: { row: DayGridRow; day: IsoDay }) {
  const detail = (
    <Link to={dayHref(row.employee.id, day)} className="text-brand-700 underline">
      {row.quick && !row.lock ? "Détail" : "Modifier"}
      <span className="sr-only">{` : journée de ${row.employee.name}`}</span>
    </Link>
  );
  if (row.lock) {
    return (
      <span className="grid justify-items-start gap-1 text-sm">
        <span className="inline-flex items-center gap-1">
          <Lock aria-hidden="true" className="size-4" />
          Semaine validée
        </span>
        {detail}
      </span>
    );
  }
  return (
    <span className="grid justify-items-start gap-1 text-sm">
      {row.quick ? "Saisie rapide" : "Journée détaillée"}
      {detail}
    </span>
  );
}

export function DayGridForm({
  grid,
  extraSites,
  values,
  errors,
  message,
}: {
  grid: DayGrid;
  extraSites: readonly string[];
  values: Record<string, string> | undefined;
  errors: Record<string, string[]> | undefined;
  message: string | undefined;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "enregistrer-journee";
  const editable = grid.rows.some((row) => !row.lock && row.quick);
  return (
    <div className="grid min-w-0 gap-4">
      {grid.otherSites.length > 0 ? (
        <Form method="get" className="flex min-w-0 flex-wrap items-end gap-3">
          <input type="hidden" name="jour" value={grid.day} />
          {extraSites.map((site) => (
            <input key={site} type="hidden" name="ajout" value={site} />
          ))}
          <SelectField
            className="min-w-0 max-w-full"
            id="ajout-chantier"
            name="ajout"
            label="Ajouter un chantier à la grille"
            placeholder="Choisissez un chantier"
            options={siteOptions(grid.otherSites)}
          />
          <button type="submit" className={buttonClasses("secondary", "md")}>
            <Plus aria-hidden="true" className="size-4" />
            Ajouter la colonne
          </button>
        </Form>
      ) : null}
      <Form method="post" noValidate className="grid min-w-0 gap-4" aria-label="Saisie rapide de la journée">
        <input type="hidden" name="intent" value="enregistrer-journee" />
        <input type="hidden" name="jour" value={grid.day} />
        {extraSites.map((site) => (
          <input key={site} type="hidden" name="ajout" value={site} />
        ))}
        {message ? <FormAlert focus errors={message} /> : null}
        {editable ? (
          <p className="text-sm text-slate-700">
            Tapez les heures de chacun sur chaque chantier (7,5 pour 7 h 30) : les cases remplies d'une
            personne deviennent ses lignes de travail du jour. ★ : prévu au planning. Les flèches passent
            d'une case à l'autre, Entrée enregistre.
          </p>
        ) : null}
        <TeamHoursTable
          caption={<>Heures de l'équipe par chantier, {formatDate(grid.day, "full")}</>}
          className="border-collapse text-sm"
          columnCount={grid.columns.length}
          headers={grid.columns.map((column) => (
            <th key={column.id} scope="col" className="max-w-40 p-2 text-left font-semibold">
              {column.id === DEPOT_COLUMN ? (
                "Dépôt"
              ) : (
                <>
                  {column.number}
                  <span className="block text-xs font-normal">{column.title}</span>
                </>
              )}
            </th>
          ))}
          labels={["Total", "Absence", "Journée"]}
          rows={grid.rows}
          cells={(row, rowIndex) =>
            grid.columns.map((column, columnIndex) => (
              <td key={column.id} className="p-2">
                <Cell
                  row={row}
                  column={column}
                  rowIndex={rowIndex}
                  columnIndex={columnIndex}
                  values={values}
                  errors={errors}
                />
              </td>
            ))
          }
          after={(row) => (
            <>
              <td className="p-2 whitespace-nowrap">
                {row.workedMinutes > 0 ? hoursWords(row.workedMinutes) : "—"}
              </td>
              <td className="p-2">
                {row.absences.length === 0 ? "—" : <AbsenceAbbreviations kinds={row.absences} />}
                {row.absenceMinutes > 0 ? ` ${hoursWords(row.absenceMinutes)}` : null}
              </td>
              <td className="p-2">
                <RowStatus row={row} day={grid.day} />
              </td>
            </>
          )}
        />
        {editable ? (
          <div>
            <button type="submit" disabled={saving} className={buttonClasses("primary", "md")}>
              <Save aria-hidden="true" className="size-4" />
              {saving ? "Enregistrement…" : "Enregistrer la journée"}
            </button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
