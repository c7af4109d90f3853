import type { ReactNode } from "react";
import { Link } from "react-router";
import { company, fullAddress } from "#app/config/company.ts";
import { footerNav, legalNav } from "#app/config/navigation.ts";
import { formatInteger } from "#app/lib/french-number.ts";
import { telHref } from "#app/lib/phone.ts";
import { Logo } from "./logo.tsx";

const headingClass = "mb-3 font-heading text-base font-bold text-white";
const linkClass = "inline-flex min-h-11 items-center text-sm hover:text-white hover:underline";

/** A column of links under its heading; `children` adds entries after them. */
function FooterNav({
  label,
  title,
  items,
  children,
}: {
  label: string;
  title: string;
  items: readonly { href: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <nav aria-label={label}>
      <h2 className={headingClass}>{title}</h2>
      <ul className="grid gap-1">
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className={linkClass}>
              {item.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

/** `onManageCookies` comes from the layout: a shared component imports no feature. */
export function Footer({ onManageCookies }: { onManageCookies: () => void }) {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-900 pb-24 text-brand-50 md:pb-0">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-4">
          <Logo inverted />
          <p className="text-sm leading-relaxed text-brand-100">
            Construction, rénovation, façades et isolation à Toulon et dans un rayon de{" "}
            {company.serviceRadiusKm} km.
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Réseaux sociaux">
            {company.social.map((network) => (
              <li key={network.name}>
                <a
                  href={network.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex min-h-11 items-center rounded-md border border-brand-700 px-3 text-sm hover:bg-brand-800"
                >
                  {network.name}
                  <span className="sr-only"> (nouvelle fenêtre)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterNav label="Plan du site" title="Entreprise" items={footerNav} />
        <FooterNav label="Informations légales" title="Informations légales" items={legalNav}>
          <li>
            <button type="button" onClick={onManageCookies} className={linkClass}>
              Gérer les cookies
            </button>
          </li>
        </FooterNav>
        <div>
          <h2 className={headingClass}>Nous contacter</h2>
          <address className="grid gap-2 text-sm not-italic">
            <span>{fullAddress}</span>
            <a
              href={telHref(company.phone.e164)}
              className="inline-flex min-h-11 items-center hover:underline"
            >
              {company.phone.display}
            </a>
            <a
              href={`mailto:${company.email}`}
              className="inline-flex min-h-11 items-center break-all hover:underline"
            >
              {company.email}
            </a>
            <span>{company.hours.label}</span>
          </address>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-brand-100 sm:flex-row sm:justify-between">
          <p>
            © {year} {company.name}. Tous droits réservés.
          </p>
          <p>
            {company.legalForm} au capital de {formatInteger(company.capitalEuros)} € · SIRET {company.siret}{" "}
            · {company.rcs}
          </p>
        </div>
      </div>
    </footer>
  );
}
