import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";

// Espace Pro › Boutique › Commandes in a real browser against the production build: a
// visitor orders a tracing line for pick-up and pays later; staff find the order in the
// list, mark it paid, prepare it, mark it ready and picked up. axe-core checks the list and
// the order page, at desktop width and on a phone.

const CART_KEY = "e-commerce-cart";

test.describe("Boutique : une commande du site traitée dans l'Espace Pro", () => {
  test("commande en retrait → payée → en préparation → prête à retirer → retirée", async ({
    page,
    createStaffUser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString().slice(-6);
    const buyer = `Jules Ferrand ${stamp}`;

    // The visitor's cart holds one tracing line (a product no other test orders).
    await page.addInitScript((key) => {
      if (window.sessionStorage.getItem("erp-orders-seeded")) return;
      window.sessionStorage.setItem("erp-orders-seeded", "1");
      window.localStorage.setItem(
        key,
        JSON.stringify([
          {
            productId: "cordeau-traceur",
            variantId: "cordeau-traceur--standard",
            title: "Cordeau traceur 30 m + poudre bleue 115 g",
            variantTitle: "30 m",
            priceCents: 1390,
            currencyCode: "eur",
            image: "/products/cordeau.svg",
            quantity: 2,
            manageInventory: false,
            inventoryQuantity: null,
          },
        ]),
      );
    }, CART_KEY);
    await page.goto("/commande");
    await expect(page.locator("[data-checkout-total]")).toHaveText("27,80 €");
    await page.getByRole("textbox", { name: "Nom et prénom" }).fill(buyer);
    await page.getByRole("textbox", { name: "E-mail" }).fill(`jules.${stamp}@example.fr`);
    await page.getByRole("textbox", { name: "Téléphone" }).fill("06 98 76 54 32");
    await page.getByRole("radio", { name: /Retrait à notre atelier/ }).check();
    await page.getByRole("checkbox", { name: /conditions générales de vente/ }).check();
    await page.getByRole("button", { name: "Valider la commande" }).click();
    await expect(page).toHaveURL(/\/commande\/confirmation\?commande=CMD-\d{6}$/);
    const reference = new URL(page.url()).searchParams.get("commande") ?? "";

    // Staff find it in the list, searched by its number.
    const staff = await createStaffUser("staff");
    await signIn(page, staff, "/erp/login?redirectTo=/erp/boutique/commandes");
    await expect(page.getByRole("heading", { level: 1, name: "Commandes de la boutique" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("searchbox").fill(reference);
    await page.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${reference}`));
    await page
      .getByRole("link", { name: new RegExp(reference) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `Commande ${reference}` })).toBeVisible();
    await expect(page.getByText(buyer).first()).toBeVisible();
    await expect(page.getByText("En attente de paiement").first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Paid at the counter, then prepared, ready and picked up: each step its button.
    const actions = page.getByRole("region", { name: "Actions" });
    for (const [button, status] of [
      ["Marquer comme payée", "Payée"],
      ["Préparer", "En préparation"],
      ["Prête à retirer", "Prête à retirer"],
      ["Retirée", "Retirée"],
    ] as const) {
      await actions.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toBeVisible();
      await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
    }
    // A final status offers no action, and the history says who did what.
    await expect(page.getByRole("region", { name: "Actions" })).toHaveCount(0);
    const history = page.getByRole("list", { name: "Historique de la commande" });
    await expect(history).toContainText("Statut : En attente de paiement → Payée");
    await expect(history).toContainText("Statut : Prête à retirer → Retirée");
    await expect(history).toContainText(staff.email);
    await expectNoAxeViolations(page);

    // On a phone, the order page reads without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expectNoAxeViolations(page);
  });
});
