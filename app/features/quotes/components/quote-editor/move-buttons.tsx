import { ArrowDown, ArrowUp } from "lucide-react";
import type { Direction } from "../../editor-state.ts";

const MOVES = {
  up: { verb: "Monter", keys: "Alt+ArrowUp", Icon: ArrowUp, other: "down" },
  down: { verb: "Descendre", keys: "Alt+ArrowDown", Icon: ArrowDown, other: "up" },
} as const;

/**
 * « Monter » and « Descendre » of a line or a lot. After a move, the focus stays on the
 * pressed button, else goes to the other one (the first or last place), else to the row.
 */
export function MoveButtons({
  buttonId,
  rowId,
  what,
  canMove,
  className,
  iconClassName,
  onMove,
}: {
  /** The id of the button named `monter` or `descendre`. */
  buttonId: (name: "monter" | "descendre") => string;
  rowId: string;
  /** What moves, in the buttons' names: « la ligne 3, lot Démolition », « le lot Démolition ». */
  what: string;
  canMove: Record<Direction, boolean>;
  className: string;
  iconClassName: string;
  onMove: (direction: Direction, focus: string[]) => void;
}) {
  const idOf = (direction: Direction) => buttonId(direction === "up" ? "monter" : "descendre");
  return (["up", "down"] as const).map((direction) => {
    const { verb, keys, Icon, other } = MOVES[direction];
    return (
      <button
        key={direction}
        type="button"
        id={idOf(direction)}
        className={className}
        disabled={!canMove[direction]}
        aria-label={`${verb} ${what}`}
        aria-keyshortcuts={keys}
        onClick={() => onMove(direction, [idOf(direction), idOf(other), rowId])}
      >
        <Icon aria-hidden="true" className={iconClassName} />
      </button>
    );
  });
}
