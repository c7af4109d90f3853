import { formatDate } from "#app/lib/paris-time.ts";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  createUserOn,
  expectNoHorizontalScroll,
  isoDayIn,
  type OwnServer,
  startOwnServer,
} from "./own-server.ts";

// The company's compliance register (Documents), on a server of its own: the owner adds the
// décennale attestation ending in 45 days; a text file renamed .pdf is refused by its bytes,
// what was typed kept; the real PDF is filed « À renouveler », on the register, its page and
// the dashboard; axe finds nothing on each screen, and the register fits a phone.

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test.describe("Documents : registre de conformité", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer("documents");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le gérant dépose l'attestation décennale ; un faux PDF est refusé ; elle est « À renouveler »", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const owner = await createUserOn(server, "owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${server.origin}/erp/login?redirectTo=/erp/docs`);
    await expect(page.getByRole("heading", { level: 1, name: "Registre de conformité" })).toBeVisible();
    // A fresh installation: the insurance typed in the settings was copied into the
    // register by migration 0043, its file still to join.
    await expect(page.getByText("Fichier à joindre").first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Ajouter un document" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Ajouter un document" })).toBeVisible();
    await expectNoAxeViolations(page);
    const validUntil = isoDayIn(45);
    await page.getByLabel("Type de document").selectOption({ label: "Attestation d'assurance décennale" });
    await page.getByLabel("Émetteur").fill("SMABTP");
    await page.getByLabel("Numéro").fill("DEC-2026-4471");
    await page.getByLabel("Adresse de l'assureur").fill("8 rue Louis Armand, 75015 Paris");
    await page.getByLabel("Couverture géographique").fill("France métropolitaine");
    await page.getByLabel("Date d'émission ou de début de validité").fill(isoDayIn(-320));
    await page.getByLabel("Fin de validité").fill(validUntil);
    const file = page.getByLabel("Fichier (PDF, JPEG ou PNG, 10 Mo au plus)");
    await file.setInputFiles({
      name: "attestation.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("pas un PDF"),
    });
    await page.getByRole("button", { name: "Ajouter le document" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Enregistrement impossible" })).toBeVisible();
    await expect(page.getByLabel("Numéro")).toHaveValue("DEC-2026-4471");
    // The refused post's 4xx is the answer the page shows, not an error of the page.
    const refusal = consoleErrors.findIndex((entry) => /^4\d\d .*\/erp\/docs\/nouveau\.data/.test(entry));
    expect(refusal, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await expectNoAxeViolations(page);

    await file.setInputFiles({ name: "attestation.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Ajouter le document" }).click();
    // It renews the décennale copied from the settings, which stays in the history.
    await expect(page.getByText("Document renouvelé (Attestation d'assurance décennale)")).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText("À renouveler").first()).toBeVisible();
    // The reminders' days: 60 days before is past (it goes with the next daily run), 30 and 7 to come.
    await expect(page.getByText(`7 jours avant : ${formatDate(isoDayIn(38))} (à venir)`)).toBeVisible();
    await expect(
      page.getByText(`60 jours avant : ${formatDate(isoDayIn(-15))} (part au prochain envoi quotidien)`),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${server.origin}/erp/docs`);
    await expect(page.getByText("DEC-2026-4471").first()).toBeVisible();
    await expect(page.getByText("À renouveler").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page, 360);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.origin}/erp`);
    const block = page.getByRole("region", { name: "À renouveler" });
    await expect(block).toContainText("Attestation d'assurance décennale");
    await expectNoAxeViolations(page);
  });
});
