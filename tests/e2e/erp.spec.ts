import { request as httpRequest } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

const SECTIONS = [
  ["Dashboard", "/erp"],
  ["Prospects", "/erp/leads"],
  ["Devis", "/erp/devis"],
  ["Chantiers", "/erp/chantiers"],
  ["Achats", "/erp/achats"],
  ["Pointage", "/erp/temps"],
  ["Documents", "/erp/docs"],
] as const;

function breadcrumb(page: import("@playwright/test").Page) {
  return page.getByRole("navigation", { name: "Fil d'Ariane" });
}

test.describe("Espace Pro : connexion", () => {
  test("sans session, /erp montre l'écran de connexion : textes, états, échec, mot de passe oublié", async ({
    page,
    createStaffUser,
    consoleErrors,
  }) => {
    const user = await createStaffUser();
    const response = await page.goto("/erp");
    expect(response?.status()).toBe(401);
    await expect(page).toHaveTitle("Espace Pro - Connexion");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1, name: "Espace Pro - Connexion" })).toBeVisible();
    await expect(page.getByText("Accès réservé", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Identifiant (e-mail)")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Mot de passe", { exact: true })).toHaveAttribute("type", "password");
    // The shell never shows without a session.
    await expect(page.getByRole("button", { name: "Déconnexion" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByText("Mot de passe oublié ?").click();
    await expect(
      page.getByText("Bientôt disponible ! La réinitialisation de mot de passe sera bientôt implémentée.", {
        exact: false,
      }),
    ).toBeVisible();

    // A wrong pair: « Connexion... » and disabled while it is checked, then the toast.
    await page.getByLabel("Identifiant (e-mail)").fill(user.email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("pas-le-bon-mot-de-passe");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/erp/login.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Connexion" }).click();
    const busy = page.getByRole("button", { name: "Connexion..." });
    await expect(busy).toBeDisabled();
    release();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast.getByText("Échec de la connexion", { exact: true })).toBeVisible();
    await expect(
      toast.getByText("Veuillez vérifier votre email et mot de passe.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Connexion" })).toBeEnabled();
    await page.unroute("**/erp/login.data*");
    // Expected refusals: the sign-in attempt (401), and the pages of the frame asking
    // again for their data after it, still without a session (401). Nothing else.
    await expect.poll(() => consoleErrors.some((entry) => /^401 .*\/erp\.data\?/.test(entry))).toBe(true);
    const expected = consoleErrors.filter((entry) => /^401 .*\/erp(\/login)?\.data/.test(entry));
    expect(expected.some((entry) => /\/erp\/login\.data/.test(entry))).toBe(true);
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((entry) => !expected.includes(entry)),
    );
    // What was typed is still there.
    await expect(page.getByLabel("Identifiant (e-mail)")).toHaveValue(user.email);

    // The right pair: « Chargement de l'Espace Pro... » while the shell loads, then the shell.
    let releaseShell: () => void = () => {};
    const shellHeld = new Promise<void>((resolve) => {
      releaseShell = resolve;
    });
    await page.route("**/erp.data*", async (route) => {
      await shellHeld;
      await route.continue();
    });
    await page.getByLabel("Mot de passe", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Connexion" }).click();
    await expect(page.getByText("Chargement de l'Espace Pro...", { exact: true })).toBeVisible();
    releaseShell();
    await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
    await expect(page).toHaveURL(/\/erp$/);
  });

  test("/erp/login mène à /erp une fois connecté, et l'icône de compte du site suit la session", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    const user = await createStaffUser();
    await page.goto("/faq");
    const account = page.locator("header").getByRole("link", { name: /Espace Pro/ });
    await expect(account).toHaveAttribute("href", "/erp/login");
    await account.click();
    await expect(page).toHaveURL(/\/erp\/login$/);
    await signIn(user);
    await expect(page).toHaveURL(/\/erp$/);
    await page.goto("/erp/login");
    await expect(page).toHaveURL(/\/erp$/);
    await page.goto("/");
    await expect(
      page.locator("header").getByRole("link", { name: "Espace Pro", exact: true }),
    ).toHaveAttribute("href", "/erp");
  });
});

