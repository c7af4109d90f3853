import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { newTeam, type OwnServer, startSeededServer } from "./own-server.ts";

// Issue 27, the office's week grid: the owner on a desktop opens Pointage › Semaine,
// picks the quick entry's site, types Monday's and Tuesday's hours with the keyboard
// (the arrows move between the cells, Enter saves), and sees the week's total. axe-core
// checks the grid before and after.

test.describe("Pointage : la grille de la semaine au clavier", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let kitchen = "";
  let bathroom = "";
  const { password, owner, worker } = newTeam();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { kitchen, bathroom },
    } = await startSeededServer<{ kitchen: string; bathroom: string }>("pointage-grille", [
      "time-sheets-seed.ts",
      owner.email,
      worker.email,
      password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant saisit les heures de l'équipe au clavier et voit les totaux", async ({ page }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, owner, `${server.origin}/erp/login`);
    await page.goto(`${server.origin}/erp/temps`);
    const tabs = page.getByRole("navigation", { name: "Pointage" });
    await tabs.getByRole("link", { name: "Semaine" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Semaine \d{2}$/ })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Semaine" })).toHaveAttribute("aria-current", "page");
    const row = page.getByRole("row", { name: /Martin Lucas/ });
    await expect(row).toContainText("0 h");
    await expect(row).toContainText("À valider");
    await expectNoAxeViolations(page);

    await page
      .getByLabel("Chantier pour la saisie rapide")
      .selectOption({ label: `${kitchen} · Cuisine Aubert (Toulon)` });
    const monday = page.getByLabel(/^Heures de Martin Lucas, lundi/);
    const tuesday = page.getByLabel(/^Heures de Martin Lucas, mardi/);
    await monday.focus();
    await page.keyboard.type("8");
    await page.keyboard.press("ArrowRight");
    await expect(tuesday).toBeFocused();
    await page.keyboard.type("7,5");
    await page.keyboard.press("ArrowLeft");
    await expect(monday).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");

    await expect(page.getByText(/^2 journées enregistrées \(semaine du .+\)\.$/)).toBeVisible();
    await expect(monday).toHaveValue("8");
    await expect(tuesday).toHaveValue("7,5");
    await expect(row).toContainText("15 h 30");
    await expect(row).toContainText("contrat : 35 h");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Valider toute la semaine" }).click();
    await expect(page.getByText(/^1 semaine validée/)).toBeVisible();
    await expect(row).toContainText("Validée le");
    await expect(page.getByLabel(/^Heures de Martin Lucas/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("le gérant saisit la journée de l'équipe par chantier au clavier", async ({ page, consoleErrors }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, owner, `${server.origin}/erp/login`);
    // A week ago: the planning puts Lucas Martin on both sites, and that week is not validated.
    const day = new Date(Date.now() - 7 * 24 * 3600 * 1000).toLocaleDateString("sv-SE", {
      timeZone: "Europe/Paris",
    });
    await page.goto(`${server.origin}/erp/temps`);
    const tabs = page.getByRole("navigation", { name: "Pointage" });
    await tabs.getByRole("link", { name: "Journée" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Journée de l'équipe" })).toBeVisible();
    await page.getByLabel("Autre jour").fill(day);
    await page.getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(new RegExp(`jour=${day}`));
    const row = page.getByRole("row", { name: /Martin Lucas/ });
    const kitchenCell = page.getByLabel(
      `Heures de Martin Lucas, ${kitchen} · Cuisine Aubert (prévu au planning)`,
    );
    const bathroomCell = page.getByLabel(
      `Heures de Martin Lucas, ${bathroom} · Salle de bains Aubert (prévu au planning)`,
    );
    await expect(kitchenCell).toBeVisible();
    await expectNoAxeViolations(page);

    await kitchenCell.focus();
    await page.keyboard.type("4");
    await page.keyboard.press("ArrowRight");
    await expect(bathroomCell).toBeFocused();
    await page.keyboard.type("3,5");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByLabel("Heures de Martin Lucas, Dépôt")).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.getByText(/^1 journée enregistrée \(.+\)\.$/)).toBeVisible();
    await expect(kitchenCell).toHaveValue("4");
    await expect(bathroomCell).toHaveValue("3,5");
    await expect(row).toContainText("7 h 30");
    await expectNoAxeViolations(page);

    // A refused cell keeps what was typed and says why, at the cell.
    await kitchenCell.fill("30");
    await page.getByRole("button", { name: "Enregistrer la journée" }).click();
    await expect(
      page.getByText("Des cases sont refusées : corrigez-les, rien n'a été enregistré."),
    ).toBeVisible();
    await expect(kitchenCell).toHaveValue("30");
    await expect(kitchenCell).toHaveAttribute("aria-invalid", "true");
    // The refused post's 400 is the browser's console line the fixture would otherwise report.
    const refusal = consoleErrors.findIndex((entry) => /^400 .*\/erp\/temps\/jour\.data/.test(entry));
    expect(refusal, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await expectNoAxeViolations(page);
  });
});
