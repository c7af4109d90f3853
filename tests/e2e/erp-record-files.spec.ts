import type { Page } from "@playwright/test";
import sharp from "sharp";
import { formatFileSize } from "#app/features/record-files/record-files.ts";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  escapeRegExp,
  expectNoHorizontalScroll,
  newStaffUser,
  type OwnServer,
  startSeededServer,
} from "./own-server.ts";

// The files of a job site, a client and a supplier, on a server of its own, in Chromium. On a
// phone (390 × 844) the owner drops a PDF plan and a PNG photo in one post through the file
// input; both are listed with their kind, size and author, each preview loads, one is
// downloaded under its name, the other deleted after the confirmation; an executable renamed
// .pdf is refused with the French message naming it, nothing stored. The Fichiers tab of
// Documents finds the plan by its name. axe finds nothing on the four pages.

type SeedIds = { clientId: string; jobSiteId: string; supplierId: string };

/** A real, minimal PDF (header, one object, trailer). */
const PLAN_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
/** A Windows executable's first bytes (the « MZ » header), named like a PDF. */
const EXECUTABLE = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
  Buffer.alloc(256),
]);

const PLAN = "plan-facade-sud-indice-B.pdf";
const PHOTO = "photo-fissure-pignon.png";
const FAKE = "devis-signe.pdf";

/** The list item of an uploaded file, found by its name. */
const fileItem = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Fichiers déposés" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

