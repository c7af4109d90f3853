/** The side menu of the Espace Pro: seven entries, in this order (spec section 2). */
export const ERP_SECTIONS = [
  { label: "Dashboard", href: "/erp" },
  { label: "Prospects", href: "/erp/leads" },
  { label: "Devis", href: "/erp/devis" },
  { label: "Chantiers", href: "/erp/chantiers" },
  { label: "Achats", href: "/erp/achats" },
  { label: "Pointage", href: "/erp/temps" },
  { label: "Documents", href: "/erp/docs" },
] as const;

export type ErpSection = (typeof ERP_SECTIONS)[number];

/** What a route module puts in `handle` to name itself in the breadcrumb. */
export type ErpHandle = {
  /** Section name after « Espace Pro » (and its link when the page is below it). */
  section: string;
  sectionHref?: string;
};

export function isErpHandle(handle: unknown): handle is ErpHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as ErpHandle).section === "string";
}

/** Title of an Espace Pro page; the sign-in title when the page could not load (no session). */
export function erpMeta(page: string, loaded: boolean) {
  return [
    { title: loaded ? `${page} | Espace Pro` : "Espace Pro - Connexion" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
