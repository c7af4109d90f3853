import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { expect, type StaffUser, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  addLine,
  createUserOn,
  escapeRegExp,
  expectNoHorizontalScroll,
  fact,
  isoDayIn,
  jpegPhoto,
  mailTo,
  NOTIFY_EMAIL,
  type OwnServer,
  sha256,
  startOwnServer,
} from "./own-server.ts";

// Espace Pro › Devis in a real browser against the production build.
//
// The whole path first, on a server of its own (like the shop's Stripe tests): its mail
// goes to a real SMTP server on loopback that this test reads, and its company settings
// can be saved (a décennale valid in a year, filed in the register: sending requires it) without racing
// erp-settings.spec.ts on the shared server. A visitor asks for a quote on the site; staff
// turn the lead into a quote from the library, complete the client's address and send it;
// the client opens the e-mailed link on a phone, receives a code, signs and accepts; the
// signed copy's SHA-256 is the one both pages show. axe-core checks the quote list, the
// editor with lines, the client's page before and after acceptance and the price library.
//
// Then the editor's own behaviour, on the shared server: moving a line with the keyboard,
// the confirmation before leaving unsaved changes, a refused save that keeps every typed
// value, and a phone-width editor that never scrolls sideways.

async function downloaded(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** The console and resource errors of a page the fixtures do not watch (a second context). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.request().isNavigationRequest()) {
      errors.push(`${response.status()} ${response.url()}`);
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * The text of a page's nodes, the content of closed disclosures included, without the
 * scripts' data (the hydration data repeats the loader's texts), white space as one space.
 */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest("script, style, template")
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    let text = "";
    while (walker.nextNode()) text += walker.currentNode.textContent ?? "";
    return text.replace(/\s+/g, " ");
  });
}

/** Takes out of `errors` the one answer the test caused on purpose (a refused form: 400). */
function takeRefusal(errors: string[], pattern: RegExp) {
  const index = errors.findIndex((entry) => pattern.test(entry));
  expect(index, `réponse attendue ${pattern}`).toBeGreaterThanOrEqual(0);
  errors.splice(index, 1);
}

