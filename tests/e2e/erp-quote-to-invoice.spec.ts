import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  addLine,
  createUserOn,
  escapeRegExp,
  expectNoHorizontalScroll,
  fact,
  isoDayIn,
  mailTo,
  type OwnServer,
  sha256,
  startOwnServer,
} from "./own-server.ts";

// Issue 23, « Proof »: the whole path from a request on the site to a credit note, as a
// new user goes through it, in Chromium against the production build.
//
// On a server of its own, whose mail goes to a loopback SMTP server this test reads: a
// visitor asks for a quote on /devis; staff turn the lead into a quote (« Faire un devis »),
// fill two lots (a line from the price library, a typed line at another VAT rate), give
// what « Avant l'envoi » asks for (the décennale in /erp/docs, the bank details in /erp/parametres,
// the client's address) and send it; the client accepts it on a phone with the e-mailed
// code. From the quote's « Facturer » panel: a deposit, a progress invoice and the final
// invoice, each issued; a partial payment and a « Geste commercial » credit note on the
// final invoice, which is then e-mailed to the client. The invoice list, each invoice's
// page, the quote's panel and the dashboard agree on what is owed, and the invoices add up
// to the quote to the cent. axe-core checks the quote page, the invoice page with its
// credit-note form and the credit note's page.

