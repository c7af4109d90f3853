import { Lock, Save } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { SelectField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { hoursWords } from "../employee-schema.ts";
import type { SiteChoice } from "../entries.server.ts";
import { publicHoliday } from "../holidays.ts";
import type { GridCell, GridRow, WeekGrid } from "../week-grid.server.ts";
import { cellField } from "../week-grid.ts";
import { AbsenceAbbreviations, dayHref, HoursCell, siteOptions, TeamHoursTable } from "./grid-parts.tsx";

/*
 * The team's week as a table: a row per employee, a column per day, then the week's
 * totals, its status and the legal points to check. The cells of a week not yet
 * validated are inputs of one number of hours on the site chosen above the table; the
 * arrows move between them and Enter saves (the form also works without JavaScript).
 * A detailed day is a link to its page, never an input: nothing entered there is lost.
 */

function CellWords({ cell }: { cell: GridCell }) {
  return (
    <>
      {cell.workedMinutes > 0 ? hoursWords(cell.workedMinutes) : cell.absences.length > 0 ? "" : "—"}
      <AbsenceAbbreviations kinds={cell.absences} />
    </>
  );
}

function Cell({
  row,
  cell,
  rowIndex,
  column,
  values,
  errors,
}: {
  row: GridRow;
  cell: GridCell;
  rowIndex: number;
  column: number;
  values: Record<string, string> | undefined;
  errors: Record<string, string[]> | undefined;
}) {
  const { employee } = row;
  if (!cell.inPost) return <span className="text-slate-700">Hors contrat</span>;
  if (row.lock || !cell.quick) {
    return (
      <Link to={dayHref(employee.id, cell.day)} className="text-brand-700 underline">
        <CellWords cell={cell} />
        <span className="sr-only">
          {` : ${employee.name}, ${formatDate(cell.day, "full")}${row.lock ? "" : ", journée détaillée"}`}
        </span>
      </Link>
    );
  }
  return (
    <HoursCell
      name={cellField(employee.id, cell.day)}
      hours={cell.hours}
      label={`Heures de ${employee.name}, ${formatDate(cell.day, "full")}`}
      row={rowIndex}
      column={column}
      values={values}
      errors={errors}
    >
      <Link to={dayHref(employee.id, cell.day)} className="text-xs text-brand-700 underline">
        Détail<span className="sr-only">{` : ${employee.name}, ${formatDate(cell.day, "full")}`}</span>
      </Link>
    </HoursCell>
  );
}

function Status({ row }: { row: GridRow }) {
  if (row.lock) {
    return (
      <span className="inline-flex items-center gap-1 text-sm">
        <Lock aria-hidden="true" className="size-4" />
        Validée le {formatDateTime(row.lock.validatedAt)}
        {row.lock.validatedBy ? ` par ${row.lock.validatedBy}` : ""}
      </span>
    );
  }
  return (
    <span className="grid justify-items-start gap-1 text-sm">
      À valider
      <button
        type="submit"
        form={`valider-${row.employee.id}`}
        className={buttonClasses("secondary", "md")}
        aria-label={`Valider la semaine de ${row.employee.name}`}
      >
        Valider
      </button>
    </span>
  );
}

export function WeekGridForm({
  grid,
  weekKey,
  sites,
  siteId,
  values,
  errors,
  message,
}: {
  grid: WeekGrid;
  weekKey: string;
  sites: readonly SiteChoice[];
  siteId: string;
  values: Record<string, string> | undefined;
  errors: Record<string, string[]> | undefined;
  message: string | undefined;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "enregistrer-grille";
  const editable = grid.rows.some((row) => !row.lock && row.cells.some((cell) => cell.quick));
  return (
    <>
      {/* The rows' « Valider » buttons post these forms (a form cannot hold another). */}
      {grid.rows
        .filter((row) => !row.lock)
        .map((row) => (
          <Form key={row.employee.id} method="post" id={`valider-${row.employee.id}`} hidden>
            <input type="hidden" name="intent" value="valider" />
            <input type="hidden" name="semaine" value={weekKey} />
            <input type="hidden" name="salarie" value={row.employee.id} />
          </Form>
        ))}
      <Form method="post" noValidate className="grid min-w-0 gap-4" aria-label="Saisie rapide de la semaine">
        <input type="hidden" name="intent" value="enregistrer-grille" />
        <input type="hidden" name="semaine" value={weekKey} />
        {message ? <FormAlert focus errors={message} /> : null}
        {editable ? (
          <div className="flex min-w-0 flex-wrap items-end gap-3">
            <SelectField
              className="min-w-0 max-w-full"
              id="grille-chantier"
              name="chantier"
              label="Chantier pour la saisie rapide"
              placeholder="Choisissez un chantier"
              defaultValue={values?.chantier ?? siteId}
              errors={errors?.chantier}
              options={siteOptions(sites)}
              hint="Tapez les heures de chaque jour (7,5 pour 7 h 30) : chaque case modifiée devient la seule ligne de travail du jour, sur ce chantier. Les flèches passent d'une case à l'autre, Entrée enregistre."
            />
            <button type="submit" disabled={saving} className={buttonClasses("primary", "md")}>
              <Save aria-hidden="true" className="size-4" />
              {saving ? "Enregistrement…" : "Enregistrer la grille"}
            </button>
          </div>
        ) : null}
        <TeamHoursTable
          caption={<>Heures de l'équipe, semaine {weekKey}</>}
          className="min-w-[960px] border-collapse text-sm"
          columnCount={grid.days.length}
          headers={grid.days.map((day) => {
            const holiday = publicHoliday(day);
            return (
              <th key={day} scope="col" className="p-2 text-left font-semibold">
                {formatDate(day, "full").split(" ").slice(0, 2).join(" ")}
                {holiday ? <span className="block text-xs font-normal">{holiday}</span> : null}
              </th>
            );
          })}
          labels={["Travaillé", "Heures sup.", "Statut", "À vérifier"]}
          rows={grid.rows}
          cells={(row, rowIndex) =>
            row.cells.map((cell, column) => (
              <td key={cell.day} className="p-2">
                <Cell
                  row={row}
                  cell={cell}
                  rowIndex={rowIndex}
                  column={column}
                  values={values}
                  errors={errors}
                />
              </td>
            ))
          }
          after={(row) => (
            <>
              <td className="p-2 whitespace-nowrap">
                {hoursWords(row.workedMinutes)}
                <span className="block text-xs text-slate-700">
                  contrat : {hoursWords(row.employee.weeklyMinutes)}
                </span>
              </td>
              <td className="p-2 whitespace-nowrap">
                {row.overtime.overtimeMinutes === 0 ? (
                  "Aucune"
                ) : (
                  <>
                    {hoursWords(row.overtime.overtime25Minutes)} à 25 %
                    {row.overtime.overtime50Minutes > 0 ? (
                      <span className="block">{hoursWords(row.overtime.overtime50Minutes)} à 50 %</span>
                    ) : null}
                  </>
                )}
              </td>
              <td className="p-2">
                <Status row={row} />
              </td>
              <td className="p-2">
                {row.warningCount === 0 ? (
                  "Rien"
                ) : (
                  <Link
                    to={`${dayHref(row.employee.id, grid.weekStart)}#semaine`}
                    className="font-semibold text-amber-900 underline"
                  >
                    {row.warningCount} point{row.warningCount > 1 ? "s" : ""}
                    <span className="sr-only"> à vérifier pour {row.employee.name}</span>
                  </Link>
                )}
              </td>
            </>
          )}
        />
      </Form>
    </>
  );
}
