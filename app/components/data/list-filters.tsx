import { Search, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { DateField, SelectField } from "#app/components/forms/field.tsx";

/**
 * The search box and filters of a list, as a GET form (the URL holds them). On a
 * phone the filters fold behind a « Filtres » summary that says how many are active,
 * so the first rows show without scrolling; on a computer they are always open. A
 * native <details>: it works before the scripts load, and the keyboard knows it.
 */
export function ListFilters({
  label,
  searchLabel,
  search,
  activeCount,
  clearHref,
  children,
  hidden,
}: {
  /** The form's accessible name (« Filtrer les prospects »). */
  label: string;
  searchLabel: string;
  search: string | undefined;
  /** Filters set other than the search. */
  activeCount: number;
  /** The list without any filter; the « Effacer » link shows when something is set. */
  clearHref: string;
  /** The filter fields (Field components). */
  children: ReactNode;
  /** Parameters to keep (e.g. the sort), as hidden inputs. */
  hidden?: Record<string, string | undefined>;
}) {
  const anything = activeCount > 0 || Boolean(search);
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {Object.entries(hidden ?? {}).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div>
        <label htmlFor="liste-recherche" className="mb-1 block text-sm font-semibold text-brand-900">
          {searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id="liste-recherche"
            name="q"
            type="search"
            defaultValue={search ?? ""}
            maxLength={200}
            className="block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus-visible:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-1"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-brand-700 px-4 font-heading text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2"
          >
            <Search aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Rechercher</span>
          </button>
        </div>
      </div>
      <details className="group md:[&::details-content]:block md:[&::details-content]:[content-visibility:visible]">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border-2 border-brand-700 px-4 text-sm font-semibold text-brand-700 md:hidden [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filtres
          {activeCount > 0 ? (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">
              {activeCount}
              <span className="sr-only"> actif{activeCount > 1 ? "s" : ""}</span>
            </span>
          ) : null}
        </summary>
        <div className="grid gap-4 pt-3 sm:grid-cols-2 md:pt-0 lg:grid-cols-4">
          {children}
          <div className="flex items-end gap-2">
            <button
              type="submit"
              className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 font-heading text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2"
            >
              Filtrer
            </button>
            {anything ? (
              <Link
                to={clearHref}
                className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                Effacer
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </Form>
  );
}

/**
 * A filter among labelled values: the field `filtre-<name>` sets the URL's `name`, in
 * the order of `labels`; the empty first choice (« Tous ») leaves the list unfiltered.
 */
export function FilterSelect({
  name,
  label,
  labels,
  value,
  placeholder = "Tous",
}: {
  name: string;
  label: string;
  labels: Readonly<Record<string, string>>;
  value: string | undefined;
  placeholder?: string;
}) {
  return (
    <SelectField
      id={`filtre-${name}`}
      name={name}
      label={label}
      placeholder={placeholder}
      defaultValue={value ?? ""}
      options={Object.entries(labels).map(([option, optionLabel]) => ({ value: option, label: optionLabel }))}
    />
  );
}

/** The period of a dated list: « Du » and « Au », the URL's `du` and `au`. */
export function PeriodFields({ du, au }: { du: string | undefined; au: string | undefined }) {
  return (
    <>
      <DateField id="filtre-du" name="du" label="Du" defaultValue={du ?? ""} />
      <DateField id="filtre-au" name="au" label="Au" defaultValue={au ?? ""} />
    </>
  );
}
