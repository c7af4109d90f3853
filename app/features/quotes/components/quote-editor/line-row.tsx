import { ChevronDown, Trash2 } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, memo, type ReactNode, useState } from "react";
import { formatCents, formatPercent, MoneyError } from "#app/lib/money.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import {
  LINE_VAT_CODES,
  QUOTE_UNITS,
  type QuoteItemLineInput,
  type QuoteLineInput,
  type QuoteTextLineInput,
} from "../../content.ts";
import {
  type Direction,
  emptyItemLine,
  type FieldMessages,
  type ItemLineField,
  lenientLine,
} from "../../editor-state.ts";
import { lineHt } from "../../totals.ts";
import { MoveButtons } from "./move-buttons.tsx";
import {
  type Act,
  captionClass,
  compactControlClass,
  iconButtonClass,
  ids,
  invalidProps,
  Messages,
} from "./shared.tsx";

/*
 * One line of a lot: an item (designation, description, unit, quantity, unit price, VAT,
 * « en option », its total HT) or a text. A card on a phone; on screens of 1 024 px and
 * wider, one row of a grid (`lineGrid`, the lot's column headers use the same), its
 * description opening under the row. The cells are a spreadsheet for the keyboard
 * (`onLineKeyDown`): Entrée goes to the next cell, Maj+Entrée to the previous one,
 * Ctrl+Entrée inserts a line below, Alt+↑/↓ moves the line. Memoized: typing in one line
 * re-renders that line only.
 */

export type LineRowProps = {
  line: QuoteLineInput;
  lotId: string;
  /** The lot's title (or number), for the controls' names: « Quantité, ligne 3, lot Démolition ». */
  lotName: string;
  /** 1-based position in its lot, as the server's messages and the PDF count lines. */
  position: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  reverseCharge: boolean;
  /** A standalone invoice's line: no « en option ». */
  noOptions?: boolean;
  errors: FieldMessages | undefined;
  act: Act;
};

/**
 * The columns of a line's row on a wide screen, shared by the lot's header row: designation,
 * unit, quantity, unit price, VAT (wider for « Autoliquidation »), total, the description's
 * disclosure, « en option », and the move and delete buttons. Tight from 1 024 px (beside
 * the menu, the designation keeps about 6 rem), roomier from 1 280 px. Below `lg`, a card of
 * two columns.
 */
export function lineGrid(reverseCharge: boolean): string {
  return reverseCharge
    ? "lg:grid-cols-[minmax(0,1fr)_4.75rem_4rem_5.5rem_6rem_5.5rem_1.75rem_2.5rem_5.5rem] xl:grid-cols-[minmax(0,1fr)_5rem_4.75rem_6.25rem_8.5rem_6.25rem_2rem_3.25rem_6.5rem] lg:gap-x-1 xl:gap-x-1.5 lg:items-start"
    : "lg:grid-cols-[minmax(0,1fr)_4.75rem_4rem_5.5rem_4.5rem_5.5rem_1.75rem_2.5rem_5.5rem] xl:grid-cols-[minmax(0,1fr)_5rem_4.75rem_6.25rem_5rem_6.25rem_2rem_3.25rem_6.5rem] lg:gap-x-1 xl:gap-x-1.5 lg:items-start";
}
/** A caption above a control on a phone, hidden (but still its label) in the wide grid. */
const caption = `${captionClass} lg:sr-only`;
/** A control of the row: the kit's on a phone, denser in the wide grid. */
const cellClass = `${compactControlClass} lg:min-h-9 lg:py-1 lg:text-sm`;
/** A small square button of the row. */
const rowButtonClass = `${iconButtonClass} lg:size-7 xl:size-8`;

/** The attribute of the cells Entrée walks through, in the page's order. */
const CELL = "data-cellule";

/** The next (or previous) enabled cell of the editor after `from`, in the page's order. */
function neighbourCell(from: HTMLElement, step: 1 | -1): HTMLElement | null {
  const form = from.closest("form");
  if (!form) return null;
  const cells = Array.from(form.querySelectorAll<HTMLElement>(`[${CELL}]`)).filter(
    (cell) => !(cell as HTMLInputElement).disabled,
  );
  const index = cells.indexOf(from);
  if (index === -1) return null;
  return cells[index + step] ?? null;
}

