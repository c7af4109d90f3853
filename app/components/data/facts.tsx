import type { ReactNode } from "react";

export type Fact = { label: string; value: ReactNode };

/** A record's facts as a description list: label above value on a phone, side by side wider. */
export function Facts({ facts, columns = 2 }: { facts: readonly Fact[]; columns?: 1 | 2 | 3 }) {
  const grid = columns === 1 ? "" : columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-3";
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${grid}`}>
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-sm font-semibold text-slate-700">{fact.label}</dt>
          <dd className="break-words text-ink">{fact.value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
