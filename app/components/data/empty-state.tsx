import type { ReactNode } from "react";

/** What a list says when it has nothing to show, with the way forward. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-slate-700">
      {children}
    </div>
  );
}
