import { servicesPage } from "#app/content/home.ts";
import { PageHeader } from "#app/features/marketing/components/page-header.tsx";
import { ServiceCards } from "#app/features/marketing/components/service-cards.tsx";
import { TestimonialsCarousel } from "#app/features/marketing/components/testimonials-carousel.tsx";
import { allTestimonials, serviceCards } from "#app/features/marketing/content.server.ts";
import { servicesCollectionJsonLd } from "#app/features/marketing/json-ld.ts";
import { CtaBand } from "#app/features/quote-request/components/cta-band.tsx";
import { listingMeta } from "#app/lib/listing-meta.ts";
import type { Route } from "./+types/services";

export function loader() {
  return { cards: serviceCards(), testimonials: allTestimonials() };
}

export const meta: Route.MetaFunction = listingMeta(
  servicesPage,
  "/services",
  (siteUrl, listing, data: Route.ComponentProps["loaderData"]) =>
    servicesCollectionJsonLd(
      siteUrl,
      listing,
      data.cards.map((card) => ({ name: card.name, path: card.path })),
    ),
);

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Nos métiers" title={servicesPage.h1} lead={servicesPage.lead} />
      <section aria-label="Nos cinq services" className="container-page pb-14 lg:pb-20">
        <ServiceCards cards={loaderData.cards} headingLevel={2} firstIsMainImage />
      </section>
      <TestimonialsCarousel
        testimonials={loaderData.testimonials}
        lead="Ils nous ont confié leur construction, leur rénovation, leur façade ou leur isolation."
      />
      <CtaBand
        heading="Parlons de votre projet"
        text="Construction, rénovation, façade ou isolation : décrivez vos travaux, nous revenons vers vous avec un devis détaillé, gratuit et sans engagement."
      />
    </>
  );
}
