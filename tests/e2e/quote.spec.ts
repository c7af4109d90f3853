import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const MESSAGES = {
  name: "Le nom/prénom est requis.",
  email: "L'adresse email n'est pas valide.",
  phone: "Le numéro de téléphone est invalide.",
  workType: "Veuillez sélectionner un type de travaux.",
  message: "Veuillez décrire votre projet (10 caractères minimum).",
  consent: "Vous devez accepter notre politique de confidentialité.",
};

/** A tiny real PNG, made here rather than shipped. */
async function pngPhoto() {
  const buffer = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#c73e1d" } })
    .png()
    .toBuffer();
  return { name: "facade.png", mimeType: "image/png", buffer };
}

test.beforeEach(async ({ page }) => {
  // The cookie banner would cover the bottom of small screens: the choice is already made.
  await page.addInitScript(() => window.localStorage.setItem("cookie_consent", "declined"));
});

/** Waits until React has hydrated the element (its event handlers are attached). */
async function hydrated(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))),
    )
    .toBe(true);
}

function quoteDialog(page: Page) {
  return page.getByRole("dialog", { name: "Demande de devis gratuit" });
}

async function expectModalFrame(page: Page) {
  const dialog = quoteDialog(page);
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize();
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(500);
  expect(box?.height ?? 0).toBeLessThanOrEqual((viewport?.height ?? 0) * 0.9 + 1);
  await expect(dialog.getByLabel("Nom et prénom")).toBeFocused();
  return dialog;
}

