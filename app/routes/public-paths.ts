/** The five service landing pages (spec section 2). */
export const servicePaths = [
  "/services/construction-toulon",
  "/services/renovation-toulon",
  "/services/ravalement-facade-toulon",
  "/services/isolation-thermique-var",
  "/services/innovation-3d-ia",
] as const;

export const legalPaths = ["/mentions-legales", "/politique-de-confidentialite", "/cgv", "/cgu"] as const;

/** Pages search engines should find: listed in the sitemap, never `noindex`. */
export const indexablePaths = [
  "/",
  "/services",
  ...servicePaths,
  "/realisations",
  "/devis",
  "/a-propos",
  "/contact",
  "/faq",
  "/store",
  ...legalPaths,
] as const;

/**
 * Pages rendered to static HTML at build time: every public page whose content
 * does not depend on the request or the database. /faq and the shop read the
 * database and are rendered per request.
 */
export const prerenderedPaths = [
  ...indexablePaths.filter((path) => path !== "/faq" && path !== "/store"),
  "/merci",
  "/success",
] as const;

/** Old addresses answered with a permanent redirect before any rendering. */
export const redirects: Readonly<Record<string, string>> = {
  "/espace-pro": "/erp",
  "/services/construction": "/services/construction-toulon",
  "/services/renovation": "/services/renovation-toulon",
  "/services/facades": "/services/ravalement-facade-toulon",
  "/services/isolation": "/services/isolation-thermique-var",
  "/confidentialite": "/politique-de-confidentialite",
};
