import type { ReactNode } from "react";
import type { IllustrationName } from "../illustrations.ts";
import { Illustration } from "./illustration.tsx";

/**
 * The top of the home page and of the service pages: heading, lead, actions and
 * the page's main drawing, fetched first. The top padding leaves room for the
 * fixed header (64 px, 80 px on large screens).
 */
export function Hero({
  eyebrow,
  title,
  lead,
  image,
  imageAlt,
  above,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  image: IllustrationName;
  imageAlt: string;
  /** Shown above the heading (the breadcrumb trail of a service page). */
  above?: ReactNode;
  /** The action buttons. */
  children?: ReactNode;
}) {
  return (
    <section className="bg-linear-to-b from-brand-50 via-brand-50 to-white pt-24 pb-12 lg:pt-32 lg:pb-20">
      <div className="container-page grid items-center gap-10 lg:grid-cols-[1.05fr_1fr] lg:gap-14">
        <div>
          {above}
          {eyebrow ? (
            <p className="font-heading text-sm font-bold tracking-widest text-accent-600 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-3 text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl">{title}</h1>
          <p className="mt-5 max-w-prose text-lg leading-relaxed text-slate-700">{lead}</p>
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        <Illustration
          name={image}
          alt={imageAlt}
          priority
          className="w-full rounded-2xl bg-white shadow-xl ring-1 ring-brand-100"
        />
      </div>
    </section>
  );
}
