import { HardHat } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";

/** On an accepted quote's page: « Voir le chantier CH-… », or « Créer le chantier » while it has none. */
export function JobSiteLink({
  quoteId,
  site,
}: {
  quoteId: string;
  site: { id: string; number: string } | null;
}) {
  return site ? (
    <Link to={`/erp/chantiers/${site.id}`} className={buttonClasses("outline", "md")}>
      <HardHat aria-hidden="true" className="size-4" />
      Chantier {site.number}
    </Link>
  ) : (
    <Link to={`/erp/chantiers/nouveau?devis=${quoteId}`} className={buttonClasses("primary", "md")}>
      <HardHat aria-hidden="true" className="size-4" />
      Créer le chantier
    </Link>
  );
}
