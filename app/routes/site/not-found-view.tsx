import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";

/** The 404 page, rendered by the root error boundary for every unknown path. */
export function NotFound() {
  return (
    <section className="container-page grid min-h-[70vh] content-center justify-items-start gap-5 pt-28 pb-16">
      <title>{`Page introuvable | ${company.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-heading text-4xl font-extrabold text-brand-900 sm:text-5xl">Erreur 404</h1>
      <p className="max-w-prose text-lg">
        La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse, ou repartez de
        l'accueil.
      </p>
      <Link to="/" className={buttonClasses("primary", "cta")}>
        Retour à l'accueil
      </Link>
    </section>
  );
}
