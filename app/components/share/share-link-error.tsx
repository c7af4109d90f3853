import { isRouteErrorResponse } from "react-router";

/**
 * The error page of a public share link (the company's attestations, a handover file):
 * 410 when the link expired or was revoked, 404 when it never existed, 429 when too many
 * openings came from one address. In French, noindex, with whom to contact.
 */
export function ShareLinkErrorPage({
  error,
  contact,
}: {
  error: unknown;
  contact: { name: string; phone: string; email: string };
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Nous n'avons pas pu afficher cette page. Réessayez dans quelques instants.";
  const title =
    status === 410
      ? "Ce lien n'est plus valable"
      : status === 404
        ? "Lien introuvable"
        : status === 429
          ? "Trop de demandes"
          : "Une erreur est survenue";
  return (
    <section className="container-page grid min-h-[50vh] max-w-3xl content-center gap-4 py-10">
      <title>{`${title} | ${contact.name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="font-heading text-sm font-bold tracking-widest text-accent-700 uppercase">
        Erreur {status}
      </p>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      <p>{message}</p>
      <p>
        Contactez {contact.name} :{" "}
        <a
          href={`tel:${contact.phone.replace(/\s+/g, "")}`}
          className="font-semibold text-brand-700 underline"
        >
          {contact.phone}
        </a>{" "}
        ou{" "}
        <a href={`mailto:${contact.email}`} className="font-semibold text-brand-700 underline break-all">
          {contact.email}
        </a>
        .
      </p>
    </section>
  );
}
