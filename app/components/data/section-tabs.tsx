import { Link, useLocation } from "react-router";

export type SectionTab = { label: string; href: string };

/**
 * The tabs of a back-office section that holds several lists (Prospects: « Prospects »
 * and « Clients »). Each tab is a link, so it works before the scripts load and can be
 * opened in a new tab; the current one says so with `aria-current="page"` on its list,
 * and `aria-current="true"` on the pages below it (a client's page is in « Clients »).
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  const { pathname } = useLocation();
  // The most specific tab holds the page: /erp/devis/bibliotheque is the library's, not the quotes'.
  const current = tabs
    .filter((tab) => pathname === tab.href || pathname.startsWith(`${tab.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <nav aria-label={label} className="-mb-2 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-300">
        {tabs.map((tab) => {
          const exact = pathname === tab.href;
          const within = !exact && tab === current;
          return (
            <li key={tab.href}>
              <Link
                to={tab.href}
                aria-current={exact ? "page" : within ? "true" : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-4 font-heading text-sm font-semibold ${
                  exact || within
                    ? "border-brand-700 text-brand-900"
                    : "border-transparent text-slate-700 hover:border-slate-400 hover:text-brand-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
