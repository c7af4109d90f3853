import { ArrowRight, MapPin } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { Project, ProjectCategory } from "#app/content/types.ts";
import { Illustration } from "./illustration.tsx";

export const PORTFOLIO_FILTERS = ["Tous", "Construction", "Rénovation", "Façades", "Isolation"] as const;
export type PortfolioFilter = (typeof PORTFOLIO_FILTERS)[number];

export type PortfolioProject = Project & {
  /** Name of the service page the project links to, for the link's text. */
  serviceName: string;
};

export function filterProjects<T extends { category: ProjectCategory }>(
  list: readonly T[],
  filter: PortfolioFilter,
): readonly T[] {
  return filter === "Tous" ? list : list.filter((project) => project.category === filter);
}

function countLabel(count: number): string {
  return count > 1 ? `${count} réalisations affichées` : `${count} réalisation affichée`;
}

/**
 * The completed jobs with their category filter. The server HTML shows all of
 * them (the filter needs the script); the pressed button is announced as such,
 * and the number of jobs shown is read out politely after each change.
 */
export function Portfolio({ projects }: { projects: readonly PortfolioProject[] }) {
  const [filter, setFilter] = useState<PortfolioFilter>("Tous");
  const statusId = useId();
  const shown = filterProjects(projects, filter);

  return (
    <div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filtrer les réalisations par type de travaux</legend>
        {PORTFOLIO_FILTERS.map((name) => {
          const pressed = name === filter;
          return (
            <button
              key={name}
              type="button"
              aria-pressed={pressed}
              onClick={() => setFilter(name)}
              className={`inline-flex min-h-11 items-center rounded-full border-2 px-5 font-heading text-sm font-semibold transition-colors ${
                pressed
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-brand-200 bg-white text-brand-800 hover:border-brand-700"
              }`}
            >
              {name}
            </button>
          );
        })}
      </fieldset>
      <p id={statusId} role="status" className="mt-4 text-sm font-semibold text-slate-700">
        {countLabel(shown.length)}
      </p>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-portfolio="">
        {shown.map((project, index) => (
          <li
            key={project.id}
            data-category={project.category}
            className="flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm"
          >
            <Illustration
              name={project.illustration}
              alt={project.alt}
              priority={index === 0 && filter === "Tous"}
              className="aspect-[4/3] w-full object-cover"
            />
            <article className="flex flex-1 flex-col gap-3 p-6">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800">
                  {project.category}
                </span>
                <span className="inline-flex items-center gap-1 text-slate-700">
                  <MapPin aria-hidden="true" className="size-4" />
                  {project.location}, {project.year}
                </span>
              </p>
              <h3 className="text-lg font-bold">{project.title}</h3>
              <p className="flex-1 leading-relaxed text-slate-700">{project.description}</p>
              <Link
                to={project.serviceLink}
                className="inline-flex min-h-11 items-center gap-1 self-start font-heading text-sm font-semibold text-accent-600 underline-offset-4 hover:underline"
              >
                Notre service {project.serviceName.toLowerCase()}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
