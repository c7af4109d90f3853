import { Construction } from "lucide-react";

/** A section of the Espace Pro that is not built yet, saying so plainly. */
export function ComingSoon({ title, holds }: { title: string; holds: readonly string[] }) {
  return (
    <section aria-labelledby="coming-soon-title" className="grid max-w-2xl gap-4">
      <h1 id="coming-soon-title" className="text-2xl font-extrabold sm:text-3xl">
        {title}
      </h1>
      <div className="rounded-xl border border-dashed border-brand-200 bg-white p-6">
        <p className="flex items-center gap-2 font-heading text-lg font-bold text-brand-900">
          <Construction aria-hidden="true" className="size-5 text-accent-600" />
          Cette section arrive bientôt.
        </p>
        <p className="mt-2 text-slate-700">Elle n'est pas encore disponible. Vous y trouverez :</p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
          {holds.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
