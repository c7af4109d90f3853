import type { ReactNode } from "react";

/**
 * Heading block of the listing and information pages: h1 and lead on a light
 * band, with the top padding the fixed header needs.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <header className="bg-linear-to-b from-brand-50 to-white pt-28 pb-10 lg:pt-32 lg:pb-14">
      <div className="container-page">
        {eyebrow ? (
          <p className="font-heading text-sm font-bold tracking-widest text-accent-600 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-3 max-w-4xl text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mt-5 max-w-prose text-lg leading-relaxed text-slate-700">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}
