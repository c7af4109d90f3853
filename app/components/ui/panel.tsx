import { type ComponentProps, type ReactNode, useId } from "react";

/*
 * The white panel the Espace Pro's pages group their content in: a <section> named by its
 * heading (a landmark a screen reader lists), the heading, an optional line under it and
 * an optional action on the heading's right (« Voir tout », a button).
 *
 *   <Panel title="Suivi">…</Panel>
 *   <Panel title="Relances" description="…" action={<Link …>Voir tout</Link>}>…</Panel>
 */

export const panelClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

export function Panel({
  title,
  description,
  action,
  headingLevel = 2,
  id,
  className,
  children,
  ...section
}: Omit<ComponentProps<"section">, "title" | "aria-labelledby"> & {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** The heading's level: 2 on a page, 3 inside a panel's group. */
  headingLevel?: 2 | 3;
  /** The heading's id (others may link to it); one of React's otherwise. */
  id?: string;
}) {
  const generated = useId();
  const headingId = id ?? `${generated}-titre`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={headingId}
      className={className ? `${panelClass} ${className}` : panelClass}
      {...section}
    >
      <div className="mb-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <Heading id={headingId} className="text-lg font-bold text-brand-900">
            {title}
          </Heading>
          {action ? <div className="text-sm">{action}</div> : null}
        </div>
        {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
