import { data } from "react-router";
import { LegalDocument } from "#app/features/marketing/components/legal-document.tsx";
import { legalPageAt } from "#app/features/marketing/content.server.ts";
import { webPageJsonLd } from "#app/features/marketing/json-ld.ts";
import { jsonLd, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/legal-page";

// One module serves the four legal texts (see app/routes.ts); the path says which.
// The text is chosen on the server so a page ships only its own.
export function loader({ url }: Route.LoaderArgs) {
  const legal = legalPageAt(url.pathname);
  if (!legal) throw data(null, { status: 404 });
  return legal;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  return [
    ...seo({ title: page.title, description: page.metaDescription, path: page.path, siteUrl }),
    jsonLd(
      webPageJsonLd(siteUrl, {
        name: page.h1,
        description: page.metaDescription,
        path: page.path,
        dateModified: page.updatedAt,
      }),
    ),
  ];
};

export default function LegalPageView({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} withdrawalForm={loaderData.withdrawalForm} />;
}
