import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import Stripe from "stripe";
import { type StoreServer, startStoreServer } from "../stubs/store-server.ts";
import { type StripeStub, startStripeStub } from "../stubs/stripe-server.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const CART_KEY = "e-commerce-cart";

/** Waits until React has hydrated the element (its event handlers are attached). */
async function hydrated(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))),
    )
    .toBe(true);
}

function card(page: Page, productId: string) {
  return page.locator(`article[data-product-id="${productId}"]`);
}

function cartButton(page: Page) {
  return page.locator("header [data-cart-count]");
}

async function cartLines(page: Page): Promise<{ variantId: string; quantity: number }[]> {
  return page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? "[]"), CART_KEY);
}

function toast(page: Page) {
  return page
    .getByRole("region", { name: /Notifications/ })
    .locator("li")
    .last();
}

async function openProduct(page: Page, id: string) {
  await page.goto(`/product/${id}`);
  await hydrated(page.getByRole("button", { name: "Ajouter au panier" }));
}

test.describe("listing /store", () => {
  test("shows the products server-rendered, with ribbon, sale price and a placeholder picture", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/store")).text();
    expect(html).toContain("Perforateur burineur SDS-Plus 800 W");
    await page.goto("/store");
    await expect(page.getByRole("heading", { level: 1, name: "Boutique" })).toBeVisible();
    await expect(page.locator("article[data-product-id]")).toHaveCount(24);
    const drill = card(page, "perforateur-sds-plus");
    await expect(drill.getByText("Promo", { exact: true })).toBeVisible();
    await expect(drill.getByText("159,00 €")).toBeVisible();
    await expect(drill.locator("del")).toHaveText("Prix initial : 189,00 €");
    const earplugs = card(page, "bouchons-oreilles").locator("img");
    await expect(earplugs).toHaveAttribute("data-placeholder", "true");
    await expect(earplugs).toHaveAttribute("src", /placeholder-product.*\.svg$/);
    await expect(card(page, "panneau-fibre-bois").getByText("Indisponible pour le moment")).toBeVisible();
    await expect(
      card(page, "panneau-fibre-bois").getByRole("button", { name: "Ajouter au panier" }),
    ).toBeDisabled();
  });

  for (const [width, columns] of [
    [390, 1],
    [700, 2],
    [1100, 3],
    [1400, 4],
  ] as const) {
    test(`lays the grid out in ${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/store");
      const boxes = await page
        .locator("article[data-product-id]")
        .evaluateAll((elements) =>
          elements.slice(0, 6).map((element) => element.getBoundingClientRect().top),
        );
      const firstRow = boxes.filter((top) => Math.abs(top - (boxes[0] ?? 0)) < 2).length;
      expect(firstRow).toBe(columns);
    });
  }

  test("'Ajouter au panier' adds a single-variant product at once, and says so", async ({ page }) => {
    await page.goto("/store");
    const button = card(page, "truelle-macon").getByRole("button", { name: "Ajouter au panier" });
    await hydrated(button);
    await button.click();
    await expect(toast(page)).toContainText("Ajouté au panier !");
    await expect(toast(page)).toContainText("Truelle de maçon 20 cm, lame inox");
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "1");
    expect(await cartLines(page)).toMatchObject([{ variantId: "truelle-macon--standard", quantity: 1 }]);
  });

  test("a product with several variants sends the buyer to its page instead", async ({ page }) => {
    await page.goto("/store");
    const button = card(page, "visseuse-chocs-18v").getByRole("button", { name: "Ajouter au panier" });
    await hydrated(button);
    await button.click();
    await expect(page).toHaveURL(/\/product\/visseuse-chocs-18v$/);
    await expect(page.getByRole("combobox", { name: "Style" })).toHaveValue("visseuse-chocs-18v--seule");
    expect(await cartLines(page)).toEqual([]);
  });

  test("refuses to add beyond a managed stock, with the stock message", async ({ page }) => {
    await page.goto("/store");
    const button = card(page, "harnais-antichute").getByRole("button", { name: "Ajouter au panier" });
    await hydrated(button);
    await button.click();
    await expect(toast(page)).toContainText("Erreur lors de l'ajout au panier");
    await expect(toast(page)).toContainText("Stock insuffisant. 0 restant(s).");
    expect(await cartLines(page)).toEqual([]);
  });

  test("the card's title leads to the product page", async ({ page }) => {
    await page.goto("/store");
    await page.getByRole("link", { name: "Niveau laser croix vert autonivelant" }).click();
    await expect(page).toHaveURL(/\/product\/niveau-laser-croix$/);
  });

  test("has no accessibility violation", async ({ page }) => {
    await page.goto("/store");
    await expectNoAxeViolations(page);
  });
});

test.describe("listing states with another store (STORE_API_URL)", () => {
  test.describe.configure({ mode: "serial" });
  let store: StoreServer;
  let server: SecondServer | undefined;
  let origin = "";
  let mode: "empty" | "broken" | "slow-empty" = "empty";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    store = await startStoreServer(async () => {
      if (mode === "broken")
        return new Response("indisponible", { status: 503, statusText: "Service Unavailable" });
      if (mode === "slow-empty") await new Promise((resolve) => setTimeout(resolve, 1500));
      return Response.json({ count: 0, offset: 0, limit: 100, products: [] });
    });
    server = await startSecondServer({ STORE_API_URL: store.url });
    origin = server.origin;
  });
  test.afterAll(async () => {
    await server?.stop();
    await store?.close();
  });

  test("an empty store shows 'Aucun produit disponible pour le moment.'", async ({ page }) => {
    mode = "empty";
    await page.goto(`${origin}/store`);
    await expect(page.getByText("Aucun produit disponible pour le moment.")).toBeVisible();
    await expect(page.locator("article[data-product-id]")).toHaveCount(0);
  });

  test("a failing store shows the error with its message; 'Réessayer' shows the spinner while it loads", async ({
    page,
  }) => {
    mode = "broken";
    const response = await page.goto(`${origin}/store`);
    expect(response?.status()).toBe(503);
    await expect(
      page.getByText("Erreur lors du chargement des produits: HTTP 503: Service Unavailable"),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    mode = "slow-empty";
    const retry = page.getByRole("button", { name: "Réessayer" });
    await hydrated(retry);
    await retry.click();
    await expect(page.getByRole("status").filter({ hasText: "Chargement des produits…" })).toBeVisible();
    await expect(page.getByText("Aucun produit disponible pour le moment.")).toBeVisible();
  });
});

test.describe("product page", () => {
  test("is server-rendered with its title, suffix, description and Product/Offer structured data", async ({
    request,
  }) => {
    const html = await (await request.get("/product/perforateur-sds-plus")).text();
    expect(html).toContain("<title>Perforateur burineur SDS-Plus 800 W | Boutique Bâti Rade Toulon</title>");
    expect(html).toMatch(/<meta name="description" content="Le perforateur du quotidien pour le béton/);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1] ?? "{}"),
    );
    expect(ld).toContainEqual(
      expect.objectContaining({
        "@type": "Product",
        offers: expect.objectContaining({ "@type": "Offer", price: "159.00", priceCurrency: "EUR" }),
      }),
    );
    expect(html).toContain("<strong>2,8 J de force de frappe</strong>");
  });

  test("'Retour à la boutique' leads to /store", async ({ page }) => {
    await openProduct(page, "truelle-macon");
    await page.getByRole("link", { name: "Retour à la boutique" }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("the gallery wraps around with previous/next, and its dots choose a picture", async ({ page }) => {
    await openProduct(page, "perforateur-sds-plus");
    const picture = page.getByRole("img", { name: /Perforateur burineur SDS-Plus 800 W, photo/ });
    await expect(picture).toHaveAttribute("src", "/products/perforateur.svg");
    await page.getByRole("button", { name: "Photo précédente" }).click();
    await expect(picture).toHaveAttribute("src", "/products/perforateur-foret.svg");
    await expect(picture).toHaveAccessibleName("Perforateur burineur SDS-Plus 800 W, photo 3 sur 3");
    await page.getByRole("button", { name: "Photo suivante" }).click();
    await expect(picture).toHaveAttribute("src", "/products/perforateur.svg");
    await page.getByRole("button", { name: "Photo suivante" }).click();
    await page.getByRole("button", { name: "Photo suivante" }).click();
    await expect(picture).toHaveAttribute("src", "/products/perforateur-foret.svg");
    await page.getByRole("button", { name: "Photo suivante" }).click();
    await expect(picture).toHaveAttribute("src", "/products/perforateur.svg");
    const second = page.getByRole("button", { name: "Photo 2 sur 3" });
    await second.click();
    await expect(picture).toHaveAttribute("src", "/products/perforateur-coffret.svg");
    await expect(second).toHaveAttribute("aria-current", "true");
  });

  test("a product without pictures shows the fallback picture and no gallery buttons", async ({ page }) => {
    await openProduct(page, "bouchons-oreilles");
    await expect(page.locator("main img[data-placeholder='true']")).toBeVisible();
    await expect(page.getByRole("button", { name: "Photo suivante" })).toHaveCount(0);
  });

  test("the 'Style' selector appears with several variants, first one chosen; choosing one moves the gallery", async ({
    page,
  }) => {
    await openProduct(page, "casque-chantier");
    const style = page.getByRole("combobox", { name: "Style" });
    await expect(style).toHaveValue("casque-chantier--blanc");
    const picture = page.getByRole("img", { name: /Casque de chantier ventilé EN 397, photo/ });
    await expect(picture).toHaveAttribute("src", "/products/casque-blanc.svg");
    await style.selectOption({ label: "Bleu" });
    await expect(picture).toHaveAttribute("src", "/products/casque-bleu.svg");
    await expect(page.getByRole("button", { name: "Photo 3 sur 3" })).toHaveAttribute("aria-current", "true");
    await style.selectOption({ label: "Jaune" });
    await expect(picture).toHaveAttribute("src", "/products/casque-jaune.svg");
    await openProduct(page, "truelle-macon");
    await expect(page.getByRole("combobox", { name: "Style" })).toHaveCount(0);
  });

  test("the price follows the variant, with the original struck through on sale", async ({ page }) => {
    await openProduct(page, "visseuse-chocs-18v");
    await expect(page.locator("main [data-price]").first()).toHaveText("129,00 €");
    await page
      .getByRole("combobox", { name: "Style" })
      .selectOption({ label: "Pack 2 batteries 4 Ah + chargeur" });
    await expect(page.locator("main [data-price]").first()).toHaveText("229,00 €");
    await openProduct(page, "meuleuse-125");
    await expect(page.locator("main del")).toHaveText("Prix initial : 89,00 €");
  });

  test("the quantity changes by one and never goes below 1", async ({ page }) => {
    await openProduct(page, "truelle-macon");
    const quantity = page.getByRole("textbox", { name: "Quantité" });
    const minus = page.getByRole("button", { name: "Diminuer la quantité" });
    const plus = page.getByRole("button", { name: "Augmenter la quantité" });
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await plus.click();
    await plus.click();
    await expect(quantity).toHaveValue("3");
    await minus.click();
    await expect(quantity).toHaveValue("2");
    await minus.click();
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await quantity.fill("0");
    await quantity.blur();
    await expect(quantity).toHaveValue("1");
    await quantity.fill("7");
    await expect(plus).toBeEnabled();
    await expect(minus).toBeEnabled();
  });

  test("stock messages: in stock (green), insufficient, unavailable; the button follows", async ({
    page,
  }) => {
    await openProduct(page, "niveau-laser-croix");
    const add = page.getByRole("button", { name: "Ajouter au panier" });
    const message = page.locator("main p[role='status']");
    await expect(message).toHaveText("2 en stock !");
    await expect(message).toHaveClass(/text-green-800/);
    await page.getByRole("button", { name: "Augmenter la quantité" }).click();
    await expect(message).toHaveText("2 en stock !");
    await expect(add).toBeEnabled();
    await page.getByRole("button", { name: "Augmenter la quantité" }).click();
    await expect(message).toHaveText("Stock insuffisant. 2 restant(s).");
    await expect(add).toBeDisabled();

    await openProduct(page, "harnais-antichute");
    await expect(page.locator("main p[role='status']")).toHaveText("Stock insuffisant. 0 restant(s).");
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeDisabled();

    await page.goto("/product/panneau-fibre-bois");
    await expect(page.locator("main p[role='status']")).toHaveText("Indisponible pour le moment");
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toBeDisabled();

    await openProduct(page, "truelle-macon");
    await expect(page.locator("main p[role='status']")).toHaveText("");
  });

  test("adds the chosen variant and quantity; going beyond the stock across adds is refused", async ({
    page,
  }) => {
    await openProduct(page, "casque-chantier");
    await page.getByRole("combobox", { name: "Style" }).selectOption({ label: "Jaune" });
    await page.getByRole("button", { name: "Augmenter la quantité" }).click();
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(toast(page)).toContainText("Ajouté au panier !");
    await expect(toast(page)).toContainText("Casque de chantier ventilé EN 397 (Jaune)");
    expect(await cartLines(page)).toMatchObject([{ variantId: "casque-chantier--jaune", quantity: 2 }]);

    await openProduct(page, "niveau-laser-croix");
    await page.getByRole("button", { name: "Augmenter la quantité" }).click();
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(toast(page)).toContainText("Ajouté au panier !");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(toast(page)).toContainText("Oh non! Une erreur est survenue.");
    await expect(toast(page)).toContainText("Stock insuffisant. 2 restant(s).");
    expect(
      (await cartLines(page)).find((line) => line.variantId === "niveau-laser-croix--standard")?.quantity,
    ).toBe(2);
  });

  test("an unknown product shows the error view with a way back, answered 404 and noindex", async ({
    page,
  }) => {
    const response = await page.goto("/product/produit-inconnu");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Erreur lors du chargement du produit: HTTP 404: Not Found")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Voir tous les produits de la boutique" }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("has no accessibility violation", async ({ page }) => {
    await openProduct(page, "casque-chantier");
    await expectNoAxeViolations(page);
  });
});

test.describe("cart", () => {
  test("the header count appears after hydration without moving the header's icons", async ({ page }) => {
    await page.goto("/");
    const account = page.getByRole("link", { name: /Espace Pro/ });
    const before = await account.boundingBox();
    await page.evaluate((key) => {
      window.localStorage.setItem(
        key,
        JSON.stringify([
          {
            productId: "truelle-macon",
            variantId: "truelle-macon--standard",
            title: "Truelle de maçon 20 cm, lame inox",
            variantTitle: null,
            priceCents: 1290,
            currencyCode: "eur",
            image: "/products/truelle.svg",
            quantity: 3,
            manageInventory: false,
            inventoryQuantity: 0,
          },
        ]),
      );
    }, CART_KEY);
    await page.reload();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "3");
    await expect(cartButton(page)).toHaveAccessibleName("Panier : 3 articles");
    expect(await account.boundingBox()).toEqual(before);
  });

  test("on a 360 px screen the cart, account and menu buttons all stay on screen", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/store");
    for (const control of [
      cartButton(page),
      page.getByRole("link", { name: /Espace Pro/ }),
      page.getByRole("button", { name: "Ouvrir le menu" }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
  });

  test("persists across reloads; the panel changes quantities, removes lines and shows the total", async ({
    page,
  }) => {
    await openProduct(page, "truelle-macon");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await openProduct(page, "regle-alu");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "2");

    await page.reload();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "2");
    await hydrated(cartButton(page));
    await cartButton(page).click();
    const panel = page.getByRole("dialog", { name: "Votre panier" });
    await expect(panel).toBeVisible();
    await expect(panel.locator("[data-cart-total]")).toHaveText("37,80 €");
    await panel
      .getByRole("button", { name: "Augmenter la quantité : Truelle de maçon 20 cm, lame inox" })
      .click();
    await expect(panel.locator("[data-cart-total]")).toHaveText("50,70 €");
    await expectNoAxeViolations(page);
    await panel.getByRole("button", { name: "Retirer du panier : Règle de maçon aluminium 2 m" }).click();
    await expect(panel.locator("[data-cart-total]")).toHaveText("25,80 €");
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "2");

    await page.reload();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "2");
    expect(await cartLines(page)).toMatchObject([{ variantId: "truelle-macon--standard", quantity: 2 }]);
    await hydrated(cartButton(page));
    await cartButton(page).click();
    await page
      .getByRole("dialog", { name: "Votre panier" })
      .getByRole("button", { name: /^Retirer du panier/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Votre panier" })).toContainText("Votre panier est vide.");
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "0");
  });
});

test.describe("cart panel, connection lost", () => {
  test("when the panel's code cannot be downloaded, it says so and still leads to the order page", async ({
    page,
  }) => {
    await openProduct(page, "truelle-macon");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "1");
    // The lines' code is fetched only when the panel first opens (or on hover): cut it off.
    await page.route("**/assets/cart-lines-*.js", (route) => route.abort("internetdisconnected"));
    await cartButton(page).click();
    const panel = page.getByRole("dialog", { name: "Votre panier" });
    await expect(panel.getByRole("alert")).toContainText("Le détail du panier n'a pas pu se charger.");
    await panel.getByRole("link", { name: "Voir ma commande" }).click();
    await expect(page).toHaveURL(/\/commande$/);
  });
});

test.describe("checkout", () => {
  test("an empty cart says so on /commande, which is noindex", async ({ page }) => {
    await page.goto("/commande");
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("a manual-payment order: checks, priced by the server, then ends on its confirmation page with the cart emptied", async ({
    page,
  }) => {
    await openProduct(page, "truelle-macon");
    await page.getByRole("button", { name: "Augmenter la quantité" }).click();
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "2");
    await hydrated(cartButton(page));
    await cartButton(page).click();
    await page.getByRole("dialog", { name: "Votre panier" }).getByRole("link", { name: "Commander" }).click();
    await expect(page).toHaveURL(/\/commande$/);

    // The browser's copy of the price is not what the order uses.
    const total = page.locator("[data-checkout-total]");
    await expect(total).toHaveText("25,80 €");
    await expect(page.getByText("Paiement par virement")).toBeVisible();

    const submit = page.getByRole("button", { name: "Valider la commande" });
    await submit.click();
    await expect(page.getByText("Le nom/prénom est requis.")).toBeVisible();
    await expect(page.getByText("L'adresse email n'est pas valide.")).toBeVisible();
    await expect(page.getByText("Le numéro de téléphone est invalide.")).toBeVisible();
    await expect(page.getByText("Vous devez accepter les conditions générales de vente.")).toBeVisible();

    await page.getByRole("textbox", { name: "Nom et prénom" }).fill("Camille Martin");
    await page.getByRole("textbox", { name: "E-mail" }).fill("camille.martin@example.fr");
    await page.getByRole("textbox", { name: "Téléphone" }).fill("06 12 34 56 78");
    await page.getByRole("radio", { name: /Livraison dans le Var/ }).check();
    await expect(total).toHaveText("45,70 €");
    await page.getByRole("textbox", { name: "Code postal" }).fill("13001");
    await submit.click();
    await expect(page.getByText("Indiquez l'adresse de livraison (numéro et rue).")).toBeVisible();
    await expect(
      page.getByText(
        "Nous livrons uniquement dans le Var (codes postaux 83…). Choisissez le retrait à Toulon.",
      ),
    ).toBeVisible();
    await page.getByRole("radio", { name: /Retrait à notre atelier/ }).check();
    await expect(total).toHaveText("25,80 €");
    await page.getByRole("checkbox", { name: /conditions générales de vente/ }).check();
    await expectNoAxeViolations(page);
    await submit.click();

    // Nothing is paid yet: not /success ("Paiement Réussi !") but the order's confirmation, with how to pay.
    await expect(page).toHaveURL(/\/commande\/confirmation\?commande=CMD-\d{6}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Commande enregistrée !" })).toBeVisible();
    const reference = new URL(page.url()).searchParams.get("commande");
    await expect(page.locator("[data-order-reference]")).toHaveText(reference ?? "");
    await expect(page.getByText("Elle est en attente de paiement")).toBeVisible();
    await expect(page.getByText(/^Paiement par virement/)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "0");
    expect(await cartLines(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("the confirmation page shows back only a well-formed order reference", async ({ page }) => {
    await page.goto("/commande/confirmation?commande=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    await expect(page.getByRole("heading", { level: 1, name: "Commande enregistrée !" })).toBeVisible();
    await expect(page.locator("[data-order-reference]")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("script");
  });

  test("a refused order keeps the buyer on the page with the store's message", async ({ page }) => {
    await page.addInitScript((key) => {
      if (window.localStorage.getItem("shop-test-seeded")) return;
      window.localStorage.setItem("shop-test-seeded", "1");
      window.localStorage.setItem(
        key,
        JSON.stringify([
          {
            productId: "harnais-antichute",
            variantId: "harnais-antichute--standard",
            title: "Harnais antichute 2 points d'ancrage",
            variantTitle: null,
            priceCents: 6490,
            currencyCode: "eur",
            image: "/products/harnais.svg",
            quantity: 1,
            manageInventory: false,
            inventoryQuantity: null,
          },
        ]),
      );
    }, CART_KEY);
    await page.goto("/commande");
    await expect(page.getByText("Stock insuffisant. 0 restant(s).")).toBeVisible();
    await expect(page.getByRole("button", { name: "Valider la commande" })).toBeDisabled();
  });

  test("coming back from a cancelled online payment keeps the cart and says so", async ({ page }) => {
    await page.goto("/commande?paiement=annule");
    await expect(
      page.getByText("Paiement annulé : votre commande n'a pas été validée. Votre panier est conservé"),
    ).toBeVisible();
  });
});

test.describe("online payment with Stripe (a second server, against a loopback Stripe stub)", () => {
  test.describe.configure({ mode: "serial" });
  const secretKey = "sk_test_e2eBoutique";
  const webhookSecret = "whsec_e2eBoutique";
  let stub: StripeStub;
  let server: SecondServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stub = await startStripeStub();
    server = await startSecondServer({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stub.url,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  async function stockOfYellowHelmet(origin: string) {
    const answer = await fetch(
      `${origin}/api/store/batirade-toulon/variants?fields=inventory_quantity&product_ids[]=casque-chantier`,
    );
    const body = (await answer.json()) as { variants: { id: string; inventory_quantity: number }[] };
    return body.variants.find((variant) => variant.id === "casque-chantier--jaune")?.inventory_quantity;
  }

  async function orderYellowHelmet(page: Page, origin: string) {
    await page.goto(`${origin}/product/casque-chantier`);
    await hydrated(page.getByRole("button", { name: "Ajouter au panier" }));
    await page.getByRole("combobox", { name: "Style" }).selectOption({ label: "Jaune" });
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "1");
    await page.goto(`${origin}/commande`);
    await expect(page.getByText("Paiement sécurisé par carte bancaire")).toBeVisible();
    await page.getByRole("textbox", { name: "Nom et prénom" }).fill("Inès Garcia");
    await page.getByRole("textbox", { name: "E-mail" }).fill("ines.garcia@example.fr");
    await page.getByRole("textbox", { name: "Téléphone" }).fill("0494000000");
    await page.getByRole("checkbox", { name: /conditions générales de vente/ }).check();
    await page.getByRole("button", { name: "Payer 19,90 €" }).click();
    await expect(page.getByRole("heading", { name: "Payer 19,90 €" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(stub.url).origin);
  }

  test("the buyer goes to Stripe; giving up brings them back to the cart and releases the stock", async ({
    page,
  }) => {
    const origin = server?.origin ?? "";
    const before = await stockOfYellowHelmet(origin);
    await orderYellowHelmet(page, origin);
    expect(await stockOfYellowHelmet(origin)).toBe((before ?? 0) - 1);
    // The way back carries the order's secret: the same address without it cancels nothing.
    const back = new URL((await page.getByRole("link", { name: "Retour" }).getAttribute("href")) ?? "");
    expect(back.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const forged = await fetch(`${back.origin}${back.pathname}`, { redirect: "manual" });
    expect(forged.status).toBe(403);
    expect(await stockOfYellowHelmet(origin)).toBe((before ?? 0) - 1);
    await page.getByRole("link", { name: "Retour" }).click();
    await expect(page).toHaveURL(`${origin}/commande?paiement=annule`);
    await expect(page.getByText("Paiement annulé : votre commande n'a pas été validée.")).toBeVisible();
    // The count comes back once the page is hydrated and the cart read again: on a loaded
    // machine that took longer than the default 7 s (a fresh-clone run saw « 0 » at 7 s).
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "1", { timeout: 30_000 });
    expect(await stockOfYellowHelmet(origin)).toBe(before);
  });

  test("paying ends on /success with the cart emptied; Stripe's signed notification marks the order paid", async ({
    page,
  }) => {
    const origin = server?.origin ?? "";
    await orderYellowHelmet(page, origin);
    await page.getByRole("link", { name: "Payer" }).click();
    await expect(page).toHaveURL(new RegExp(`^${origin}/success\\?commande=CMD-\\d{6}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Paiement Réussi !" })).toBeVisible();
    await expect(cartButton(page)).toHaveAttribute("data-cart-count", "0");

    const sessionId = stub.paid.at(-1) ?? "";
    const event = stub.completeSession(sessionId);
    const payload = JSON.stringify(event);
    const signature = new Stripe(secretKey).webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
    });
    const notify = () =>
      fetch(`${origin}/api/store/batirade-toulon/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      }).then((response) => response.json());
    expect(await notify()).toEqual({ received: true, outcome: "payée" });
    expect(await notify()).toEqual({ received: true, outcome: "déjà traitée" });
  });
});

type SecondServer = { origin: string; stop: () => Promise<void> };

/**
 * Another production server, straight from the build the main test server uses (never
 * rebuilding it under that server's feet), on a fresh data directory, with `env`.
 */
async function startSecondServer(env: Record<string, string>): Promise<SecondServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-e2e-shop-"));
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Its own origin: the run's SITE_URL names the main test server.
      SITE_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "fatal",
      ...env,
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  await waitForHealth(`${origin}/healthz`);
  return {
    origin,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} ne répond pas`);
}