const VAT_OPTIONS = LINE_VAT_CODES.map((code) => ({
  value: code,
  label: formatPercent(VAT_RATES[code].basisPoints),
}));

function lineTotalText(line: QuoteItemLineInput): string {
  const lenient = lenientLine(line);
  if (lenient.kind !== "item") return "";
  const unreadable =
    (line.quantity.trim() !== "" && lenient.quantity === null) ||
    (line.unitPriceHt.trim() !== "" && lenient.unitPriceHt === null);
  if (unreadable) return "—";
  try {
    return formatCents(lineHt(lenient));
  } catch (error) {
    if (error instanceof MoneyError) return "—";
    throw error;
  }
}

function moveKey(event: KeyboardEvent): Direction | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key === "ArrowUp") return "up";
  if (event.key === "ArrowDown") return "down";
  return null;
}

/** Whether Alt+↑/↓ asks to move; if so, the event is handled here. */
export function takeMoveKey(event: KeyboardEvent): Direction | null {
  const direction = moveKey(event);
  if (direction) {
    event.preventDefault();
    event.stopPropagation();
  }
  return direction;
}

/** After a removal, the neighbour row to focus (the next, else the previous), by the DOM. */
export function neighbourIds(event: MouseEvent<HTMLElement>, selector: string): string[] {
  const row = event.currentTarget.closest(selector);
  const next = row?.nextElementSibling;
  const previous = row?.previousElementSibling;
  return [next?.id, previous?.id].filter((id): id is string => Boolean(id));
}

/** A cell of an item line: its caption (the control's label), the control, its messages. */
function Cell({
  controlId,
  label,
  messages,
  className,
  children,
}: {
  controlId: string;
  label: string;
  messages: readonly string[] | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className={caption}>
        {label}
      </label>
      {children}
      <Messages controlId={controlId} messages={messages} />
    </div>
  );
}

/** A line's props with `where` it stands, in its controls' names: « ligne 3, lot Démolition ». */
type LineProps<Line extends QuoteLineInput> = LineRowProps & { line: Line; where: string };

function LineActions({ line, lotId, where, canMoveUp, canMoveDown, act }: LineProps<QuoteLineInput>) {
  const lineId = line.id;
  return (
    <div className="ml-auto flex gap-1 lg:col-start-9 lg:mt-1 lg:ml-0 lg:justify-end lg:gap-0.5 xl:mt-0.5 xl:gap-1">
      <MoveButtons
        buttonId={(name) => ids.lineField(lineId, name)}
        rowId={ids.line(lineId)}
        what={`la ${where}`}
        canMove={{ up: canMoveUp, down: canMoveDown }}
        className={rowButtonClass}
        iconClassName="size-5 lg:size-4"
        onMove={(direction, focus) => act({ type: "moveLine", lineId, direction }, focus)}
      />
      <button
        type="button"
        className={`${rowButtonClass} text-red-700 hover:bg-red-50`}
        aria-label={`Supprimer la ${where}`}
        onClick={(event) =>
          act({ type: "removeLine", lineId }, [
            ...neighbourIds(event, "li"),
            ids.lotField(lotId, "ajouter-ligne"),
          ])
        }
      >
        <Trash2 aria-hidden="true" className="size-5 lg:size-4" />
      </button>
    </div>
  );
}

