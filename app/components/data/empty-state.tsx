import type { ReactNode } from "react";

/** What a list says when it has nothing to show, with the way forward. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-slate-700">
      {children}
    </div>
  );
}

/** A list's « nothing yet »: its heading, then what the list is for and how its first row comes. */
export function NothingYet({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <p className="font-semibold text-brand-900">{title}</p>
      <p>{children}</p>
    </div>
  );
}
