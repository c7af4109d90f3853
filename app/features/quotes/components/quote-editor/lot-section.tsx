import { BookOpen, type LucideIcon, Plus, Trash2, Type } from "lucide-react";
import { type KeyboardEvent, memo } from "react";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { type Cents, formatCents } from "#app/lib/money.ts";
import { MAX_LINES, type QuoteLineInput, type QuoteLotInput, TITLE_MAX } from "../../content.ts";
import { emptyItemLine, emptyTextLine, type FieldMessages, lotName } from "../../editor-state.ts";
import { LineRow, lineGrid, takeMoveKey } from "./line-row.tsx";
import { MoveButtons } from "./move-buttons.tsx";
import {
  type Act,
  compactControlClass,
  focusFirst,
  iconButtonClass,
  ids,
  invalidProps,
  Messages,
} from "./shared.tsx";

/*
 * One lot: its title, its lines, its subtotal, and the buttons that add a line, a text
 * or a library article. Memoized: a lot re-renders when its own lines or its subtotal
 * change, not when another lot is typed in.
 */

export type LotSectionProps = {
  lot: QuoteLotInput;
  index: number;
  lotCount: number;
  /** From the deferred totals; null while they cannot be computed. */
  subtotalHt: Cents | null;
  optionalHt: Cents | null;
  reverseCharge: boolean;
  /** A standalone invoice's lot: its lines have no « en option ». */
  noOptions?: boolean;
  lotErrors: FieldMessages | undefined;
  /** Every line's messages, by line id (one object for all lots: it changes only with a new answer). */
  lineErrors: Readonly<Record<string, FieldMessages>>;
  canAddLine: boolean;
  act: Act;
  onOpenLibrary: (lotId: string) => void;
};

const columnHeader = "font-heading text-sm font-semibold text-brand-900";

/** The lot to focus once this one is gone: the next, else the previous, else « Ajouter un lot ». */
function neighbourLots(lotId: string): string[] {
  const section = document.getElementById(ids.lot(lotId));
  return [section?.nextElementSibling?.id, section?.previousElementSibling?.id, ids.addLot].filter(
    (id): id is string => Boolean(id),
  );
}

