import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  expectNoHorizontalScroll,
  mailTo,
  newStaffUser,
  type OwnServer,
  startSeededServer,
} from "./own-server.ts";

// Share links and the handover file, on a server of their own: the owner makes a link to
// the company's attestations, which opens without an account in a fresh browser (on a
// phone), serves the décennale, hides the expired Kbis; once revoked it answers 410 with its
// French page. Then the handover file of a site whose PV is presented: its PDF opens, it is
// sent to the client by e-mail, and the client's page offers the PDF and the ZIP. Axe finds
// nothing on each new page.

test.describe("Liens de partage et dossier de fin de chantier", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let jobSiteId = "";
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { jobSiteId },
    } = await startSeededServer<{ jobSiteId: string }>("share-links", [
      "share-links-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("un lien vers les attestations s'ouvre sans compte, sert la décennale, puis répond 410 une fois révoqué", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin } = server;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/docs`);
    await page.getByRole("link", { name: "Partager les attestations" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Partager les attestations" })).toBeVisible();
    await expect(page.getByText("Aucun lien créé pour le moment.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Pour qui").fill("Appel d'offres mairie de Hyères");
    await page.getByRole("button", { name: "Créer le lien" }).click();
    const address = page.getByLabel("Adresse du lien");
    await expect(address).toHaveValue(new RegExp(`^${origin}/attestations/[A-Za-z0-9_-]{43}$`));
    const url = await address.inputValue();
    await expect(page.getByText("Appel d'offres mairie de Hyères", { exact: true })).toBeVisible();
    await expect(page.getByText("Actif", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // A fresh browser, no cookie, on a phone.
    const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const stranger = await visitor.newPage();
      const opened = await stranger.goto(url);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
      expect(opened?.headers()["cache-control"]).toContain("no-store");
      await expect(stranger.getByText(/SIRET \d{3} \d{3} \d{3} \d{5}/)).toBeVisible();
      await expect(
        stranger.getByRole("heading", { name: /Attestation d'assurance décennale/ }),
      ).toBeVisible();
      await expect(stranger.getByRole("heading", { name: /Attestation de vigilance URSSAF/ })).toBeVisible();
      await expect(stranger.getByText("Extrait Kbis")).toHaveCount(0);
      await expect(stranger.getByText("DEC-2026-4471")).toBeVisible();
      await expectNoHorizontalScroll(stranger, 360);
      await expectNoAxeViolations(stranger);
      const link = stranger.getByRole("link", {
        name: /Télécharger \(PDF\) : Attestation d'assurance décennale/,
      });
      const downloaded = stranger.waitForEvent("download");
      await link.click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = await visitor.request.get(new URL((await link.getAttribute("href")) ?? "", origin).href);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // Revoked from the office: the same link now answers 410.
      await page
        .getByRole("button", { name: /Révoquer le lien « Appel d'offres mairie de Hyères »/ })
        .click();
      await page.getByRole("button", { name: "Révoquer le lien", exact: true }).click();
      await expect(page.getByText("Lien révoqué : il ne s'ouvre plus.")).toBeVisible();
      await expect(page.getByText("Révoqué", { exact: true })).toBeVisible();
      const gone = await stranger.goto(url);
      expect(gone?.status()).toBe(410);
      await expect(
        stranger.getByRole("heading", { level: 1, name: "Ce lien n'est plus valable" }),
      ).toBeVisible();
      await expect(stranger.getByText(/contactez l'entreprise/)).toBeVisible();
      await expectNoHorizontalScroll(stranger, 360);
      await expectNoAxeViolations(stranger);
    } finally {
      await visitor.close();
    }
  });

  test("le dossier de fin de chantier s'ouvre en PDF, part au client par e-mail, qui le télécharge", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/chantiers/${jobSiteId}`);
    await page.getByRole("link", { name: "Dossier de fin de chantier" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dossier de fin de chantier" })).toBeVisible();
    await expectNoAxeViolations(page);

    const pdfHref = await page.getByRole("link", { name: "Ouvrir le PDF" }).getAttribute("href");
    const pdf = await page.request.get(new URL(pdfHref ?? "", origin).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    await page.getByRole("button", { name: "Envoyer au client" }).click();
    await expect(page.getByText("Dossier envoyé à lambert.orsini@example.fr")).toBeVisible();
    const mail = await mailTo(smtp, "lambert.orsini@example.fr", /Dossier de fin de chantier CH-2026-0901/);
    const link = /https?:\/\/\S+\/dossier\/[A-Za-z0-9_-]{43}/.exec(mail.parsed?.text ?? "")?.[0];
    expect(link).toBeDefined();
    expect(mail.parsed?.attachments ?? []).toHaveLength(0);

    const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const client = await visitor.newPage();
      expect((await client.goto(link ?? ""))?.status()).toBe(200);
      await expect(
        client.getByRole("heading", { level: 1, name: "Dossier de fin de chantier" }),
      ).toBeVisible();
      await expectNoHorizontalScroll(client, 360);
      await expectNoAxeViolations(client);
      const zipHref = await client.getByRole("link", { name: /ZIP/ }).getAttribute("href");
      const zip = await visitor.request.get(new URL(zipHref ?? "", origin).href);
      expect(zip.status()).toBe(200);
      expect(zip.headers()["content-type"]).toBe("application/zip");
    } finally {
      await visitor.close();
    }
  });
});
