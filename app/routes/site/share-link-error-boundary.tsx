import { ShareLinkErrorPage } from "#app/components/share/share-link-error.tsx";
import { company } from "#app/config/company.ts";

/** The error page of the company's share-link pages (/attestations, /dossier): whom to contact. */
export function ShareLinkErrorBoundary({ error }: { error: unknown }) {
  return (
    <ShareLinkErrorPage
      error={error}
      contact={{ name: company.name, phone: company.phone.display, email: company.email }}
    />
  );
}
