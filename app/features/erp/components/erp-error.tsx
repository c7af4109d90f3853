import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * What an Espace Pro page shows when it cannot: refused (403), not found (404), bad
 * input (400) or an error of ours. Never a stack trace.
 */
export function ErpError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : undefined;
  const title =
    status === 403
      ? "Accès refusé"
      : status === 404
        ? "Introuvable"
        : status === 400
          ? "Demande invalide"
          : "Une erreur est survenue";
  const text =
    message ??
    (status === 404
      ? "Cette page n'existe pas ou son contenu a été supprimé."
      : "Nous n'avons pas pu afficher cette page. Veuillez réessayer dans quelques instants.");
  return (
    <section role="alert" className="grid max-w-2xl gap-3 rounded-xl border border-red-200 bg-red-50 p-6">
      <p className="font-heading text-sm font-bold tracking-widest text-red-800 uppercase">Erreur {status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{text}</p>
      <p>
        <Link to="/erp" className="font-semibold text-brand-700 underline">
          Revenir au tableau de bord
        </Link>
      </p>
    </section>
  );
}

/** The error boundary of every page inside the Espace Pro frame (the frame stays around it). */
export function ErpPageErrorBoundary() {
  return <ErpError error={useRouteError()} />;
}
