import { labelledValues } from "./labels.ts";

/**
 * Who may do what in the Espace Pro: one table, read by every /erp route through
 * `requirePermission` (app/features/auth/session.server.ts). Each route declares the
 * permission it needs in its `handle`; the route-walk test
 * (tests/integration/erp-route-guard.test.ts) reads that declaration and checks that
 * the loader and the action refuse without it.
 */
export const PERMISSION_LABELS = {
  prospects: "Prospects et clients",
  devis: "Devis et factures",
  chantiers: "Chantiers",
  achats: "Achats",
  pointage: "Pointage",
  documents: "Documents",
  boutique: "Boutique",
  catalogue: "Catalogue de la boutique",
  comptes: "Comptes de l'équipe",
  parametres: "Paramètres de l'entreprise",
} as const;

export type Permission = keyof typeof PERMISSION_LABELS;

export const PERMISSIONS = labelledValues(PERMISSION_LABELS);

/**
 * What a route needs: a permission; « session », a signed-in member of the office (owner
 * or staff: the dashboard, the sections to come); or « terrain », anyone signed in, site
 * workers included (the frame, « Mes chantiers », the 404 page).
 */
export type RouteAccess = Permission | "session" | "terrain";

/** What every /erp route module exports: `export const handle = { permission } satisfies RouteHandle`. */
export type RouteHandle = { permission: RouteAccess };

/** The roles of app/features/auth/schema.ts (`auth_users.role`). */
export type Role = "owner" | "staff" | "compagnon";

/** What only the owner may do: the team's accounts, the company settings, the catalogue's products, prices and stock. */
const OWNER_ONLY: ReadonlySet<Permission> = new Set(["comptes", "parametres", "catalogue"]);

/**
 * Owner: everything. Staff: everything but the team's accounts, the settings and the
 * catalogue. Compagnon (site worker): none of the sections: only « Mes chantiers », the
 * sites they are put on (address, access, planning, the site log), and no price anywhere.
 */
export const ROLE_PERMISSIONS: Record<Role, Set<Permission>> = {
  owner: new Set(PERMISSIONS),
  staff: new Set(PERMISSIONS.filter((permission) => !OWNER_ONLY.has(permission))),
  compagnon: new Set(),
};

export function hasPermission(role: Role, access: RouteAccess): boolean {
  if (access === "terrain") return true;
  if (access === "session") return role !== "compagnon";
  return ROLE_PERMISSIONS[role].has(access);
}

export function isRouteAccess(value: unknown): value is RouteAccess {
  return (
    value === "session" ||
    value === "terrain" ||
    (typeof value === "string" && Object.hasOwn(PERMISSION_LABELS, value))
  );
}

/** What a site worker is told on a page of the office. */
export const WORKER_REFUSED_MESSAGE =
  "Accès réservé à l'équipe du bureau : vos chantiers sont sous « Mes chantiers ».";

/** The 403 message: says what is missing, in the staff's words. */
export function permissionRefusedMessage(permission: RouteAccess): string {
  if (permission === "session" || permission === "terrain") return WORKER_REFUSED_MESSAGE;
  return OWNER_ONLY.has(permission)
    ? "Accès réservé aux gérants."
    : `Accès refusé : votre rôle ne donne pas accès à « ${PERMISSION_LABELS[permission]} ».`;
}
