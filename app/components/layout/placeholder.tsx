import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";

/** A titled page whose content a later piece of work brings. */
export function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <section className="container-page grid min-h-[60vh] content-center justify-items-start gap-4 pt-28 pb-16">
      <h1 className="text-3xl font-extrabold sm:text-4xl">{title}</h1>
      <p className="max-w-prose text-lg">{text}</p>
      <Link to="/devis" className={buttonClasses("primary", "cta")}>
        Demander un devis gratuit
      </Link>
    </section>
  );
}