function ItemLine(props: LineProps<QuoteItemLineInput>) {
  const { line, where, position, reverseCharge, noOptions = false, errors, act } = props;
  const lineId = line.id;
  const [descriptionOpen, setDescriptionOpen] = useState(line.description.trim() !== "");
  const showDescription = descriptionOpen || Boolean(errors?.description?.length);
  const set = (field: ItemLineField) => (event: { currentTarget: { value: string } }) =>
    act({ type: "setLineField", lineId, field, value: event.currentTarget.value });
  const id = (field: string) => ids.lineField(lineId, field);
  const cellOf = (field: ItemLineField, label: string) => ({
    controlId: id(field),
    label,
    messages: errors?.[field],
  });
  /** A cell's control bound to its field: id, name, value, change, messages. */
  const control = (field: ItemLineField, name: string, describedBy?: string) => ({
    id: id(field),
    "aria-label": `${name}, ${where}`,
    value: line[field],
    onChange: set(field),
    ...invalidProps(id(field), errors?.[field], describedBy),
  });
  const general = id("ligne");
  const generalMessages = errors?.[""];
  const unitKnown = (QUOTE_UNITS as readonly string[]).includes(line.unit);
  const total = lineTotalText(line);
  const cell = { [CELL]: "" };
  const decimalCell = {
    type: "text",
    inputMode: "decimal",
    enterKeyHint: "next",
    autoComplete: "off",
    spellCheck: false,
    ...cell,
  } as const;
  const toggleText = showDescription
    ? "Masquer la description"
    : line.description.trim()
      ? "Afficher la description"
      : "Ajouter une description";

  return (
    <div className={`grid grid-cols-2 gap-x-3 gap-y-2 lg:gap-y-1 ${lineGrid(reverseCharge)}`}>
      <Cell {...cellOf("designation", "Désignation")} className="col-span-2 lg:col-span-1">
        <input
          type="text"
          autoComplete="off"
          enterKeyHint="next"
          maxLength={300}
          className={cellClass}
          {...cell}
          {...control("designation", "Désignation", generalMessages?.length ? ids.error(general) : undefined)}
        />
      </Cell>
      <Cell {...cellOf("unit", "Unité")}>
        <select className={cellClass} {...cell} {...control("unit", "Unité")}>
          {unitKnown ? null : <option value={line.unit}>{line.unit || "—"}</option>}
          {QUOTE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </select>
      </Cell>
      <Cell {...cellOf("quantity", "Quantité")}>
        <input
          className={`${cellClass} text-right tabular-nums`}
          {...decimalCell}
          {...control("quantity", "Quantité")}
        />
      </Cell>
      <Cell {...cellOf("unitPriceHt", "Prix unitaire HT")}>
        <div className="relative">
          <input
            className={`${cellClass} pr-6 text-right tabular-nums`}
            {...decimalCell}
            {...control("unitPriceHt", "Prix unitaire HT en euros")}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-2 flex items-center text-slate-700 lg:text-sm"
          >
            €
          </span>
        </div>
      </Cell>
      <Cell {...cellOf("vatCode", "TVA")}>
        {reverseCharge ? (
          <select
            id={id("vatCode")}
            aria-label={`TVA, ${where}`}
            disabled
            value="autoliquidation"
            className={cellClass}
            {...cell}
            {...invalidProps(id("vatCode"), errors?.vatCode)}
          >
            <option value="autoliquidation">Autoliquidation</option>
          </select>
        ) : (
          <select className={cellClass} {...cell} {...control("vatCode", "TVA")}>
            {VAT_OPTIONS.some((option) => option.value === line.vatCode) ? null : (
              <option value={line.vatCode}>Choisissez…</option>
            )}
            {VAT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Cell>
      <div className="col-span-2 flex items-baseline justify-between gap-2 lg:col-span-1 lg:block lg:pt-2 lg:text-right lg:text-sm">
        <span className="text-sm text-slate-700 lg:sr-only">Total HT{line.optional ? " (option)" : ""}</span>{" "}
        <span
          className={`font-semibold tabular-nums ${line.optional ? "text-slate-700 italic" : "text-ink"}`}
        >
          {total}
        </span>
      </div>
      <div className="col-span-2 mt-1 flex flex-wrap items-center gap-x-4 gap-y-2 lg:contents">
        <span className="font-heading text-sm font-semibold text-slate-700 lg:sr-only">Ligne {position}</span>
        <button
          type="button"
          className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-700 underline hover:bg-brand-50 lg:col-start-7 lg:mt-1 lg:inline-flex lg:size-7 lg:min-h-0 xl:mt-0.5 xl:size-8 lg:items-center lg:justify-center lg:border lg:border-slate-300 lg:bg-white lg:px-0 lg:no-underline"
          aria-expanded={showDescription}
          aria-controls={showDescription ? id("description") : undefined}
          aria-label={`${showDescription ? "Masquer" : line.description.trim() ? "Afficher" : "Ajouter"} la description, ${where}`}
          title={toggleText}
          onClick={() => setDescriptionOpen(!showDescription)}
        >
          <ChevronDown
            aria-hidden="true"
            className={`hidden size-4 lg:block ${showDescription ? "rotate-180" : ""} ${
              line.description.trim() && !showDescription ? "text-accent-700" : ""
            }`}
          />
          <span className="lg:sr-only">{toggleText}</span>
        </button>
        <div
          className={`min-h-11 items-center gap-2 lg:col-start-8 lg:min-h-9 lg:justify-center ${
            noOptions && !line.optional ? "hidden lg:invisible lg:flex" : "flex"
          }`}
        >
          <input
            id={id("optional")}
            type="checkbox"
            className="size-6 shrink-0 accent-brand-700"
            aria-label={`En option, ${where}`}
            checked={line.optional}
            onChange={(event) => act({ type: "setLineOptional", lineId, value: event.currentTarget.checked })}
          />
          <label htmlFor={id("optional")} className="text-sm text-ink lg:sr-only">
            En option
          </label>
        </div>
        <LineActions {...props} />
      </div>
      {showDescription ? (
        <Cell {...cellOf("description", "Description")} className="col-span-2 lg:col-span-6 lg:pb-1">
          <textarea
            rows={2}
            maxLength={5000}
            className={`${cellClass} resize-y`}
            {...control("description", "Description")}
          />
        </Cell>
      ) : null}
      <div className="col-span-2 empty:hidden lg:col-span-full">
        <Messages controlId={general} messages={generalMessages} anchor />
      </div>
    </div>
  );
}

function TextLine(props: LineProps<QuoteTextLineInput>) {
  const { line, where, position, reverseCharge, errors, act } = props;
  const textId = ids.lineField(line.id, "text");
  const general = ids.lineField(line.id, "ligne");
  return (
    <div className={`grid gap-y-2 lg:gap-y-1 ${lineGrid(reverseCharge)}`}>
      <div className="lg:col-span-6">
        <label htmlFor={textId} className={caption}>
          Texte
        </label>
        <textarea
          id={textId}
          rows={2}
          maxLength={5000}
          aria-label={`Texte, ${where}`}
          value={line.text}
          onChange={(event) =>
            act({ type: "setLineText", lineId: line.id, value: event.currentTarget.value })
          }
          className={`${cellClass} resize-y`}
          {...invalidProps(textId, errors?.text)}
        />
        <Messages controlId={textId} messages={errors?.text} />
      </div>
      <div className="flex flex-wrap items-center gap-2 lg:contents">
        <span className="font-heading text-sm font-semibold text-slate-700 lg:sr-only">
          Ligne {position} (texte)
        </span>
        <LineActions {...props} />
      </div>
      <div className="empty:hidden lg:col-span-full">
        <Messages controlId={general} messages={errors?.[""]} anchor />
      </div>
    </div>
  );
}

export const LineRow = memo(function LineRow(props: LineRowProps) {
  const { line, lotId, lotName, position, act } = props;
  const rowId = ids.line(line.id);
  const where = `ligne ${position}, lot ${lotName}`;
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const direction = takeMoveKey(event);
    if (direction) {
      const active = document.activeElement;
      act({ type: "moveLine", lineId: line.id, direction }, [active?.id, rowId]);
      return;
    }
    if (event.key !== "Enter" || event.altKey || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      // Ctrl+Entrée: a new line right below this one, its designation focused.
      if (event.shiftKey) return;
      event.preventDefault();
      const next = emptyItemLine();
      act({ type: "addLine", lotId, line: next, afterLineId: line.id }, [
        ids.lineField(next.id, "designation"),
      ]);
      return;
    }
    // Entrée (Maj+Entrée) in a cell: the next (previous) cell, as in a spreadsheet.
    const target = event.target as HTMLElement;
    if (!target.hasAttribute(CELL)) return;
    event.preventDefault();
    const cell = neighbourCell(target, event.shiftKey ? -1 : 1);
    if (!cell) return;
    cell.focus();
    if (cell instanceof HTMLInputElement) cell.select();
  };
  // Layout containment: a keystroke lays out its own row, not the 200 others (bench-quote-editor).
  return (
    <li
      id={rowId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={`rounded-lg border p-3 [contain:layout_style] lg:rounded-md lg:px-1.5 lg:py-1 ${
        line.kind === "text" ? "border-dashed border-slate-300 bg-white" : "border-slate-200 bg-slate-50"
      }`}
    >
      {line.kind === "item" ? (
        <ItemLine {...props} line={line} where={where} />
      ) : (
        <TextLine {...props} line={line} where={where} />
      )}
    </li>
  );
});
