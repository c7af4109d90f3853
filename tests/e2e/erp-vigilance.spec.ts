import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { newStaffUser, type OwnServer, startSeededServer } from "./own-server.ts";

// The duty of vigilance in a real browser against the production build (issue 28): the owner
// opens a subcontractor whose URSSAF attestation expired, tries to record the payment of its
// invoice, reads why it is stopped, passes with a written reason; the payment is recorded and
// the subcontractor's history keeps the reason. axe-core checks each screen.

test.describe("Achats : devoir de vigilance", () => {
  let server: OwnServer | undefined;
  const owner = newStaffUser();
  let supplierId = "";
  let invoiceId = "";
  let orderId = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { supplierId, invoiceId, orderId },
    } = await startSeededServer<{ supplierId: string; invoiceId: string; orderId: string }>("vigilance", [
      "vigilance-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le paiement d'un sous-traitant sans attestation valable est arrêté ; le gérant passe outre avec une raison", async ({
    page,
    consoleErrors,
  }) => {
    // A refused post's 409 or 400 is the answer the page shows, not an error of the page.
    const expectRefusal = (status: number, url = `/erp/achats/factures/${invoiceId}`) => {
      const index = consoleErrors.findIndex((entry) => new RegExp(`^${status} .*${url}\\.data`).test(entry));
      expect(index, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
      consoleErrors.splice(index, 1);
    };
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin } = server;
    const reason = "Attestation URSSAF renouvelée reçue par courrier, scan à venir";
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/achats/fournisseurs/${supplierId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Étanchéité du Cap Brun" })).toBeVisible();
    const vigilance = page.getByRole("region", { name: "Vigilance" });
    await expect(vigilance.getByText("Expirée", { exact: true })).toBeVisible();
    await expect(vigilance.getByRole("status")).toContainText(
      "L'attestation de vigilance URSSAF de Étanchéité du Cap Brun a expiré le",
    );
    await expectNoAxeViolations(page);

    await page
      .getByRole("link", { name: /ECB-2026-017/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Facture ECB-2026-017" })).toBeVisible();
    await expectNoAxeViolations(page);
    const payment = page.getByRole("form", { name: "Marquer payée" });
    await payment.getByLabel("Référence").fill("VIR-2026-017");
    await payment.getByRole("button", { name: "Marquer payée" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "Devoir de vigilance" });
    await expect(alert).toContainText(
      "L'attestation de vigilance URSSAF de Étanchéité du Cap Brun a expiré le",
      { timeout: 30_000 },
    );
    await expect(alert).toBeFocused();
    expectRefusal(409);
    await expect(page.getByText("À payer").first()).toBeVisible();
    await expectNoAxeViolations(page);

    const override = page.getByRole("form", { name: "Passer outre pour ce paiement" });
    // Too short: the field says so, the stop stays on screen.
    await override.getByLabel("Raison de passer outre").fill("urgent");
    await override.getByRole("button", { name: "Passer outre" }).click();
    await expect(
      override.getByText(/Écrivez la raison de passer outre \(au moins 10 caractères\)/),
    ).toBeVisible({
      timeout: 30_000,
    });
    expectRefusal(400);
    await expectNoAxeViolations(page);
    await override.getByLabel("Raison de passer outre").fill(reason);
    await override.getByRole("button", { name: "Passer outre" }).click();
    await expect(
      page.getByText(
        "Facture marquée payée : la raison de passer outre est gardée dans l'historique du sous-traitant.",
      ),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      page
        .getByRole("region", { name: "Paiement" })
        .getByText(/Payée le .* par virement \(réf\. VIR-2026-017\)/),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Étanchéité du Cap Brun" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Étanchéité du Cap Brun" })).toBeVisible();
    await expect(
      page.getByText(`Devoir de vigilance : le gérant passe outre pour un paiement. Raison : ${reason}`),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The same stop on sending an order (the override served the payment only).
    await page.goto(`${origin}/erp/achats/commandes/${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Commande en brouillon" })).toBeVisible();
    await page.getByRole("button", { name: "Envoyer au fournisseur" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Devoir de vigilance" })).toContainText(
      "L'attestation de vigilance URSSAF de Étanchéité du Cap Brun a expiré le",
      { timeout: 30_000 },
    );
    expectRefusal(409, `/erp/achats/commandes/${orderId}`);
    await expect(
      page
        .getByRole("form", { name: "Passer outre le devoir de vigilance" })
        .getByLabel("Raison de passer outre"),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Commande en brouillon" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
