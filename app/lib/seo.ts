import type { MetaDescriptor } from "react-router";
import { company } from "#app/config/company.ts";

export const META_DESCRIPTION_MAX = 160;

/** Cuts a description to 160 characters at most, on a word boundary when it can. */
export function truncateDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The canonical origin, read from the root loader's data. */
export function siteUrlFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.loaderData as { siteUrl?: string } | undefined;
  return data?.siteUrl ?? "http://localhost:3000";
}

export type SeoInput = {
  title: string;
  description: string;
  path: string;
  siteUrl: string;
  noindex?: boolean;
  image?: string;
  type?: "website" | "article" | "product";
};

/** Title, description, canonical URL, Open Graph and Twitter tags of a page. */
export function seo({
  title,
  description,
  path,
  siteUrl,
  noindex,
  image,
  type = "website",
}: SeoInput): MetaDescriptor[] {
  const url = `${siteUrl}${path === "/" ? "/" : path}`;
  const imageUrl = image
    ? image.startsWith("http")
      ? image
      : `${siteUrl}${image}`
    : `${siteUrl}/og-default.png`;
  const desc = truncateDescription(description);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: desc },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: company.name },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: title },
    { property: "og:description", content: desc },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: desc },
    { name: "twitter:image", content: imageUrl },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}

/** Structured data as a meta descriptor (rendered as a JSON-LD script by <Meta />). */
export function jsonLd(data: object): MetaDescriptor {
  return { "script:ld+json": data } as MetaDescriptor;
}

/** "Page | Company": the title pattern of every page. */
export function pageTitle(page: string): string {
  return `${page} | ${company.name}`;
}
