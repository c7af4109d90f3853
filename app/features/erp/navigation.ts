import type { RouteAccess } from "#app/lib/permissions.ts";

/**
 * The side menu of the Espace Pro: seven entries, in this order (spec section 2). An
 * entry may list other path prefixes it stays highlighted on (`also`): Prospects holds
 * the client register too (its two tabs, /erp/leads and /erp/clients).
 */
export const ERP_SECTIONS: readonly { label: string; href: string; also?: readonly string[] }[] = [
  { label: "Dashboard", href: "/erp" },
  { label: "Prospects", href: "/erp/leads", also: ["/erp/clients"] },
  { label: "Devis", href: "/erp/devis", also: ["/erp/factures"] },
  { label: "Chantiers", href: "/erp/chantiers" },
  { label: "Achats", href: "/erp/achats" },
  { label: "Pointage", href: "/erp/temps" },
  { label: "Documents", href: "/erp/docs" },
];

export type ErpSection = (typeof ERP_SECTIONS)[number];

/** A site worker's menu (role « compagnon »): their sites, nothing of the office. */
export const WORKER_SECTIONS: readonly ErpSection[] = [
  { label: "Mes chantiers", href: "/erp/mes-chantiers" },
  { label: "Mes heures", href: "/erp/mes-heures" },
];

/** The handle of a section's pages: its name and address in the breadcrumb, and what its routes require. */
function sectionHandle<const Permission extends RouteAccess>(
  section: string,
  sectionHref: string,
  permission: Permission,
) {
  return { section, sectionHref, permission } as const satisfies ErpHandle;
}

/**
 * The handle of a site's log: anyone signed in, site workers included; each page and
 * post checks the site is theirs (app/lib/site-access.server.ts).
 */
export const SITE_LOG_HANDLE = sectionHandle("Chantiers", "/erp/chantiers", "terrain");

/** The handle of a site worker's pages: anyone signed in; each page checks the site is theirs. */
export const MES_CHANTIERS_HANDLE = sectionHandle("Mes chantiers", "/erp/mes-chantiers", "terrain");

/** The handle of a site worker's time sheet: anyone signed in; the page finds their employee record. */
export const MES_HEURES_HANDLE = {
  section: "Mes heures",
  sectionHref: "/erp/mes-heures",
  permission: "terrain",
} as const satisfies ErpHandle;

/** The two tabs of the Prospects entry (app/components/data/section-tabs.tsx). */
export const PROSPECTS_TABS = [
  { label: "Prospects", href: "/erp/leads" },
  { label: "Clients", href: "/erp/clients" },
] as const;

/** The handle of every Prospects page (the route walk reads its permission). */
export const PROSPECTS_HANDLE = sectionHandle("Prospects", "/erp/leads", "prospects");

/** The handle of every client-register page. */
export const CLIENTS_HANDLE = sectionHandle("Clients", "/erp/clients", "prospects");

/** The tabs of the Devis entry: the quotes, the invoices and the price library. */
export const DEVIS_TABS = [
  { label: "Devis", href: "/erp/devis" },
  { label: "Factures", href: "/erp/factures" },
  { label: "Bibliothèque de prix", href: "/erp/devis/bibliotheque" },
] as const;

/** The handle of every invoice page (the « Devis » entry stays highlighted). */
export const FACTURES_HANDLE = sectionHandle("Factures", "/erp/factures", "devis");

/** The handle of every Devis page, price library included. */
export const DEVIS_HANDLE = sectionHandle("Devis", "/erp/devis", "devis");

/** The handle of every Pointage page (the register of employees, for now). */
export const POINTAGE_HANDLE = {
  section: "Pointage",
  sectionHref: "/erp/temps",
  permission: "pointage",
} as const satisfies ErpHandle;

/** The handle of every Achats page (the register of suppliers and subcontractors, for now). */
export const ACHATS_HANDLE = sectionHandle("Achats", "/erp/achats", "achats");

/** The tabs of the Achats section (the orders and supplier invoices come next). */
export const ACHATS_TABS = [
  { label: "Fournisseurs", href: "/erp/achats" },
  { label: "Sous-traitance", href: "/erp/achats/sous-traitances" },
  { label: "Factures fournisseurs", href: "/erp/achats/factures" },
  { label: "Commandes", href: "/erp/achats/commandes" },
] as const;

/** The tabs of Documents: the compliance register and the search across every record's files. */
export const DOCS_TABS = [
  { label: "Registre de conformité", href: "/erp/docs" },
  { label: "Fichiers", href: "/erp/docs/fichiers" },
  { label: "Liens de partage", href: "/erp/docs/partage" },
] as const;

/** The handle of every Documents page (the company's compliance register): owner and staff. */
export const DOCS_HANDLE = sectionHandle("Documents", "/erp/docs", "documents");

/** The handle of every job-site page. */
export const CHANTIERS_HANDLE = sectionHandle("Chantiers", "/erp/chantiers", "chantiers");

/**
 * The handle of every shop page (/erp/boutique: the orders). Reached from the dashboard's
 * « Boutique » card and the account menu, not from the side menu (it keeps its seven entries).
 */
export const BOUTIQUE_HANDLE = sectionHandle("Boutique", "/erp/boutique/commandes", "boutique");

/** The catalogue's pages: the « Boutique » section, editing needs the catalogue permission (owner). */
export const CATALOGUE_HANDLE = sectionHandle("Boutique", "/erp/boutique/commandes", "catalogue");

/** The tabs of the « Boutique » section (the catalogue's only for who may edit it). */
export const BOUTIQUE_TABS = [
  { label: "Commandes", href: "/erp/boutique/commandes" },
  { label: "Catalogue", href: "/erp/boutique/produits" },
] as const;

/** Whether `pathname` is `prefix` or below it (/erp/clients/12 is below /erp/clients). */
export function isPathWithin(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** What a route module puts in `handle` to name itself in the breadcrumb. */
export type ErpHandle = {
  /** Section name after « Espace Pro » (and its link when the page is below it). */
  section: string;
  sectionHref?: string;
  /** What the route's loader and action require (app/lib/permissions.ts). */
  permission: RouteAccess;
};

export function isErpHandle(handle: unknown): handle is ErpHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as ErpHandle).section === "string";
}

function errorStatus(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : undefined;
  }
  return error === undefined ? undefined : 500;
}

/**
 * Title of an Espace Pro page: the page's when it loaded; the sign-in screen's when it
 * could not for want of a session (401); an error title otherwise. Always noindex.
 */
export function erpMeta(page: string, args: { loaderData?: unknown; error?: unknown }) {
  const status = args.loaderData ? undefined : errorStatus(args.error);
  const title = args.loaderData
    ? `${page} | Espace Pro`
    : status === undefined || status === 401
      ? "Espace Pro - Connexion"
      : status === 403
        ? "Accès refusé | Espace Pro"
        : status === 404
          ? "Introuvable | Espace Pro"
          : "Une erreur est survenue | Espace Pro";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * Every Espace Pro route skips revalidation after a sign-out: the page reloads at once
 * and would only ask again for pages the browser may no longer see. (After a sign-in
 * the default applies: a failure, 4xx, reloads nothing; a success redirects and loads
 * the frame.)
 */
export function erpShouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: {
  formAction?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (formAction && /^\/erp\/logout(\?|$)/.test(formAction)) return false;
  return defaultShouldRevalidate;
}
