import { type LeadStatus, statusLabels } from "../schema.ts";

const tones: Record<LeadStatus, string> = {
  nouveau: "bg-brand-100 text-brand-900",
  contacte: "bg-amber-100 text-amber-900",
  devis_envoye: "bg-violet-100 text-violet-900",
  gagne: "bg-green-100 text-green-900",
  perdu: "bg-slate-200 text-slate-800",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}
