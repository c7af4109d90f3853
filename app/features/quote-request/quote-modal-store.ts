import { useSyncExternalStore } from "react";
import { loadOnce } from "#app/lib/load-once.ts";

/**
 * Whether the quote modal is open: a tiny store outside React, so any quote button
 * opens the one modal mounted in app/root.tsx.
 */
type ModalState = {
  open: boolean;
  trigger: string | null;
  /** The button that opened the modal: focus goes back to it on close. */
  opener: HTMLElement | null;
};

let state: ModalState = { open: false, trigger: null, opener: null };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;
const closed: ModalState = { open: false, trigger: null, opener: null };
const serverSnapshot = () => closed;

export function openQuoteModal(trigger: string, opener: HTMLElement | null = null): void {
  state = { open: true, trigger, opener };
  emit();
}

export function closeQuoteModal(): void {
  if (!state.open) return;
  state = { ...state, open: false };
  emit();
}

export function useQuoteModal(): ModalState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** The quote form's module, fetched once (on first opening or first approach of a quote button). */
export const loadQuoteForm = loadOnce(() => import("./components/quote-form.tsx"));
