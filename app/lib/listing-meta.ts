import type { MetaDescriptor } from "react-router";
import { jsonLd, seo, siteUrlFrom } from "./seo.ts";

type ListingPage = { title: string; metaDescription: string; h1: string };
type Listing = { name: string; description: string; path: string };

/**
 * The meta of a public page that presents a collection (the services, the réalisations):
 * its title, description and canonical path, then, once its data is loaded, the JSON-LD
 * that `structuredData` writes of the collection.
 */
export function listingMeta<Data>(
  page: ListingPage,
  path: string,
  structuredData: (siteUrl: string, listing: Listing, data: Data) => object,
) {
  return ({
    matches,
    loaderData,
  }: {
    matches: Parameters<typeof siteUrlFrom>[0];
    loaderData: Data | undefined;
  }): MetaDescriptor[] => {
    const siteUrl = siteUrlFrom(matches);
    const tags = seo({ title: page.title, description: page.metaDescription, path, siteUrl });
    if (loaderData) {
      tags.push(
        jsonLd(
          structuredData(siteUrl, { name: page.h1, description: page.metaDescription, path }, loaderData),
        ),
      );
    }
    return tags;
  };
}
