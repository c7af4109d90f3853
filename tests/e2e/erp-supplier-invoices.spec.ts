import { generate, materialsInvoice, type Sample } from "../helpers/einvoice-samples.ts";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { fact, newStaffUser, type OwnServer, startSeededServer } from "./own-server.ts";

// Achats › Factures fournisseurs in Chromium: the owner drops a Factur-X invoice made by
// another generator, sees it read (supplier found by its SIREN, its lines) and matched with the
// seeded order it names (a price difference accepted), splits it over two lots of a job site,
// and finds it in the site's « Dépensé », the order no longer « Engagé ». axe-core checks each screen.

// The supplier's lines carry no reference: they are paired with the order's by designation.
const materials: Sample = materialsInvoice({}, { references: [null, null] });

test.describe("Achats : factures fournisseurs", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let jobSiteId = "";
  let orderNumber = "";
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { jobSiteId, orderNumber },
    } = await startSeededServer<{ jobSiteId: string; orderNumber: string }>("factures-fournisseurs", [
      "supplier-invoices-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant dépose une facture Factur-X, la voit lue, la répartit sur deux lots : le chantier la compte", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const origin = server.origin;
    // The Extended profile: this generator's EN16931 profile leaves the order reference (BT-13) out.
    const pdf = await generate({ ...materials, orderReference: orderNumber }, "Factur-X-Extended");
    await signIn(page, owner, `${origin}/erp/login`);

    await page.goto(`${origin}/erp/chantiers/${jobSiteId}`);
    await expect(page.getByTestId("engage-commandes")).toHaveText("Engagé (commandes) : 212,50\u00a0€ HT", {
      timeout: 30_000,
    });

    await page.goto(`${origin}/erp/achats/factures`);
    await expect(page.getByRole("heading", { level: 1, name: "Factures fournisseurs" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Importer des factures" }).first().click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Importer des factures fournisseurs" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByLabel(/Factures à importer/)
      .setInputFiles({ name: "FA-2026-00117.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
    await page.getByRole("button", { name: "Importer", exact: true }).click();
    const result = page.getByRole("region", { name: "Résultat de l'import" });
    await expect(result.getByText(/de Négoce Matériaux du Var enregistrée : 265,20/)).toBeVisible();
    await expectNoAxeViolations(page);

    await result.getByRole("link", { name: "FA-2026-00117" }).click();
    // The page loads on a busy machine: its data may take a few seconds.
    await expect(page.getByRole("heading", { level: 1, name: "Facture FA-2026-00117" })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByRole("region", { name: "Lignes" }).getByRole("cell", { name: /Sac de ciment 35 kg/ }),
    ).toBeVisible();
    await expect(fact(page.getByRole("region", { name: "La facture" }), "Total TTC")).toHaveText(
      "265,20\u00a0€",
    );
    await expectNoAxeViolations(page);

    // Matched with the order its reference names: the sand's price differs, the staff accept it.
    const matching = page.getByRole("region", { name: "Rapprochement avec la commande" });
    await expect(matching.getByRole("link", { name: orderNumber })).toBeVisible();
    await expect(matching.getByText("Rapprochement : écarts à traiter")).toBeVisible();
    await expect(matching).toContainText(
      "Prix unitaire différent de la commande — Facture : 48,40\u00a0€ HT, commande : 45,00\u00a0€ HT, écart : +3,40\u00a0€ par unité.",
    );
    await matching.getByRole("button", { name: "Accepter l'écart" }).click();
    await expect(page.getByText("Écart accepté.")).toBeVisible({ timeout: 30_000 });
    await expect(matching.getByText("Rapprochement : écarts acceptés")).toBeVisible();
    await expect(matching.getByText(new RegExp(`Écart accepté par ${owner.email}`))).toBeVisible();
    await expectNoAxeViolations(page);

    const first = page.getByRole("group", { name: "Répartition 1" });
    await first.getByLabel("Chantier").selectOption({ index: 1 });
    await first.getByLabel("Lot").selectOption({ label: "Maçonnerie" });
    await first.getByLabel("Montant HT").fill("121,00");
    const second = page.getByRole("group", { name: "Répartition 2" });
    await second.getByLabel("Chantier").selectOption({ index: 1 });
    await second.getByLabel("Lot").selectOption({ label: "Dallage" });
    await second.getByLabel("Montant HT").fill("100,00");
    await page.getByRole("button", { name: "Enregistrer la répartition" }).click();
    await expect(page.getByText("Répartition enregistrée : les chantiers en tiennent compte.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(/Réparti : 221,00\s€ HT sur 221,00\s€ HT/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${origin}/erp/chantiers/${jobSiteId}`);
    const costs = page.getByRole("region", { name: "Avancement et coûts" });
    await expect(fact(costs, "Dépensé")).toHaveText("221,00\u00a0€", { timeout: 30_000 });
    // Delivered and invoiced in full: the order no longer counts as committed.
    await expect(page.getByTestId("engage-commandes")).toHaveText("Engagé (commandes) : 0,00\u00a0€ HT");

    // The purchases journal's page, on the month under way.
    await page.goto(`${origin}/erp/achats/export`);
    await expect(page.getByRole("heading", { level: 1, name: "Export comptable des achats" })).toBeVisible();
    await page.getByRole("link", { name: "Mois en cours" }).click();
    await expect(page.getByRole("link", { name: "Mois en cours" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: /^Du / })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
