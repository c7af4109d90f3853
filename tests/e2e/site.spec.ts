import type { Locator, Page } from "@playwright/test";
import { company } from "#app/config/company.ts";
import { contactPage } from "#app/content/contact.ts";
import { projects } from "#app/content/projects.ts";
import { services } from "#app/content/services.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

/** Waits for two frames: time for layout, IntersectionObserver callbacks and React to settle. */
async function nextFrames(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

test.describe("réalisations : filtre par type de travaux", () => {
  const expected: Record<string, number> = {
    Tous: 10,
    Construction: 2,
    Rénovation: 3,
    Façades: 3,
    Isolation: 2,
  };

  test("chaque bouton affiche les chantiers de sa catégorie et se signale comme enfoncé", async ({
    page,
  }) => {
    // The test's own table must agree with the content it checks.
    expect(projects).toHaveLength(expected.Tous as number);
    await page.goto("/realisations");
    const filters = page.getByRole("group", { name: "Filtrer les réalisations par type de travaux" });
    const cards = page.locator("[data-portfolio] > li");
    const status = page.getByRole("status").filter({ hasText: "affichée" });
    await expect(cards).toHaveCount(10);
    await expect(filters.getByRole("button", { name: "Tous" })).toHaveAttribute("aria-pressed", "true");

    for (const [category, count] of Object.entries(expected).reverse()) {
      const button = filters.getByRole("button", { name: category, exact: true });
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(filters.locator('button[aria-pressed="true"]')).toHaveCount(1);
      await expect(cards).toHaveCount(count);
      await expect(status).toHaveText(
        `${count} réalisation${count > 1 ? "s" : ""} affichée${count > 1 ? "s" : ""}`,
      );
      if (category !== "Tous") {
        for (const card of await cards.all()) await expect(card).toHaveAttribute("data-category", category);
        const titles = projects
          .filter((project) => project.category === category)
          .map((project) => project.title);
        await expect(cards.getByRole("heading", { level: 3 })).toHaveText(titles);
      }
    }
  });

  test("chaque chantier mène à sa page de service", async ({ page }) => {
    await page.goto("/realisations");
    const cards = page.locator("[data-portfolio] > li");
    for (const [index, project] of projects.entries()) {
      await expect(cards.nth(index).getByRole("link")).toHaveAttribute("href", project.serviceLink);
    }
    await cards.nth(0).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${projects[0]?.serviceLink}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(services[0]?.h1 ?? "");
  });
});

test.describe("carrousel des avis", () => {
  /** Slides lying entirely inside the carousel's window. */
  async function visibleSlides(carousel: Locator): Promise<string[]> {
    return carousel.evaluate((root) => {
      const frame = root.getBoundingClientRect();
      return [...root.querySelectorAll<HTMLElement>("[data-slide]")]
        .filter((slide) => {
          // The card, not the slide: slides carry the gutter as left padding.
          const box = (slide.firstElementChild ?? slide).getBoundingClientRect();
          return box.left >= frame.left - 2 && box.right <= frame.right + 2 && box.width > 0;
        })
        .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
        .map((slide) => slide.getAttribute("aria-label") ?? "");
    });
  }

  for (const { width, cards, arrows } of [
    { width: 390, cards: 1, arrows: false },
    { width: 820, cards: 2, arrows: true },
    { width: 1280, cards: 3, arrows: true },
  ]) {
    test(`${width} px de large : ${cards} avis à la fois, flèches ${arrows ? "visibles" : "masquées"}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/services");
      const carousel = page.locator('[aria-roledescription="carrousel"]');
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute("data-carousel", "ready");
      await expect(carousel.locator("[data-slide]")).toHaveCount(testimonials.length);
      expect(await visibleSlides(carousel)).toHaveLength(cards);
      const next = page.getByRole("button", { name: "Avis suivant" });
      const previous = page.getByRole("button", { name: "Avis précédent" });
      if (arrows) {
        await expect(next).toBeVisible();
        await expect(previous).toBeVisible();
      } else {
        await expect(next).toBeHidden();
        await expect(previous).toBeHidden();
      }
    });
  }

  test("il tourne en boucle dans les deux sens", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/realisations");
    const carousel = page.locator('[aria-roledescription="carrousel"]');
    // Far below the first screen, the carousel waits: it starts as it comes near.
    await expect(carousel).toHaveAttribute("data-carousel", "static");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("data-carousel", "ready");
    const total = testimonials.length;
    await expect.poll(() => visibleSlides(carousel)).toEqual(["1 sur 6", "2 sur 6", "3 sur 6"]);

    // Back from the first review: the last one comes in from the left.
    await page.getByRole("button", { name: "Avis précédent" }).click();
    await expect.poll(() => visibleSlides(carousel)).toEqual([`${total} sur ${total}`, "1 sur 6", "2 sur 6"]);

    // Forward all the way round: after as many steps as there are reviews, the same window again.
    const next = page.getByRole("button", { name: "Avis suivant" });
    for (let step = 1; step <= total; step += 1) {
      await next.click();
      const first = ((step - 1) % total) + 1;
      await expect.poll(async () => (await visibleSlides(carousel))[0]).toBe(`${first} sur ${total}`);
    }
  });

  test("les notes sont lues « Note : 4,5 sur 5 », demi-étoiles comprises", async ({ page }) => {
    await page.goto("/services");
    const ratings = page.locator('[aria-roledescription="carrousel"]').getByRole("img", { name: /^Note : / });
    await expect(ratings).toHaveCount(testimonials.length);
    const names = testimonials.map((item) => `Note : ${item.rating === 5 ? "5" : "4,5"} sur 5`);
    for (const [index, name] of names.entries()) await expect(ratings.nth(index)).toHaveAccessibleName(name);
    const half = testimonials.findIndex((item) => item.rating === 4.5);
    await expect(ratings.nth(half).locator('[data-fill="0.5"]')).toHaveCount(1);
  });
});

test.describe("pages de service", () => {
  for (const service of services) {
    test(`${service.path} : FAQ dépliable, une question ouverte à la fois`, async ({ page }) => {
      await page.goto(service.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.h1);
      const faq = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { name: "Vos questions sur ce service" }) });
      const triggers = faq.getByRole("button");
      await expect(triggers).toHaveCount(service.faq.length);
      expect(service.faq.length).toBeGreaterThanOrEqual(3);
      expect(service.faq.length).toBeLessThanOrEqual(4);

      const first = triggers.nth(0);
      const second = triggers.nth(1);
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await expect(faq.getByText(service.faq[0]?.answer ?? "")).toBeHidden();
      await first.click();
      await expect(first).toHaveAttribute("aria-expanded", "true");
      await expect(faq.getByText(service.faq[0]?.answer ?? "")).toBeVisible();
      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "true");
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "false");

      // The page ends with its call to action towards the quote form.
      const quoteButtons = page.locator('a[data-quote-trigger="service"]');
      await expect(quoteButtons.last()).toHaveText(service.cta.buttonLabel);
      await expect(quoteButtons.last()).toHaveAttribute("href", "/devis");
    });
  }

  test("la rénovation propose un devis sous 24 h, qui mène au formulaire", async ({ page }) => {
    await page.goto("/services/renovation-toulon");
    const button = page.getByRole("link", { name: "Obtenir mon devis sous 24 h" }).last();
    await expect(button).toHaveAttribute("href", "/devis");
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
  });

  test("la page innovation renvoie vers la construction, la rénovation et le contact", async ({ page }) => {
    await page.goto("/services/innovation-3d-ia");
    const related = page.getByRole("navigation", { name: "Pour aller plus loin" });
    for (const href of ["/services/construction-toulon", "/services/renovation-toulon", "/contact"]) {
      await expect(related.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });
});

test.describe("contact : carte chargée à l'approche", () => {
  // The map is a third party: it may load only once the visitor accepted (see the consent gate).
  test.use({ storedConsent: "accepted" });

  test("aucune requête vers Google avant que la carte n'approche à 50 px de l'écran", async ({ page }) => {
    const mapRequests: string[] = [];
    // Nothing leaves the machine: Google's answer is played locally.
    await page.route("https://www.google.com/**", async (route) => {
      mapRequests.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: "<!doctype html><html lang=fr><title>Carte</title><p>Carte de démonstration</p></html>",
      });
    });
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto("/contact");
    const box = page.locator("[data-map-state]");
    await expect(box).toHaveAttribute("data-map-state", "watching");
    await expect(box.locator("iframe")).toHaveCount(0);

    const distance = async () =>
      box.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight);
    expect(await distance(), "la carte est loin sous l'écran au chargement").toBeGreaterThan(200);

    // 100 px below the bottom edge: still outside the 50 px margin.
    await page.evaluate(() => {
      const element = document.querySelector("[data-map-state]") as HTMLElement;
      window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight - 100);
    });
    await nextFrames(page);
    await nextFrames(page);
    expect(Math.round(await distance())).toBe(100);
    await expect(box).toHaveAttribute("data-map-state", "watching");
    expect(mapRequests).toEqual([]);

    // 30 px below the bottom edge: inside the margin, the map is created.
    await page.evaluate(() => window.scrollBy(0, 70));
    await expect(box).toHaveAttribute("data-map-state", "loaded");
    const iframe = box.locator("iframe");
    await expect(iframe).toHaveAttribute("title", contactPage.mapTitle);
    await expect(iframe).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    expect(mapRequests[0]).toContain(encodeURIComponent(company.address.street));
    await expect(page.frameLocator("iframe").getByText("Carte de démonstration")).toBeVisible();
  });

  test("itinéraire et messagerie s'ouvrent dans un nouvel onglet, annoncé", async ({ page }) => {
    await page.goto("/contact");
    const directions = page.getByRole("link", { name: `${contactPage.directionsLabel} (nouvelle fenêtre)` });
    await expect(directions).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    const chat = page.getByRole("link", { name: `${contactPage.chatLabel} (nouvelle fenêtre)` });
    await expect(chat).toHaveAttribute(
      "href",
      `https://wa.me/${company.whatsapp.e164}?text=${encodeURIComponent(contactPage.chatMessage)}`,
    );
    for (const link of [directions, chat]) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.locator("main a[href^='mailto:']")).toHaveCount(1);
    await expect(page.locator('main a[data-quote-trigger="contact"]')).toHaveAttribute("href", "/devis");
  });
});

