import { Link } from "react-router";
import { company } from "#app/config/company.ts";

/** The three-part text logo; its accessible name is the company's. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const [first, second, third] = company.logo.parts;
  return (
    <Link
      to="/"
      aria-label={company.logo.label}
      className="inline-flex min-h-11 items-baseline gap-1 font-heading text-xl leading-none font-extrabold tracking-tight"
    >
      <span aria-hidden="true" className={inverted ? "text-white" : "text-brand-700"}>
        {first}
      </span>
      <span aria-hidden="true" className={inverted ? "text-accent-100" : "text-accent-600"}>
        {second}
      </span>
      <span
        aria-hidden="true"
        className={`text-xs font-semibold tracking-[0.2em] uppercase ${inverted ? "text-brand-100" : "text-brand-800"}`}
      >
        {third}
      </span>
    </Link>
  );
}
