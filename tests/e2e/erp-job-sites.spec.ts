import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  expectNoHorizontalScroll,
  fact,
  isoDayIn,
  jpegPhoto,
  newStaffUser,
  type OwnServer,
  startSeededServer,
} from "./own-server.ts";

// Issue 26, first slice: the owner turns an accepted quote into a job site from the
// quote's page, sees what the site takes from it (lots, sale price, estimated cost),
// fills in the access and the dates, marks it planned, and finds it in the list; the
// site's page is read on a phone. axe-core checks each new screen.

test.describe("Chantiers : du devis accepté au chantier planifié", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let quoteId = "";
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { quoteId },
    } = await startSeededServer<{ quoteId: string }>("chantiers", [
      "job-sites-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant crée le chantier depuis le devis, renseigne l'accès et les dates, puis le planifie", async ({
    page,
    consoleErrors,
  }) => {
    /** The refused post `pattern` answered as expected: taken off the console's errors. */
    const expectRefused = (pattern: RegExp) => {
      const index = consoleErrors.findIndex((entry) => pattern.test(entry));
      expect(index, `refus attendu : ${pattern}`).toBeGreaterThanOrEqual(0);
      consoleErrors.splice(index, 1);
    };
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const origin = server.origin;
    await signIn(page, owner, `${origin}/erp/login`);

    await page.goto(`${origin}/erp/devis/${quoteId}`);
    await page.getByRole("link", { name: "Créer le chantier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau chantier" })).toBeVisible();
    const budget = page.getByRole("region", { name: "Ce que le chantier reprend du devis" });
    await expect(budget.getByRole("cell", { name: "Démolition Devis" })).toBeVisible();
    await expect(budget.getByText("180,00\u00a0€").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Créer le chantier" }).click();

    const year = isoDayIn(0).slice(0, 4);
    await expect(page.getByText(new RegExp(`^Chantier CH-${year}-0001 créé\\.$`))).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "Rénovation de la salle de bains" }),
    ).toBeVisible();
    await expect(page.getByText("À planifier", { exact: true })).toBeVisible();
    const lots = page.getByRole("region", { name: "Budget" });
    await expect(lots.getByRole("row")).toHaveCount(4);
    await expect(lots.getByText("919\u202f750,00")).toHaveCount(0);
    await expect(lots.getByText("918,75\u00a0€")).toBeVisible();
    await expectNoAxeViolations(page);

    // « Marquer planifié » needs the dates: the refusal says so.
    await page.getByRole("button", { name: "Marquer planifié" }).click();
    await expect(page.getByText(/Indiquez les dates de début et de fin prévues/)).toBeVisible();
    expectRefused(/^409 .*\/erp\/chantiers\/[^/]+\.data/);

    await page.getByRole("link", { name: "Modifier" }).click();
    await page.getByLabel("Digicode").fill("B4512");
    await page.getByLabel("Contact sur place").fill("Mme Castellane");
    await page.getByLabel("Téléphone du contact").fill("06 12 34 56 78");
    await page.getByLabel("Début prévu").fill("2027-03-01");
    await page.getByLabel("Fin prévue").fill("2027-02-20");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("La fin prévue doit suivre le début prévu.")).toBeVisible();
    await expect(page.getByLabel("Digicode")).toHaveValue("B4512");
    expectRefused(/^400 .*\/erp\/chantiers\/[^/]+\/modifier\.data/);
    await expectNoAxeViolations(page);
    await page.getByLabel("Fin prévue").fill("2027-03-19");
    await page.getByRole("button", { name: "Enregistrer" }).click();

    await expect(page.getByText("Fiche du chantier enregistrée.")).toBeVisible();
    const access = page.getByRole("region", { name: "Accès" });
    await expect(fact(access, "Digicode")).toHaveText("B4512");
    await expect(access.getByRole("link", { name: "Appeler le 06 12 34 56 78" })).toHaveAttribute(
      "href",
      "tel:+33612345678",
    );
    await page.getByRole("button", { name: "Marquer planifié" }).click();
    await expect(page.getByText("Planifié", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Démarrer le chantier" })).toBeVisible();

    // Progress and an expense: the forecast follows.
    await page.getByLabel("Avancement du lot « Démolition », en %").fill("40");
    await page.getByRole("button", { name: "Enregistrer l'avancement" }).click();
    await expect(page.getByText("Avancement enregistré.")).toBeVisible();
    const forecast = page.getByRole("region", { name: "Avancement et coûts" });
    await expect(fact(forecast, "Avancement du chantier")).toHaveText("15,24\u00a0%");
    const expenses = page.getByRole("region", { name: "Autres dépenses" });
    await expenses.getByLabel("Libellé").fill("Benne 8 m³");
    await expenses.getByLabel("Montant HT").fill("240");
    await expenses.getByLabel("Lot").selectOption({ label: "Démolition" });
    await expenses
      .getByLabel("Justificatif (photo ou PDF)")
      .setInputFiles(await jpegPhoto("ticket-benne.jpg"));
    await expenses.getByRole("button", { name: "Ajouter la dépense" }).click();
    await expect(page.getByText("Dépense ajoutée au chantier, avec son justificatif.")).toBeVisible();
    const receipt = expenses.getByRole("link", { name: "Justificatif de « Benne 8 m³ »" });
    await expect(receipt).toHaveAttribute(
      "href",
      /^\/erp\/chantiers\/[0-9a-f-]{36}\/depenses\/[0-9a-f-]{36}\/justificatif$/,
    );
    const served = await page.request.get(
      new URL((await receipt.getAttribute("href")) ?? "", origin).toString(),
    );
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    await expect(fact(forecast, "Dépensé")).toHaveText("240,00\u00a0€");
    // 240 € at 40 % → 600 € at completion for a lot estimated at 180 €: flagged.
    await expect(forecast.getByRole("note")).toContainText("Lot « Démolition » : 40\u00a0% d'avancement");
    await expectNoAxeViolations(page);

    // « Facturer l'avancement »: the progress invoice draft at the recorded 40 %, nothing retyped.
    const siteUrl = page.url();
    await page.getByRole("button", { name: /^Facturer l'avancement du devis DEV-/ }).click();
    await expect(
      page.getByText(/^Facture de situation en brouillon, à l'avancement du chantier/),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
    await expect(page.getByText("40\u00a0%").first()).toBeVisible();
    await page.goto(siteUrl);

    await page.goto(`${origin}/erp/chantiers`);
    const row = page.getByRole("row", { name: /Rénovation de la salle de bains/ });
    await expect(row).toContainText(`CH-${year}-0001`);
    await expect(row).toContainText("Famille Castellane-Rouvier");
    await expect(
      row.getByRole("link", { name: /Toulon : ouvrir l'adresse dans les cartes/ }),
    ).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%20rue%20des%20Lilas%2C%2083000%20Toulon$/,
    );
    await expectNoAxeViolations(page);

    // The quote's page now leads to its site, and the dashboard no longer asks to schedule it.
    await page.goto(`${origin}/erp/devis/${quoteId}`);
    await expect(page.getByRole("link", { name: `Chantier CH-${year}-0001` })).toBeVisible();
  });

  test("sur un téléphone, la page du chantier tient dans l'écran et reste accessible", async ({ page }) => {
    if (!server) throw new Error("serveur de test non démarré");
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner, `${server.origin}/erp/login`);
    await page.goto(`${server.origin}/erp/chantiers`);
    await page.getByRole("link", { name: "Rénovation de la salle de bains" }).click();
    await expect(page.getByRole("link", { name: "Appeler le 06 12 34 56 78" })).toBeVisible();
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);
  });
});