test.describe("pages légales", () => {
  test("les CGV encadrent l'information sur les garanties légales et donnent le formulaire de rétractation", async ({
    page,
  }) => {
    await page.goto("/cgv");
    const framed = page.locator("#encadre-garanties-legales");
    await expect(framed).toBeVisible();
    const border = await framed.evaluate((element) => {
      const style = getComputedStyle(element);
      return { width: Number.parseFloat(style.borderTopWidth), style: style.borderTopStyle };
    });
    expect(border.width).toBeGreaterThanOrEqual(2);
    expect(border.style).toBe("solid");
    await expect(page.getByText("Modèle de formulaire de rétractation", { exact: true })).toBeVisible();
    await page.getByRole("navigation", { name: "Sommaire" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/#vendeur$/);
  });
});

test.describe("accessibilité des pages publiques (axe-core)", () => {
  const paths = [
    "/",
    "/services",
    ...services.map((service) => service.path),
    "/realisations",
    "/a-propos",
    "/contact",
    "/mentions-legales",
    "/politique-de-confidentialite",
    "/cgv",
    "/cgu",
    "/merci",
    "/success",
  ];
  for (const path of paths) {
    test(`aucune violation sur ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test("sur mobile aussi : accueil, réalisations et contact", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/realisations", "/contact"]) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("polices : le cœur seul", () => {
  // scripts/fonts-subset.ts: a page of French text needs the two preloaded core files,
  // and nothing else; a rarer character fetches Fontsource's file, only then.
  test("les pages publiques ne chargent que les deux polices préchargées, une fois chacune", async ({
    page,
  }) => {
    for (const path of ["/", "/services", "/realisations", "/a-propos", "/contact", "/faq", "/devis"]) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const preloaded = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href).sort());
      expect(preloaded, path).toHaveLength(2);
      expect(
        preloaded.every((href) => /\/assets\/(montserrat|open-sans)-core-[\w-]+\.woff2$/.test(href)),
      ).toBe(true);
      const fetched = await page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((name) => /\.woff2$/.test(name))
          .sort(),
      );
      expect(fetched, path).toEqual(preloaded);
      expect(
        await page.evaluate(() => document.fonts.check('700 16px "Montserrat Variable"', "Devis à Toulon")),
      ).toBe(true);
    }
  });

  test("un caractère hors du cœur vient du fichier complet de Fontsource, chargé à ce moment-là", async ({
    page,
  }) => {
    await page.goto("/faq");
    await page.evaluate(() => document.fonts.ready);
    const before = await page.evaluate(() => performance.getEntriesByType("resource").length);
    await page.evaluate(async () => {
      const probe = document.createElement("p");
      probe.textContent = "Straße Muñoz";
      document.body.append(probe);
      await document.fonts.load('400 16px "Open Sans Variable"', "ßñ");
    });
    const added = await page.evaluate(
      (from) =>
        performance
          .getEntriesByType("resource")
          .slice(from)
          .map((entry) => entry.name),
      before,
    );
    expect(added.filter((name) => /open-sans-latin-wght-normal-[\w-]+\.woff2$/.test(name))).toHaveLength(1);
  });
});
