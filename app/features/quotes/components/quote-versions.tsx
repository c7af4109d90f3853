import { Link } from "react-router";

/** The versions of a quote, the one shown marked as the current page. */
export function QuoteVersions({
  versions,
  currentId,
}: {
  versions: { id: string; version: number; status: string; displayNumber: string | null }[];
  currentId: string;
}) {
  if (versions.length <= 1) return null;
  return (
    <nav aria-label="Versions du devis" className="flex flex-wrap gap-2 text-sm">
      {versions.map((version) => (
        <Link
          key={version.id}
          to={`/erp/devis/${version.id}`}
          aria-current={version.id === currentId ? "page" : undefined}
          className={`rounded-full border px-3 py-1 ${
            version.id === currentId
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-300 text-brand-700 underline"
          }`}
        >
          Version {version.version} ·{" "}
          {version.status === "brouillon" ? "brouillon" : (version.displayNumber ?? "")}
        </Link>
      ))}
    </nav>
  );
}
