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

/** What a route needs: a permission, or only a signed-in staff member (dashboard, 404). */
export type RouteAccess = Permission | "session";

/** What every /erp route module exports: `export const handle = { permission } satisfies RouteHandle`. */
export type RouteHandle = { permission: RouteAccess };

/** The roles of app/features/auth/schema.ts (`auth_users.role`). */
export type Role = "owner" | "staff";

/** What only the owner may do: the team's accounts, the company settings, the catalogue's products, prices and stock. */
const OWNER_ONLY: ReadonlySet<Permission> = new Set(["comptes", "parametres", "catalogue"]);

/** Owner: everything. Staff: everything but the team's accounts, the settings and the catalogue. */
export const ROLE_PERMISSIONS: Record<Role, Set<Permission>> = {
  owner: new Set(PERMISSIONS),
  staff: new Set(PERMISSIONS.filter((permission) => !OWNER_ONLY.has(permission))),
};

export function hasPermission(role: Role, access: RouteAccess): boolean {
  return access === "session" || ROLE_PERMISSIONS[role].has(access);
}

export function isRouteAccess(value: unknown): value is RouteAccess {
  return value === "session" || (typeof value === "string" && Object.hasOwn(PERMISSION_LABELS, value));
}

/** The 403 message: says what is missing, in the staff's words. */
export function permissionRefusedMessage(permission: Permission): string {
  return OWNER_ONLY.has(permission)
    ? "Accès réservé aux gérants."
    : `Accès refusé : votre rôle ne donne pas accès à « ${PERMISSION_LABELS[permission]} ».`;
}
