import { Menu, Phone, UserRound, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CallLink } from "#app/components/ui/call-link.tsx";
import { company } from "#app/config/company.ts";
import { mainNav } from "#app/config/navigation.ts";
import { telHref } from "#app/lib/phone.ts";
import { useStaffHint } from "#app/lib/staff-hint.ts";
import { Logo } from "./logo.tsx";

/** Past this many pixels of scroll the header turns into a white translucent bar. */
export const HEADER_SCROLL_THRESHOLD = 20;

/** The main menu's entries; `linkClass` styles a link by whether it is the page shown. */
function MainNavItems({ linkClass }: { linkClass: (isActive: boolean) => string }) {
  return mainNav.map((item) => (
    <li key={item.href}>
      <NavLink to={item.href} end={item.href === "/"} className={({ isActive }) => linkClass(isActive)}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/** `quoteButton` and `cartButton` come from the layout: a shared component imports no feature. */
export function Header({
  signedIn: signedInProp = false,
  quoteButton,
  cartButton,
}: {
  signedIn?: boolean;
  quoteButton: ReactNode;
  cartButton: ReactNode;
}) {
  // Prerendered without a session: after hydration the hint cookie tells whether one exists.
  const signedIn = useStaffHint() || signedInProp;
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // The mobile menu closes on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  const solid = scrolled || menuOpen;
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-50 transition-colors duration-200 ${
        solid ? "border-b border-brand-100 bg-white/90 shadow-sm backdrop-blur-md" : "bg-transparent"
      }`}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Logo />
        <nav aria-label="Navigation principale" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <MainNavItems
              linkClass={(isActive) =>
                `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold transition-colors hover:text-accent-600 ${
                  isActive ? "text-accent-600" : "text-brand-900"
                }`
              }
            />
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <CallLink
            className="hidden min-h-11 items-center gap-2 rounded-md px-2 text-sm font-semibold text-brand-800 hover:text-accent-600 md:inline-flex"
            iconClassName="size-4"
          />
          {quoteButton}
          {cartButton}
          <Link
            to={signedIn ? "/erp" : "/erp/login"}
            aria-label={signedIn ? "Espace Pro" : "Espace Pro : se connecter"}
            className="inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
          >
            <UserRound aria-hidden="true" className="size-5" />
          </Link>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">{menuOpen ? "Fermer le menu" : "Ouvrir le menu"}</span>
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Navigation mobile"
        hidden={!menuOpen}
        className="border-t border-brand-100 bg-white lg:hidden"
      >
        <ul className="container-page grid gap-1 py-3">
          <MainNavItems
            linkClass={(isActive) =>
              `flex min-h-12 items-center rounded-md px-3 font-semibold ${
                isActive ? "bg-brand-50 text-accent-700" : "text-brand-900 hover:bg-brand-50"
              }`
            }
          />
          <li>
            <a
              href={telHref(company.phone.e164)}
              className="flex min-h-12 items-center gap-2 rounded-md px-3 font-semibold text-brand-900 hover:bg-brand-50"
            >
              <Phone aria-hidden="true" className="size-4" /> {company.phone.display}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
