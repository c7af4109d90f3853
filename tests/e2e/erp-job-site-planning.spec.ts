import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  expectNoHorizontalScroll,
  jpegPhoto,
  newTeam,
  type OwnServer,
  startSeededServer,
} from "./own-server.ts";

// Issue 26, the planning and the site workers: the owner puts a worker on a site from
// its page, reads the week and the month, moves the site a day later and back with the
// keyboard (its team follows); the worker signs in on a phone, lands on « Mes
// chantiers », finds today's site with the route, the access and whom to call, posts a
// note with two photos to its log, and is refused the office's pages. axe-core checks each new screen, on a phone and a desktop.

test.describe("Chantiers : planning de l'équipe et compagnon sur téléphone", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let siteId = "";
  let siteNumber = "";
  const { password, owner, worker } = newTeam();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { siteId, siteNumber },
    } = await startSeededServer<{ siteId: string; siteNumber: string }>("planning", [
      "planning-seed.ts",
      owner.email,
      worker.email,
      password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant affecte un compagnon, lit la semaine et le mois, décale le chantier au clavier", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const origin = server.origin;
    await signIn(page, owner, `${origin}/erp/login`);
    await page.goto(`${origin}/erp/chantiers/${siteId}`);
    const team = page.getByRole("region", { name: "Équipe" });
    await expect(team.getByText("Personne n'est encore affecté à ce chantier.")).toBeVisible();
    await team.getByRole("combobox", { name: /^Personne/ }).selectOption({ label: "Lucas Martin" });
    await team.getByRole("button", { name: "Affecter" }).click();
    await expect(page.getByText("Affectation enregistrée.")).toBeVisible();
    await expect(team.getByRole("list", { name: "Équipe du chantier" })).toContainText("Lucas Martin");
    await expectNoAxeViolations(page);

    await page.goto(`${origin}/erp/chantiers/planning`);
    await expect(page.getByRole("heading", { level: 1, name: "Planning des chantiers" })).toBeVisible();
    const week = page.getByRole("table", { name: /demi-journée par demi-journée/ });
    await expect(
      week
        .getByRole("row", { name: /Lucas Martin/ })
        .getByRole("link", { name: siteNumber })
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Mois" }).click();
    const month = page.getByRole("table", { name: /Chantiers du mois/ });
    const later = month.getByRole("button", { name: `Décaler ${siteNumber} de 1 jour plus tard` });
    await later.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`${siteNumber} décalé de 1 jour plus tard, avec son équipe.`)).toBeVisible();
    await expectNoAxeViolations(page);
    const earlier = month.getByRole("button", { name: `Décaler ${siteNumber} de 1 jour plus tôt` });
    await earlier.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(`${siteNumber} décalé de 1 jour plus tôt, avec son équipe.`)).toBeVisible();

    await page.getByRole("link", { name: "Aujourd'hui et demain" }).click();
    const today = page.getByRole("region", { name: /^Aujourd'hui/ });
    await expect(today.getByRole("link", { name: siteNumber })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("le compagnon, sur un téléphone, trouve le chantier du jour et rien d'autre", async ({ page }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const origin = server.origin;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, worker, `${origin}/erp/login`);
    await page.goto(`${origin}/erp`);
    await expect(page).toHaveURL(`${origin}/erp/mes-chantiers`);
    await expect(page.getByRole("heading", { level: 1, name: "Mes chantiers" })).toBeVisible();
    const today = page.getByRole("region", { name: /^Aujourd'hui/ });
    await expect(today.getByRole("link", { name: siteNumber })).toBeVisible();
    await expect(today.getByRole("link", { name: /8 rue Picot, 83000 Toulon/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    await expect(today.getByRole("link", { name: /Appeler M\. Aubert/ })).toHaveAttribute(
      "href",
      "tel:+33611223344",
    );
    await expect(today).toContainText("Digicode : C7788");
    await expect(page.getByText(/€/)).toHaveCount(0);
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);

    await today.getByRole("link", { name: siteNumber }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rénovation de la cuisine" })).toBeVisible();
    await expect(page.getByRole("region", { name: "L'équipe sur le chantier" })).toContainText(
      "Lucas Martin",
    );
    await expect(page.getByText(/€|Famille Aubert/)).toHaveCount(0);
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);

    // The site log: a note with two photos taken on the phone.
    await page.getByRole("link", { name: "Journal de chantier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Journal de chantier" })).toBeVisible();
    const form = page.getByRole("form", { name: "Nouvelle note du journal" });
    await form.getByLabel("Ce qui s'est passé").fill("Meubles bas posés, plan de travail livré demain.");
    await form
      .getByLabel("Photos")
      .setInputFiles([await jpegPhoto("cuisine-1.jpg"), await jpegPhoto("cuisine-2.jpg")]);
    await form.getByRole("button", { name: "Publier la note" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Note publiée dans le journal." })).toBeVisible();
    const note = page.getByRole("article").first();
    await expect(note.getByText("Meubles bas posés, plan de travail livré demain.")).toBeVisible();
    await expect(note.getByRole("img")).toHaveCount(2);
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);

    // The office's pages answer 403, whatever the address typed.
    const refused = await page.goto(`${origin}/erp/chantiers/${siteId}`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText(/Accès refusé|Accès réservé/).first()).toBeVisible();
    const clients = await page.goto(`${origin}/erp/clients`);
    expect(clients?.status()).toBe(403);
  });

  test("sur un ordinateur, le planning de la semaine et « Mes chantiers » restent accessibles", async ({
    page,
  }) => {
    if (!server) throw new Error("serveur de test non démarré");
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, worker, `${server.origin}/erp/login`);
    await page.goto(`${server.origin}/erp/mes-chantiers`);
    await expect(page.getByRole("navigation", { name: "Menu de l'Espace Pro" }).getByRole("link")).toHaveText(
      ["Mes chantiers", "Mes heures"],
    );
    await expectNoAxeViolations(page);
  });
});
