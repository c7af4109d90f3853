import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { pages } from "#app/content/pages.ts";
import { seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/merci";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pages.merci.title,
    description: pages.merci.text,
    path: "/merci",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function ThankYouPage() {
  return (
    <section className="container-page grid min-h-[70vh] max-w-3xl content-center justify-items-start gap-5 pt-28 pb-16 lg:pt-32">
      <CircleCheck aria-hidden="true" className="size-14 text-green-700" />
      <h1 className="text-3xl font-extrabold sm:text-4xl">{pages.merci.h1}</h1>
      <p className="max-w-prose text-lg leading-relaxed">{pages.merci.text}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className={buttonClasses("primary", "cta")}>
          Retour à l'accueil
        </Link>
        <Link to="/realisations" className={buttonClasses("outline", "cta")}>
          Voir nos réalisations
        </Link>
      </div>
    </section>
  );
}
