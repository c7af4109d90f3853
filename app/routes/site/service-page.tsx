import { useLocation } from "react-router";
import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/service-page";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({
    title: pageTitle("Nos services"),
    description: "Service du bâtiment à Toulon.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  const { pathname } = useLocation();
  return <Placeholder title="Nos services" text={`Page ${pathname}`} />;
}
