import type { ReactNode } from "react";
import { controlClass } from "#app/components/forms/field.tsx";
import { errorList } from "#app/components/forms/field-errors.ts";
import type { EditorAction } from "../../editor-state.ts";

/*
 * What the parts of the quote editor share: the element ids (the focus follows a moved
 * line and lands on the first refused field by id), the classes of the kit, and `Act`,
 * the one stable callback every row receives.
 */

/**
 * Dispatches an action; with `focus`, moves the focus after the change to the first of
 * these element ids that exists and is enabled (the moved line's same control, else a
 * neighbour). Stable for the editor's life, so memoized rows never re-render for it.
 */
export type Act = (action: EditorAction, focus?: readonly (string | null | undefined)[]) => void;

export const panelClass = "grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
export const sectionTitleClass = "font-heading text-lg font-bold text-brand-900";
export const captionClass = "mb-1 block font-heading text-sm font-semibold text-brand-900";
export const compactControlClass = controlClass.replace("px-3", "px-2");
export const iconButtonClass =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white " +
  "text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 " +
  "disabled:cursor-not-allowed disabled:opacity-40";
export const errorTextClass = "mt-1 grid gap-0.5 text-sm font-medium text-red-700";

export const ids = {
  field: (path: string) => `devis-${path.replaceAll(".", "-")}`,
  lot: (lotId: string) => `devis-lot-${lotId}`,
  lotField: (lotId: string, field: string) => `devis-lot-${lotId}-${field}`,
  line: (lineId: string) => `devis-ligne-${lineId}`,
  lineField: (lineId: string, field: string) => `devis-ligne-${lineId}-${field}`,
  addLot: "devis-ajouter-lot",
  error: (controlId: string) => `${controlId}-erreur`,
};

/** Moves the focus to the first of `candidates` present in the page and enabled; whether one was. */
export function focusFirst(candidates: readonly (string | null | undefined)[]): boolean {
  for (const id of candidates) {
    if (!id) continue;
    const element = document.getElementById(id);
    if (!element || (element as HTMLButtonElement).disabled) continue;
    element.focus();
    return true;
  }
  return false;
}

/** The aria attributes of a control with (or without) messages. */
export function invalidProps(
  controlId: string,
  messages: readonly string[] | undefined,
  describedBy?: string,
): { "aria-invalid": true | undefined; "aria-describedby": string | undefined } {
  const invalid = errorList(messages).length > 0;
  return {
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby":
      [describedBy, invalid ? ids.error(controlId) : null].filter(Boolean).join(" ") || undefined,
  };
}

/** The messages under a control; nothing without one. */
export function Messages({
  controlId,
  messages,
  anchor = false,
}: {
  controlId: string;
  messages: readonly string[] | undefined;
  /** A message with no control of its own: focusable, so the editor can bring the user to it. */
  anchor?: boolean;
}) {
  const list = errorList(messages);
  if (list.length === 0) return null;
  return (
    <div
      id={ids.error(controlId)}
      className={errorTextClass}
      tabIndex={anchor ? -1 : undefined}
      data-error-anchor={anchor ? "" : undefined}
    >
      {list.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** A short figure line of a totals list: label on the left, amount on the right. */
export function Figure({
  label,
  value,
  strong = false,
  className = "",
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  /** More classes on the figure's row (a rule above the grand total). */
  className?: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-3 ${strong ? "font-bold text-brand-900" : ""} ${className}`}
    >
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}
