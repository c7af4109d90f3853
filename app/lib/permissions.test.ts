import { describe, expect, it } from "vitest";
import { hasPermission, isRouteAccess, PERMISSIONS, permissionRefusedMessage } from "./permissions.ts";

describe("roles and permissions", () => {
  it("gives the owner every permission", () => {
    for (const permission of PERMISSIONS) expect(hasPermission("owner", permission)).toBe(true);
  });

  it("keeps the catalogue, accounts and company settings from staff, and nothing else", () => {
    const refused = PERMISSIONS.filter((permission) => !hasPermission("staff", permission));
    expect(refused).toEqual(["catalogue", "comptes", "parametres"]);
    // Staff process the orders; changing products, prices and stock is the owner's.
    expect(hasPermission("staff", "boutique")).toBe(true);
  });

  it("lets any signed-in member through a route that needs only a session", () => {
    expect(hasPermission("staff", "session")).toBe(true);
  });

  it("recognises declared accesses and nothing else", () => {
    expect(isRouteAccess("devis")).toBe(true);
    expect(isRouteAccess("session")).toBe(true);
    expect(isRouteAccess("toString")).toBe(false);
    expect(isRouteAccess(undefined)).toBe(false);
  });

  it("says in French what is refused", () => {
    expect(permissionRefusedMessage("parametres")).toBe("Accès réservé aux gérants.");
    expect(permissionRefusedMessage("catalogue")).toBe("Accès réservé aux gérants.");
    expect(permissionRefusedMessage("achats")).toContain("« Achats »");
  });
});
