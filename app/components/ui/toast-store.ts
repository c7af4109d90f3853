/**
 * The toasts' store: `toast()` raises one from any module (no React, no Radix here);
 * `Toaster` (toast.tsx) draws them.
 */

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
export type ToastItem = ToastInput & { id: number; open: boolean };

// A tiny store outside React so any module can raise a toast. It holds at most
// one toast: a new one replaces the one on screen (spec: one visible at a time).
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const snapshot = () => toasts;
export const serverSnapshot = (): ToastItem[] => [];

export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  // Let the closing animation run, then forget it.
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== id || item.open);
    emit();
  }, 300);
}

export const TOAST_DURATION_MS = 5000;
