import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { createUserOn, expectNoHorizontalScroll, type OwnServer, startSeededServer } from "./own-server.ts";

// The owner's « Surveillance » block on the Espace Pro's home, on a server of its own whose
// data directory holds a failed backup's alert and three days without a backup: the owner
// reads both, on a desktop and a phone, axe finds nothing; the staff never sees the block.

test.describe("Tableau de bord : alertes du gérant", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = (await startSeededServer("alertes", ["owner-alerts-seed.ts"])).server;
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant voit les alertes ouvertes et la dernière sauvegarde ; l'équipe ne voit pas le bloc", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const owner = await createUserOn(server, "owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${server.origin}/erp/login?redirectTo=/erp`);
    const block = page.getByRole("region", { name: "Surveillance" });
    await expect(block).toBeVisible();
    const alerts = block.getByRole("list", { name: "Alertes ouvertes" }).getByRole("listitem");
    await expect(alerts).toHaveCount(2);
    await expect(alerts.nth(0)).toContainText("La sauvegarde automatique a échoué");
    await expect(alerts.nth(0)).toContainText("n'existe pas (NoSuchBucket)");
    await expect(alerts.nth(1)).toContainText("Aucune sauvegarde réussie depuis plus de 48 heures");
    await expect(block.locator("p", { hasText: "Dernière sauvegarde :" })).toHaveText(
      "Dernière sauvegarde : aucune sauvegarde automatique réussie pour l'instant",
    );
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page, 360);
    await expectNoAxeViolations(page);

    await page.context().clearCookies();
    const member = await createUserOn(server, "staff");
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, member, `${server.origin}/erp/login?redirectTo=/erp`);
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Surveillance" })).toHaveCount(0);
    await expect(page.getByText("Dernière sauvegarde")).toHaveCount(0);
  });
});
