import { useLocation } from "react-router";
import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/legal-page";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({
    title: pageTitle("Informations légales"),
    description: "Informations légales.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  const { pathname } = useLocation();
  return <Placeholder title="Informations légales" text={`Page ${pathname}`} />;
}