export const LotSection = memo(function LotSection({
  lot,
  index,
  lotCount,
  subtotalHt,
  optionalHt,
  reverseCharge,
  noOptions = false,
  lotErrors,
  lineErrors,
  canAddLine,
  act,
  onOpenLibrary,
}: LotSectionProps) {
  const lotId = lot.id;
  const name = lotName(lot, index);
  const headingId = ids.lotField(lotId, "titre-section");
  const titleId = ids.lotField(lotId, "title");
  const linesId = ids.lotField(lotId, "lines");
  const generalId = ids.lotField(lotId, "lot");
  const lineCount = lot.lines.length;

  const onHeaderKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = takeMoveKey(event);
    if (!direction) return;
    act({ type: "moveLot", lotId, direction }, [document.activeElement?.id, ids.lot(lotId)]);
  };
  const remove = () => {
    const next = neighbourLots(lotId);
    act({ type: "removeLot", lotId });
    // After the confirmation dialog has given the focus back (to a button now gone).
    window.setTimeout(() => focusFirst(next));
  };
  const deleteLabel = `Supprimer le lot ${name}`;
  const deleteButton = (
    <button
      type="button"
      className={`${iconButtonClass} text-red-700 hover:bg-red-50`}
      aria-label={deleteLabel}
      onClick={lineCount === 0 ? remove : undefined}
    >
      <Trash2 aria-hidden="true" className="size-5" />
    </button>
  );

  /** Adds a line at the end of the lot and focuses its first field. */
  const addLine = (line: QuoteLineInput, field: "designation" | "text") =>
    act({ type: "addLine", lotId, line }, [ids.lineField(line.id, field)]);
  const additions: {
    key: string;
    id?: string;
    Icon: LucideIcon;
    text: string;
    hidden: string;
    add: () => void;
  }[] = [
    {
      key: "ligne",
      id: ids.lotField(lotId, "ajouter-ligne"),
      Icon: Plus,
      text: "Ajouter une ligne",
      hidden: ` au lot ${name}`,
      add: () => addLine(emptyItemLine(), "designation"),
    },
    {
      key: "texte",
      Icon: Type,
      text: "Ajouter un texte",
      hidden: ` au lot ${name}`,
      add: () => addLine(emptyTextLine(), "text"),
    },
    {
      key: "bibliotheque",
      Icon: BookOpen,
      text: "Depuis la bibliothèque",
      hidden: ` (lot ${name})`,
      add: () => onOpenLibrary(lotId),
    },
  ];

  return (
    <section
      id={ids.lot(lotId)}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-slate-300 bg-white p-3 shadow-sm sm:p-4"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Alt+↑/↓ from any control of the lot's header moves the lot; the buttons do the same for pointers */}
      <div onKeyDown={onHeaderKeyDown} className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-heading text-base font-bold text-brand-900">
            Lot {index + 1}
            {lot.title.trim() ? <span className="sr-only"> : {lot.title.trim()}</span> : null}
          </h3>
          <div className="flex gap-1">
            <MoveButtons
              buttonId={(buttonName) => ids.lotField(lotId, buttonName)}
              rowId={ids.lot(lotId)}
              what={`le lot ${name}`}
              canMove={{ up: index > 0, down: index < lotCount - 1 }}
              className={iconButtonClass}
              iconClassName="size-5"
              onMove={(direction, focus) => act({ type: "moveLot", lotId, direction }, focus)}
            />
            {lotCount > 1 ? (
              lineCount > 0 ? (
                <ConfirmDialog
                  trigger={deleteButton}
                  title={`Supprimer le lot « ${name} » ?`}
                  description={
                    lineCount > 1
                      ? `Ses ${lineCount} lignes seront supprimées avec lui.`
                      : "Sa ligne sera supprimée avec lui."
                  }
                  confirmLabel="Supprimer le lot"
                  destructive
                  onConfirm={remove}
                />
              ) : (
                deleteButton
              )
            ) : null}
          </div>
        </div>
        <div>
          <label htmlFor={titleId} className="mb-1 block font-heading text-sm font-semibold text-brand-900">
            Titre du lot {index + 1}
          </label>
          <input
            id={titleId}
            type="text"
            autoComplete="off"
            maxLength={TITLE_MAX}
            value={lot.title}
            placeholder="Par exemple : Démolition"
            onChange={(event) => act({ type: "setLotTitle", lotId, value: event.currentTarget.value })}
            className={compactControlClass}
            {...invalidProps(titleId, lotErrors?.title)}
          />
          <Messages controlId={titleId} messages={lotErrors?.title} />
        </div>
        <p className="flex flex-wrap justify-between gap-x-4 text-sm text-slate-800">
          <span>
            Sous-total HT du lot :{" "}
            <strong className="tabular-nums text-ink">
              {subtotalHt === null ? "—" : formatCents(subtotalHt)}
            </strong>
          </span>
          {optionalHt ? (
            <span>
              Options : <span className="tabular-nums">{formatCents(optionalHt)}</span> HT
            </span>
          ) : null}
        </p>
        <Messages controlId={generalId} messages={lotErrors?.[""]} anchor />
      </div>

      {/* A size container: its inline-size containment keeps a keystroke from sizing 200 rows again. */}
      <div className="@container/lines grid gap-2">
        {lineCount > 0 ? (
          <div
            aria-hidden="true"
            className={`hidden border-b border-slate-200 px-1.5 pb-1 lg:grid ${lineGrid(reverseCharge)} ${columnHeader}`}
          >
            <span>Désignation</span>
            <span>Unité</span>
            <span className="text-right">Quantité</span>
            <span className="text-right">Prix unit. HT</span>
            <span>TVA</span>
            <span className="text-right">Total HT</span>
            <span />
            <span className="text-center text-xs xl:text-sm">{noOptions ? "" : "Option"}</span>
          </div>
        ) : (
          <p className="text-sm text-slate-700">Aucune ligne dans ce lot pour l'instant.</p>
        )}
        <ol className="space-y-2 lg:space-y-1" aria-label={`Lignes du lot ${name}`}>
          {lot.lines.map((line, lineIndex) => (
            <LineRow
              key={line.id}
              line={line}
              lotId={lotId}
              lotName={name}
              position={lineIndex + 1}
              canMoveUp={lineIndex > 0 || index > 0}
              canMoveDown={lineIndex < lineCount - 1 || index < lotCount - 1}
              reverseCharge={reverseCharge}
              noOptions={noOptions}
              errors={lineErrors[line.id]}
              act={act}
            />
          ))}
        </ol>
        <Messages controlId={linesId} messages={lotErrors?.lines} anchor />
      </div>

      <div className="flex flex-wrap gap-2">
        {additions.map(({ key, id, Icon, text, hidden, add }) => (
          <button
            key={key}
            type="button"
            id={id}
            disabled={!canAddLine}
            className={buttonClasses("outline", "md")}
            onClick={add}
          >
            <Icon aria-hidden="true" className="size-4" />
            {text}
            <span className="sr-only">{hidden}</span>
          </button>
        ))}
      </div>
      {canAddLine ? null : <p className="text-sm text-slate-700">{MAX_LINES} lignes au plus sur un devis.</p>}
    </section>
  );
});