test.describe("Devis : de la demande du site à l'accord signé sur téléphone", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer("devis");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("demande → « Faire un devis » → lots depuis la bibliothèque → envoi → code, signature et accord sur téléphone → même SHA-256 partout", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    const stamp = Date.now().toString().slice(-6);
    const name = `Élodie Garnier ${stamp}`;
    const email = `elodie.${stamp}@example.fr`;
    const description = `Ravalement d'une maison de 120 m² à La Garde (réf. ${stamp}), enduit fissuré côté rue.`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // An owner files the décennale's attestation, valid a year ahead: no quote leaves without it.
    // The dashboard of a fresh company lists what documents still need; the décennale copied
    // from the former settings has no end date: its link opens the register's renewal form.
    const owner = await createUserOn(server, "owner");
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp`);
    const setup = page.getByRole("region", { name: "Pour émettre vos devis et factures, complétez :" });
    const dateItem = "La date de fin de validité de l'assurance décennale (à renseigner dans le registre).";
    await expect(setup.getByRole("link")).toHaveText([
      dateItem,
      "Les coordonnées bancaires (titulaire, IBAN, BIC).",
    ]);
    await expectNoAxeViolations(page);
    await setup.getByRole("link", { name: dateItem }).click();
    await expect(page).toHaveURL(/\/erp\/docs\/nouveau\?type=decennale$/);
    await expect(page.getByRole("heading", { level: 1, name: "Renouveler un document" })).toBeVisible();
    await expect(page.getByLabel("Adresse de l'assureur")).not.toHaveValue("");
    await page.getByLabel(/^Date d'émission ou de début de validité/).fill(isoDayIn(0));
    await page.getByLabel(/^Fin de validité/).fill(isoDayIn(365));
    await page.getByLabel(/^Fichier \(PDF, JPEG ou PNG/).setInputFiles({
      name: "attestation-decennale.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Enregistrer le renouvellement" }).click();
    await expect(page.getByText(/^Document renouvelé/)).toBeVisible();
    await page.goto(`${origin}/erp`);
    await expect(setup.getByRole("link")).toHaveText(["Les coordonnées bancaires (titulaire, IBAN, BIC)."]);
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page.getByLabel("Identifiant (e-mail)")).toBeVisible();

    // 1. A visitor asks for a quote on the site, with a photo.
    await page.goto(`${origin}/devis`);
    const request = page.getByRole("form", { name: "Demande de devis gratuit" });
    await request.getByLabel("Nom et prénom").fill(name);
    await request.getByLabel("E-mail").fill(email);
    await request.getByLabel("Téléphone").fill("06 21 43 65 87");
    await request.getByLabel("Type de travaux").selectOption("Ravalement de façade");
    await request.getByLabel("Description du projet").fill(description);
    await request.getByLabel("Photos (facultatif)").setInputFiles(await jpegPhoto("facade-rue.jpg"));
    await request.getByRole("checkbox", { name: /J'accepte que mes données soient utilisées/ }).check();
    await request.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page).toHaveURL(/\/merci$/);

    // Staff open the lead and choose « Faire un devis »: the lead becomes a client and the
    // editor opens on its request.
    const staff = await createUserOn(server, "staff");
    await signIn(page, staff, `${origin}/erp/login?redirectTo=/erp/leads`);
    await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("button", { name: "Faire un devis" }).click();
    await expect(page).toHaveURL(/\/erp\/devis\/[0-9a-f-]{36}$/);
    const quoteUrl = page.url();
    await expect(
      page.getByText(
        "Le prospect est devenu client (nom, e-mail, téléphone, commune) et son devis est ouvert avec le type de travaux, la description et les photos de sa demande. La demande ne donne pas l'adresse du chantier : complétez-la.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Brouillon de devis" })).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute(
      "href",
      /^\/erp\/clients\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByLabel("Nature des travaux")).toHaveValue(description);
    await expect(page.getByRole("img", { name: /facade-rue\.jpg/ })).toBeVisible();

    // 2. The editor: the site's address, two lots filled from the price library (seeded at
    // start-up), the quantities, the totals following the typing.
    const siteAddress = page.getByRole("group", { name: "Adresse du chantier" });
    await siteAddress.getByLabel("Adresse", { exact: true }).fill("14 avenue de la Mer");
    await siteAddress.getByLabel("Code postal").fill("83130");
    await siteAddress.getByLabel("Commune").fill("La Garde");
    // « Avant l'envoi » asks when the works start and how long they last (decision 022).
    await page.getByLabel("Début estimé").fill(isoDayIn(30));
    await page.getByLabel("Durée estimée").fill("2 semaines");

    const totals = page.getByRole("region", { name: "Totaux" });
    const saveBar = page.getByRole("button", { name: "Enregistrer", exact: true }).locator("..");
    const library = page.getByRole("dialog", { name: "Ajouter depuis la bibliothèque" });
    await page.getByLabel("Titre du lot 1").fill("Démolition");
    await page.getByRole("button", { name: "Depuis la bibliothèque (lot Démolition)" }).click();
    await expect(library.getByRole("status")).toHaveText(/^\d+ articles$/);
    await library.getByRole("searchbox", { name: "Rechercher un article" }).fill("cloison briques");
    await expect(library.getByRole("status")).toHaveText("1 article");
    await library.getByRole("button", { name: /^Démolition de cloison en briques plâtrières/ }).click();
    await expect(library).toBeHidden();
    // The new line's quantity has the focus, selected: typing replaces it.
    const demolition = page.getByRole("textbox", { name: "Quantité, ligne 1, lot Démolition" });
    await expect(demolition).toBeFocused();
    await expect(demolition).toHaveValue("1");
    await expect(fact(totals, "Total HT")).toHaveText("28,00 €");
    await expect(fact(totals, "Total TTC")).toHaveText("30,80 €");
    await page.keyboard.type("12");
    await expect(demolition).toHaveValue("12");
    await expect(fact(totals, "Total HT")).toHaveText("336,00 €");
    await expect(fact(totals, "Total TTC")).toHaveText("369,60 €");

    await page.getByRole("button", { name: "Ajouter un lot" }).click();
    await expect(page.getByLabel("Titre du lot 2")).toBeFocused();
    await page.keyboard.type("Plâtrerie");
    await page.getByRole("button", { name: "Depuis la bibliothèque (lot Plâtrerie)" }).click();
    await library.getByRole("searchbox", { name: "Rechercher un article" }).fill("BA13 ossature");
    await library
      .getByRole("button", { name: /^Cloison en plaques de plâtre BA13 sur ossature métallique/ })
      .click();
    const partition = page.getByRole("textbox", { name: "Quantité, ligne 1, lot Plâtrerie" });
    await expect(partition).toBeFocused();
    await page.keyboard.type("8,5");
    await expect(page.getByRole("region", { name: "Lot 2 : Plâtrerie" })).toContainText(
      "Sous-total HT du lot : 467,50 €",
    );
    await expect(page.getByRole("region", { name: "Lot 1 : Démolition" })).toContainText(
      "Sous-total HT du lot : 336,00 €",
    );
    await expect(fact(totals, "Total HT")).toHaveText("803,50 €");
    await expect(fact(totals, "Total TTC")).toHaveText("883,85 €");
    await expect(saveBar).toContainText("Total TTC 883,85 €");
    await expect(saveBar).toContainText("Modifications non enregistrées");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(saveBar).toContainText("Tout est enregistré");

    // 3. Sending needs the client's billing address, which a request from the site lacks.
    const beforeSending = page.getByRole("region", { name: "Avant l'envoi" });
    await expect(beforeSending.getByRole("listitem")).toHaveText([
      "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
    ]);
    // The reason is a link to the field that fixes it: the client's form, focus on the street.
    await beforeSending
      .getByRole("link", {
        name: "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
      })
      .click();
    await expect(page).toHaveURL(/\/erp\/clients\/[0-9a-f-]{36}\/modifier#client-billing-street$/);
    const billing = page.getByRole("group", { name: "Adresse de facturation" });
    await expect(billing.getByLabel("Numéro et rue")).toBeFocused();
    // The billing address is the site's, typed in the editor a moment ago.
    const sameAsSite = billing.getByRole("checkbox", {
      name: "Adresse de facturation identique à l'adresse du chantier",
    });
    await sameAsSite.check();
    await expect(billing.getByLabel("Numéro et rue")).toHaveValue("14 avenue de la Mer");
    await expect(billing.getByLabel("Code postal")).toHaveValue("83130");
    await expect(billing.getByLabel("Ville")).toHaveValue("La Garde");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Fiche client enregistrée.")).toBeVisible();
    await page
      .getByRole("region", { name: "Devis" })
      .getByRole("link", { name: "Brouillon", exact: true })
      .click();
    await expect(page).toHaveURL(quoteUrl);
    await expect(beforeSending).toContainText(`le devis est prêt à être envoyé à ${email}`);
    await beforeSending.getByRole("button", { name: "Envoyer au client" }).click();
    const confirmSend = page.getByRole("alertdialog", { name: "Envoyer ce devis au client ?" });
    await expect(confirmSend).toContainText(email);
    await confirmSend.getByRole("button", { name: "Envoyer le devis" }).click();
    const sentNotice = page.getByText(
      new RegExp(`^Devis DEV-\\d{4}-\\d{4} envoyé à ${escapeRegExp(email)}\\.$`),
    );
    await expect(sentNotice).toBeVisible();
    const number = /DEV-\d{4}-\d{4}/.exec((await sentNotice.textContent()) ?? "")?.[0] ?? "";
    await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
    const followUp = page.getByRole("region", { name: "Suivi" });
    await expect(fact(followUp, "Envoyé")).toContainText(email);

    // 4. The e-mail, at the SMTP server: the frozen PDF attached, the link to the client's page.
    const sent = await mailTo(smtp, email, new RegExp(`^Devis ${number} — `));
    const pdf = sent.parsed?.attachments.find(
      (attachment) => attachment.filename === `devis-${number.toLowerCase()}.pdf`,
    );
    expect(pdf?.contentType).toBe("application/pdf");
    const pdfBytes = pdf?.content ?? Buffer.alloc(0);
    expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect(fact(followUp, "Empreinte du PDF (SHA-256)")).toHaveText(sha256(pdfBytes));
    const link = new RegExp(`${escapeRegExp(origin)}/accord/[A-Za-z0-9_-]{20,}`).exec(
      sent.parsed?.text ?? "",
    )?.[0];
    expect(link, "lien /accord/… dans l'e-mail").toBeTruthy();

    // 5. The client opens the link on a phone, in a browser of their own.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: "fr-FR",
      timezoneId: "Europe/Paris",
    });
    try {
      const phone = await phoneContext.newPage();
      const phoneErrors = watchErrors(phone);
      await phone.goto(link ?? "");
      await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(phone.getByRole("heading", { level: 1, name: `Devis ${number}` })).toBeVisible();
      // The first screen: the summary, then both choices, the document below.
      const summary = phone.locator("header dl");
      await expect(summary).toContainText(`Pour${name}`);
      await expect(summary).toContainText("Total TTC883,85 €");
      await expect(summary).toContainText("Valable jusqu'au");
      const acceptChoice = phone.locator("summary", { hasText: "Accepter le devis" });
      const refuseChoice = phone.locator("summary", { hasText: "Refuser le devis" });
      for (const choice of [acceptChoice, refuseChoice]) {
        await expect(choice).toBeVisible();
        const box = await choice.boundingBox();
        expect(box, "choix affiché").not.toBeNull();
        // The whole choice within the first 844 px of the page, without scrolling.
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
      }
      expect(await phone.evaluate(() => window.scrollY)).toBe(0);
      // The VAT certification is printed once on the page (beside its box, not again in the document).
      const certificationCount =
        (await pageText(phone)).split("Le client certifie que les travaux").length - 1;
      expect(certificationCount).toBe(1);
      const quote = phone.getByRole("article", { name: `Contenu du devis ${number}` });
      await expect(quote).toContainText("Démolition de cloison en briques plâtrières");
      await expect(quote).toContainText("Cloison en plaques de plâtre BA13");
      await expect(quote).toContainText("883,85 €");
      await expectNoHorizontalScroll(phone, 390);
      await expectNoAxeViolations(phone);
      // The PDF offered there is the one e-mailed.
      const offered = await phone.request.get(`${link}/pdf`);
      expect(sha256(await offered.body())).toBe(sha256(pdfBytes));

      await acceptChoice.click();
      await expect(
        phone.getByText(/^Acceptation électronique \(articles 1366 et 1367 du Code civil\)/),
      ).toBeVisible();
      // Worded for an electronic acceptance, not a handwritten one.
      expect(await pageText(phone)).not.toMatch(/précédée?s? de la mention manuscrite/);
      await expectNoAxeViolations(phone);
      await phone.getByRole("button", { name: "Recevoir mon code par e-mail" }).click();
      await expect(
        phone.getByText(/^Code envoyé à e\S*@example\.fr : il est valable 10 minutes\.$/),
      ).toBeVisible();
      const codeMail = await mailTo(
        smtp,
        email,
        new RegExp(`^\\d{6} : code de confirmation du devis ${number}`),
      );
      const code = /^(\d{6})/.exec(codeMail.parsed?.subject ?? "")?.[1] ?? "";
      expect(codeMail.parsed?.text).toContain(code);

      await phone.getByRole("checkbox", { name: /^Bon pour accord : j'accepte le devis/ }).check();
      await phone
        .getByRole("checkbox", { name: "Je certifie les conditions du taux réduit de TVA ci-dessous." })
        .check();
      await phone.getByLabel("Vos nom et prénom").fill(name);
      // A short signature, drawn across the pad.
      const pad = phone.getByRole("img", { name: /^Signature \(facultative\)/ });
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (!box) throw new Error("zone de signature invisible");
      await phone.mouse.move(box.x + 20, box.y + box.height * 0.7);
      await phone.mouse.down();
      for (const [x, y] of [
        [0.2, 0.3],
        [0.35, 0.75],
        [0.5, 0.25],
        [0.65, 0.7],
        [0.85, 0.35],
      ] as const) {
        await phone.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
      }
      await phone.mouse.up();
      await expect(phone.locator('input[name="signature"]')).toHaveValue(/^data:image\/png;base64,/);
      await phone.getByLabel("Code reçu par e-mail").fill(code);
      await phone.getByRole("button", { name: "Signer et accepter le devis" }).click();

      const accepted = phone.getByRole("status").filter({ hasText: "Devis accepté" });
      await expect(accepted).toBeVisible();
      await expect(accepted).toContainText(`par ${name}`);
      await expect(acceptChoice).toHaveCount(0);
      await expect(phone.getByRole("button", { name: "Signer et accepter le devis" })).toHaveCount(0);
      await expectNoHorizontalScroll(phone, 390);
      await expectNoAxeViolations(phone);

      // 6. The signed copy, downloaded from the client's page: its SHA-256 is the one shown
      // there, the one of the copy e-mailed, and the one the staff's page records.
      const download = phone.waitForEvent("download");
      await phone.getByRole("link", { name: "Télécharger l'exemplaire signé" }).click();
      const signedCopy = await downloaded(await download);
      expect(signedCopy.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const signedSha = sha256(signedCopy);
      // The signature drawn on the pad is in it, as an image.
      expect(signedCopy.includes("/Subtype /Image")).toBe(true);
      await expect(accepted.locator("code")).toHaveText(signedSha);
      const acceptedMail = await mailTo(smtp, email, new RegExp(`^Devis ${number} accepté — `));
      expect(acceptedMail.parsed?.attachments.map((attachment) => sha256(attachment.content))).toEqual([
        signedSha,
      ]);
      await mailTo(smtp, NOTIFY_EMAIL, new RegExp(`^Devis ${number} accepté par `));
      expect(phoneErrors, "erreurs dans la console du téléphone").toEqual([]);

      // The staff's page: « Accepté » and the proof.
      await page.goto(quoteUrl);
      await expect(page.getByText("Accepté", { exact: true }).first()).toBeVisible();
      const proof = page.getByRole("region", { name: "Preuve de l'accord" });
      await expect(fact(proof, "Canal")).toHaveText("En ligne");
      await expect(fact(proof, "Signataire")).toHaveText(name);
      await expect(fact(proof, "E-mail")).toContainText(`${email} (code vérifié le `);
      await expect(fact(proof, "Adresse IP")).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      await expect(fact(proof, "Attestation TVA")).toHaveText("Confirmée");
      await expect(fact(proof, "PDF présenté (SHA-256)")).toHaveText(sha256(pdfBytes));
      await expect(fact(proof, "Exemplaire signé (SHA-256)")).toHaveText(signedSha);
      // The drawn signature, loaded from a staff-only file.
      const drawn = proof.getByRole("img", {
        name: `Signature dessinée par ${name} lors de l'acceptation en ligne`,
      });
      await expect(drawn).toBeVisible();
      await expect
        .poll(() => drawn.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBe(600);
      const drawnSrc = (await drawn.getAttribute("src")) ?? "";
      expect(drawnSrc).toMatch(/^\/erp\/devis\/[0-9a-f-]{36}\/signature\.png$/);
      // Without a session (the client's browser): no signature.
      const withoutSession = await phone.request.get(`${origin}${drawnSrc}`);
      expect(withoutSession.status()).toBe(401);
      expect(withoutSession.headers()["content-type"]).not.toBe("image/png");
      await expectNoAxeViolations(page);
      // The staff's link shows the same file (inline, in the browser's PDF viewer).
      const staffCopyHref = await proof.getByRole("link", { name: "Exemplaire signé" }).getAttribute("href");
      const staffCopy = await page.request.get(`${origin}${staffCopyHref}`);
      expect(staffCopy.headers()["content-type"]).toBe("application/pdf");
      expect(sha256(await staffCopy.body())).toBe(signedSha);
    } finally {
      await phoneContext.close();
    }

    // 7. The quote list and the price library (seeded with the demo articles at start-up).
    await page.goto(`${origin}/erp/devis`);
    await expect(page.getByRole("heading", { level: 1, name: "Devis" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: number })).toContainText("Accepté");
    await expectNoAxeViolations(page);
    await page.goto(`${origin}/erp/devis/bibliotheque`);
    await expect(page.getByRole("heading", { level: 1, name: "Bibliothèque de prix" })).toBeVisible();
    await expect(page.getByText(/^\d+ articles$/)).toBeVisible();
    await expect(
      page.getByRole("row").filter({ hasText: "Démolition de cloison en briques plâtrières" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// ─── The editor, on the shared server ────────────────────────────────────────────────

/** A staff member signs in, creates a client and opens a new draft quote for it. */
async function openDraft(page: Page, user: StaffUser, clientName: string): Promise<string> {
  await signIn(page, user, "/erp/login?redirectTo=/erp/clients/nouveau");
  await page.getByLabel("Nom *").fill(clientName);
  await page.getByLabel("E-mail").fill(`client.${randomBytes(4).toString("hex")}@example.fr`);
  await page.getByRole("button", { name: "Créer le client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: clientName })).toBeVisible();
  await page.getByRole("button", { name: "Faire un devis" }).click();
  await expect(page).toHaveURL(/\/erp\/devis\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Brouillon de devis" })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.describe("Devis : l'éditeur", () => {
  test("« Avant l'envoi » : chaque manque est un lien vers son champ, qui reçoit le focus", async ({
    page,
    createStaffUser,
  }) => {
    const user = await createStaffUser();
    await openDraft(page, user, `Client manques ${Date.now()}`);
    const beforeSending = page.getByRole("region", { name: "Avant l'envoi" });
    await beforeSending
      .getByRole("link", {
        name: "Indiquez la date de début estimée des travaux (arrêté du 24 janvier 2017).",
      })
      .click();
    const start = page.getByLabel("Début estimé");
    await expect(start).toBeFocused();
    await expect(start).toBeInViewport();
    await beforeSending
      .getByRole("link", { name: "Indiquez la durée estimée des travaux (arrêté du 24 janvier 2017)." })
      .click();
    await expect(page.getByLabel("Durée estimée")).toBeFocused();
    // By the keyboard too: Enter on the link.
    await beforeSending.getByRole("link", { name: "Décrivez la nature exacte des travaux." }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel(/^Nature des travaux/)).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("Alt+↓ / Alt+↑ déplacent la ligne où l'on est, le focus la suit, l'ordre est enregistré", async ({
    page,
    createStaffUser,
  }) => {
    const user = await createStaffUser();
    const quotePath = await openDraft(page, user, `Client ordre ${Date.now()}`);
    await addLine(page, "Travaux", "Dépose du carrelage", "10", "30");
    await addLine(page, "Travaux", "Pose de faïence", "12", "45");
    const designation = (position: number) =>
      page.getByRole("textbox", { name: `Désignation, ligne ${position}, lot Travaux` });
    const announcement = page.getByRole("form", { name: "Devis" }).locator('p[aria-live="polite"]');

    await designation(1).focus();
    await page.keyboard.press("Alt+ArrowDown");
    await expect(designation(2)).toHaveValue("Dépose du carrelage");
    await expect(designation(2)).toBeFocused();
    await expect(designation(1)).toHaveValue("Pose de faïence");
    await expect(announcement).toHaveText("Ligne déplacée en position 2");

    // From another control of the line (its quantity), back up: the focus stays on that control.
    const quantity = page.getByRole("textbox", { name: "Quantité, ligne 2, lot Travaux" });
    await expect(quantity).toHaveValue("10");
    await quantity.focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect(page.getByRole("textbox", { name: "Quantité, ligne 1, lot Travaux" })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Quantité, ligne 1, lot Travaux" })).toHaveValue("10");
    await expect(designation(1)).toHaveValue("Dépose du carrelage");
    await expect(announcement).toHaveText("Ligne déplacée en position 1");

    // Down again, saved, reloaded: the order is the one stored.
    await designation(1).focus();
    await page.keyboard.press("Alt+ArrowDown");
    await expect(designation(2)).toBeFocused();
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();
    await page.goto(quotePath);
    await expect(designation(1)).toHaveValue("Pose de faïence");
    await expect(designation(2)).toHaveValue("Dépose du carrelage");
  });

  test("quitter avec des modifications non enregistrées demande confirmation ; après « Enregistrer », non", async ({
    page,
    createStaffUser,
  }) => {
    const user = await createStaffUser();
    const quotePath = await openDraft(page, user, `Client départ ${Date.now()}`);
    const subject = page.getByRole("textbox", { name: "Objet", exact: true });
    const original = await subject.inputValue();
    await subject.fill("Réfection de la cuisine");
    await expect(page.getByText("Modifications non enregistrées")).toBeVisible();

    const menu = page.getByRole("navigation", { name: "Menu de l'Espace Pro" });
    const confirm = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
    await menu.getByRole("link", { name: "Prospects" }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Rester sur le devis" }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(quotePath);
    await expect(subject).toHaveValue("Réfection de la cuisine");

    // Closing the tab (or reloading) asks the browser's own question.
    const asked = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    await expect(subject).toHaveValue("Réfection de la cuisine");

    // « Quitter sans enregistrer » leaves, and the change is lost.
    await menu.getByRole("link", { name: "Prospects" }).click();
    await confirm.getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await expect(page).toHaveURL(/\/erp\/leads$/);
    await page.goto(quotePath);
    await expect(subject).toHaveValue(original);

    // Saved, nothing is asked.
    await subject.fill("Réfection de la cuisine");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();
    await menu.getByRole("link", { name: "Prospects" }).click();
    await expect(page).toHaveURL(/\/erp\/leads$/);
    await expect(confirm).toHaveCount(0);
  });

  test("un enregistrement refusé (quantité « 1,2345 ») garde toutes les saisies et place le message sous le champ", async ({
    page,
    createStaffUser,
    consoleErrors,
  }) => {
    // A draft made through the routes, then three saves: over 30 s on this machine.
    test.slow();
    const user = await createStaffUser();
    const quotePath = await openDraft(page, user, `Client refus ${Date.now()}`);
    await page.getByRole("textbox", { name: "Objet", exact: true }).fill("Ragréage du séjour");
    await addLine(page, "Travaux", "Ragréage fibré", "1,2345", "18,50");
    await addLine(page, "Travaux", "Plinthes bois", "14", "12");

    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    const quantity = page.getByRole("textbox", { name: "Quantité, ligne 1, lot Travaux" });
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(quantity).toHaveAccessibleDescription("Trois décimales au plus.");
    await expect(quantity).toBeFocused();
    await expect(page.getByRole("alert").filter({ hasText: "Enregistrement impossible" })).toContainText(
      "Un champ est à corriger : voyez le message sous celui-ci.",
    );
    takeRefusal(consoleErrors, new RegExp(`^400 .*${escapeRegExp(quotePath)}\\.data`));
    // The message sits under its field.
    const fieldBox = await quantity.boundingBox();
    const messageBox = await page.getByText("Trois décimales au plus.", { exact: true }).boundingBox();
    expect(messageBox?.y ?? 0).toBeGreaterThan((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0) - 1);
    // Nothing typed is lost, and it is still « unsaved ».
    await expect(quantity).toHaveValue("1,2345");
    await expect(page.getByRole("textbox", { name: "Objet", exact: true })).toHaveValue("Ragréage du séjour");
    await expect(page.getByRole("textbox", { name: "Désignation, ligne 1, lot Travaux" })).toHaveValue(
      "Ragréage fibré",
    );
    await expect(
      page.getByRole("textbox", { name: "Prix unitaire HT en euros, ligne 1, lot Travaux" }),
    ).toHaveValue("18,50");
    await expect(page.getByRole("textbox", { name: "Désignation, ligne 2, lot Travaux" })).toHaveValue(
      "Plinthes bois",
    );
    await expect(page.getByText("Modifications non enregistrées")).toBeVisible();
    await expectNoAxeViolations(page);

    // Corrected, it saves; the message goes.
    await quantity.fill("1,234");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();
    await expect(quantity).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Trois décimales au plus.", { exact: true })).toHaveCount(0);
  });

  test("à 360 px de large, l'éditeur (lignes, description, bibliothèque) ne défile pas de côté", async ({
    page,
    createStaffUser,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await createStaffUser();
    await openDraft(page, user, `Client étroit ${Date.now()}`);
    await addLine(
      page,
      "Travaux",
      "Dépose d'une cloison en carreaux de plâtre avec évacuation",
      "12,5",
      "28",
    );
    await page.getByRole("button", { name: "Ajouter la description, ligne 1, lot Travaux" }).click();
    await page
      .getByRole("textbox", { name: "Description, ligne 1, lot Travaux" })
      .fill("Protection des sols, gravats en big-bag.");
    await page.getByRole("button", { name: "Ajouter un texte au lot Travaux" }).click();
    await page.keyboard.type("Les gravats sont évacués en déchèterie agréée.");
    await page.getByRole("button", { name: "Depuis la bibliothèque (lot Travaux)" }).click();
    const library = page.getByRole("dialog", { name: "Ajouter depuis la bibliothèque" });
    await expect(library.getByRole("status")).toHaveText(/^\d+ articles$/);
    await expectNoHorizontalScroll(page, 360);
    await library.getByRole("button").filter({ hasText: "Peinture acrylique mate" }).first().click();
    await expect(page.getByRole("textbox", { name: "Quantité, ligne 3, lot Travaux" })).toBeFocused();
    await page.keyboard.type("40");
    await expect(fact(page.getByRole("region", { name: "Totaux" }), "Total HT")).toHaveText("1 390,00 €");
    await expectNoHorizontalScroll(page, 360);
    // Every control of a line stays on screen.
    for (const name of [
      "Désignation, ligne 1, lot Travaux",
      "Quantité, ligne 1, lot Travaux",
      "Prix unitaire HT en euros, ligne 1, lot Travaux",
      "TVA, ligne 1, lot Travaux",
    ]) {
      const box = await page
        .getByRole(name.startsWith("TVA") ? "combobox" : "textbox", { name })
        .boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(360);
    }
  });
});

test.describe("Devis : l'éditeur en grille sur grand écran", () => {
  test("1 366 × 900 : 40 lignes en une ligne de grille chacune tiennent en trois écrans, Entrée / Ctrl+Entrée / Alt+↓ au clavier, des cartes à 390 px, axe ne trouve rien", async ({
    page,
    createStaffUser,
  }) => {
    // A draft of 40 lines saved through the route, a reload, two saves and axe twice.
    test.slow();
    await page.setViewportSize({ width: 1366, height: 900 });
    const user = await createStaffUser();
    const quotePath = await openDraft(page, user, `Client salle de bains ${Date.now()}`);

    // The 40 lines of a bathroom, posted as the editor posts them (intent, revision, draft).
    const form = page.getByRole("form", { name: "Devis" });
    const posted = await form.evaluate((element) => {
      const value = (name: string) =>
        (element.querySelector(`input[type="hidden"][name="${name}"]`) as HTMLInputElement).value;
      return { intent: value("intent"), revision: value("revision"), draft: value("draft") };
    });
    const current = JSON.parse(posted.draft) as {
      title: string;
      lots: { id: string; title: string; lines: unknown[] }[];
    };
    const lot = current.lots[0];
    if (!lot) throw new Error("le brouillon n'a pas de lot");
    lot.title = "Salle de bains";
    lot.lines = Array.from({ length: 40 }, (_, index) => ({
      id: `sdb${String(index + 1).padStart(3, "0")}${randomBytes(4).toString("hex")}`,
      kind: "item",
      designation: `Poste ${index + 1} de la salle de bains`,
      description: "",
      unit: index % 2 === 0 ? "m²" : "u",
      quantity: String(index + 1),
      unitPriceHt: `${10 + index},50`,
      vatCode: "10",
      optional: false,
      libraryItemId: null,
      cost: null,
    }));
    current.title = "Rénovation d'une salle de bains";
    const saved = await page.request.post(quotePath, {
      form: { intent: posted.intent, revision: posted.revision, draft: JSON.stringify(current) },
      maxRedirects: 0,
    });
    expect(saved.status(), await saved.text().catch(() => "")).toBeLessThan(400);
    await page.goto(quotePath);

    const lot1 = "lot Salle de bains";
    const designation = (position: number) =>
      page.getByRole("textbox", { name: `Désignation, ligne ${position}, ${lot1}` });
    const lines = page.getByRole("list", { name: `Lignes du lot Salle de bains` }).locator(":scope > li");
    await expect(lines).toHaveCount(40);
    await expect(designation(40)).toHaveValue("Poste 40 de la salle de bains");

    // One row per line: a line's cells side by side, in a column that uses the page's width.
    const cells = [
      designation(1),
      page.getByRole("combobox", { name: `Unité, ligne 1, ${lot1}` }),
      page.getByRole("textbox", { name: `Quantité, ligne 1, ${lot1}` }),
      page.getByRole("textbox", { name: `Prix unitaire HT en euros, ligne 1, ${lot1}` }),
      page.getByRole("combobox", { name: `TVA, ligne 1, ${lot1}` }),
    ];
    const boxes = await Promise.all(cells.map((cell) => cell.boundingBox()));
    for (const [index, box] of boxes.entries()) {
      expect(box, `case ${index + 1}`).not.toBeNull();
      expect(Math.abs((box?.y ?? 0) - (boxes[0]?.y ?? 0)), `case ${index + 1} sur la ligne`).toBeLessThan(2);
      if (index > 0) expect(box?.x ?? 0).toBeGreaterThan((boxes[index - 1]?.x ?? 0) + 1);
    }
    const listBox = await page.getByRole("list", { name: "Lignes du lot Salle de bains" }).boundingBox();
    expect(listBox?.width ?? 0, "largeur des lignes").toBeGreaterThan(950);
    // The whole lines area (lot header, 40 rows, its buttons) within three screen heights.
    const area = await page.getByRole("region", { name: "Lots et lignes" }).boundingBox();
    expect(area, "zone des lignes").not.toBeNull();
    expect(area?.height ?? Number.POSITIVE_INFINITY, "hauteur des lignes").toBeLessThanOrEqual(3 * 900);

    // From 1 024 px, still one row per line, and nothing sticks out of the page.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoHorizontalScroll(page, 1024);
    const narrow = await Promise.all(cells.map((cell) => cell.boundingBox()));
    for (const [index, box] of narrow.entries()) {
      expect(
        Math.abs((box?.y ?? 0) - (narrow[0]?.y ?? 0)),
        `case ${index + 1} sur la ligne à 1 024 px`,
      ).toBeLessThan(2);
      expect((box?.x ?? 0) + (box?.width ?? 0), `case ${index + 1} dans la page`).toBeLessThanOrEqual(1024);
    }
    expect(narrow[0]?.width ?? 0, "largeur de la désignation à 1 024 px").toBeGreaterThanOrEqual(80);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Entrée walks the cells of a row, then on to the next row.
    await designation(1).focus();
    for (const cell of cells.slice(1)) {
      await page.keyboard.press("Enter");
      await expect(cell).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(designation(2)).toBeFocused();
    // Nothing was posted on the way (Entrée no longer submits the form).
    await expect(page.getByText("Tout est enregistré")).toBeVisible();

    // Ctrl+Entrée: a new line right below, its designation focused.
    await page.keyboard.press("Control+Enter");
    await expect(lines).toHaveCount(41);
    await expect(designation(3)).toBeFocused();
    await expect(designation(3)).toHaveValue("");
    await expect(designation(4)).toHaveValue("Poste 3 de la salle de bains");
    await page.keyboard.type("Habillage de baignoire");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("combobox", { name: `Unité, ligne 3, ${lot1}` })).toBeFocused();

    // Alt+↓ moves the line, the focus follows it.
    await page.keyboard.press("Alt+ArrowDown");
    await expect(page.getByRole("combobox", { name: `Unité, ligne 4, ${lot1}` })).toBeFocused();
    await expect(designation(4)).toHaveValue("Habillage de baignoire");
    await expect(designation(3)).toHaveValue("Poste 3 de la salle de bains");

    // The description opens under its row, from a keyboard-reachable disclosure button.
    const disclosure = page.getByRole("button", { name: `Ajouter la description, ligne 4, ${lot1}` });
    await disclosure.focus();
    await page.keyboard.press("Enter");
    const description = page.getByRole("textbox", { name: `Description, ligne 4, ${lot1}` });
    await expect(description).toBeVisible();
    await expect(
      page.getByRole("button", { name: `Masquer la description, ligne 4, ${lot1}` }),
    ).toHaveAttribute("aria-expanded", "true");
    await description.fill("Tablier carrelé avec trappe de visite.");
    const rowBox = await designation(4).boundingBox();
    const descriptionBox = await description.boundingBox();
    expect(descriptionBox?.y ?? 0).toBeGreaterThan((rowBox?.y ?? 0) + (rowBox?.height ?? 0));
    expect(descriptionBox?.y ?? 0).toBeLessThan((await designation(5).boundingBox())?.y ?? 0);

    await expectNoAxeViolations(page);

    // Saved and reloaded: the typed line, in its place, with its description.
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();
    await page.goto(quotePath);
    await expect(lines).toHaveCount(41);
    await expect(designation(4)).toHaveValue("Habillage de baignoire");
    await expect(page.getByRole("textbox", { name: `Description, ligne 4, ${lot1}` })).toHaveValue(
      "Tablier carrelé avec trappe de visite.",
    );

    // On a phone, the lines are cards again: the quantity under the designation, captions shown.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneDesignation = await designation(1).boundingBox();
    const phoneQuantity = await page
      .getByRole("textbox", { name: `Quantité, ligne 1, ${lot1}` })
      .boundingBox();
    expect(phoneQuantity?.y ?? 0).toBeGreaterThan(
      (phoneDesignation?.y ?? 0) + (phoneDesignation?.height ?? 0),
    );
    await expect(lines.first().getByText("Quantité", { exact: true })).toBeVisible();
    await expect(
      lines.first().getByRole("button", { name: `Ajouter la description, ligne 1, ${lot1}` }),
    ).toHaveText("Ajouter une description");
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);
  });
});