async function fillValidForm(scope: Page | Locator) {
  await scope.getByLabel("Nom et prénom").fill("Marie Dupont");
  await scope.getByLabel("E-mail").fill("marie.dupont@example.fr");
  await scope.getByLabel("Téléphone").fill("06 12 34 56 78");
  await scope.getByLabel("Type de travaux").selectOption("Ravalement de façade");
  await scope.getByLabel("Budget estimé (facultatif)").selectOption("15 000 € - 30 000 €");
  await scope.getByLabel("Description du projet").fill("Ravalement d'une maison de 120 m² à La Garde.");
  await scope.getByRole("checkbox", { name: /J'accepte que mes données soient utilisées/ }).check();
}

test.describe("la fenêtre de demande de devis", () => {
  test("s'ouvre depuis « Devis Gratuit » de l'en-tête, sur grand écran, sans quitter la page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/faq");
    const button = page.locator("header").getByRole("link", { name: "Devis Gratuit" });
    await expect(button).toHaveAttribute("href", "/devis");
    await hydrated(button);
    await button.click();
    const dialog = await expectModalFrame(page);
    await expect(page).toHaveURL(/\/faq$/);
    await expect(dialog).toContainText("48h");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("s'ouvre depuis le bouton de l'accueil", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const hero = page.locator('main [data-quote-trigger="hero"]');
    await hydrated(hero);
    await hero.click();
    await expectModalFrame(page);
    await quoteDialog(page).getByRole("button", { name: "Fermer" }).click();
    await expect(quoteDialog(page)).toBeHidden();
  });

  test("s'ouvre depuis la barre mobile à 390 px et défile à l'intérieur", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/faq");
    const bar = page.getByRole("navigation", { name: "Actions rapides" });
    const quote = bar.getByRole("link", { name: "Devis gratuit" });
    await hydrated(quote);
    await quote.click();
    const dialog = await expectModalFrame(page);
    const scroll = await dialog.evaluate((element) => {
      const style = getComputedStyle(element);
      element.scrollTop = 10_000;
      return { overflow: style.overflowY, scrolled: element.scrollTop > 0 };
    });
    expect(scroll).toEqual({ overflow: "auto", scrolled: true });
    await expect(dialog.getByRole("button", { name: "Envoyer ma demande" })).toBeInViewport();
  });

  test("affiche chaque message sous son champ, puis le retire dès que le champ est corrigé", async ({
    page,
  }) => {
    await page.goto("/faq");
    const button = page.locator("header").getByRole("link", { name: "Devis Gratuit" });
    await hydrated(button);
    await button.click();
    const dialog = quoteDialog(page);
    await dialog.getByRole("button", { name: "Envoyer ma demande" }).click();
    const fields: [string | RegExp, string][] = [
      ["Nom et prénom", MESSAGES.name],
      ["E-mail", MESSAGES.email],
      ["Téléphone", MESSAGES.phone],
      ["Type de travaux", MESSAGES.workType],
      ["Description du projet", MESSAGES.message],
      [/J'accepte que mes données/, MESSAGES.consent],
    ];
    for (const [label, message] of fields) {
      const field = dialog.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
      // The message sits right below its own field.
      const fieldBox = await field.boundingBox();
      const messageBox = await dialog.getByText(message, { exact: true }).boundingBox();
      expect(messageBox?.y ?? 0).toBeGreaterThan(fieldBox?.y ?? 0);
    }
    await expect(dialog.getByLabel("Nom et prénom")).toBeFocused();

    await dialog.getByLabel("Nom et prénom").fill("M");
    await expect(dialog.getByText(MESSAGES.name)).toBeVisible();
    await dialog.getByLabel("Nom et prénom").fill("Marie");
    await expect(dialog.getByText(MESSAGES.name)).toHaveCount(0);
    await dialog.getByLabel("Téléphone").fill("06 12 34");
    await expect(dialog.getByText(MESSAGES.phone)).toBeVisible();
    await dialog.getByLabel("Téléphone").fill("+33 6 12 34 56 78");
    await expect(dialog.getByText(MESSAGES.phone)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("refuse un fichier qui n'est pas une photo, et une photo de plus de 5 Mo", async ({ page }) => {
    await page.goto("/faq");
    const button = page.locator("header").getByRole("link", { name: "Devis Gratuit" });
    await hydrated(button);
    await button.click();
    const dialog = quoteDialog(page);
    await fillValidForm(dialog);
    const photos = dialog.getByLabel("Photos (facultatif)");
    await photos.setInputFiles({
      name: "devis.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4"),
    });
    await dialog.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(dialog.getByText("Formats acceptés : .jpg, .jpeg, .png, .webp.")).toBeVisible();
    await dialog.getByRole("button", { name: "Retirer devis.pdf" }).click();
    await expect(dialog.getByText("Formats acceptés : .jpg, .jpeg, .png, .webp.")).toHaveCount(0);
    await photos.setInputFiles({
      name: "grande.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(dialog.getByText("La taille max. par photo est 5MB.")).toBeVisible();
  });

  test("une demande complète avec une photo : « Envoi... », puis la notification et la fenêtre se ferme", async ({
    page,
  }) => {
    await page.goto("/faq");
    const button = page.locator("header").getByRole("link", { name: "Devis Gratuit" });
    await hydrated(button);
    await button.click();
    const dialog = quoteDialog(page);
    await fillValidForm(dialog);
    await dialog.getByLabel("Photos (facultatif)").setInputFiles(await pngPhoto());
    await expect(dialog.getByRole("list", { name: "Photos ajoutées" })).toContainText("facade.png");

    // Hold the request until the sending state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/devis.data*", async (route) => {
      await held;
      await route.continue();
    });
    const submit = dialog.getByRole("button", { name: "Envoyer ma demande" });
    await submit.click();
    const sending = dialog.getByRole("button", { name: "Envoi..." });
    await expect(sending).toBeDisabled();
    release();

    await expect(page.getByText("Demande envoyée !", { exact: true })).toBeVisible();
    await expect(page.getByText("Merci ! Nous vous répondrons sous 48h.", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/faq$/);

    // Opened again: an empty form, no photo left.
    await button.click();
    await expect(quoteDialog(page).getByLabel("Nom et prénom")).toHaveValue("");
    await expect(quoteDialog(page).getByRole("list", { name: "Photos ajoutées" })).toHaveCount(0);
  });

  test("en cas d'échec : notification « Erreur » et les valeurs restent", async ({ page }) => {
    await page.goto("/faq");
    const button = page.locator("header").getByRole("link", { name: "Devis Gratuit" });
    await hydrated(button);
    await button.click();
    const dialog = quoteDialog(page);
    await fillValidForm(dialog);
    await page.route("**/devis.data*", (route) => route.abort("connectionrefused"));
    await dialog.getByRole("button", { name: "Envoyer ma demande" }).click();
    const toast = page.locator('[data-variant="destructive"]');
    await expect(toast.getByText("Erreur", { exact: true })).toBeVisible();
    await expect(
      toast.getByText("Une erreur est survenue. Veuillez réessayer.", { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Nom et prénom")).toHaveValue("Marie Dupont");
    await expect(dialog.getByLabel("Type de travaux")).toHaveValue("Ravalement de façade");
    await expect(dialog.getByRole("button", { name: "Envoyer ma demande" })).toBeEnabled();
  });
});

test.describe("la fenêtre de demande de devis, connexion coupée", () => {
  test("si le formulaire ne peut pas se charger, elle le dit et propose la page /devis", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/faq");
    // The form's code loads when the modal first opens (or on hover): cut it off.
    await page.route("**/assets/quote-form-*.js", (route) => route.abort("internetdisconnected"));
    const button = page.locator("header").getByRole("link", { name: "Devis Gratuit" });
    await hydrated(button);
    await button.click();
    const dialog = quoteDialog(page);
    await expect(dialog.getByRole("alert")).toContainText("Le formulaire n'a pas pu se charger.");
    await dialog.getByRole("link", { name: "Ouvrir la page Demande de devis" }).click();
    await expect(page).toHaveURL(/\/devis$/);
    // The module cut off on purpose may also be reported by the browser itself (Chrome
    // sometimes logs the failed dynamic import): that report, and only it, is expected.
    for (let index = consoleErrors.length - 1; index >= 0; index--) {
      if (
        /Failed to fetch dynamically imported module: .*\/assets\/quote-form-[^/]*\.js$/.test(
          consoleErrors[index] ?? "",
        )
      ) {
        consoleErrors.splice(index, 1);
      }
    }
  });
});

test.describe("la page /devis", () => {
  test("porte le formulaire, sans violation d'accessibilité, et se termine sur /merci", async ({ page }) => {
    await page.goto("/devis");
    await expect(page.getByRole("heading", { level: 1, name: "Demande de devis gratuit" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("48 heures (jours ouvrés)");
    await expect(page.getByRole("link", { name: /politique de confidentialité/ })).toHaveAttribute(
      "href",
      "/politique-de-confidentialite",
    );
    await expectNoAxeViolations(page);
    const form = page.getByRole("form", { name: "Demande de devis gratuit" });
    await hydrated(form.getByRole("button", { name: "Envoyer ma demande" }));
    await fillValidForm(form);
    await form.getByLabel("Photos (facultatif)").setInputFiles(await pngPhoto());
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page).toHaveURL(/\/merci$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Votre demande a bien été reçue !");
  });
});

test.describe("sans JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("le bouton de l'en-tête mène à /devis", async ({ page }) => {
    await page.goto("/faq");
    await page.locator("header").getByRole("link", { name: "Devis Gratuit" }).click();
    await expect(page).toHaveURL(/\/devis$/);
  });

  test("les erreurs reviennent sous leurs champs, puis la demande aboutit sur /merci", async ({ page }) => {
    await page.goto("/devis");
    const form = page.getByRole("form", { name: "Demande de devis gratuit" });
    await form.getByLabel("Nom et prénom").fill("A");
    await form.getByLabel("E-mail").fill("marie.dupont@example.fr");
    await form.getByLabel("Description du projet").fill("Trop court");
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page).toHaveURL(/\/devis$/);
    for (const [label, message] of [
      ["Nom et prénom", MESSAGES.name],
      ["Téléphone", MESSAGES.phone],
      ["Type de travaux", MESSAGES.workType],
      [/J'accepte que mes données/, MESSAGES.consent],
    ] as const) {
      await expect(form.getByLabel(label)).toHaveAccessibleDescription(message);
    }
    await expect(form.getByText(MESSAGES.email)).toHaveCount(0);
    // What was typed is still there.
    await expect(form.getByLabel("E-mail")).toHaveValue("marie.dupont@example.fr");
    await expect(form.getByLabel("Description du projet")).toHaveValue("Trop court");

    await fillValidForm(form);
    await form.getByLabel("Photos (facultatif)").setInputFiles(await pngPhoto());
    await form.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page).toHaveURL(/\/merci$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Votre demande a bien été reçue !");
  });
});

test.describe("le serveur refuse les envois d'un autre site", () => {
  const fields = {
    user_name: "Marie Dupont",
    user_email: "marie.dupont@example.fr",
    user_phone: "0612345678",
    work_type: "Extension",
    message: "Extension de 20 m² côté jardin.",
    consent: "on",
    source: "page",
  };

  for (const [label, headers] of [
    ["un Origin étranger", { Origin: "https://pirate.example" }],
    ["un Origin « null »", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site sans Origin", { "Sec-Fetch-Site": "cross-site" }],
  ] as const) {
    for (const path of ["/devis", "/devis.data"]) {
      test(`${path} avec ${label} : 403 en français`, async ({ request }) => {
        const response = await request.post(path, { headers, multipart: fields, maxRedirects: 0 });
        expect(response.status()).toBe(403);
        expect(await response.text()).toContain("Ce formulaire ne peut être envoyé que depuis notre site.");
      });
    }
  }
});
