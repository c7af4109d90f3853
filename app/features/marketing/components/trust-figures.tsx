import type { TrustFigure } from "#app/content/types.ts";

/** The four figures under the home hero (completed jobs, satisfaction, free quote, ten-year insurance). */
export function TrustFigures({ figures }: { figures: readonly TrustFigure[] }) {
  return (
    <section aria-labelledby="chiffres-cles" className="container-page pb-4">
      <h2 id="chiffres-cles" className="sr-only">
        Nos engagements en chiffres
      </h2>
      <ul className="grid grid-cols-2 gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:gap-4 sm:p-6 lg:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label} className="grid content-start justify-items-center gap-1 p-2 text-center">
            <strong className="font-heading text-2xl font-extrabold text-accent-600 sm:text-3xl">
              {figure.value}
            </strong>{" "}
            <span className="text-sm font-semibold text-slate-700 sm:text-base">{figure.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
