import type { ReactNode } from "react";

export type BadgeTone = "info" | "warning" | "progress" | "success" | "neutral" | "danger";

// Each pair reaches 4.5:1 or more (axe checks the pages that use them).
const tones: Record<BadgeTone, string> = {
  info: "bg-brand-100 text-brand-900",
  warning: "bg-amber-100 text-amber-900",
  progress: "bg-violet-100 text-violet-900",
  success: "bg-green-100 text-green-900",
  neutral: "bg-slate-200 text-slate-800",
  danger: "bg-red-100 text-red-900",
};

/** A status as a coloured pill; the text says it, the colour only helps. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[tone]}`}>
      {children}
    </span>
  );
}
