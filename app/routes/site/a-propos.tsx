import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/a-propos";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("À propos"),
    description: "Une entreprise du bâtiment toulonnaise, artisan qualifié depuis 2023.",
    path: "/a-propos",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return (
    <Placeholder
      title="À propos"
      text="Une entreprise du bâtiment toulonnaise, artisan qualifié depuis 2023."
    />
  );
}
