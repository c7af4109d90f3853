/**
 * The slices of the static content each page needs, chosen on the server (in
 * loaders, run at prerendering time) so a page's browser bundle carries its own
 * data and not the whole content of the site.
 */
import { cgu } from "#app/content/legal/cgu.ts";
import { cgv } from "#app/content/legal/cgv.ts";
import { mentionsLegales } from "#app/content/legal/mentions-legales.ts";
import { politiqueDeConfidentialite } from "#app/content/legal/politique-de-confidentialite.ts";
import { type LegalPage, withdrawalForm } from "#app/content/legal/types.ts";
import { projects } from "#app/content/projects.ts";
import { getService, services } from "#app/content/services.ts";
import { testimonials } from "#app/content/testimonials.ts";
import type { ServicePage, ServicePath, ServiceSlug } from "#app/content/types.ts";
import type { PortfolioProject } from "./components/portfolio.tsx";
import { type ServiceCardData, toServiceCard } from "./components/service-cards.tsx";

function requireService(slug: ServiceSlug): ServicePage {
  const service = getService(slug);
  if (!service) throw new Error(`Service inconnu : ${slug}`);
  return service;
}

export function serviceCards(slugs?: readonly ServiceSlug[]): ServiceCardData[] {
  return (slugs ? slugs.map(requireService) : services).map(toServiceCard);
}

/** The service page at this path (/services/<slug>), or undefined. */
export function serviceAt(pathname: string): ServicePage | undefined {
  return services.find((service) => service.path === pathname.replace(/\/+$/, ""));
}

function serviceName(path: ServicePath): string {
  const service = services.find((candidate) => candidate.path === path);
  if (!service) throw new Error(`Réalisation liée à un service inconnu : ${path}`);
  return service.name;
}

export function portfolioProjects(): PortfolioProject[] {
  return projects.map((project) => ({ ...project, serviceName: serviceName(project.serviceLink) }));
}

export function allTestimonials() {
  return testimonials;
}

const legalPages: readonly LegalPage[] = [mentionsLegales, politiqueDeConfidentialite, cgv, cgu];

/** The legal text at this path, with the withdrawal form model when it uses it. */
export function legalPageAt(pathname: string) {
  const page = legalPages.find((candidate) => candidate.path === pathname.replace(/\/+$/, ""));
  if (!page) return undefined;
  return { page, withdrawalForm };
}
