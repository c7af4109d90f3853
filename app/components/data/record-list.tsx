import type { ReactNode } from "react";

/*
 * The short lists inside a section's panel (a site's expenses, its team): each record a
 * bordered card with its name, what to know of it, then its figures and actions, which
 * wrap under the name on a phone.
 */

/** The list, named for screen readers (« Équipe du chantier »). */
export function RecordList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="grid gap-2" aria-label={label}>
      {children}
    </ul>
  );
}

/** One record: its name, then `children` under it, then `aside` (figures, links, buttons). */
export function RecordItem({
  name,
  children,
  aside,
}: {
  name: ReactNode;
  children: ReactNode;
  aside: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-semibold break-words text-brand-900">{name}</span>
        {children}
      </div>
      {aside}
    </li>
  );
}
