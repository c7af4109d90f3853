import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { ServicePage } from "#app/content/types.ts";
import { Illustration } from "./illustration.tsx";

export type ServiceCardData = Pick<
  ServicePage,
  "slug" | "path" | "name" | "cardSummary" | "illustration" | "illustrationAlt"
>;

/** What a service card needs, and nothing more (the rest of the page stays on the server). */
export function toServiceCard(service: ServicePage): ServiceCardData {
  return {
    slug: service.slug,
    path: service.path,
    name: service.name,
    cardSummary: service.cardSummary,
    illustration: service.illustration,
    illustrationAlt: service.illustrationAlt,
  };
}

/**
 * A grid of service cards. The title is the card's one link; it stretches over the
 * whole card so the card is clickable without nesting interactive elements.
 */
export function ServiceCards({
  cards,
  headingLevel = 3,
  columns = "lg:grid-cols-3",
  firstIsMainImage = false,
}: {
  cards: readonly ServiceCardData[];
  headingLevel?: 2 | 3;
  columns?: string;
  /** The first card's picture is the page's main one (right under the heading): fetch it first. */
  firstIsMainImage?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {cards.map((card, index) => (
        <li
          key={card.slug}
          className="group relative flex flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition-shadow hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent-600 has-[a:focus-visible]:ring-offset-2"
        >
          <Illustration
            name={card.illustration}
            alt={card.illustrationAlt}
            priority={firstIsMainImage && index === 0}
            className="aspect-[3/2] w-full object-cover"
          />
          <div className="flex flex-1 flex-col gap-3 p-6">
            <Heading className="text-xl font-bold">
              <Link
                to={card.path}
                className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none hover:text-accent-600"
              >
                {card.name}
              </Link>
            </Heading>
            <p className="flex-1 leading-relaxed text-slate-700">{card.cardSummary}</p>
            <span
              aria-hidden="true"
              className="inline-flex items-center gap-1 font-heading text-sm font-semibold text-accent-600"
            >
              En savoir plus
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
