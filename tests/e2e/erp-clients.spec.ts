import { expect, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

// The client register, in a real browser against the built server: a lead becomes a
// client, then staff on a phone find it by search, open it and its form; axe-core finds
// nothing on the list, the detail and the form.

test.describe("Espace Pro : Clients", () => {
  // Each test walks several pages and runs axe-core on four or five of them: more than
  // the default 30 s when the machine is loaded.
  test.slow();

  test("un prospect converti en client se retrouve par la recherche sur un téléphone ; liste, fiche et formulaire accessibles", async ({
    page,
    createStaffUser,
    signIn,
    consoleErrors,
  }) => {
    const stamp = Date.now().toString().slice(-6);
    const name = `Élodie Client ${stamp}`;
    const user = await createStaffUser();
    await signIn(user, "/erp/login?redirectTo=/erp/leads/nouveau");

    // A lead taken by phone.
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau prospect" })).toBeVisible();
    await page.getByLabel("Nom et prénom *").fill(name);
    await page.getByLabel("Téléphone").fill("06 21 43 65 87");
    await page.getByLabel("E-mail").fill(`elodie.${stamp}@example.fr`);
    await page.getByLabel("Commune du chantier").fill("Le Beausset");
    await page.getByLabel("Type de travaux *").selectOption("Extension");
    await page
      .getByLabel("Description du projet *")
      .fill("Extension de 25 m² côté jardin, avec baie vitrée.");
    await page.getByRole("button", { name: "Enregistrer le prospect" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const leadId = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(leadId).toMatch(/^[0-9a-f-]{36}$/);

    // « Convertir en client » on the lead's page opens the new client.
    await page.getByRole("button", { name: "Convertir en client" }).click();
    await expect(page).toHaveURL(/\/erp\/clients\/[0-9a-f-]{36}$/);
    const location = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Le prospect a été converti en client")).toBeVisible();
    // Back on the lead, the button became a link to that client.
    await page.goto(`/erp/leads/${leadId}`);
    await expect(page.getByRole("link", { name: `Voir le client ${name}` })).toHaveAttribute(
      "href",
      location,
    );
    await expect(page.getByRole("list", { name: "Historique du prospect" })).toContainText(
      "Converti en client",
    );
    // Posted again (a second tab, a double click), it answers the same client.
    const again = await page.request.post(`/erp/clients/depuis-prospect/${leadId}`, {
      form: {},
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe(location);
    await page.goto(location);
    await expect(page.getByText("Ce prospect est déjà client : voici sa fiche.")).toBeVisible();
    // The side menu keeps « Prospects » lit on the client register.
    await expect(
      page.getByRole("navigation", { name: "Menu de l'Espace Pro" }).getByRole("link", { name: "Prospects" }),
    ).toHaveClass(/bg-brand-700/);
    await expect(
      page.getByRole("link", { name: "Voir le prospect : demande, photos et suivi" }),
    ).toHaveAttribute("href", `/erp/leads/${leadId}`);
    await expect(
      page.getByText("Rue à préciser : la demande du site ne donne que la commune."),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Historique du client" })).toContainText(
      "Client créé depuis un prospect",
    );

    // On a phone: the register, a search, the card, the client.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/erp/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Prospects et clients" }).getByRole("link", { name: "Clients" }),
    ).toHaveAttribute("aria-current", "page");
    // Without the accent, in another case: the search folds both.
    await page.getByRole("searchbox", { name: /Rechercher/ }).fill(`ELODIE client ${stamp}`);
    await page.getByRole("searchbox", { name: /Rechercher/ }).press("Enter");
    await expect(page).toHaveURL(/q=ELODIE\+client/);
    await expect(page.getByText("1 client correspondant à la recherche")).toBeVisible();
    const card = page.locator("tbody tr").filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "06 21 43 65 87" })).toHaveAttribute(
      "href",
      "tel:+33621436587",
    );
    // A card, not a table row squeezed sideways: nothing overflows the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    await card.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("link", { name: "06 21 43 65 87" })).toHaveAttribute(
      "href",
      "tel:+33621436587",
    );
    await expectNoAxeViolations(page);

    // Its form: refused without a name, every message shown, accessible either way.
    await page.getByRole("link", { name: "Modifier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Modifier ${name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Nom *").fill("");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Le nom du client est requis.")).toBeVisible();
    await expect(page.getByLabel("Nom *")).toHaveAttribute("aria-invalid", "true");
    const refusal = consoleErrors.findIndex((entry) =>
      /^400 .*\/erp\/clients\/[^/]+\/modifier\.data/.test(entry),
    );
    expect(refusal).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await expectNoAxeViolations(page);
    await page.getByLabel("Nom *").fill(`${name} (modifiée)`);
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${name} (modifiée)` })).toBeVisible();
    await expect(page.getByText("Fiche client enregistrée.")).toBeVisible();
  });

  test("« Nouveau client » : champs d'entreprise, SIREN vérifié, doublon signalé puis « Créer quand même »", async ({
    page,
    createStaffUser,
    signIn,
    consoleErrors,
  }) => {
    const stamp = Date.now().toString().slice(-6);
    const email = `compta.${stamp}@example.fr`;
    const user = await createStaffUser();
    await signIn(user, "/erp/login?redirectTo=/erp/clients");
    await page.getByRole("link", { name: "Nouveau client" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau client" })).toBeVisible();

    // The company's fields show only for a company.
    await expect(page.getByLabel("Raison sociale *")).toBeHidden();
    await page.getByRole("radio", { name: "Entreprise" }).check();
    await expect(page.getByLabel("Raison sociale *")).toBeVisible();
    await page.getByLabel("Nom *").fill(`Rade Rénov ${stamp}`);
    await page.getByLabel("SIREN").fill("912 345 676");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByText("Le SIREN est invalide : vérifiez les 9 chiffres.")).toBeVisible();
    await expect(page.getByText("La raison sociale est requise pour une entreprise.")).toBeVisible();
    await expect(page.getByLabel("SIREN")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    const takeRefusal = (status: number) => {
      const index = consoleErrors.findIndex((entry) =>
        new RegExp(`^${status} .*/erp/clients/nouveau\\.data`).test(entry),
      );
      expect(index).toBeGreaterThanOrEqual(0);
      consoleErrors.splice(index, 1);
    };
    takeRefusal(400);

    await page.getByLabel("Raison sociale *").fill(`RADE RENOV ${stamp} SAS`);
    await page.getByLabel("SIREN").fill("912 345 675");
    await page.getByLabel("N° de TVA intracommunautaire").fill("FR65912345675");
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Rade Rénov ${stamp}` })).toBeVisible();
    await expect(page.getByText(`Client « Rade Rénov ${stamp} » créé.`)).toBeVisible();

    // The same e-mail again: nothing created until the staff confirm.
    await page.goto("/erp/clients/nouveau");
    await page.getByLabel("Nom *").fill(`Rade Rénov bis ${stamp}`);
    await page.getByLabel("E-mail").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByText("Doublon possible")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Clients déjà enregistrés" }).getByRole("link"),
    ).toContainText(`Rade Rénov ${stamp}`);
    await expectNoAxeViolations(page);
    takeRefusal(409);
    await page.getByLabel("Créer quand même").check();
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Rade Rénov bis ${stamp}` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Historique du client" })).toContainText(
      "Client créé (malgré un doublon possible signalé)",
    );
  });

  test("« Adresse de facturation identique à l'adresse du chantier » copie l'adresse du chantier au clavier, et rend ce qui avait été tapé", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    const stamp = Date.now().toString().slice(-6);
    const name = `Marc Identique ${stamp}`;
    const user = await createStaffUser();
    await signIn(user, "/erp/login?redirectTo=/erp/clients/nouveau");
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau client" })).toBeVisible();
    await page.getByLabel("Nom *").fill(name);
    await page.getByLabel("E-mail").fill(`marc.${stamp}@example.fr`);
    const billing = page.getByRole("group", { name: "Adresse de facturation" });
    const street = billing.getByLabel("Numéro et rue");
    const postalCode = billing.getByLabel("Code postal");
    const city = billing.getByLabel("Ville");
    await street.fill("2 impasse des Pins");
    await postalCode.fill("83200");
    const site = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Chantier 1" }) });
    await site.getByLabel("Numéro et rue").fill("14 avenue de la Mer");
    await site.getByLabel("Code postal").fill("83130");
    await site.getByLabel("Commune").fill("La Garde");

    // Ticked with the keyboard: the site's address, read-only.
    const same = billing.getByRole("checkbox", {
      name: "Adresse de facturation identique à l'adresse du chantier",
    });
    await same.focus();
    await page.keyboard.press("Space");
    await expect(same).toBeChecked();
    await expect(street).toHaveValue("14 avenue de la Mer");
    await expect(postalCode).toHaveValue("83130");
    await expect(city).toHaveValue("La Garde");
    await expect(street).not.toBeEditable();
    await expectNoAxeViolations(page);
    // Unticked: what had been typed comes back.
    await page.keyboard.press("Space");
    await expect(same).not.toBeChecked();
    await expect(street).toHaveValue("2 impasse des Pins");
    await expect(postalCode).toHaveValue("83200");
    await expect(city).toHaveValue("");
    await expect(street).toBeEditable();

    // Ticked again and saved: the client's billing address is the site's.
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("14 avenue de la Mer").first()).toBeVisible();

    // A quote for that client, on another site: its editor's site address is offered
    // when the billing address is edited.
    const clientUrl = page.url();
    await page.getByRole("button", { name: "Faire un devis" }).click();
    await expect(page).toHaveURL(/\/erp\/devis\/[0-9a-f-]{36}$/);
    const siteAddress = page.getByRole("group", { name: "Adresse du chantier" });
    await siteAddress.getByLabel("Adresse", { exact: true }).fill("7 chemin du Fort");
    await siteAddress.getByLabel("Code postal").fill("83400");
    await siteAddress.getByLabel("Commune").fill("Hyères");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();
    await page.goto(`${clientUrl}/modifier`);
    await expect(
      billing.getByText(/L'adresse du chantier du devis .* : 7 chemin du Fort, 83400 Hyères\./),
    ).toBeVisible();
    await same.check();
    await expect(street).toHaveValue("7 chemin du Fort");
    await expect(postalCode).toHaveValue("83400");
    await expect(city).toHaveValue("Hyères");
    await expectNoAxeViolations(page);
    await same.uncheck();
    await expect(street).toHaveValue("14 avenue de la Mer");
  });
});