test.describe("Espace Pro : le cadre", () => {
  test("le menu latéral a sept entrées dans l'ordre, le fil d'Ariane suit la section, l'en-tête montre l'e-mail", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    // Seven sections and two axe passes: over 30 s on this 2-core machine.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await createStaffUser();
    await signIn(user);
    const menu = page.getByRole("navigation", { name: "Menu de l'Espace Pro", exact: true });
    await expect(menu).toBeVisible();
    const links = menu.getByRole("link");
    await expect(links).toHaveText(SECTIONS.map(([label]) => label));
    for (const [index, [, href]] of SECTIONS.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", href);
    }
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(breadcrumb(page).getByRole("link", { name: "Espace Pro" })).toHaveAttribute("href", "/erp");
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText("Dashboard");
    await expectNoAxeViolations(page);

    for (const [label, href] of SECTIONS.slice(1)) {
      await menu.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(label);
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      if (label === "Devis" || label === "Chantiers") {
        await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
      } else if (label === "Achats") {
        await expect(page.getByRole("heading", { level: 1, name: "Fournisseurs" })).toBeVisible();
      } else if (label === "Pointage") {
        await expect(page.getByRole("heading", { level: 1, name: "Salariés" })).toBeVisible();
      } else if (label === "Documents") {
        await expect(page.getByRole("heading", { level: 1, name: "Registre de conformité" })).toBeVisible();
      }
    }
    await expectNoAxeViolations(page);
    await page.goto("/erp/leads");
    await expectNoAxeViolations(page);
    // A staff member does not see the team's accounts, and is refused there.
    await expect(page.getByRole("button", { name: /Menu du compte/ })).toHaveCount(0);
    const refused = await page.goto("/erp/comptes");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
  });

  test("sur petit écran, le menu est un tiroir qui glisse et se ferme au changement de page", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createStaffUser();
    await signIn(user);
    await expect(page.getByRole("navigation", { name: "Menu de l'Espace Pro", exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Espace Pro" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link")).toHaveText(SECTIONS.map(([label]) => label));
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await drawer.getByRole("link", { name: "Pointage" }).click();
    await expect(page).toHaveURL(/\/erp\/temps$/);
    await expect(drawer).toBeHidden();
    await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText("Pointage");
  });
});

