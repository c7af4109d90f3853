import { expect, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

// The register of employees (Pointage › Salariés) in a real browser on a phone-sized
// screen: the owner adds an employee, a wrong field is refused at its place with what was
// typed kept, the record shows the contract and the cost; axe-core finds nothing on the
// list, the form and the record.

test.describe("Espace Pro : Pointage, registre des salariés", () => {
  test.slow();

  test("le gérant ajoute un salarié sur un téléphone ; une erreur garde la saisie ; liste, formulaire et fiche accessibles", async ({
    page,
    createStaffUser,
    signIn,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const stamp = Date.now().toString().slice(-6);
    const owner = await createStaffUser("owner");
    await signIn(owner, "/erp/login?redirectTo=/erp/temps");
    await expect(page.getByRole("heading", { level: 1, name: "Salariés" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Nouveau salarié" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau salarié" })).toBeVisible();
    await page.getByLabel("Nom *", { exact: true }).fill(`Garnier${stamp}`);
    await page.getByLabel("Prénom *").fill("Hugo");
    await page.getByLabel("Qualification").fill("Plaquiste");
    await page.getByLabel("Temps partiel", { exact: true }).check();
    await page.getByLabel("Heures par semaine du temps partiel").fill("24,6");
    await page.getByLabel("Date d'embauche *").fill("2025-09-01");
    await page.getByLabel("Coût horaire chargé").fill("36,40");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Ajouter au registre" }).click();

    // Refused at its field, everything typed still there.
    const hours = page.getByLabel("Heures par semaine du temps partiel");
    await expect(page.getByText("Indiquez les heures hebdomadaires du temps partiel").first()).toBeVisible();
    await expect(hours).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Qualification")).toHaveValue("Plaquiste");
    await expect(page.getByLabel("Temps partiel", { exact: true })).toBeChecked();
    await expectNoAxeViolations(page);
    // The refused post's 400 is the answer the page shows, not an error of the page.
    const refusal = consoleErrors.findIndex((entry) =>
      /^400 .*\/erp\/temps\/salaries\/nouveau\.data/.test(entry),
    );
    expect(refusal, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await hours.fill("24,5");
    await page.getByRole("button", { name: "Ajouter au registre" }).click();

    await expect(page.getByRole("heading", { level: 1, name: `Garnier${stamp} Hugo` })).toBeVisible();
    await expect(page.getByText("Salarié ajouté au registre.")).toBeVisible();
    await expect(page.getByText("Temps partiel, 24 h 30")).toBeVisible();
    await expect(page.getByText("36,40 € de l'heure")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/erp/temps?q=garnier${stamp}`);
    await expect(page.getByRole("link", { name: `Garnier${stamp} Hugo` })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
