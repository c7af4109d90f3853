import type { ReactNode } from "react";

/**
 * A page's opening text beside a short aside: the heading and its paragraphs on the
 * left, the aside's title and content (children) on the right.
 */
export function IntroSection({
  id,
  heading,
  paragraphs,
  asideTitle,
  className,
  gridClassName,
  children,
}: {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  asideTitle: string;
  className: string;
  gridClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={gridClassName}>
        <div>
          <h2 id={id} className="text-2xl font-extrabold sm:text-3xl">
            {heading}
          </h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}
        </div>
        <aside aria-labelledby="en-bref" className="self-start rounded-2xl bg-brand-50 p-6 sm:p-8">
          <h3 id="en-bref" className="text-xl font-bold">
            {asideTitle}
          </h3>
          {children}
        </aside>
      </div>
    </section>
  );
}
