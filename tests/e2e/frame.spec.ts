import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

test.describe("cadre commun des pages", () => {
  test("l'en-tête devient une barre blanche translucide après 20 px de défilement", async ({ page }) => {
    await page.goto("/faq");
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 15));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/bg-white\/90/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("le menu mobile se ferme à chaque changement de page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/faq");
    const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
    await toggle.click();
    const mobileNav = page.getByRole("navigation", { name: "Navigation mobile" });
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("le lien d'évitement mène au contenu principal", async ({ page }) => {
    await page.goto("/faq");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu principal" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#contenu")).toBeFocused();
  });

  test("F8 place le focus sur la zone des notifications", async ({ page }) => {
    await page.goto("/faq");
    await page.locator("body").click();
    await page.keyboard.press("F8");
    const region = page.getByRole("region", { name: /Notifications/ });
    await expect(region).toBeAttached();
    await expect(page.locator("ol[tabindex='-1']").or(page.locator("[role=region] ol"))).toBeFocused();
  });

  test("le pied de page porte les liens, les coordonnées et l'année en cours", async ({ page }) => {
    await page.goto("/faq");
    const footer = page.locator("footer");
    for (const href of [
      "/services",
      "/realisations",
      "/a-propos",
      "/contact",
      "/mentions-legales",
      "/politique-de-confidentialite",
      "/cgv",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText("SIRET");
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  });

  test("la barre mobile propose l'appel et le devis, avec des cibles d'au moins 48 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/faq");
    const bar = page.getByRole("navigation", { name: "Actions rapides" });
    const call = bar.getByRole("link", { name: "Appeler" });
    const quote = bar.getByRole("link", { name: "Devis gratuit" });
    await expect(call).toHaveAttribute("href", /^tel:/);
    for (const target of [call, quote]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    }
  });

  test("l'Espace Pro n'affiche ni l'en-tête, ni le pied de page, ni la barre mobile publics", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/erp");
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Actions rapides" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(0);
  });
});

test.describe("chargement des scripts", () => {
  for (const path of ["/", "/faq", "/store"]) {
    test(`${path} : la page s'affiche avant que ses scripts ne commencent à se charger, puis devient interactive`, async ({
      page,
    }) => {
      await page.goto(path);
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const scripts = performance
          .getEntriesByType("resource")
          .filter(
            (entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"),
          );
        return {
          paint: paint?.startTime ?? Number.NaN,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
        };
      });
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.firstScript).toBeGreaterThan(timing.paint);
      // Hydrated: the mobile menu button answers.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await expect(page.getByRole("navigation", { name: "Navigation mobile" })).toBeVisible();
    });
  }
});

test.describe("chargement des scripts, requête bloquée", () => {
  test("une image qui ne finit jamais de charger n'empêche pas la page de devenir interactive", async ({
    page,
  }) => {
    // The hero picture never arrives: `load` never fires, the scripts start after 10 s anyway.
    await page.route("**/assets/hero-home-*.svg", () => new Promise(() => {}));
    const started = Date.now();
    await page.goto("/", { waitUntil: "domcontentloaded" });
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    expect(Date.now() - started).toBeGreaterThan(9_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("navigation", { name: "Navigation mobile" })).toBeVisible();
  });
});

test.describe("redirections et page introuvable", () => {
  const redirects: Record<string, string> = {
    "/espace-pro": "/erp",
    "/services/construction": "/services/construction-toulon",
    "/services/renovation": "/services/renovation-toulon",
    "/services/facades": "/services/ravalement-facade-toulon",
    "/services/isolation": "/services/isolation-thermique-var",
    "/confidentialite": "/politique-de-confidentialite",
  };
  for (const [from, to] of Object.entries(redirects)) {
    test(`${from} redirige en 301 vers ${to}`, async ({ request, page }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers().location ?? "", "http://x").pathname).toBe(to);
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    });
  }

  test("une adresse inconnue répond 404 avec la page « Erreur 404 » en noindex", async ({ page }) => {
    const response = await page.goto("/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Erreur 404" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("accessibilité (axe-core)", () => {
  for (const path of ["/", "/faq", "/page-inconnue"]) {
    test(`aucune violation sur ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("FAQ", () => {
  test("accordéon : ouvrir une question ferme la précédente, recliquer la referme", async ({ page }) => {
    await page.goto("/faq");
    const triggers = page.locator("main h2 button");
    expect(await triggers.count()).toBeGreaterThanOrEqual(8);
    const first = triggers.nth(0);
    const second = triggers.nth(1);
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Contactez-nous" })).toHaveAttribute("href", "/contact");
  });
});

test.describe("code des fenêtres chargé à l'approche", () => {
  const scriptsFetched = (page: Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => name.endsWith(".js")),
    );

  test("ni la fenêtre de devis, ni le panier, ni les notifications ne chargent leur code avec la page", async ({
    page,
  }) => {
    await page.goto("/");
    const scripts = await scriptsFetched(page);
    expect(scripts.length).toBeGreaterThan(3);
    expect(
      scripts.filter((name) => /(quote-modal-dialog|cart-panel|toast-list|quote-form)-/.test(name)),
    ).toEqual([]);

    // Approaching a quote button fetches the dialog and the form; the click opens it at once.
    const quoteButton = page.locator('a[data-quote-trigger="hero"]').first();
    await quoteButton.hover();
    await expect
      .poll(async () =>
        (await scriptsFetched(page)).filter((name) => /(quote-modal-dialog|quote-form)-/.test(name)),
      )
      .toHaveLength(2);
    await quoteButton.click();
    await expect(page.getByRole("dialog", { name: "Demande de devis gratuit" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(quoteButton).toBeFocused();
  });

  test("le panier s'ouvre au premier clic, se referme avec Échap et rend le focus à son bouton", async ({
    page,
  }) => {
    await page.goto("/faq");
    // By its attributes, not its role: while the panel is open the page behind it is
    // hidden from assistive technologies, as it should be.
    const cart = page.locator("button[data-cart-count]");
    await expect(page.getByRole("button", { name: /^Panier/ })).toHaveCount(1);
    await expect(cart).toHaveAttribute("aria-expanded", "false");
    await expect(cart).toHaveAttribute("aria-haspopup", "dialog");
    await cart.click();
    const panel = page.getByRole("dialog", { name: "Votre panier" });
    await expect(panel).toBeVisible();
    await expect(cart).toHaveAttribute("aria-expanded", "true");
    await expect(cart).toHaveAttribute("aria-controls", (await panel.getAttribute("id")) ?? "-");
    await expect(panel.getByText("Votre panier est vide.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(cart).toBeFocused();
    await expect(cart).toHaveAttribute("aria-expanded", "false");
  });
});
