import { realisationsPage } from "#app/content/projects.ts";
import { PageHeader } from "#app/features/marketing/components/page-header.tsx";
import { Portfolio } from "#app/features/marketing/components/portfolio.tsx";
import { TestimonialsCarousel } from "#app/features/marketing/components/testimonials-carousel.tsx";
import { allTestimonials, portfolioProjects } from "#app/features/marketing/content.server.ts";
import { portfolioJsonLd } from "#app/features/marketing/json-ld.ts";
import { CtaBand } from "#app/features/quote-request/components/cta-band.tsx";
import { listingMeta } from "#app/lib/listing-meta.ts";
import type { Route } from "./+types/realisations";

export function loader() {
  return { projects: portfolioProjects(), testimonials: allTestimonials() };
}

export const meta: Route.MetaFunction = listingMeta(
  realisationsPage,
  "/realisations",
  (siteUrl, listing, data: Route.ComponentProps["loaderData"]) =>
    portfolioJsonLd(siteUrl, listing, data.projects),
);

export default function RealisationsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Portfolio" title={realisationsPage.h1} lead={realisationsPage.lead} />
      <section aria-labelledby="nos-chantiers" className="container-page pb-14 lg:pb-20">
        <h2 id="nos-chantiers" className="sr-only">
          Nos chantiers
        </h2>
        <Portfolio projects={loaderData.projects} />
      </section>
      <TestimonialsCarousel testimonials={loaderData.testimonials} heading="L'avis de nos clients" />
      <CtaBand
        heading="Votre chantier sera le prochain ?"
        text="Construction, rénovation, façade ou isolation : racontez-nous votre projet, nous vous proposons une visite et un devis détaillé gratuit."
      />
    </>
  );
}
