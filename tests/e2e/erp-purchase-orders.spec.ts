import { randomBytes } from "node:crypto";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { mailTo, newStaffUser, type OwnServer, startSeededServer } from "./own-server.ts";

// Achats › Commandes in a real browser against the production build (issue 28, « Proof »):
// on a server of its own whose mail goes to a loopback SMTP server, the owner types a
// purchase order for a job site, sends it to the supplier (number BC-…, the PDF attached,
// read at the SMTP server), receives part of it, and sees the committed amount on the
// site's page. axe-core checks the list, the form and the order's page.

test.describe("Achats : bon de commande envoyé au fournisseur", () => {
  let server: OwnServer | undefined;
  const owner = newStaffUser();
  const supplierEmail = `commandes-${randomBytes(3).toString("hex")}@negoce-varois.test`;
  let siteId = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { siteId },
    } = await startSeededServer<{ siteId: string }>("commandes", [
      "purchase-orders-seed.ts",
      owner.email,
      owner.password,
      supplierEmail,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant commande pour un chantier, envoie le bon au fournisseur, réceptionne une partie", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/achats/commandes`);
    await expect(page.getByRole("heading", { level: 1, name: "Commandes" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Nouvelle commande" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouvelle commande" })).toBeVisible();
    await page.locator("#commande-supplierId").selectOption({ label: "Négoce Varois de Matériaux" });
    await page.locator("#commande-jobSiteId").selectOption({ index: 1 });
    await page.getByLabel("Livraison souhaitée le").fill("2026-12-15");
    const first = page.getByRole("group", { name: "Ligne 1" });
    await first.getByLabel("Désignation").fill("Plaque de plâtre BA13");
    await first.getByLabel("Quantité").fill("40");
    await first.getByLabel("Unité").fill("u");
    await first.getByLabel("Prix unitaire HT").fill("7,35");
    const second = page.getByRole("group", { name: "Ligne 2" });
    await second.getByLabel("Désignation").fill("Rail 48 mm");
    await second.getByLabel("Quantité").fill("12,5");
    await second.getByLabel("Unité").fill("ml");
    await second.getByLabel("Prix unitaire HT").fill("1,99");
    await expectNoAxeViolations(page);
    // Entrée in a field saves the order (the form's default button), never « Ajouter des lignes ».
    await second.getByLabel("Prix unitaire HT").press("Enter");

    await expect(page.getByRole("heading", { level: 1, name: "Commande en brouillon" })).toBeVisible();
    await expect(page.getByText("Commande enregistrée en brouillon.")).toBeVisible();
    await expect(page.getByText(/318,88/).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Envoyer au fournisseur" }).click();
    const number = `BC-${new Date().getFullYear()}-0001`;
    await expect(page.getByRole("heading", { level: 1, name: `Commande ${number}` })).toBeVisible();
    await expect(page.getByText(`Commande ${number} envoyée à ${supplierEmail}.`)).toBeVisible();
    const mail = await mailTo(smtp, supplierEmail, new RegExp(`^Bon de commande ${number} — `));
    expect(mail.parsed?.text).toContain(number);
    const attachments = mail.parsed?.attachments ?? [];
    expect(attachments.map((attachment) => attachment.filename)).toEqual([
      `bon-de-commande-${number.toLowerCase()}.pdf`,
    ]);
    expect(attachments[0]?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expectNoAxeViolations(page);

    // Part of the plates arrive: « Livré partiellement », the rest to come shown.
    const reception = page.getByRole("form", { name: "Réceptionner une livraison" });
    await reception.getByLabel(/^Plaque de plâtre BA13/).fill("30");
    await reception.getByRole("button", { name: "Réceptionner" }).click();
    await expect(page.getByText("Livraison réceptionnée : le reste de la commande est attendu.")).toBeVisible(
      { timeout: 30_000 },
    );
    await expect(page.getByText("Livré partiellement").first()).toBeVisible();
    await expect(page.getByRole("cell", { name: /^10\s+u$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // The site's budget shows the committed amount.
    await page.goto(`${origin}/erp/chantiers/${siteId}`);
    await expect(page.getByTestId("engage-commandes")).toContainText("318,88");
  });
});
