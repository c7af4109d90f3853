/**
 * Types of the static French marketing content (app/content/*.ts).
 * Pure data types: every string is plain text (no HTML, no markdown).
 */

/** Title and meta description of a page (title ≤ 65 characters, description ≤ 160). */
export interface PageMeta {
  title: string;
  metaDescription: string;
}

/** Heading block shared by the simple pages. */
export interface PageHeader extends PageMeta {
  h1: string;
  lead: string;
}

export interface TitledText {
  title: string;
  text: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface LinkItem {
  label: string;
  href: string;
}

/* ------------------------------------------------------------------ */
/* Services                                                           */
/* ------------------------------------------------------------------ */

export type ServiceSlug =
  | "construction-toulon"
  | "renovation-toulon"
  | "ravalement-facade-toulon"
  | "isolation-thermique-var"
  | "innovation-3d-ia";

export type ServicePath = `/services/${ServiceSlug}`;

export type ServiceCategory = "Construction" | "Rénovation" | "Façades" | "Isolation" | "Innovation";

export type ServiceIllustration =
  | "service-construction"
  | "service-renovation"
  | "service-facade"
  | "service-isolation"
  | "service-innovation";

export interface ServiceIntro {
  heading: string;
  paragraphs: readonly string[];
  /** Exactly three benefits. */
  bullets: readonly [string, string, string];
}

export interface ServiceBlock {
  heading: string;
  kind: "steps" | "benefits";
  /** Exactly three steps or benefits. */
  items: readonly [TitledText, TitledText, TitledText];
}

export interface ServiceCta {
  heading: string;
  text: string;
  buttonLabel: string;
}

export interface ServicePage {
  slug: ServiceSlug;
  path: ServicePath;
  /** Short name, e.g. "Construction". */
  name: string;
  category: ServiceCategory;
  /** SEO title, ≤ 60 characters, includes the town. */
  title: string;
  /** ≤ 160 characters. */
  metaDescription: string;
  h1: string;
  heroLead: string;
  illustration: ServiceIllustration;
  illustrationAlt: string;
  /** One sentence for service cards. */
  cardSummary: string;
  intro: ServiceIntro;
  block: ServiceBlock;
  /** Three or four questions. */
  faq: readonly [FaqItem, FaqItem, FaqItem] | readonly [FaqItem, FaqItem, FaqItem, FaqItem];
  cta: ServiceCta;
  related?: readonly LinkItem[];
}

/** The listing page /services. */
export type ServicesPageContent = PageHeader;

/* ------------------------------------------------------------------ */
/* Home                                                               */
/* ------------------------------------------------------------------ */

export interface TrustFigure {
  value: string;
  label: string;
}

export interface HomeContent extends PageMeta {
  h1: string;
  heroLead: string;
  /** Exactly four figures. */
  trustFigures: readonly [TrustFigure, TrustFigure, TrustFigure, TrustFigure];
  /** The three services shown as cards on the home page. */
  featuredServiceSlugs: readonly [ServiceSlug, ServiceSlug, ServiceSlug];
  whyUs?: readonly TitledText[];
}

/* ------------------------------------------------------------------ */
/* Portfolio                                                          */
/* ------------------------------------------------------------------ */

export type ProjectCategory = "Construction" | "Rénovation" | "Façades" | "Isolation";

export type ProjectId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

export type ProjectIllustration =
  | "project-01"
  | "project-02"
  | "project-03"
  | "project-04"
  | "project-05"
  | "project-06"
  | "project-07"
  | "project-08"
  | "project-09"
  | "project-10";

export interface Project {
  id: ProjectId;
  title: string;
  category: ProjectCategory;
  /** Path of the matching service page. */
  serviceLink: ServicePath;
  /** Two or three concrete sentences. */
  description: string;
  location: string;
  year: 2023 | 2024 | 2025;
  illustration: ProjectIllustration;
  alt: string;
  width: 1200;
  height: 900;
}

export type RealisationsPageContent = PageHeader;

/* ------------------------------------------------------------------ */
/* Testimonials                                                       */
/* ------------------------------------------------------------------ */

export type TestimonialImage = "avatar-1" | "avatar-2" | "avatar-3" | "avatar-4" | "avatar-5" | "avatar-6";

export interface Testimonial {
  /** First name and initial, e.g. "Nathalie M.". */
  name: string;
  /** Town. */
  location: string;
  title: string;
  comment: string;
  rating: 4.5 | 5;
  image: TestimonialImage;
  alt: string;
}

/* ------------------------------------------------------------------ */
/* About and contact                                                  */
/* ------------------------------------------------------------------ */

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  image: "team-1" | "team-2" | "team-3";
  alt: string;
}

export interface AboutContent extends PageHeader {
  story: { heading: string; paragraphs: readonly string[] };
  /** Qualité, Confiance, Innovation. */
  values: readonly [TitledText, TitledText, TitledText];
  /** Garantie décennale, certification RGE, responsabilité civile professionnelle. */
  guarantees: readonly [TitledText, TitledText, TitledText];
  team: readonly [TeamMember, TeamMember, TeamMember];
}

export interface ContactPageContent extends PageHeader {
  /** Accessible title of the map iframe. */
  mapTitle: string;
  directionsLabel: string;
  chatLabel: string;
  /** Prefilled message of the messaging-app chat link. */
  chatMessage: string;
}

/* ------------------------------------------------------------------ */
/* Small pages                                                        */
/* ------------------------------------------------------------------ */

export interface MessagePageContent {
  title: string;
  h1: string;
  text: string;
}

export interface SmallPages {
  devis: PageHeader;
  merci: MessagePageContent;
  success: MessagePageContent;
  faq: PageHeader;
  notFound: MessagePageContent;
}
