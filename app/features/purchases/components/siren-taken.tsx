import { Link } from "react-router";

/** Under a refused form whose SIREN is another supplier's: the way to that supplier's record. */
export function OtherSupplierLink({ fix }: { fix: { href: string; label: string } | undefined }) {
  if (!fix) return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-ink">
      <Link to={fix.href} className="font-semibold text-brand-700 underline">
        {fix.label}
      </Link>
    </p>
  );
}