test.describe("Fichiers d'un chantier, d'un client et d'un fournisseur", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let ids: SeedIds;
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ server, seeded: ids } = await startSeededServer<SeedIds>("fichiers", [
      "record-files-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("sur un téléphone, un plan et une photo déposés d'un coup : listés, aperçus, téléchargé, supprimé ; un exécutable renommé .pdf est refusé", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin } = server;
    const documentsPath = `/erp/chantiers/${ids.jobSiteId}/documents`;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=${documentsPath}`);
    await expect(page.getByRole("heading", { level: 1, name: "Documents du chantier" })).toBeVisible();
    await expect(page.getByText("Aucun fichier déposé pour l'instant.")).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page, 390);

    // A PDF plan and a PNG photo, in one post, through the file input.
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#7d8a96" } })
      .png()
      .toBuffer();
    await page.getByLabel("Type des fichiers").selectOption({ label: "Plan" });
    await page.getByLabel("Fichiers (glissez-les ici ou choisissez-les)").setInputFiles([
      { name: PLAN, mimeType: "application/pdf", buffer: PLAN_PDF },
      { name: PHOTO, mimeType: "image/png", buffer: photo },
    ]);
    await expect(page.getByText("2 fichiers choisis")).toBeVisible();
    await page.getByRole("button", { name: "Déposer les fichiers" }).click();
    await expect(page.getByText("2 fichiers ajoutés (plan).")).toBeVisible({ timeout: 30_000 });

    const list = page.getByRole("list", { name: "Fichiers déposés" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    for (const [name, bytes] of [
      [PLAN, PLAN_PDF.length],
      [PHOTO, photo.length],
    ] as const) {
      // Kind · day · size · author.
      await expect(fileItem(page, name)).toContainText(
        new RegExp(
          `Plan · \\d{2}/\\d{2}/\\d{4} · ${escapeRegExp(formatFileSize(bytes))} · ajouté par ${escapeRegExp(owner.email)}`,
        ),
      );
    }
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page, 390);

    // Each preview loads its file, inline, from the site's own file route.
    const planHref =
      (await fileItem(page, PLAN).getByRole("link", { name: PLAN, exact: true }).getAttribute("href")) ?? "";
    const photoHref =
      (await fileItem(page, PHOTO).getByRole("link", { name: PHOTO, exact: true }).getAttribute("href")) ??
      "";
    expect(planHref).toMatch(new RegExp(`^${escapeRegExp(documentsPath)}/[0-9a-f-]{36}$`));
    expect(photoHref).toMatch(new RegExp(`^${escapeRegExp(documentsPath)}/[0-9a-f-]{36}$`));

    const planLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === planHref);
    await fileItem(page, PLAN).getByText(`Aperçu de ${PLAN}`).click();
    const planFrame = fileItem(page, PLAN).locator("iframe");
    await expect(planFrame).toBeVisible();
    await expect(planFrame).toHaveAttribute("title", `Aperçu de ${PLAN}`);
    const planResponse = await planLoaded;
    expect(planResponse.status()).toBe(200);
    expect(planResponse.headers()["content-type"]).toBe("application/pdf");
    expect(planResponse.headers()["content-disposition"]).toMatch(/^inline/);
    expect(planResponse.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    // The frame shows the browser's PDF viewer; the bytes it was given are the plan's own.
    const planBytes = await page.request.get(`${origin}${planHref}`);
    expect(planBytes.status()).toBe(200);
    expect(Buffer.from(await planBytes.body())).toEqual(PLAN_PDF);

    const photoLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === photoHref);
    await fileItem(page, PHOTO).getByText(`Aperçu de ${PHOTO}`).click();
    const preview = fileItem(page, PHOTO).getByRole("img", { name: `Aperçu de ${PHOTO}` });
    await expect(preview).toBeVisible();
    const photoResponse = await photoLoaded;
    expect(photoResponse.status()).toBe(200);
    expect(photoResponse.headers()["content-type"]).toBe("image/png");
    // The browser decoded it: the photo's own size.
    await expect
      .poll(() =>
        preview.evaluate((image: HTMLImageElement) => `${image.naturalWidth}×${image.naturalHeight}`),
      )
      .toBe("320×240");
    await expectNoHorizontalScroll(page, 390);

    // The plan downloaded under its name, with its bytes.
    const downloaded = page.waitForEvent("download");
    await fileItem(page, PLAN)
      .getByRole("link", { name: `Télécharger ${PLAN}` })
      .click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(PLAN);
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect(await readFile(path)).toEqual(PLAN_PDF);

    // The photo deleted, after the confirmation.
    await fileItem(page, PHOTO)
      .getByRole("button", { name: `Supprimer ${PHOTO}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer ce fichier ?" });
    await expect(dialog).toContainText(`« ${PHOTO} » sera supprimé définitivement`);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Supprimer le fichier" }).click();
    await expect(page.getByText(`Fichier supprimé : ${PHOTO}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(fileItem(page, PHOTO)).toHaveCount(0);
    await expect(fileItem(page, PLAN)).toHaveCount(1);
    // Its bytes are gone too.
    expect((await page.request.get(`${origin}${photoHref}`)).status()).toBe(404);

    // An executable renamed .pdf: refused by its bytes, the message names it, nothing stored.
    await page.getByLabel("Fichiers (glissez-les ici ou choisissez-les)").setInputFiles({
      name: FAKE,
      mimeType: "application/pdf",
      buffer: EXECUTABLE,
    });
    await page.getByRole("button", { name: "Déposer les fichiers" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "Dépôt impossible" });
    await expect(refusal).toBeVisible({ timeout: 30_000 });
    await expect(refusal).toContainText(
      `« ${FAKE} » n'est ni un PDF, ni une image JPEG, PNG ou WebP (vérifié sur son contenu) : rien n'a été enregistré.`,
    );
    // The refused post's 4xx is the answer the page shows, not an error of the page.
    const refused = consoleErrors.findIndex((entry) =>
      new RegExp(`^415 .*${escapeRegExp(documentsPath)}\\.data`).test(entry),
    );
    expect(refused, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("link", { name: FAKE })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page, 390);
    await page.reload();
    await expect(page.getByRole("list", { name: "Fichiers déposés" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("link", { name: FAKE })).toHaveCount(0);

    // Documents › Fichiers finds the plan by its name, on the site.
    await page.goto(`${origin}/erp/docs/fichiers`);
    await expect(page.getByRole("heading", { level: 1, name: "Fichiers" })).toBeVisible();
    const search = page.getByLabel("Rechercher (nom du fichier, numéro, client, chantier, fournisseur)");
    await search.fill("facade sud");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=facade\+sud/);
    await expect(page.getByRole("link", { name: PLAN })).toBeVisible();
    await expect(page.getByRole("link", { name: PHOTO })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page, 390);
  });

  test("axe ne trouve rien sur les documents du client, les fichiers du fournisseur et l'onglet Fichiers", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin } = server;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/clients/${ids.clientId}/documents`);
    await expect(page.getByRole("heading", { level: 1, name: "Documents du client" })).toBeVisible();
    await expect(page.getByText("Aucun fichier déposé pour l'instant.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${origin}/erp/achats/fournisseurs/${ids.supplierId}/fichiers`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Aucun fichier déposé pour l'instant.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`${origin}/erp/docs/fichiers`);
    await expect(page.getByRole("heading", { level: 1, name: "Fichiers" })).toBeVisible();
    await expect(page.getByRole("link", { name: PLAN })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
