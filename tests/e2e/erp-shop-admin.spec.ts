import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { jpegPhoto, mailTo, type OwnServer, setUpInvoicing, startOwnServer } from "./own-server.ts";

// Espace Pro › Boutique, end to end on a server of its own whose mail goes to a loopback
// SMTP server: a visitor orders two products to collect and pay at the workshop; the owner
// marks the order paid by cheque (its Factur-X invoice goes with the e-mail), prepares it,
// marks it ready and collected, each e-mail read at the SMTP server; then changes a price
// and uploads a picture in the catalogue, and /store and the product page show them.
// axe-core checks the catalogue's two pages.

const CART_KEY = "e-commerce-cart";

test.describe("Boutique : commande, facture et catalogue, lus sur le serveur SMTP", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer("boutique");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("deux produits en retrait → payée par chèque, facture jointe → préparée → prête → retirée ; prix et image changés, vus sur /store", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    const stamp = Date.now().toString().slice(-6);
    const email = `lea.${stamp}@example.fr`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. The bank details and the décennale: without them no invoice is issued.
    const { owner } = await setUpInvoicing(page, server);

    // 2. The visitor's cart: a pair of gloves (on sale) and two tracing lines, for pick-up.
    await page.addInitScript((key) => {
      if (window.sessionStorage.getItem("shop-admin-seeded")) return;
      window.sessionStorage.setItem("shop-admin-seeded", "1");
      const line = (
        productId: string,
        title: string,
        variantTitle: string,
        priceCents: number,
        quantity: number,
      ) => ({
        productId,
        variantId: `${productId}--standard`,
        title,
        variantTitle,
        priceCents,
        currencyCode: "eur",
        image: null,
        quantity,
        manageInventory: false,
        inventoryQuantity: null,
      });
      window.localStorage.setItem(
        key,
        JSON.stringify([
          line("gants-nitrile", "Gants de manutention enduits nitrile (12 paires)", "Taille 9 (L)", 1990, 1),
          line("cordeau-traceur", "Cordeau traceur 30 m + poudre bleue 115 g", "30 m", 1390, 2),
        ]),
      );
    }, CART_KEY);
    await page.goto(`${origin}/commande`);
    await expect(page.locator("[data-checkout-total]")).toHaveText("47,70 €");
    await page.getByRole("textbox", { name: "Nom et prénom" }).fill(`Léa Martin ${stamp}`);
    await page.getByRole("textbox", { name: "E-mail" }).fill(email);
    await page.getByRole("textbox", { name: "Téléphone" }).fill("06 98 76 54 32");
    await page.getByRole("radio", { name: /Retrait à notre atelier/ }).check();
    await page.getByRole("checkbox", { name: /conditions générales de vente/ }).check();
    await page.getByRole("button", { name: "Valider la commande" }).click();
    await expect(page).toHaveURL(/\/commande\/confirmation\?commande=CMD-\d{6}$/);
    const reference = new URL(page.url()).searchParams.get("commande") ?? "";
    await mailTo(smtp, email, new RegExp(`^Votre commande ${reference} est enregistrée`));

    // 3. The owner finds it and marks it paid by cheque: the invoice goes with the e-mail.
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/boutique/commandes`);
    await page.getByRole("searchbox").fill(reference);
    await page.getByRole("searchbox").press("Enter");
    await page
      .getByRole("link", { name: new RegExp(reference) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `Commande ${reference}` })).toBeVisible();
    const actions = page.getByRole("region", { name: "Actions" });
    await actions.getByLabel("Mode de paiement reçu").selectOption("cheque");
    await actions.getByRole("button", { name: "Marquer comme payée", exact: true }).click();
    await expect(page.getByText(/La facture est jointe à l'e-mail\./)).toBeVisible();
    const invoicePanel = page.getByRole("region", { name: "Facture" });
    const invoiceLink = invoicePanel.getByRole("link", { name: /^Facture FAC-\d{4}-\d{4}$/ });
    await expect(invoiceLink).toBeVisible();
    const invoiceNumber = ((await invoiceLink.textContent()) ?? "").replace("Facture ", "").trim();

    const paid = await mailTo(smtp, email, new RegExp(`^Paiement reçu : commande ${reference}`));
    expect(paid.parsed?.text).toContain(`Votre facture ${invoiceNumber} est jointe à cet e-mail.`);
    const attachment = paid.parsed?.attachments.find(
      (file) => file.filename === `${invoiceNumber.toLowerCase()}.pdf`,
    );
    expect(attachment?.contentType).toBe("application/pdf");
    const pdf = Buffer.from(attachment?.content ?? []);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The Factur-X XML travels inside the PDF.
    expect(pdf.includes(Buffer.from("factur-x.xml"))).toBe(true);
    // The same bytes as the invoice the Espace Pro serves.
    const served = await page.request.get(
      `${origin}${await invoicePanel.getByRole("link", { name: "PDF Factur-X" }).getAttribute("href")}`,
    );
    expect(Buffer.from(await served.body()).equals(pdf)).toBe(true);

    // 4. Prepared, ready, collected: each step its e-mail.
    for (const [button, subject] of [
      ["Préparer", `^Votre commande ${reference} est en préparation`],
      ["Prête à retirer", `^Votre commande ${reference} est prête à retirer`],
      ["Retirée", `^Votre commande ${reference} a été retirée`],
    ] as const) {
      await page
        .getByRole("region", { name: "Actions" })
        .getByRole("button", { name: button, exact: true })
        .click();
      await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toBeVisible();
      const mail = await mailTo(smtp, email, new RegExp(subject));
      expect(mail.parsed?.text).toContain(reference);
    }
    await expect(page.getByRole("region", { name: "Actions" })).toHaveCount(0);

    // 5. The catalogue: the tracing line's price goes from 13,90 € to 15,90 €.
    await page.goto(`${origin}/erp/boutique/commandes`);
    await page.getByRole("navigation", { name: "Boutique" }).getByRole("link", { name: "Catalogue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("searchbox").fill("cordeau");
    await page.getByRole("searchbox").press("Enter");
    await page
      .getByRole("link", { name: /^Cordeau traceur 30 m/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /^Cordeau traceur 30 m/ })).toBeVisible();
    const variant = page.getByRole("article", { name: /30 m/ });
    await variant.getByLabel(/^Prix TTC/).fill("15,90");
    await variant.getByRole("button", { name: "Enregistrer la variante" }).click();
    await expect(page.getByText("Variante « 30 m » enregistrée.")).toBeVisible();

    // 6. A picture, described, put first: it becomes the store's thumbnail.
    const images = page.getByRole("region", { name: "Images" });
    await images
      .getByLabel("Image (JPEG, PNG ou WebP, 5 Mo au plus)")
      .setInputFiles(await jpegPhoto("cordeau-chantier.jpg"));
    await images.getByLabel("Texte de l'image (facultatif)").fill("Cordeau tendu sur une dalle");
    await images.getByRole("button", { name: "Ajouter l'image" }).click();
    await expect(page.getByText("Image ajoutée : la boutique la montre déjà.")).toBeVisible();
    const gallery = page.getByRole("list", { name: "Images du produit, dans l'ordre de la boutique" });
    const count = await gallery.getByRole("listitem").count();
    for (let position = count; position > 1; position--) {
      await gallery
        .getByRole("button", { name: `Placer l'image ${position} avant l'image ${position - 1}` })
        .click();
      await expect(page.getByText("Ordre des images enregistré.")).toBeVisible();
    }
    await expect(gallery.getByRole("img", { name: "Cordeau tendu sur une dalle" })).toHaveAttribute(
      "src",
      /^\/images\/produits\/\d{4}\/\d{2}\/[0-9a-f]{32}-page\.webp$/,
    );
    const history = page.getByRole("list", { name: "Historique du produit" });
    await expect(history).toContainText("Variante « 30 m » modifiée : prix 13,90");
    await expect(history).toContainText("Image ajoutée (« Cordeau tendu sur une dalle »)");
    await expectNoAxeViolations(page);

    // 7. The store and the product page show both, at once.
    await page.goto(`${origin}/store`);
    const card = page.getByRole("listitem").filter({ hasText: "Cordeau traceur 30 m" }).first();
    await expect(card).toContainText("15,90 €");
    await expect(card.getByRole("img").first()).toHaveAttribute("src", /^\/images\/produits\/.+-card\.webp$/);
    await page.goto(`${origin}/product/cordeau-traceur`);
    await expect(page.getByText("15,90 €").first()).toBeVisible();
    const picture = page.getByRole("img", { name: /^Cordeau tendu sur une dalle, photo 1 sur / }).first();
    await expect(picture).toHaveAttribute("src", /^\/images\/produits\/.+-page\.webp$/);
    const image = await page.request.get(`${origin}${await picture.getAttribute("src")}`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");

    // 8. The order bought before the change keeps its price.
    await page.goto(`${origin}/erp/boutique/commandes`);
    await page
      .getByRole("link", { name: new RegExp(reference) })
      .first()
      .click();
    await expect(page.getByText("13,90 € l'unité")).toBeVisible();
  });
});
