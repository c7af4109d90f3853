import { ArrowRight, Check } from "lucide-react";
import { data, Link } from "react-router";
import { SiteSection } from "#app/components/layout/site-section.tsx";
import { QuestionAccordion } from "#app/components/ui/accordion.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { CallLink } from "#app/components/ui/call-link.tsx";
import type { ServicePage } from "#app/content/types.ts";
import { Breadcrumbs } from "#app/features/marketing/components/breadcrumbs.tsx";
import { Hero } from "#app/features/marketing/components/hero.tsx";
import { IntroSection } from "#app/features/marketing/components/intro-section.tsx";
import { serviceAt } from "#app/features/marketing/content.server.ts";
import {
  breadcrumbJsonLd,
  type Crumb,
  faqPageJsonLd,
  serviceJsonLd,
} from "#app/features/marketing/json-ld.ts";
import { CtaBand } from "#app/features/quote-request/components/cta-band.tsx";
import { QuoteButton } from "#app/features/quote-request/components/quote-button.tsx";
import { jsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/service-page";

// One module serves the five service pages (see app/routes.ts); the path says which.
export function loader({ url }: Route.LoaderArgs) {
  const service = serviceAt(url.pathname);
  if (!service) throw data(null, { status: 404 });
  return { service };
}

function crumbsOf(service: Pick<ServicePage, "name" | "path">): Crumb[] {
  return [
    { name: "Accueil", path: "/" },
    { name: "Nos services", path: "/services" },
    { name: service.name, path: service.path },
  ];
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { service } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seo({ title: service.title, description: service.metaDescription, path: service.path, siteUrl }),
    jsonLd(serviceJsonLd(siteUrl, service)),
    jsonLd(breadcrumbJsonLd(siteUrl, crumbsOf(service))),
    jsonLd(faqPageJsonLd(service.faq)),
  ];
};

export default function ServicePageView({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  return (
    <>
      <Hero
        above={<Breadcrumbs crumbs={crumbsOf(service)} />}
        title={service.h1}
        lead={service.heroLead}
        image={service.illustration}
        imageAlt={service.illustrationAlt}
      >
        <QuoteButton trigger="service">{service.cta.buttonLabel}</QuoteButton>
        <CallLink className={buttonClasses("outline", "cta")} iconClassName="size-5" />
      </Hero>

      <IntroSection
        id="presentation"
        heading={service.intro.heading}
        paragraphs={service.intro.paragraphs}
        asideTitle="En bref"
        className="container-page py-14 lg:py-20"
        gridClassName="grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:gap-14"
      >
        <ul className="mt-4 grid gap-4">
          {service.intro.bullets.map((bullet) => (
            <li key={bullet} className="flex gap-3">
              <Check aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent-600" />
              <span className="leading-relaxed font-semibold text-brand-900">{bullet}</span>
            </li>
          ))}
        </ul>
      </IntroSection>

      <SiteSection id="demarche" heading={service.block.heading} band="sand">
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {service.block.items.map((item) => (
            <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-lg font-bold">{item.title}</h3>
              <p className="mt-3 leading-relaxed text-slate-700">{item.text}</p>
            </li>
          ))}
        </ol>
      </SiteSection>

      <SiteSection id="questions" heading="Vos questions sur ce service" narrow>
        <div className="mt-8">
          <QuestionAccordion
            items={service.faq.map((item, index) => ({
              id: `question-${index + 1}`,
              question: item.question,
              answer: item.answer,
            }))}
          />
        </div>
        <p className="mt-6 text-slate-700">
          D'autres questions ?{" "}
          <Link to="/faq" className="font-semibold text-brand-700 underline underline-offset-4">
            Consultez notre FAQ
          </Link>{" "}
          ou{" "}
          <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-4">
            contactez-nous
          </Link>
          .
        </p>
      </SiteSection>

      {service.related && service.related.length > 0 ? (
        <nav aria-labelledby="pour-aller-plus-loin" className="container-page max-w-3xl">
          <h2 id="pour-aller-plus-loin" className="text-xl font-bold">
            Pour aller plus loin
          </h2>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {service.related.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="flex min-h-12 items-center justify-between gap-3 rounded-xl border border-brand-100 bg-white px-4 py-3 font-semibold text-brand-800 hover:border-brand-700"
                >
                  {link.label}
                  <ArrowRight aria-hidden="true" className="size-5 shrink-0 text-accent-600" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <CtaBand
        heading={service.cta.heading}
        text={service.cta.text}
        buttonLabel={service.cta.buttonLabel}
        trigger="service"
      />
    </>
  );
}
