import sharp from "sharp";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { expectNoHorizontalScroll, newStaffUser, type OwnServer, startSeededServer } from "./own-server.ts";

// Issue 26, the site log: on a phone-sized screen, the owner opens the site's « Journal de
// chantier », writes a note with two photos from the camera; the connection drops at the
// first try (the text and both photos stay, the message says what to retry), the second
// try publishes it, and the note is listed with its two photos. axe-core checks the page.

/** A phone photo: JPEG with its capture time and a GPS position in its EXIF block. */
async function phonePhoto(name: string, color: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .withExif({
      IFD2: { DateTimeOriginal: "2026:11:20 08:45:10" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "43/1 7/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "5/1 55/1 40/1",
      },
    })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

test.describe("Journal de chantier sur un téléphone", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let siteId = "";
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { siteId },
    } = await startSeededServer<{ siteId: string }>("journal", [
      "site-log-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("une note avec deux photos : la connexion coupe, rien n'est perdu, puis la note est publiée", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const origin = server.origin;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner, `${origin}/erp/login`);

    await page.goto(`${origin}/erp/chantiers/${siteId}`);
    await page.getByRole("link", { name: /Journal de chantier \(0 note\)/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Journal de chantier" })).toBeVisible();
    await expect(page.getByText("Aucune note pour le moment")).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page, 390);

    const form = page.getByRole("form", { name: "Nouvelle note du journal" });
    await form
      .getByLabel("Ce qui s'est passé")
      .fill("Carrelage posé côté piscine.\nUne dalle fissurée à remplacer.");
    await form.getByLabel("Météo").selectOption({ label: "Vent fort" });
    await form.getByLabel("Présents sur le chantier").fill("Marc, Julie");
    await form.getByLabel("Signaler un problème").check();
    const photos = form.getByLabel("Photos");
    await expect(photos).toHaveAttribute("capture", "environment");
    await expect(photos).toHaveAttribute("accept", "image/*");
    await photos.setInputFiles([
      await phonePhoto("IMG_0101.jpg", "#b5651d"),
      await phonePhoto("IMG_0102.jpg", "#1d6fb5"),
    ]);
    await expect(form.getByText("2 photos choisies : IMG_0101.jpg, IMG_0102.jpg")).toBeVisible();

    // The connection drops during the upload: nothing typed or chosen is lost.
    await page.route("**/journal/notes", (route) => route.abort("internetdisconnected"));
    await form.getByRole("button", { name: "Publier la note" }).click();
    await expect(form.getByRole("alert")).toContainText(
      "la connexion a été perdue. Rien n'est perdu, votre texte et vos 2 photos sont gardés",
    );
    await expect(form.getByLabel("Ce qui s'est passé")).toHaveValue(
      "Carrelage posé côté piscine.\nUne dalle fissurée à remplacer.",
    );
    expect(await photos.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(2);

    // The network is back: the same click publishes the note.
    await page.unroute("**/journal/notes");
    await form.getByRole("button", { name: "Publier la note" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Note publiée dans le journal." })).toBeVisible();
    await expect(form.getByLabel("Ce qui s'est passé")).toHaveValue("");

    const note = page.getByRole("article").first();
    await expect(note.getByText("Carrelage posé côté piscine.")).toBeVisible();
    await expect(note.getByText("Météo : Vent fort · Présents : Marc, Julie")).toBeVisible();
    await expect(note.getByText("Problème sans réponse")).toBeVisible();
    const thumbnails = note.getByRole("img", { name: /^Vue \d du chantier, prise le / });
    await expect(thumbnails).toHaveCount(2);
    // Both thumbnails load (the photo route answers an image).
    await expect
      .poll(() =>
        thumbnails.evaluateAll((images: HTMLImageElement[]) =>
          images.every((image) => image.naturalWidth > 0),
        ),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page, 390);

    // On a desktop screen too, with a note listed and its forms open.
    await page.setViewportSize({ width: 1280, height: 900 });
    await note.locator("..").getByText("Répondre", { exact: true }).click();
    await expect(page.getByRole("textbox", { name: "Réponse", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The site's page counts it.
    await page.goto(`${origin}/erp/chantiers/${siteId}`);
    await expect(
      page.getByRole("link", { name: "Journal de chantier (1 note, 1 problème sans réponse)" }),
    ).toBeVisible();
  });
});
