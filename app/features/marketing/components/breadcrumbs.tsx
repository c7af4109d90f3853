import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Crumb } from "../json-ld.ts";

/** The visible breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Fil d'Ariane" className="mb-4">
      <ol className="flex flex-wrap items-center gap-x-1 text-sm text-slate-700">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="inline-flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-semibold text-brand-900">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.path}
                    className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                  >
                    {crumb.name}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
