import { useSyncExternalStore } from "react";

/**
 * Whether the quote modal is open: a tiny store outside React, so any quote button
 * opens the one modal mounted in app/root.tsx.
 */
type ModalState = { open: boolean; trigger: string | null };

let state: ModalState = { open: false, trigger: null };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;
const closed: ModalState = { open: false, trigger: null };
const serverSnapshot = () => closed;

export function openQuoteModal(trigger: string): void {
  state = { open: true, trigger };
  emit();
}

export function closeQuoteModal(): void {
  if (!state.open) return;
  state = { open: false, trigger: state.trigger };
  emit();
}

export function useQuoteModal(): ModalState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
