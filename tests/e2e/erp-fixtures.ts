import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { test as base, expect } from "./fixtures.ts";

const run = promisify(execFile);

export type StaffUser = { email: string; password: string; role: "owner" | "staff" | "compagnon" };

/**
 * The data directory of the server under test: DATA_DIR when the run sets it (the
 * web server inherits it), otherwise the fresh directory scripts/e2e-server.ts made,
 * found by the server.json it wrote for this port.
 */
function serverDataDir(port: string): string {
  if (process.env.DATA_DIR) return process.env.DATA_DIR;
  const candidates = readdirSync(tmpdir())
    .filter((name) => name.startsWith("batirade-e2e-"))
    .map((name) => path.join(tmpdir(), name))
    .flatMap((dir) => {
      try {
        const info = JSON.parse(readFileSync(path.join(dir, "server.json"), "utf8")) as {
          pid: number;
          port?: number;
        };
        process.kill(info.pid, 0);
        return String(info.port) === port
          ? [{ dir, at: statSync(path.join(dir, "server.json")).mtimeMs }]
          : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.at - a.at);
  const found = candidates[0]?.dir;
  if (!found) throw new Error(`Aucun serveur de test trouvé sur le port ${port} (server.json introuvable).`);
  return found;
}

/** Creates an account through `npm run user:create`, which goes through the running server. */
export async function createUserWithCli(baseURL: string, user: StaffUser): Promise<string> {
  const port = new URL(baseURL).port;
  const { stdout } = await run(
    process.execPath,
    ["scripts/user-create.ts", "--email", user.email, "--password", user.password, "--role", user.role],
    { env: { ...process.env, DATA_DIR: serverDataDir(port) } },
  );
  return stdout;
}

/** Signs in through the sign-in screen and waits for the Espace Pro. */
export async function signIn(page: Page, user: StaffUser, path = "/erp/login") {
  await page.goto(path);
  await page.getByLabel("Identifiant (e-mail)").fill(user.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Connexion" }).click();
  await expectSignOutReachable(page);
}

/**
 * « Déconnexion » is there: in the header on a wide screen; on a phone, in the account
 * menu, which this opens and closes again.
 */
export async function expectSignOutReachable(page: Page) {
  const header = page.getByRole("button", { name: "Déconnexion" });
  const accountMenu = page.getByRole("button", { name: /^Menu du compte / });
  await expect(header.or(accountMenu).first()).toBeVisible();
  if (await header.isVisible()) return;
  await accountMenu.click();
  await expect(page.getByRole("menuitem", { name: "Déconnexion" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
}

export const test = base.extend<{
  createStaffUser: (role?: "owner" | "staff") => Promise<StaffUser>;
  signIn: (user: StaffUser, path?: string) => Promise<void>;
}>({
  createStaffUser: async ({ baseURL }, use) => {
    await use(async (role = "staff") => {
      const user: StaffUser = {
        email: `${role}-${randomBytes(4).toString("hex")}@batirade.test`,
        password: `mot-de-passe-${randomBytes(6).toString("hex")}`,
        role,
      };
      const output = await createUserWithCli(baseURL ?? "", user);
      expect(output).toContain(`Compte créé : ${user.email} (${role}) via serveur`);
      return user;
    });
  },
  signIn: async ({ page }, use) => {
    await use((user, path) => signIn(page, user, path));
  },
});

export { expect };
