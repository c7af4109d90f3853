import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { panelClass } from "#app/components/ui/panel.tsx";

/*
 * The pieces of the Espace Pro's home: a block per section (« Devis », « Factures »…)
 * with its « Tous les … » link, stat panels inside it (an icon, a title, a big figure
 * that links to the list it counts), rows that are links as a whole (a large target on a
 * phone), and « more » links. Each feature writes its block with these; the dashboard
 * route only lays the blocks out.
 */

const moreLinkClass = "inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline";

/** « Tous les devis → »: a link to the whole list, with its arrow. */
export function MoreLink({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p className={className ?? "mt-2"}>
      <Link to={to} className={moreLinkClass}>
        {children} <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </p>
  );
}

const sectionGridClass = { 2: "grid gap-4 md:grid-cols-2", 3: "grid gap-4 md:grid-cols-2 xl:grid-cols-3" };

/** A section's block: its heading (h2), its « Tous les … » link and its panels, on 2 columns (3 on a wide screen). */
export function DashboardSection({
  id,
  title,
  more,
  columns = 2,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  columns?: 2 | 3;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-extrabold">
          {title}
        </h2>
        {more ? (
          <MoreLink to={more.to} className="">
            {more.label}
          </MoreLink>
        ) : null}
      </div>
      <div className={sectionGridClass[columns]}>{children}</div>
    </section>
  );
}

/** A panel of figures: an icon and a title (h3 inside a block, h2 on its own), then its content. */
export function StatPanel({
  id,
  title,
  icon,
  level = 3,
  action,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  /** A lucide icon component. */
  icon?: (props: { "aria-hidden": "true"; className: string }) => ReactNode;
  level?: 2 | 3;
  /** A link on the title's right (« Toutes les commandes »). */
  action?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const Icon = icon;
  const heading = (
    <Heading id={id} className="flex items-center gap-2 text-base font-bold">
      {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0 text-accent-600" /> : null}
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={id} className={className ? `${panelClass} ${className}` : panelClass}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          <MoreLink to={action.to} className="">
            {action.label}
          </MoreLink>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

const bigNumberClass = "font-heading text-3xl font-extrabold sm:text-4xl";

/**
 * The panel's big figure. With `to`, it is the link to the list it counts, and `label`
 * says so in words (« 3 factures en retard : voir la liste »).
 */
export function BigNumber({ to, label, children }: { to?: string; label?: string; children: ReactNode }) {
  return (
    <p className="mt-2">
      {to ? (
        <Link
          to={to}
          aria-label={label}
          className={`${bigNumberClass} text-brand-700 underline-offset-4 hover:underline`}
        >
          {children}
        </Link>
      ) : (
        <span className={`${bigNumberClass} text-brand-900`}>{children}</span>
      )}
    </p>
  );
}

/**
 * A panel's list of rows (`RowLink`s): `empty` says there are none; else its `intro` line,
 * the rows, and its `more` link when the rows are only the first ones.
 */
export function PanelRows({
  count,
  empty,
  intro,
  more,
  children,
}: {
  count: number;
  empty: ReactNode;
  intro?: ReactNode;
  more?: ReactNode;
  children: ReactNode;
}) {
  if (count === 0) return <p className="mt-2 text-sm text-slate-700">{empty}</p>;
  return (
    <>
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
      <ul className="mt-2 grid gap-1">{children}</ul>
      {more}
    </>
  );
}

/** A row of a panel's list, a link as a whole: its name and line under it on the left, figures on the right. */
export function RowLink({
  to,
  name,
  detail,
  aside,
}: {
  to: string;
  name: ReactNode;
  detail: ReactNode;
  aside: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg px-2 py-1.5 hover:bg-brand-50"
      >
        <span className="min-w-0">
          <span className="block font-semibold text-brand-700 underline">{name}</span>
          <span className="block break-words text-sm text-slate-700">{detail}</span>
        </span>
        <span className="flex flex-wrap items-baseline gap-x-2 text-sm">{aside}</span>
      </Link>
    </li>
  );
}
