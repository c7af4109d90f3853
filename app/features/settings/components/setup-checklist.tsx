import { ClipboardList } from "lucide-react";
import { ProblemList } from "#app/components/data/problem-list.tsx";
import type { Problem } from "#app/lib/problems.ts";

/** The dashboard's « Pour émettre vos devis et factures, complétez : », until nothing is missing. */
export function SetupChecklist({ items, editable }: { items: Problem[]; editable: boolean }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="setup-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-5"
    >
      <h2 id="setup-title" className="flex items-center gap-2 text-base font-bold text-slate-900">
        <ClipboardList aria-hidden="true" className="size-5 text-accent-700" />
        Pour émettre vos devis et factures, complétez :
      </h2>
      <ProblemList items={items} testId="parametres-a-completer" />
      {editable ? null : (
        <p className="mt-2 text-sm text-slate-800">
          Ces informations se complètent dans les paramètres de l'entreprise, réservés au gérant.
        </p>
      )}
    </section>
  );
}
