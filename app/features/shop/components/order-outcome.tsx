import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";

/** The page an order ends on (/success, /commande/confirmation): a heading, what happens next, the ways back. */
export function OrderOutcome({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="container-page grid min-h-[70vh] max-w-3xl content-center justify-items-start gap-5 pt-28 pb-16 lg:pt-32">
      <CircleCheck aria-hidden="true" className="size-14 text-green-700" />
      <h1 className="text-3xl font-extrabold sm:text-4xl">{heading}</h1>
      {children}
      <div className="flex flex-wrap gap-3">
        <Link to="/store" className={buttonClasses("primary", "cta")}>
          Retour à la boutique
        </Link>
        <Link to="/" className={buttonClasses("outline", "cta")}>
          Retour à l'accueil
        </Link>
      </div>
    </section>
  );
}