test.describe("Espace Pro : Prospects", () => {
  test("une demande envoyée depuis le site arrive dans Prospects avec sa photo ; statut et note vont dans l'historique", async ({
    page,
    createStaffUser,
    signIn,
    baseURL,
  }) => {
    const name = `Prospect E2E ${Date.now()}`;
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#245da6" } })
      .jpeg()
      .toBuffer();

    // A visitor sends a quote request with a photo from /devis.
    await page.goto("/devis");
    const form = page.getByRole("form", { name: "Demande de devis gratuit" });
    await form.getByLabel("Nom et prénom").fill(name);
    await form.getByLabel("E-mail").fill("prospect.e2e@example.fr");
    await form.getByLabel("Téléphone").fill("06 12 34 56 78");
    await form.getByLabel("Type de travaux").selectOption("Ravalement de façade");
    await form.getByLabel("Budget estimé (facultatif)").selectOption("15 000 € - 30 000 €");
    await form
      .getByLabel("Description du projet")
      .fill("Ravalement d'une maison de 120 m² à La Garde, enduit fissuré.");
    await form
      .getByLabel("Photos (facultatif)")
      .setInputFiles({ name: "facade-nord.jpg", mimeType: "image/jpeg", buffer: photo });
    await form.getByRole("checkbox", { name: /J'accepte que mes données soient utilisées/ }).check();
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page).toHaveURL(/\/merci$/);

    // Staff find it at the top of Prospects.
    const user = await createStaffUser();
    await signIn(user, "/erp/login?redirectTo=/erp/leads");
    await expect(page).toHaveURL(/\/erp\/leads$/);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText("1 photo");
    await expect(row).toContainText("Nouveau");
    await page.getByRole("searchbox", { name: /Rechercher/ }).fill("la garde enduit");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(/q=la\+garde\+enduit/);
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
    await page.getByRole("link", { name }).click();

    // The lead's page: every field, the photo (thumbnail and full size), quick actions.
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(breadcrumb(page).getByRole("link", { name: "Prospects" })).toHaveAttribute(
      "href",
      "/erp/leads",
    );
    await expect(page.getByText("prospect.e2e@example.fr").first()).toBeVisible();
    await expect(page.getByText("Ravalement de façade").first()).toBeVisible();
    await expect(page.getByText("Site Web - Page Devis", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Appeler le 06 12 34 56 78" })).toHaveAttribute(
      "href",
      "tel:+33612345678",
    );
    await expect(page.getByRole("link", { name: "Écrire un e-mail" })).toHaveAttribute(
      "href",
      /^mailto:prospect\.e2e@example\.fr\?subject=/,
    );
    const thumbnail = page.getByRole("img", { name: /facade-nord\.jpg/ });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    const fullHref = await page.getByRole("link", { name: /facade-nord\.jpg/ }).getAttribute("href");
    const full = await page.request.get(fullHref ?? "");
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe("image/jpeg");
    expect((await sharp(await full.body()).metadata()).width).toBe(800);
    // Nobody else gets it.
    const anonymous = await httpRequest.newContext({ baseURL });
    expect((await anonymous.get(fullHref ?? "")).status()).toBe(401);
    await anonymous.dispose();
    await expectNoAxeViolations(page);

    // A status change and a note show in the timeline, with who made them.
    await page.getByRole("combobox", { name: "Statut", exact: true }).selectOption("contacte");
    await page.getByRole("button", { name: "Enregistrer le suivi" }).click();
    await expect(page.getByText("Suivi enregistré.", { exact: true })).toBeVisible();
    const timeline = page.getByRole("list", { name: "Historique du prospect" });
    await expect(timeline.getByRole("listitem").first()).toContainText("Statut : Nouveau → Contacté");
    await expect(timeline.getByRole("listitem").first()).toContainText(user.email);
    await page.getByLabel("Ajouter une note").fill("Appelé ce matin : visite prévue jeudi.");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(timeline.getByRole("listitem").first()).toContainText(
      "Appelé ce matin : visite prévue jeudi.",
    );
    await expect(timeline.getByRole("listitem").first()).toContainText(user.email);
    await expect(page.getByLabel("Ajouter une note")).toHaveValue("");
    await expect(timeline).toContainText("Demande reçue (Site Web - Page Devis)");

    // The list follows: filtered by status, and exported as CSV.
    await page.goto("/erp/leads?statut=contacte");
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Contacté");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporter en CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prospects-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await import("node:fs/promises")).readFile((await file.path()) ?? "");
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString("utf8");
    expect(text).toContain("Reçue le;Nom;E-mail;Téléphone");
    expect(text).toContain(`;${name};prospect.e2e@example.fr;06 12 34 56 78;`);
  });

  test("un prospect saisi après un appel, puis ses données exportées et supprimées", async ({
    page,
    createStaffUser,
    signIn,
    consoleErrors,
  }) => {
    const user = await createStaffUser();
    await signIn(user, "/erp/login?redirectTo=/erp/leads");
    await page.getByRole("link", { name: "Nouveau prospect" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau prospect" })).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing to call back on: refused with the field's message.
    await page.getByLabel("Nom et prénom *").fill("Appel Sans Contact");
    await page.getByLabel("Type de travaux *").selectOption("Extension");
    await page.getByLabel("Description du projet *").fill("Extension de 20 m² côté jardin.");
    await page.getByRole("button", { name: "Enregistrer le prospect" }).click();
    await expect(
      page.getByText("Indiquez au moins un téléphone ou une adresse e-mail pour recontacter la personne."),
    ).toBeVisible();
    await expect(page.getByLabel("Téléphone")).toHaveAttribute("aria-invalid", "true");
    // The refusal (400, bad input) is the one expected failed request here.
    const refusal = consoleErrors.findIndex((entry) => /^400 .*\/erp\/leads\/nouveau\.data/.test(entry));
    expect(refusal).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await page.getByLabel("Téléphone").fill("06 98 76 54 32");
    await page.getByLabel("Commune du chantier").fill("Six-Fours-les-Plages");
    await page.getByRole("button", { name: "Enregistrer le prospect" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Appel Sans Contact" })).toBeVisible();
    const timeline = page.getByRole("list", { name: "Historique du prospect" });
    await expect(timeline).toContainText("Prospect saisi par l'équipe (Appel téléphonique)");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporter en JSON" }).click();
    const file = await download;
    const exported = JSON.parse(
      await (await import("node:fs/promises")).readFile((await file.path()) ?? "", "utf8"),
    );
    expect(exported.demande).toMatchObject({ nom: "Appel Sans Contact", telephone: "06 98 76 54 32" });
    expect(exported.suivi.commune).toBe("Six-Fours-les-Plages");

    await page.getByRole("button", { name: "Supprimer les données…" }).click();
    const confirm = page.getByRole("alertdialog", {
      name: /Supprimer définitivement les données de Appel Sans Contact/,
    });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(page).toHaveURL(/\/erp\/leads$/);
    await expect(page.getByText("Les données du prospect ont été supprimées définitivement.")).toBeVisible();
    // Read once: a reload does not say it again.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Prospects", level: 1 })).toBeVisible();
    await expect(page.getByText("Les données du prospect ont été supprimées définitivement.")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Appel Sans Contact" })).toHaveCount(0);
  });

  test("le tableau de bord compte les demandes et mène aux listes filtrées", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    const user = await createStaffUser();
    await signIn(user);
    await expect(
      page.getByRole("heading", { level: 2, name: "Nouvelles demandes cette semaine" }),
    ).toBeVisible();
    await page.getByRole("link", { name: /prospects? « Nouveau »/ }).click();
    await expect(page).toHaveURL(/\/erp\/leads\?statut=nouveau$/);
    await expect(page.getByRole("combobox", { name: "Statut", exact: true })).toHaveValue("nouveau");
  });
});

test.describe("Espace Pro : Prospects sur téléphone", () => {
  test("les filtres se replient derrière « Filtres » qui compte les filtres actifs ; chaque prospect est une carte ; le tri est dans l'adresse", async ({
    page,
    createStaffUser,
    signIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createStaffUser();
    await signIn(user);
    await page.goto("/erp/leads?statut=nouveau&relance=");
    const filters = page.getByRole("search", { name: "Filtrer les prospects" });
    await expect(filters.getByRole("searchbox")).toBeVisible();
    // Folded: the status select is hidden until « Filtres (1 actif) » is opened.
    await expect(filters.getByRole("combobox", { name: "Statut", exact: true })).toBeHidden();
    const toggle = filters.locator("summary");
    await expect(toggle).toHaveText(/Filtres\s*1\s*actif/);
    await toggle.click();
    await expect(filters.getByRole("combobox", { name: "Statut", exact: true })).toBeVisible();
    await expect(filters.getByRole("combobox", { name: "Statut", exact: true })).toHaveValue("nouveau");
    await expectNoAxeViolations(page);

    // On a computer the filters are simply open, and a sortable header links to the sorted list.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/erp/leads");
    await expect(
      page.getByRole("search").getByRole("combobox", { name: "Statut", exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Filtrer" })).toBeVisible();
    await expect(breadcrumb(page).getByText("Espace Pro")).toBeVisible();
  });

  test("le fil d'Ariane garde le parent lisible sur téléphone", async ({ page, createStaffUser, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createStaffUser();
    await signIn(user);
    await page.goto("/erp/leads");
    await expect(breadcrumb(page).getByRole("link", { name: "Espace Pro" })).toBeVisible();
    const current = breadcrumb(page).locator('[aria-current="page"]');
    await expect(current).toHaveText("Prospects");
    // Whole words, not a chevron squeezed by truncation.
    expect((await current.boundingBox())?.width ?? 0).toBeGreaterThan(40);
  });
});

test.describe("Espace Pro : déconnexion et comptes", () => {
  test("« Déconnexion » met fin à la session sur le serveur", async ({
    page,
    createStaffUser,
    signIn,
    baseURL,
  }) => {
    const user = await createStaffUser();
    await signIn(user);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("batirade.session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(cookies.find((cookie) => cookie.name === "erp_hint")?.httpOnly).toBe(false);

    // The server out of reach: the spec's failure toast, and still signed in.
    await page.route("**/erp/logout.data*", (route) => route.abort("failed"));
    await page.getByRole("button", { name: "Déconnexion" }).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast.getByText("Échec de la déconnexion", { exact: true })).toBeVisible();
    await expect(toast.getByText("Une erreur est survenue.", { exact: true })).toBeVisible();
    await page.unroute("**/erp/logout.data*");

    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Espace Pro - Connexion" })).toBeVisible();
    await expect(page).toHaveURL(/\/erp$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === "erp_hint")).toBe(false);
    await page.goto("/erp/leads");
    await expect(page.getByRole("heading", { level: 1, name: "Espace Pro - Connexion" })).toBeVisible();
    // The old cookie, replayed, opens nothing.
    const replay = await httpRequest.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `${session?.name}=${session?.value}` },
    });
    expect((await replay.get("/api/erp/leads/export.csv")).status()).toBe(401);
    await replay.dispose();
    await page.goto("/");
    await expect(page.locator("header").getByRole("link", { name: /Espace Pro/ })).toHaveAttribute(
      "href",
      "/erp/login",
    );
  });

  test("un gérant crée un compte, puis le désactive : sa session prend fin", async ({
    page,
    browser,
    createStaffUser,
    signIn,
  }) => {
    // Two browser contexts, an account created and disabled: over 30 s on this machine.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    const owner = await createStaffUser("owner");
    await signIn(owner);
    await page.getByRole("button", { name: `Menu du compte ${owner.email}` }).click();
    await page.getByRole("menuitem", { name: "Comptes de l'équipe" }).click();
    await expect(page).toHaveURL(/\/erp\/comptes$/);
    await expectNoAxeViolations(page);
    const email = `nouvelle-${Date.now()}@batirade.test`;
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel(/Mot de passe \(12 caractères minimum\)/).fill("un-mot-de-passe-assez-long");
    await page.getByRole("button", { name: "Créer le compte" }).click();
    await expect(page.getByText(`Compte créé pour ${email}.`, { exact: true })).toBeVisible();

    // The new member signs in elsewhere...
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto("/erp/login");
    await otherPage.getByLabel("Identifiant (e-mail)").fill(email);
    await otherPage.getByLabel("Mot de passe", { exact: true }).fill("un-mot-de-passe-assez-long");
    await otherPage.getByRole("button", { name: "Connexion" }).click();
    await expect(otherPage.getByRole("button", { name: "Déconnexion" })).toBeVisible();

    // ...and loses the session as soon as the owner disables the account.
    const item = page.getByRole("listitem").filter({ hasText: email });
    await item.getByRole("button", { name: `Désactiver le compte ${email}` }).click();
    await expect(
      page.getByText("Compte désactivé ; ses sessions sont fermées.", { exact: true }),
    ).toBeVisible();
    await expect(item).toContainText("Désactivé");
    await otherPage.goto("/erp/leads");
    await expect(otherPage.getByRole("heading", { level: 1, name: "Espace Pro - Connexion" })).toBeVisible();
    await other.close();
  });
});
