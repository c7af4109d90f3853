/**
 * Structured data (schema.org JSON-LD) of the public pages, typed with schema-dts:
 * a misspelt property or a value of the wrong kind does not compile.
 * Every builder takes the canonical origin (SITE_URL) so identifiers and URLs
 * match the canonical links of the pages.
 */
import type {
  AboutPage,
  AdministrativeArea,
  BreadcrumbList,
  City,
  CollectionPage,
  ContactPage,
  FAQPage,
  GeneralContractor,
  GeoCircle,
  ItemList,
  ListItem,
  OpeningHoursSpecification,
  Person,
  PostalAddress,
  Service,
  WebPage,
  WebSite,
  WithContext,
} from "schema-dts";
import { company } from "#app/config/company.ts";
import type { FaqItem, Project, ServicePage, TeamMember } from "#app/content/types.ts";
import { illustrationUrl } from "./illustrations.ts";

type ContractorNode = Exclude<GeneralContractor, string>;

/** The absolute URL of a path, written exactly like the canonical link (seo()). */
export function pageUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path === "/" ? "/" : path}`;
}

/** Stable identifier of the company node, shared by every page that mentions it. */
export function contractorId(siteUrl: string): string {
  return `${siteUrl}/#entreprise`;
}

/** The page a node describes, as the site names it. */
type PageText = { name: string; description: string; path: string };

/** What every page node says of itself: its name and description, its URL, its language, its site. */
function pageHead(siteUrl: string, page: PageText) {
  return {
    name: page.name,
    description: page.description,
    url: pageUrl(siteUrl, page.path),
    inLanguage: "fr-FR",
    isPartOf: { "@id": websiteId(siteUrl) },
  };
}

/** An ItemList of `list` in its order, `entry` saying what each item is. */
function itemList<T>(list: readonly T[], entry: (item: T) => Omit<ListItem, "@type" | "position">): ItemList {
  return {
    "@type": "ItemList",
    itemListElement: list.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      ...entry(item),
    })),
  };
}

function websiteId(siteUrl: string): string {
  return `${siteUrl}/#site`;
}

const DAY_ABBREVIATIONS: Record<(typeof company.hours.days)[number], string> = {
  Monday: "Mo",
  Tuesday: "Tu",
  Wednesday: "We",
  Thursday: "Th",
  Friday: "Fr",
};

/** "Mo-Fr 08:00-18:00": the compact schema.org form of the opening hours. */
export function openingHoursText(): string {
  const days = company.hours.days;
  const first = DAY_ABBREVIATIONS[days[0]];
  const last = DAY_ABBREVIATIONS[days[days.length - 1] ?? days[0]];
  return `${first}-${last} ${company.hours.opens}-${company.hours.closes}`;
}

function postalAddress(): PostalAddress {
  return {
    "@type": "PostalAddress",
    streetAddress: company.address.street,
    postalCode: company.address.postalCode,
    addressLocality: company.address.city,
    addressRegion: company.address.region,
    addressCountry: company.address.country,
  };
}

function openingHoursSpecification(): OpeningHoursSpecification {
  return {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: company.hours.days.map((day) => `https://schema.org/${day}` as const),
    opens: company.hours.opens,
    closes: company.hours.closes,
  };
}

/** Toulon, the Var, the neighbouring towns, and a circle of the service radius around the office. */
export function areaServed(): (City | AdministrativeArea | GeoCircle)[] {
  const places: (City | AdministrativeArea)[] = company.areasServed.map((name) =>
    name === company.address.region ? { "@type": "AdministrativeArea", name } : { "@type": "City", name },
  );
  return [
    ...places,
    {
      "@type": "GeoCircle",
      geoMidpoint: {
        "@type": "GeoCoordinates",
        latitude: company.address.geo.latitude,
        longitude: company.address.geo.longitude,
      },
      // schema.org reads a bare number as metres.
      geoRadius: company.serviceRadiusKm * 1000,
    },
  ];
}

/** A short reference to the company, for nodes that name it as provider or publisher. */
function contractorReference(siteUrl: string): ContractorNode {
  return {
    "@type": "GeneralContractor",
    "@id": contractorId(siteUrl),
    name: company.name,
    url: pageUrl(siteUrl, "/"),
    telephone: company.phone.e164,
    address: postalAddress(),
  };
}

