import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { SiteSection } from "#app/components/layout/site-section.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";
import { home } from "#app/content/home.ts";
import { Hero } from "#app/features/marketing/components/hero.tsx";
import { ServiceCards } from "#app/features/marketing/components/service-cards.tsx";
import { TrustFigures } from "#app/features/marketing/components/trust-figures.tsx";
import { serviceCards } from "#app/features/marketing/content.server.ts";
import { contractorJsonLd, websiteJsonLd } from "#app/features/marketing/json-ld.ts";
import { CtaBand } from "#app/features/quote-request/components/cta-band.tsx";
import { QuoteButton } from "#app/features/quote-request/components/quote-button.tsx";
import { jsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export function loader() {
  return { cards: serviceCards(home.featuredServiceSlugs) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seo({ title: home.title, description: home.metaDescription, path: "/", siteUrl }),
    jsonLd(contractorJsonLd(siteUrl)),
    jsonLd(websiteJsonLd(siteUrl)),
  ];
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero
        eyebrow={`Entreprise du bâtiment à ${company.address.city}`}
        title={home.h1}
        lead={home.heroLead}
        image="hero-home"
        imageAlt={`Maison provençale en chantier face à la rade de ${company.address.city}, avec échafaudage et grue, le mont Faron en arrière-plan`}
      >
        <QuoteButton trigger="hero">Demander un devis gratuit</QuoteButton>
        <Link to="/realisations" className={buttonClasses("outline", "cta")}>
          Voir nos réalisations
        </Link>
      </Hero>

      <TrustFigures figures={home.trustFigures} />

      <section aria-labelledby="nos-services" className="container-page py-14 lg:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="nos-services" className="text-2xl font-extrabold sm:text-3xl">
              Nos services à {company.address.city}
            </h2>
            <p className="mt-2 max-w-prose text-slate-700">
              Construire, rénover, protéger : trois métiers que nous exerçons chaque semaine dans le Var.
            </p>
          </div>
          <Link
            to="/services"
            className="inline-flex min-h-11 items-center font-heading font-semibold text-accent-600 underline-offset-4 hover:underline"
          >
            Voir tous nos services
          </Link>
        </div>
        <div className="mt-8">
          <ServiceCards cards={loaderData.cards} />
        </div>
      </section>

      {home.whyUs ? (
        <SiteSection id="pourquoi-nous" heading="Pourquoi nous confier vos travaux" band="sand">
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {home.whyUs.map((item) => (
              <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <CircleCheck aria-hidden="true" className="size-7 text-accent-600" />
                <h3 className="mt-3 text-lg font-bold">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 max-w-prose text-slate-700">
            Zone d'intervention : {company.areasServed.join(", ")} et toutes les communes à{" "}
            {company.serviceRadiusKm} km autour de {company.address.city}.
          </p>
        </SiteSection>
      ) : null}

      <CtaBand
        heading="Un projet de travaux à Toulon ?"
        text="Décrivez-nous votre projet en quelques lignes : nous vous rappelons pour convenir d'une visite et vous remettons un devis détaillé, gratuit et sans engagement."
      />
    </>
  );
}