/** « 1 234,56 € » (any spaces, a minus sign or a hyphen) → 123456. */
function cents(text: string | null): number {
  const match = /(-|\u2212)?\s*([\d\s\u00a0\u202f]+),(\d{2})/.exec(text ?? "");
  if (!match) throw new Error(`Montant illisible : « ${text} »`);
  const value = Number(match[2]?.replace(/\D/g, "")) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

async function amountOf(locator: Locator): Promise<number> {
  await expect(locator).toHaveText(/\d,\d{2}\s€/);
  return cents(await locator.textContent());
}

/** The page's title line: the h1 and the status badge beside it. */
function titleLine(page: Page) {
  return page.getByRole("heading", { level: 1 }).locator("..");
}

/** « Émettre », confirmed: the draft gets its number (FAC-… or, for a credit note, AV-…), returned. */
async function issue(page: Page, prefix: "FAC" | "AV"): Promise<string> {
  await page.getByRole("button", { name: "Émettre", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Émettre cet/ });
  await confirm.getByRole("button", { name: /^Émettre l/ }).click();
  const notice = page.getByText(new RegExp(`^\\S+ ${prefix}-\\d{4}-\\d{4} émise? : `));
  await expect(notice).toBeVisible();
  const number = new RegExp(`${prefix}-\\d{4}-\\d{4}`).exec((await notice.textContent()) ?? "")?.[0] ?? "";
  expect(number).toMatch(new RegExp(`^${prefix}-${isoDayIn(0).slice(0, 4)}-\\d{4}$`));
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await expect(page.getByRole("button", { name: "Émettre", exact: true })).toHaveCount(0);
  return number;
}

/** The issued invoice's « Total TTC » and its « Reste dû » (Suivi), as its page shows them. */
async function invoiceFigures(page: Page): Promise<{ ttc: number; owed: number }> {
  const detail = page.locator("section[aria-labelledby='facture-detail']");
  const ttc = await amountOf(fact(detail, "Total TTC"));
  const owed = await amountOf(fact(page.getByRole("region", { name: "Suivi" }), "Reste dû"));
  return { ttc, owed };
}

test.describe("Du devis à la facture : le parcours d'un nouvel utilisateur", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer("devis-factures");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("demande → devis en deux lots → envoi → accord sur téléphone → acompte, situation, solde → paiement partiel, geste commercial → facture envoyée ; liste, pages et tableau de bord d'accord, factures = devis au centime", async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    const stamp = Date.now().toString().slice(-6);
    const name = `Bastien Ollivier ${stamp}`;
    const email = `bastien.${stamp}@example.fr`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. A visitor asks for a quote on the site.
    await page.goto(`${origin}/devis`);
    const request = page.getByRole("form", { name: "Demande de devis gratuit" });
    await request.getByLabel("Nom et prénom").fill(name);
    await request.getByLabel("E-mail").fill(email);
    await request.getByLabel("Téléphone").fill("06 12 34 56 78");
    await request.getByLabel("Type de travaux").selectOption("Ravalement de façade");
    await request
      .getByLabel("Description du projet")
      .fill(`Cloison à abattre et nouvelle cloison en plaques de plâtre (réf. ${stamp}).`);
    await request.getByRole("checkbox", { name: /J'accepte que mes données soient utilisées/ }).check();
    await request.getByRole("button", { name: "Envoyer ma demande" }).click();
    await expect(page).toHaveURL(/\/merci$/);

    // The owner of a new company signs in; « Faire un devis » on the lead.
    const owner = await createUserOn(server, "owner");
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/leads`);
    await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("button", { name: "Faire un devis" }).click();
    await expect(page).toHaveURL(/\/erp\/devis\/[0-9a-f-]{36}$/);
    const quoteUrl = page.url();
    await expect(page.getByRole("heading", { level: 1, name: "Brouillon de devis" })).toBeVisible();

    // 2. Two lots: one line from the library in each, and a typed line at 20 % in the second.
    const site = page.getByRole("group", { name: "Adresse du chantier" });
    await site.getByLabel("Adresse", { exact: true }).fill("9 chemin des Pins");
    await site.getByLabel("Code postal").fill("83200");
    await site.getByLabel("Commune").fill("Toulon");
    // « Avant l'envoi » asks when the works start and how long they last (decision 022).
    await page.getByLabel("Début estimé").fill(isoDayIn(30));
    await page.getByLabel("Durée estimée").fill("3 jours");
    const library = page.getByRole("dialog", { name: "Ajouter depuis la bibliothèque" });
    await page.getByLabel("Titre du lot 1").fill("Démolition");
    await page.getByRole("button", { name: "Depuis la bibliothèque (lot Démolition)" }).click();
    await library.getByRole("searchbox", { name: "Rechercher un article" }).fill("cloison briques");
    await expect(library.getByRole("status")).toHaveText("1 article");
    await library.getByRole("button", { name: /^Démolition de cloison en briques plâtrières/ }).click();
    await expect(library).toBeHidden();
    await expect(page.getByRole("textbox", { name: "Quantité, ligne 1, lot Démolition" })).toBeFocused();
    await page.keyboard.type("7");

    await page.getByRole("button", { name: "Ajouter un lot" }).click();
    await expect(page.getByLabel("Titre du lot 2")).toBeFocused();
    await page.keyboard.type("Plâtrerie");
    await page.getByRole("button", { name: "Depuis la bibliothèque (lot Plâtrerie)" }).click();
    await library.getByRole("searchbox", { name: "Rechercher un article" }).fill("BA13 ossature");
    await library
      .getByRole("button", { name: /^Cloison en plaques de plâtre BA13 sur ossature métallique/ })
      .click();
    await expect(page.getByRole("textbox", { name: "Quantité, ligne 1, lot Plâtrerie" })).toBeFocused();
    await page.keyboard.type("6,35");
    await addLine(page, "Plâtrerie", "Bandes et enduit de finition", "3,5", "17,33");
    await page.getByRole("combobox", { name: "TVA, ligne 2, lot Plâtrerie" }).selectOption("20");
    const totals = page.getByRole("region", { name: "Totaux" });
    const quoteTtc = await amountOf(fact(totals, "Total TTC"));
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();

    // 3. « Avant l'envoi » says what is missing: the décennale (in the compliance register;
    // the bank details that issuing will need go in the settings) and the client's address.
    const beforeSending = page.getByRole("region", { name: "Avant l'envoi" });
    await expect(beforeSending).toContainText("Le devis ne peut pas encore être envoyé");
    await expect(beforeSending.getByRole("listitem")).toContainText([
      /L'adresse du client est incomplète/,
      /assurance décennale/,
    ]);
    // The décennale's attestation is filed in the register (where the refusal links).
    await beforeSending.getByRole("link", { name: /assurance décennale/ }).click();
    await expect(page).toHaveURL(/\/erp\/docs\/nouveau\?type=decennale$/);
    await page.getByLabel(/^Date d'émission ou de début de validité/).fill(isoDayIn(0));
    await page.getByLabel(/^Fin de validité/).fill(isoDayIn(365));
    await page.getByLabel(/^Fichier \(PDF, JPEG ou PNG/).setInputFiles({
      name: "attestation-decennale.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Enregistrer le renouvellement" }).click();
    await expect(page.getByText(/^Document renouvelé/)).toBeVisible();
    await page.goto(`${origin}/erp/parametres`);
    await expect(page.getByRole("heading", { level: 1, name: "Paramètres de l'entreprise" })).toBeVisible();
    await page.getByLabel("Titulaire du compte").fill("Batirade SASU");
    await page.getByLabel("IBAN", { exact: true }).fill("FR7630006000011234567890189");
    await page.getByLabel("BIC", { exact: true }).fill("AGRIFRPP");
    await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
    await expect(page.getByText("Paramètres enregistrés.", { exact: true })).toBeVisible();

    await page.goto(quoteUrl);
    await expect(beforeSending.getByRole("listitem")).toHaveText([
      "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
    ]);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.getByRole("link", { name: "Modifier" }).click();
    const billingAddress = page.getByRole("group", { name: "Adresse de facturation" });
    await billingAddress.getByLabel("Numéro et rue").fill("9 chemin des Pins");
    await billingAddress.getByLabel("Code postal").fill("83200");
    await billingAddress.getByLabel("Ville").fill("Toulon");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Fiche client enregistrée.")).toBeVisible();
    await page.goto(quoteUrl);
    await expect(beforeSending).toContainText(`le devis est prêt à être envoyé à ${email}`);
    await beforeSending.getByRole("button", { name: "Envoyer au client" }).click();
    const confirmSend = page.getByRole("alertdialog", { name: "Envoyer ce devis au client ?" });
    await confirmSend.getByRole("button", { name: "Envoyer le devis" }).click();
    const sentNotice = page.getByText(
      new RegExp(`^Devis DEV-\\d{4}-\\d{4} envoyé à ${escapeRegExp(email)}\\.$`),
    );
    await expect(sentNotice).toBeVisible();
    const quoteNumber = /DEV-\d{4}-\d{4}/.exec((await sentNotice.textContent()) ?? "")?.[0] ?? "";
    const sent = await mailTo(smtp, email, new RegExp(`^Devis ${quoteNumber} — `));
    const presented = sent.parsed?.attachments.find(
      (attachment) => attachment.contentType === "application/pdf",
    );
    expect(presented, "PDF du devis joint à l'e-mail").toBeDefined();
    const presentedSha = sha256(presented?.content ?? Buffer.alloc(0));
    const link = new RegExp(`${escapeRegExp(origin)}/accord/[A-Za-z0-9_-]{20,}`).exec(
      sent.parsed?.text ?? "",
    )?.[0];
    expect(link, "lien /accord/… dans l'e-mail").toBeTruthy();

    // 4. The client accepts on a phone (390 × 844) with the code e-mailed to them.
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      locale: "fr-FR",
      timezoneId: "Europe/Paris",
    });
    let signedSha = "";
    try {
      const phone = await phoneContext.newPage();
      // The fixtures watch the staff's page only: the phone's errors are collected here.
      const phoneErrors: string[] = [];
      phone.on("pageerror", (error) => phoneErrors.push(error.message));
      phone.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          phoneErrors.push(message.text());
        }
      });
      phone.on("response", (response) => {
        if (response.status() >= 400) phoneErrors.push(`${response.status()} ${response.url()}`);
      });
      await phone.goto(link ?? "");
      await phone.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(phone.getByRole("heading", { level: 1, name: `Devis ${quoteNumber}` })).toBeVisible();
      const acceptChoice = phone.locator("summary", { hasText: "Accepter le devis" });
      await expect(acceptChoice).toBeInViewport();
      await acceptChoice.click();
      await phone.getByRole("button", { name: "Recevoir mon code par e-mail" }).click();
      await expect(phone.getByText(/^Code envoyé à .* : il est valable 10 minutes\.$/)).toBeVisible();
      const codeMail = await mailTo(
        smtp,
        email,
        new RegExp(`^\\d{6} : code de confirmation du devis ${quoteNumber}`),
      );
      const code = /^(\d{6})/.exec(codeMail.parsed?.subject ?? "")?.[1] ?? "";
      await phone.getByRole("checkbox", { name: /^Bon pour accord : j'accepte le devis/ }).check();
      await phone
        .getByRole("checkbox", { name: "Je certifie les conditions du taux réduit de TVA ci-dessous." })
        .check();
      await phone.getByLabel("Vos nom et prénom").fill(name);
      await phone.getByLabel("Code reçu par e-mail").fill(code);
      await phone.getByRole("button", { name: "Signer et accepter le devis" }).click();
      const accepted = phone.getByRole("status").filter({ hasText: "Devis accepté" });
      await expect(accepted).toBeVisible();
      await expectNoHorizontalScroll(phone, 390);
      // The signed copy: its SHA-256 is the one the page shows, and the staff's proof.
      const download = phone.waitForEvent("download");
      await phone.getByRole("link", { name: "Télécharger l'exemplaire signé" }).click();
      const signedCopy = await (await download).createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of signedCopy) chunks.push(chunk as Buffer);
      const signed = Buffer.concat(chunks);
      expect(signed.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      signedSha = sha256(signed);
      await expect(accepted.locator("code")).toHaveText(signedSha);
      expect(phoneErrors, "erreurs dans la console du téléphone").toEqual([]);
    } finally {
      await phoneContext.close();
    }
    await page.goto(quoteUrl);
    await expect(titleLine(page)).toContainText("Accepté");
    const proof = page.getByRole("region", { name: "Preuve de l'accord" });
    await expect(fact(proof, "PDF présenté (SHA-256)")).toHaveText(presentedSha);
    await expect(fact(proof, "Exemplaire signé (SHA-256)")).toHaveText(signedSha);

    // 5. From « Facturer »: a 30 % deposit, a progress invoice, the final invoice, each issued.
    const invoicing = page.getByRole("region", { name: "Facturer" });
    expect(await amountOf(fact(invoicing, "Montant du devis"))).toBe(quoteTtc);
    await invoicing.getByLabel("Acompte en").selectOption("pourcentage");
    await invoicing.getByLabel("Valeur").fill("30");
    await invoicing.getByRole("button", { name: "Préparer l'acompte" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
    const depositNumber = await issue(page, "FAC");
    const depositUrl = page.url();

    await page.goto(quoteUrl);
    await invoicing.getByLabel("Démolition", { exact: true }).fill("40");
    await invoicing.getByLabel("Plâtrerie", { exact: true }).fill("35");
    await invoicing.getByRole("button", { name: "Préparer la situation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
    const progressNumber = await issue(page, "FAC");
    const progressUrl = page.url();

    await page.goto(quoteUrl);
    await invoicing.getByRole("button", { name: "Préparer le solde" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
    const finalNumber = await issue(page, "FAC");
    const finalUrl = page.url();
    const finalBefore = await invoiceFigures(page);

    // A partial payment on the final invoice.
    const paidCents = 15_000;
    const payment = page.getByRole("region", { name: "Enregistrer un paiement" });
    await payment.getByLabel("Date du paiement").fill(isoDayIn(0));
    await payment.getByLabel("Montant reçu").fill("150,00");
    await payment.getByLabel("Moyen de paiement").selectOption("virement");
    await payment.getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page.getByText("Paiement enregistré.", { exact: true })).toBeVisible();
    await expect(titleLine(page)).toContainText("Partiellement payée");
    expect((await invoiceFigures(page)).owed).toBe(finalBefore.ttc - paidCents);

    // A « Geste commercial » credit note on it, with its reason and designation, issued.
    const creditForm = page.getByRole("region", { name: "Faire un avoir" });
    await expect(creditForm).toBeVisible();
    await expectNoAxeViolations(page);
    const gestureCents = 10_000;
    await creditForm.getByLabel("Type d'avoir").selectOption({ label: "Geste commercial, d'un montant TTC" });
    await creditForm.getByLabel("Motif").fill("Retard de trois jours sur le chantier.");
    await creditForm.getByLabel(/^Montant TTC/).fill("100,00");
    await creditForm.getByLabel(/^Désignation/).fill("Geste commercial pour le retard");
    await creditForm.getByRole("button", { name: "Préparer l'avoir" }).click();
    await expect(page.getByText("Brouillon d'avoir préparé : vérifiez-le, puis « Émettre ».")).toBeVisible();
    await expect(page.getByRole("link", { name: finalNumber, exact: true })).toBeVisible();
    // The draft says what the PDF will print: the reason under its kind, the gesture under
    // the typed designation, nothing about progress or deposits.
    const creditDetail = page.locator("section[aria-labelledby='facture-detail']");
    const explained = async () => {
      await expect(fact(creditDetail, "Motif de l'avoir")).toHaveText(
        "Geste commercial : Retard de trois jours sur le chantier.",
      );
      await expect(
        creditDetail.getByRole("rowheader", { name: "Geste commercial pour le retard" }),
      ).not.toHaveCount(0);
      await expect(creditDetail).not.toContainText("cumulés");
      await expect(creditDetail).not.toContainText("Acompte");
    };
    await explained();
    const creditNumber = await issue(page, "AV");
    await explained();
    expect(Math.abs(await amountOf(fact(creditDetail, "Total TTC")))).toBe(gestureCents);
    await expectNoAxeViolations(page);

    // 6. The final invoice e-mailed to the client, read at the SMTP server with its PDF.
    await page.goto(finalUrl);
    await expect(page.getByRole("heading", { level: 1, name: finalNumber })).toBeVisible();
    const pdfHref = await page.getByRole("link", { name: "PDF Factur-X" }).getAttribute("href");
    const finalPdf = await (await page.request.get(new URL(pdfHref ?? "", origin).href)).body();
    await page.getByRole("button", { name: "Envoyer au client" }).click();
    const send = page.getByRole("alertdialog", { name: "Envoyer cette facture au client ?" });
    await expect(send).toContainText(email);
    await send.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByText(`Facture ${finalNumber} envoyée à ${email}`)).toBeVisible();
    const invoiceMail = await mailTo(smtp, email, new RegExp(`^Facture ${finalNumber} – `));
    expect(invoiceMail.envelope.to).toEqual([email]);
    await expect(page.getByRole("region", { name: "Historique", exact: true })).toContainText(
      `Facture envoyée au client à ${email}, PDF Factur-X joint`,
    );
    const mailText = invoiceMail.parsed?.text ?? "";
    expect(mailText).toContain(`Référence à indiquer : ${finalNumber}`);
    expect(mailText).toMatch(/IBAN : FR76[\s\d]+189/);
    // The e-mail asks for what is still owed: the net less the payment and the gesture.
    const asked = /bien vouloir régler ([^\n]+?€)/.exec(mailText)?.[1] ?? null;
    expect(cents(asked), "montant demandé dans l'e-mail").toBe(finalBefore.ttc - paidCents - gestureCents);
    const attachments = invoiceMail.parsed?.attachments ?? [];
    expect(attachments.map((attachment) => attachment.contentType)).toEqual(["application/pdf"]);
    expect(attachments[0]?.filename).toMatch(/\.pdf$/);
    expect(sha256(attachments[0]?.content ?? Buffer.alloc(0)), "PDF joint = PDF Factur-X de la page").toBe(
      sha256(finalPdf),
    );

    // 7. What is owed and what was invoiced, read on each invoice's page…
    const pages = new Map<string, { ttc: number; owed: number }>();
    for (const [number, url] of [
      [depositNumber, depositUrl],
      [progressNumber, progressUrl],
      [finalNumber, finalUrl],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
      pages.set(number, await invoiceFigures(page));
    }
    expect(pages.get(finalNumber)?.owed).toBe(finalBefore.ttc - paidCents - gestureCents);
    expect(pages.get(depositNumber)?.owed).toBe(pages.get(depositNumber)?.ttc);
    expect(pages.get(progressNumber)?.owed).toBe(pages.get(progressNumber)?.ttc);
    const invoicedTtc = [...pages.values()].reduce((total, figures) => total + figures.ttc, 0);
    const owedTotal = [...pages.values()].reduce((total, figures) => total + figures.owed, 0);
    expect(invoicedTtc, "acompte + situation + solde = devis, au centime").toBe(quoteTtc);

    // …on the list, row by row…
    await page.goto(`${origin}/erp/factures`);
    await expect(page.getByRole("heading", { level: 1, name: "Factures" })).toBeVisible();
    const headers = await page.getByRole("columnheader").allTextContents();
    const owedColumn = headers.findIndex((header) => header.trim().startsWith("Reste dû"));
    const ttcColumn = headers.findIndex((header) => header.trim().startsWith("Total TTC"));
    expect(owedColumn).toBeGreaterThanOrEqual(0);
    for (const [number, figures] of pages) {
      const row = page.getByRole("row").filter({ hasText: number });
      await expect(row).toHaveCount(1);
      expect(await amountOf(row.getByRole("cell").nth(owedColumn)), `Reste dû de ${number}`).toBe(
        figures.owed,
      );
      expect(await amountOf(row.getByRole("cell").nth(ttcColumn)), `Total TTC de ${number}`).toBe(
        figures.ttc,
      );
    }
    await expect(
      page.getByRole("row").filter({ hasText: creditNumber }).getByRole("cell").nth(owedColumn),
    ).toHaveText("—");

    // The footer's total of what is owed is the rows' (the credit note owes nothing itself).
    expect(await amountOf(page.locator("tfoot tr").getByRole("cell").nth(owedColumn)), "pied de liste").toBe(
      owedTotal,
    );
    expect(
      Math.abs(
        await amountOf(
          page.getByRole("row").filter({ hasText: creditNumber }).getByRole("cell").nth(ttcColumn),
        ),
      ),
    ).toBe(gestureCents);

    // …on the dashboard…
    await page.goto(`${origin}/erp`);
    const outstanding = page.getByRole("link", { name: /restent à encaisser sur 3 factures/ });
    expect(await amountOf(outstanding), "« Reste à encaisser » du tableau de bord").toBe(owedTotal);

    // …and on the quote: fully invoiced, the gesture apart, nothing left to prepare.
    await page.goto(quoteUrl);
    await expect(page.getByRole("heading", { level: 1, name: quoteNumber })).toBeVisible();
    expect(await amountOf(fact(invoicing, "Montant du devis"))).toBe(quoteTtc);
    expect(await amountOf(fact(invoicing, "Facturé")), "« Facturé » = « Montant du devis »").toBe(quoteTtc);
    expect(Math.abs(await amountOf(fact(invoicing, "Gestes commerciaux et remises")))).toBe(gestureCents);
    expect(await amountOf(fact(invoicing, "Reste à facturer"))).toBe(0);
    expect(await amountOf(fact(invoicing, "Payé"))).toBe(paidCents);
    expect(await amountOf(fact(invoicing, "Reste dû par le client"))).toBe(owedTotal);
    await expect(invoicing).toContainText("Ce devis est entièrement facturé");
    await expect(invoicing.getByRole("button", { name: "Préparer le solde" })).toHaveCount(0);
    const listed = invoicing.getByRole("list", { name: "Factures de ce devis" });
    for (const number of [depositNumber, progressNumber, finalNumber, creditNumber]) {
      await expect(listed.getByRole("link", { name: number, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });
});