/** The full description of the company (LocalBusiness of the building trade). */
export function contractorNode(siteUrl: string): ContractorNode {
  return {
    "@type": "GeneralContractor",
    "@id": contractorId(siteUrl),
    name: company.name,
    legalName: company.legalName,
    url: pageUrl(siteUrl, "/"),
    image: `${siteUrl}${illustrationUrl("hero-home")}`,
    telephone: company.phone.e164,
    email: company.email,
    address: postalAddress(),
    geo: {
      "@type": "GeoCoordinates",
      latitude: company.address.geo.latitude,
      longitude: company.address.geo.longitude,
    },
    openingHours: openingHoursText(),
    openingHoursSpecification: [openingHoursSpecification()],
    areaServed: areaServed(),
    foundingDate: String(company.foundedYear),
    founder: { "@type": "Person", name: company.director },
    vatID: company.vatNumber,
    identifier: { "@type": "PropertyValue", propertyID: "SIRET", value: company.siret },
    sameAs: company.social.map((network) => network.url),
  };
}

export function contractorJsonLd(siteUrl: string): WithContext<GeneralContractor> {
  return { "@context": "https://schema.org", ...contractorNode(siteUrl) };
}

export function websiteJsonLd(siteUrl: string): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": websiteId(siteUrl),
    name: company.name,
    url: pageUrl(siteUrl, "/"),
    inLanguage: "fr-FR",
    publisher: { "@id": contractorId(siteUrl) },
  };
}

export type Crumb = { name: string; path: string };

export function breadcrumbJsonLd(siteUrl: string, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: pageUrl(siteUrl, crumb.path),
    })),
  };
}

export function faqPageJsonLd(items: readonly FaqItem[]): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function serviceJsonLd(siteUrl: string, service: ServicePage): WithContext<Service> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${pageUrl(siteUrl, service.path)}#service`,
    name: service.h1,
    serviceType: service.name,
    description: service.metaDescription,
    url: pageUrl(siteUrl, service.path),
    image: `${siteUrl}${illustrationUrl(service.illustration)}`,
    provider: contractorReference(siteUrl),
    areaServed: areaServed(),
  };
}

/** /services: the list of the service pages. */
export function servicesCollectionJsonLd(
  siteUrl: string,
  page: PageText,
  list: readonly { name: string; path: string }[],
): WithContext<CollectionPage> {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    ...pageHead(siteUrl, page),
    mainEntity: itemList(list, (service) => ({ name: service.name, url: pageUrl(siteUrl, service.path) })),
  };
}

/** /realisations: the completed jobs, as creative works of the company. */
export function portfolioJsonLd(
  siteUrl: string,
  page: PageText,
  list: readonly Project[],
): WithContext<CollectionPage> {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    ...pageHead(siteUrl, page),
    mainEntity: itemList(list, (project) => ({
      item: {
        "@type": "CreativeWork",
        name: project.title,
        description: project.description,
        genre: project.category,
        dateCreated: String(project.year),
        locationCreated: { "@type": "Place", name: project.location },
        image: `${siteUrl}${illustrationUrl(project.illustration)}`,
        creator: { "@id": contractorId(siteUrl) },
      },
    })),
  };
}

export function aboutPageJsonLd(
  siteUrl: string,
  page: PageText,
  team: readonly Pick<TeamMember, "name" | "role">[],
): WithContext<AboutPage> {
  const employees: Person[] = team.map((member) => ({
    "@type": "Person",
    name: member.name,
    jobTitle: member.role,
  }));
  return {
    "@context": "https://schema.org",
    "@type": "AboutPage",
    ...pageHead(siteUrl, page),
    mainEntity: { ...contractorNode(siteUrl), employee: employees },
  };
}

export function contactPageJsonLd(siteUrl: string, page: PageText): WithContext<ContactPage> {
  return {
    "@context": "https://schema.org",
    "@type": "ContactPage",
    ...pageHead(siteUrl, page),
    mainEntity: {
      ...contractorNode(siteUrl),
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: company.phone.e164,
        email: company.email,
        availableLanguage: "French",
        hoursAvailable: openingHoursSpecification(),
      },
    },
  };
}

/** A plain page (legal texts): name, description, last modification. */
export function webPageJsonLd(
  siteUrl: string,
  page: PageText & { dateModified?: string },
): WithContext<WebPage> {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    ...pageHead(siteUrl, page),
    publisher: { "@id": contractorId(siteUrl) },
    ...(page.dateModified ? { dateModified: page.dateModified } : {}),
  };
}
