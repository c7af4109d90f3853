import { Link } from "react-router";
import { type ListParams, listHref, PAGE_PARAM, withChanges } from "./list-url.ts";

const linkClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand-700 bg-white px-4 font-heading text-sm font-semibold text-brand-700 hover:bg-brand-50";

/** « Page précédente / Page N sur M / Page suivante », as links that keep the filters. */
export function Pagination({
  pathname,
  params,
  page,
  pageCount,
}: {
  pathname: string;
  params: ListParams;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={listHref(pathname, withChanges(params, { [PAGE_PARAM]: page - 1 }))} className={linkClass}>
          Page précédente
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm font-semibold text-slate-700">
        Page {page} sur {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={listHref(pathname, withChanges(params, { [PAGE_PARAM]: page + 1 }))} className={linkClass}>
          Page suivante
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
