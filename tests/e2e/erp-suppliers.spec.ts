import { isValidSiren } from "#app/lib/company-ids.ts";
import { expect, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

// The register of suppliers (Achats › Fournisseurs) in a real browser on a phone-sized
// screen: the owner adds a subcontractor, a wrong SIREN is refused at its field with what
// was typed kept, the record shows the VAT number derived from the SIREN and the payment
// terms in words; the register's search finds it. axe-core finds nothing on the list, the
// form (empty and refused) and the record.

/** A SIREN of this run (the register holds one supplier per SIREN): 8 random digits and their key. */
function freshSiren(): string {
  const base = String(Math.floor(Math.random() * 90_000_000) + 10_000_000);
  for (let key = 0; key < 10; key++) {
    if (isValidSiren(`${base}${key}`)) return `${base}${key}`;
  }
  throw new Error("aucune clé de SIREN trouvée");
}

test.describe("Espace Pro : Achats, registre des fournisseurs", () => {
  test.slow();

  test("le gérant ajoute un sous-traitant sur un téléphone ; un SIREN faux est refusé, la saisie gardée ; la recherche le retrouve", async ({
    page,
    createStaffUser,
    signIn,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const stamp = Date.now().toString().slice(-6);
    const name = `Étanchéité Azur ${stamp}`;
    const siren = freshSiren();
    const owner = await createStaffUser("owner");
    await signIn(owner, "/erp/login?redirectTo=/erp/achats");
    await expect(page.getByRole("heading", { level: 1, name: "Fournisseurs" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Nouveau fournisseur" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau fournisseur" })).toBeVisible();
    await page.getByRole("radio", { name: /Sous-traitant/ }).check();
    await page.getByLabel("Raison sociale *").fill(name);
    // The key is wrong: the last digit is off by one.
    const wrong = `${siren.slice(0, 8)}${(Number(siren[8]) + 1) % 10}`;
    await page.getByLabel("SIREN", { exact: true }).fill(wrong);
    await page.getByLabel("Corps de métier").fill("Étanchéité");
    await page.getByLabel("Commune").fill("Hyères");
    await page.getByLabel("Fin de mois").check();
    await page.getByRole("group", { name: "Contact 1" }).getByLabel("Nom").fill("Léa Martin");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Ajouter au registre" }).click();

    // Refused at its field, everything typed still there.
    const sirenField = page.getByLabel("SIREN", { exact: true });
    await expect(
      page.getByText("Ce SIREN n'est pas valide : vérifiez ses 9 chiffres.").first(),
    ).toBeVisible();
    await expect(sirenField).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Raison sociale *")).toHaveValue(name);
    await expect(page.getByRole("radio", { name: /Sous-traitant/ })).toBeChecked();
    await expect(page.getByLabel("Fin de mois")).toBeChecked();
    await expect(page.getByRole("group", { name: "Contact 1" }).getByLabel("Nom")).toHaveValue("Léa Martin");
    await expectNoAxeViolations(page);
    // The refused post's 400 is the answer the page shows, not an error of the page.
    const refusal = consoleErrors.findIndex((entry) =>
      /^400 .*\/erp\/achats\/fournisseurs\/nouveau\.data/.test(entry),
    );
    expect(refusal, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await sirenField.fill(`${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`);
    await page.getByRole("button", { name: "Ajouter au registre" }).click();

    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Fournisseur ajouté au registre.")).toBeVisible();
    await expect(page.getByText("30 jours fin de mois")).toBeVisible();
    await expect(
      page.getByText(`FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0")}${siren}`),
    ).toBeVisible();
    await expect(page.getByText("Léa Martin")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Fournisseurs", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Fournisseurs" })).toBeVisible();
    await page.getByLabel("Rechercher (nom, SIREN, commune)").fill(siren);
    await page.getByLabel("Rechercher (nom, SIREN, commune)").press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${siren}`));
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
