import type { ReactNode } from "react";

/** The coloured bands a section of the public site may sit on, full width. */
const BANDS = {
  sand: "bg-sand py-14 lg:py-20",
  brand: "bg-brand-50 py-14 lg:py-20",
} as const;

/**
 * A section of a public page under its heading (`id` names it for screen readers): on a
 * coloured band across the page, or in the page's column (`narrow` for reading width).
 */
export function SiteSection({
  id,
  heading,
  band,
  narrow = false,
  children,
}: {
  id: string;
  heading: ReactNode;
  band?: keyof typeof BANDS;
  narrow?: boolean;
  children: ReactNode;
}) {
  const title = (
    <h2 id={id} className="text-2xl font-extrabold sm:text-3xl">
      {heading}
    </h2>
  );
  if (band) {
    return (
      <section aria-labelledby={id} className={BANDS[band]}>
        <div className="container-page">
          {title}
          {children}
        </div>
      </section>
    );
  }
  return (
    <section
      aria-labelledby={id}
      className={narrow ? "container-page max-w-3xl py-14 lg:py-20" : "container-page py-14 lg:py-20"}
    >
      {title}
      {children}
    </section>
  );
}
