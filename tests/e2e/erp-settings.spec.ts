import { expect, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

// The company settings (/erp/parametres), in a real browser against the built server:
// an owner reaches them from the account menu, is refused a wrong value with the
// field's message (with JavaScript and without), saves a new payment mention and sees it
// in the history, reads the insurance held by the compliance register (read-only) with the
// way to it; a staff member is refused the page. axe-core finds nothing,
// with or without messages shown (in the first test: it cannot run without JavaScript). Only the first test saves: the tests run in parallel
// on one database, and a save changes the revision the other's form was loaded from.

test.describe("Espace Pro : Paramètres de l'entreprise", () => {
  test.slow();

  test("un gérant ouvre les paramètres depuis son menu, corrige une erreur, enregistre une nouvelle mention de paiement et la retrouve dans l'historique ; l'assurance se lit dans le registre", async ({
    page,
    createStaffUser,
    signIn,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const owner = await createStaffUser("owner");
    await signIn(owner);
    await page.getByRole("button", { name: `Menu du compte ${owner.email}` }).click();
    await page.getByRole("menuitem", { name: "Paramètres de l'entreprise" }).click();
    await expect(page).toHaveURL(/\/erp\/parametres$/);
    await expect(page.getByRole("heading", { level: 1, name: "Paramètres de l'entreprise" })).toBeVisible();
    await expect(page.locator('nav[aria-label="Fil d\'Ariane"] [aria-current="page"]')).toHaveText(
      "Paramètres de l'entreprise",
    );
    await expectNoAxeViolations(page);

    // The insurance is the register's, read-only here, with the way to update it.
    const insurance = page.getByRole("region", { name: "Assurance et qualification" });
    await expect(insurance).toContainText("Assureur décennal");
    await expect(page.getByLabel(/^N° de contrat décennale/)).toHaveCount(0);
    await expect(
      insurance.getByRole("link", { name: "Mettre à jour dans le registre des documents" }),
    ).toHaveAttribute("href", "/erp/docs");

    const policy = page.getByLabel(/^Mention des conditions de paiement/);
    const previous = await policy.inputValue();
    const next = `Paiement à 30 jours, réf. ${Date.now().toString().slice(-8)}.`;

    // A wrong value first: refused, its message under its field, nothing saved.
    await policy.fill(next);
    await page.getByLabel(/^Délai de paiement par défaut/).fill("61");
    await page.getByLabel("Titulaire du compte").fill("BATI RADE TOULON");
    await page.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 188");
    await page.getByLabel("BIC").fill("BNPAFRPP");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(
      page.getByText(
        "Le délai de paiement est un nombre entier de jours, de 0 à 60 (maximum légal entre professionnels).",
      ),
    ).toBeVisible();
    await expect(
      page.getByText("La clé de contrôle de l'IBAN est fausse : vérifiez chaque caractère."),
    ).toBeVisible();
    await expect(page.getByLabel(/^Délai de paiement par défaut/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("2 champs sont à corriger : voyez les messages sous chacun.")).toBeVisible();
    // What was typed is still there.
    await expect(policy).toHaveValue(next);
    const refusal = consoleErrors.findIndex((entry) => /^400 .*\/erp\/parametres\.data/.test(entry));
    expect(refusal).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await expectNoAxeViolations(page);

    // Corrected, then saved.
    await page.getByLabel(/^Délai de paiement par défaut/).fill("30");
    await page.getByLabel("IBAN").fill("FR76 3000 6000 0112 3456 7890 189");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(page.getByText("Paramètres enregistrés.", { exact: true })).toBeVisible();
    await expect(policy).toHaveValue(next);
    await expect(page.getByLabel("IBAN")).toHaveValue("FR76 3000 6000 0112 3456 7890 189");
    const history = page.getByRole("list", { name: "Historique des paramètres" });
    await expect(history).toContainText(`Conditions de paiement : mention « ${previous} » → « ${next} »`);
    await expect(history).toContainText("Banque : IBAN non renseigné → FR76 •••• •••• 0189");
    await expect(history).toContainText(owner.email);
    await expectNoAxeViolations(page);

    // Reloaded, the page shows what is stored.
    await page.reload();
    await expect(policy).toHaveValue(next);
  });

  test("un gérant ouvre le registre d'intégrité, le vérifie et le télécharge", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    const owner = await createStaffUser("owner");
    await signIn(owner, "/erp/login?redirectTo=/erp/parametres");
    await page.getByRole("link", { name: "Ouvrir le registre" }).click();
    await expect(page).toHaveURL(/\/erp\/parametres\/registre$/);
    await expect(page.getByRole("heading", { level: 1, name: "Registre d'intégrité" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Vérifier maintenant" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Registre intègre : / })).toBeVisible();
    await expectNoAxeViolations(page);
    const csv = await page.request.get(
      (await page.getByRole("link", { name: "Télécharger le registre (CSV)" }).getAttribute("href")) ?? "",
    );
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n")[0]).toContain("Empreinte précédente");
  });

  test("un membre de l'équipe n'a ni le lien ni la page : refus « Accès réservé aux gérants. »", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    const staff = await createStaffUser("staff");
    await signIn(staff);
    await expect(page.getByRole("button", { name: /Menu du compte/ })).toHaveCount(0);
    const refused = await page.goto("/erp/parametres");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    await expect(page.getByText("Accès réservé aux gérants.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enregistrer les paramètres" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test.describe("sans JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("un envoi refusé affiche chaque message sous son champ", async ({
      page,
      createStaffUser,
      signIn,
    }) => {
      const owner = await createStaffUser("owner");
      await signIn(owner, "/erp/login?redirectTo=/erp/parametres");
      await expect(page.getByRole("heading", { level: 1, name: "Paramètres de l'entreprise" })).toBeVisible();
      await page.getByLabel(/^Mention des conditions de paiement/).fill("");
      // A BIC alone: the holder and the IBAN are asked for.
      await page.getByLabel("Titulaire du compte").fill("");
      await page.getByLabel("IBAN").fill("");
      await page.getByLabel("BIC").fill("DEUTDEFF");
      await page.getByLabel(/^Durée de validité d'un devis/).fill("0");
      await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
      await expect(
        page.getByText("Indiquez la mention des conditions de paiement imprimée sur les factures."),
      ).toBeVisible();
      await expect(
        page.getByText("La durée de validité d'un devis est un nombre entier de jours, de 1 à 365."),
      ).toBeVisible();
      await expect(
        page.getByText(
          "Indiquez le titulaire du compte, tel qu'il figure sur le relevé d'identité bancaire.",
        ),
      ).toBeVisible();
      await expect(
        page.getByText("Indiquez l'IBAN du compte (ou effacez toutes les coordonnées bancaires)."),
      ).toBeVisible();
      await expect(page.getByLabel(/^Mention des conditions de paiement/)).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expect(page.getByLabel("BIC")).toHaveValue("DEUTDEFF");
      // (axe-core runs as a script in the page: the first test checks the same page with its messages.)
    });
  });
});
