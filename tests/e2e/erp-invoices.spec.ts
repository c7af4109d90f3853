import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./erp-fixtures.ts";
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
  type OwnServer,
  setUpInvoicing,
  sha256,
  startOwnServer,
} from "./own-server.ts";

// Espace Pro › Factures in a real browser against the production build (issue 14, « Proof »).
//
// On a server of its own, whose mail goes to a loopback SMTP server this test reads, and
// whose company settings can be saved without racing erp-settings.spec.ts: an owner gives
// the décennale a year of validity and the bank details (no invoice is issued without
// them); staff create a client, quote two lots with a 5 % retention, send the quote and
// record the client's paper acceptance. From the quote's « Facturer » panel: a 30 % deposit
// invoice issued and paid, a progress invoice at 50 % on each lot issued (and paid, so that
// the final invoice is the only one owed at its due date), the final invoice issued; each
// Factur-X PDF is downloaded. Then the clock moves: `invoice-follow-up.ts --at` the day
// after the final invoice's due date queues one reminder, which the SMTP server receives
// with the very PDF downloaded. axe-core checks every invoicing screen.

const run = promisify(execFile);

/** `day` (AAAA-MM-JJ) moved by `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar day as the screens and e-mails write it: « 23 novembre 2026 ». */
function frenchDate(day: string): string {
  return new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** 09:00 in Paris on `day`, as an ISO instant (summer or winter time). */
function parisNineAm(day: string): string {
  const hour = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    hour: "2-digit",
    hourCycle: "h23",
  });
  for (const offset of ["+02:00", "+01:00"]) {
    const instant = new Date(`${day}T09:00:00${offset}`);
    if (hour.format(instant) === "09") return instant.toISOString();
  }
  throw new Error(`Pas de 9 h à Paris le ${day}`);
}

/** The page's title line: the h1 and the status badge beside it. */
function titleLine(page: Page) {
  return page.getByRole("heading", { level: 1 }).locator("..");
}

/** « Émettre », confirmed: the draft gets its FAC-YYYY-NNNN number, which is returned. */
async function issue(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Émettre", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Émettre cette facture ?" });
  await expect(confirm).toContainText("elle ne pourra plus être modifiée");
  await confirm.getByRole("button", { name: "Émettre la facture" }).click();
  const notice = page.getByText(/^Facture FAC-\d{4}-\d{4} émise : son PDF Factur-X est prêt\.$/);
  await expect(notice).toBeVisible();
  const number = /FAC-\d{4}-\d{4}/.exec((await notice.textContent()) ?? "")?.[0] ?? "";
  expect(number).toMatch(new RegExp(`^FAC-${isoDayIn(0).slice(0, 4)}-\\d{4}$`));
  await expect(page.getByRole("heading", { level: 1, name: number })).toBeVisible();
  await expect(titleLine(page)).toContainText("Émise");
  await expect(page.getByRole("button", { name: "Émettre", exact: true })).toHaveCount(0);
  return number;
}

/**
 * « PDF Factur-X », downloaded through the page's link (which the browser shows inline, in
 * its PDF viewer): a PDF carrying its CII XML as `factur-x.xml`, the very file whose
 * SHA-256 the page shows.
 */
async function downloadPdf(page: Page, number: string): Promise<Buffer> {
  const link = page.getByRole("link", { name: "PDF Factur-X" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/erp\/factures\/[0-9a-f-]{36}\/pdf$/);
  const response = await page.request.get(new URL(href ?? "", page.url()).href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(response.headers()["content-disposition"]).toBe(`inline; filename="${number.toLowerCase()}.pdf"`);
  const pdf = await response.body();
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.includes("factur-x.xml"), "pièce jointe factur-x.xml dans le PDF").toBe(true);
  await expect(fact(page.getByRole("region", { name: "Suivi" }), "Empreinte du PDF (SHA-256)")).toHaveText(
    sha256(pdf),
  );
  return pdf;
}

/** « Enregistrer un paiement » of `amount` by bank transfer today: the invoice is « Payée ». */
async function payInFull(page: Page, amount: string) {
  const payment = page.getByRole("region", { name: "Enregistrer un paiement" });
  await payment.getByLabel("Date du paiement").fill(isoDayIn(0));
  await payment.getByLabel("Montant reçu").fill(amount);
  await payment.getByLabel("Moyen de paiement").selectOption("virement");
  await payment.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(page.getByText("Paiement enregistré.", { exact: true })).toBeVisible();
  await expect(titleLine(page)).toContainText("Payée");
  const followUp = page.getByRole("region", { name: "Suivi" });
  await expect(fact(followUp, "Reste dû")).toHaveText("0,00 €");
  await expect(page.getByRole("list", { name: "Paiements reçus" })).toContainText(
    `${frenchDate(isoDayIn(0))} : ${amount} € (Virement)`,
  );
  // Paid: nothing left to remind, nothing left to pay.
  await expect(page.getByRole("region", { name: "Relances" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Enregistrer un paiement" })).toHaveCount(0);
}

test.describe("Factures : du devis accepté au rappel lu sur le serveur SMTP", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer("factures");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("acompte émis et payé → situation à 50 % → solde → PDF Factur-X → relance après l'échéance, PDF joint", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    const stamp = Date.now().toString().slice(-6);
    const name = `Mathilde Roux ${stamp}`;
    const email = `mathilde.${stamp}@example.fr`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // 1. An owner gives the décennale a year of validity and the bank details: an invoice
    // without them cannot be issued.
    const { termsDays } = await setUpInvoicing(page, server);

    // 2. Staff create the client, with its billing address and e-mail.
    const staff = await createUserOn(server, "staff");
    await signIn(page, staff, `${origin}/erp/login?redirectTo=/erp/clients/nouveau`);
    await page.getByLabel("Nom *").fill(name);
    await page.getByLabel("E-mail").fill(email);
    const billingAddress = page.getByRole("group", { name: "Adresse de facturation" });
    await billingAddress.getByLabel("Numéro et rue").fill("3 rue des Tamaris");
    await billingAddress.getByLabel("Code postal").fill("83000");
    await billingAddress.getByLabel("Ville").fill("Toulon");
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // 3. The quote: « Nouveau devis », the client, two lots of one line each, a 5 % retention.
    await page.goto(`${origin}/erp/devis/nouveau`);
    await page.getByRole("button", { name: `Faire un devis pour ${name}` }).click();
    await expect(page).toHaveURL(/\/erp\/devis\/[0-9a-f-]{36}$/);
    const quoteUrl = page.url();
    await expect(page.getByRole("heading", { level: 1, name: "Brouillon de devis" })).toBeVisible();
    await page.getByRole("textbox", { name: "Objet", exact: true }).fill("Rénovation de la salle d'eau");
    await page
      .getByLabel("Nature des travaux")
      .fill("Reprise des murs de la salle d'eau et peinture des pièces attenantes.");
    const site = page.getByRole("group", { name: "Adresse du chantier" });
    await site.getByLabel("Adresse", { exact: true }).fill("3 rue des Tamaris");
    await site.getByLabel("Code postal").fill("83000");
    await site.getByLabel("Commune").fill("Toulon");
    // « Avant l'envoi » asks when the works start and how long they last (decision 022).
    await page.getByLabel("Début estimé").fill(isoDayIn(30));
    await page.getByLabel("Durée estimée").fill("2 semaines");
    await page.getByLabel("Titre du lot 1").fill("Maçonnerie");
    await addLine(page, "Maçonnerie", "Reprise des murs en carreaux de plâtre", "1", "4000");
    await page.getByRole("button", { name: "Ajouter un lot" }).click();
    await expect(page.getByLabel("Titre du lot 2")).toBeFocused();
    await page.keyboard.type("Peinture");
    await addLine(page, "Peinture", "Peinture acrylique mate, deux couches", "50", "30");
    await page.getByLabel("Retenue de garantie (%)").fill("5");
    const totals = page.getByRole("region", { name: "Totaux" });
    await expect(fact(totals, "Total HT")).toHaveText("5 500,00 €");
    await expect(fact(totals, "Total TTC")).toHaveText("6 600,00 €");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();

    // Sent, then accepted on paper with a scan of the signed copy.
    const beforeSending = page.getByRole("region", { name: "Avant l'envoi" });
    await expect(beforeSending).toContainText(`le devis est prêt à être envoyé à ${email}`);
    await beforeSending.getByRole("button", { name: "Envoyer au client" }).click();
    const confirmSend = page.getByRole("alertdialog", { name: "Envoyer ce devis au client ?" });
    await confirmSend.getByRole("button", { name: "Envoyer le devis" }).click();
    const sentNotice = page.getByText(
      new RegExp(`^Devis DEV-\\d{4}-\\d{4} envoyé à ${escapeRegExp(email)}\\.$`),
    );
    await expect(sentNotice).toBeVisible();
    const quoteNumber = /DEV-\d{4}-\d{4}/.exec((await sentNotice.textContent()) ?? "")?.[0] ?? "";
    const paper = page.getByRole("region", { name: "Accord signé sur papier" });
    await expect(paper.getByLabel("Nom du signataire")).toHaveValue(name);
    await paper.getByLabel("Devis signé numérisé").setInputFiles(await jpegPhoto("devis-signe.jpg"));
    await paper.getByRole("button", { name: "Enregistrer l'accord" }).click();
    await expect(page.getByText("Accord sur papier enregistré : le devis est accepté.")).toBeVisible();
    await expect(titleLine(page)).toContainText("Accepté");

    const invoicing = page.getByRole("region", { name: "Facturer" });
    await expect(invoicing).toContainText("Aucune facture pour ce devis.");
    await expect(fact(invoicing, "Montant du devis")).toHaveText("6 600,00 € TTC");
    await expect(fact(invoicing, "Reste à facturer")).toHaveText("6 600,00 € TTC");

    // 4. The deposit: 30 % of the TTC, prepared as a draft, issued, its PDF, paid in full.
    await expect(invoicing.getByLabel("Acompte en")).toHaveValue("pourcentage");
    await expect(invoicing.getByLabel("Valeur")).toHaveValue("30");
    await invoicing.getByRole("button", { name: "Préparer l'acompte" }).click();
    await expect(page).toHaveURL(/\/erp\/factures\/[0-9a-f-]{36}$/);
    await expect(
      page.getByText("Brouillon de facture préparé : vérifiez-le, puis « Émettre »."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
    await expect(titleLine(page)).toContainText("Brouillon");
    const detail = page.getByRole("region", { name: /Facture d'acompte/ });
    await expect(fact(detail, "Total TTC")).toHaveText("1 980,00 €");
    await expect(fact(detail, "Net à payer")).toHaveText("1 980,00 €");
    await expectNoAxeViolations(page);

    const depositNumber = await issue(page);
    const depositPdf = await downloadPdf(page, depositNumber);
    expect(depositPdf.length).toBeGreaterThan(1000);
    await expect(fact(page.getByRole("region", { name: "Suivi" }), "Émise le")).toHaveText(
      frenchDate(isoDayIn(0)),
    );
    await expect(fact(page.getByRole("region", { name: "Suivi" }), "Échéance")).toHaveText(
      frenchDate(isoDayIn(termsDays)),
    );
    await expectNoAxeViolations(page);
    await payInFull(page, "1 980,00");

    // 5. The progress invoice: 50 % on each lot, the deposit's share deducted, 5 % withheld.
    await page.goto(quoteUrl);
    await expect(invoicing.getByRole("list", { name: "Factures de ce devis" })).toContainText(depositNumber);
    await expect(fact(invoicing, "Payé")).toHaveText("1 980,00 €");
    await invoicing.getByLabel("Maçonnerie", { exact: true }).fill("50");
    await invoicing.getByLabel("Peinture", { exact: true }).fill("50");
    await invoicing.getByRole("button", { name: "Préparer la situation" }).click();
    await expect(page).toHaveURL(/\/erp\/factures\/[0-9a-f-]{36}$/);
    const progress = page.getByRole("region", { name: /Facture de situation n° 1/ });
    await expect(progress.getByRole("row", { name: /^Maçonnerie/ })).toContainText(
      "50 % cumulés sur 4 000,00 €",
    );
    await expect(progress.getByRole("row", { name: /^Peinture/ })).toContainText(
      "50 % cumulés sur 1 500,00 €",
    );
    await expect(fact(progress, "Total TTC")).toHaveText("2 310,00 €");
    await expect(fact(progress, "Retenue de garantie")).toHaveText("165,00 €");
    await expect(fact(progress, "Net à payer")).toHaveText("2 145,00 €");
    const progressNumber = await issue(page);
    await downloadPdf(page, progressNumber);
    // Paid too: at the final invoice's due date, only the final invoice is owed.
    await payInFull(page, "2 145,00");

    // 6. The final invoice: the rest of the quote, the deposit's remaining share deducted.
    await page.goto(quoteUrl);
    await expect(invoicing.getByRole("list", { name: "Factures de ce devis" })).toContainText(progressNumber);
    await invoicing.getByRole("button", { name: "Préparer le solde" }).click();
    await expect(page).toHaveURL(/\/erp\/factures\/[0-9a-f-]{36}$/);
    const finalUrl = page.url();
    const finalDetail = page.getByRole("region", { name: /Facture de solde/ });
    await expect(fact(finalDetail, "Total TTC")).toHaveText("2 310,00 €");
    await expect(fact(finalDetail, "Net à payer")).toHaveText("2 145,00 €");
    const finalNumber = await issue(page);
    const finalPdf = await downloadPdf(page, finalNumber);
    const dueDay = isoDayIn(termsDays);
    await expect(fact(page.getByRole("region", { name: "Suivi" }), "Échéance")).toHaveText(
      frenchDate(dueDay),
    );
    const reminders = page.getByRole("region", { name: "Relances" });
    await expect(fact(reminders, "Relances automatiques envoyées")).toHaveText("0 sur 3");
    await expect(fact(reminders, "Prochaine relance")).toHaveText(
      `Premier rappel le ${frenchDate(addDays(dueDay, 1))}`,
    );
    await expectNoAxeViolations(page);

    // The quote is fully invoiced; the retention is held until a year after the handover.
    await page.goto(quoteUrl);
    const invoices = invoicing.getByRole("list", { name: "Factures de ce devis" });
    await expect(invoices.getByRole("listitem")).toHaveCount(3);
    for (const number of [depositNumber, progressNumber, finalNumber]) {
      await expect(invoices.getByRole("link", { name: number, exact: true })).toBeVisible();
    }
    await expect(fact(invoicing, "Facturé")).toHaveText("6 600,00 € TTC");
    await expect(fact(invoicing, "Reste à facturer")).toHaveText("0,00 € TTC");
    await expect(fact(invoicing, "Payé")).toHaveText("4 125,00 €");
    await expect(fact(invoicing, "Reste dû par le client")).toHaveText("2 145,00 €");
    await expect(
      invoicing
        .locator("dt")
        .filter({ hasText: /^Retenue de garantie \(5\s%\)$/ })
        .locator("+ dd"),
    ).toHaveText("330,00 € retenus — libération un an après la réception (date à saisir)");
    await expect(page.getByRole("heading", { level: 1, name: quoteNumber })).toBeVisible();
    await expectNoAxeViolations(page);

    // 7. The clock moves to the day after the final invoice's due date, 9:00 in Paris: the
    // daily follow-up, asked of the running server, queues one reminder.
    const at = parisNineAm(addDays(dueDay, 1));
    const { stdout } = await run(process.execPath, ["scripts/invoice-follow-up.ts", "--at", at], {
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    expect(stdout.trim()).toBe(
      "Suivi des factures fait : 1 passée(s) « En retard », 1 relance(s) mise(s) en file d'envoi.",
    );
    const reminder = await mailTo(
      smtp,
      email,
      new RegExp(`^${escapeRegExp(`Rappel : facture ${finalNumber} échue le ${frenchDate(dueDay)}`)}$`),
    );
    expect(reminder.parsed?.text).toContain(finalNumber);
    const attached = reminder.parsed?.attachments ?? [];
    expect(attached.map((attachment) => attachment.filename)).toEqual([`${finalNumber.toLowerCase()}.pdf`]);
    expect(attached[0]?.contentType).toBe("application/pdf");
    expect(sha256(attached[0]?.content ?? Buffer.alloc(0)), "PDF joint = PDF téléchargé").toBe(
      sha256(finalPdf),
    );
    // Nothing for the paid deposit and progress invoices.
    expect(
      smtp.messages
        .map((message) => message.parsed?.subject ?? "")
        .filter((subject) => /rappel/i.test(subject)),
    ).toEqual([reminder.parsed?.subject]);

    await page.goto(finalUrl);
    await expect(titleLine(page)).toContainText("En retard");
    await expect(
      fact(page.getByRole("region", { name: "Relances" }), "Relances automatiques envoyées"),
    ).toHaveText("1 sur 3");
    await expect(page.getByRole("list", { name: "Historique de la facture" })).toContainText(
      `Relance n° 1 (premier rappel) envoyée à ${email} : échéance dépassée de 1 jour, reste dû 2 145,00 €`,
    );

    // On a phone, the issued invoice never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { level: 1, name: finalNumber })).toBeVisible();
    await expectNoHorizontalScroll(page, 390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // 8. The other invoicing screens: the list, « Nouvelle facture », a standalone draft
    // with the lines editor, the accounting export.
    await page.goto(`${origin}/erp/factures`);
    await expect(page.getByRole("heading", { level: 1, name: "Factures" })).toBeVisible();
    for (const [number, status] of [
      [depositNumber, "Payée"],
      [progressNumber, "Payée"],
      [finalNumber, "En retard"],
    ] as const) {
      await expect(page.getByRole("row").filter({ hasText: number })).toContainText(status);
    }
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Nouvelle facture" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouvelle facture" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Facturer pour ${name}` }).click();
    await expect(page).toHaveURL(/\/erp\/factures\/[0-9a-f-]{36}$/);
    await expect(
      page.getByText("Brouillon de facture créé : saisissez ses lignes, enregistrez, puis « Émettre »."),
    ).toBeVisible();
    // The quotes' lines editor, the client's address as the site; a line typed, then saved.
    await expect(page.getByRole("form", { name: "Facture" })).toBeVisible();
    await page.getByRole("textbox", { name: "Objet", exact: true }).fill("Remplacement d'un mitigeur");
    await addLine(page, "Prestations", "Mitigeur thermostatique, fourniture et pose", "1", "120");
    await expect(
      page.getByText("Modifications non enregistrées : enregistrez-les avant d'émettre la facture."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Émettre", exact: true })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();
    const standalone = page.getByRole("region", { name: "Ce qui sera facturé" });
    await expect(standalone.getByRole("row", { name: /^Mitigeur thermostatique/ })).toContainText("120,00 €");
    await expect(fact(standalone, "Total TTC")).toHaveText("144,00 €");
    await expect(page.getByRole("button", { name: "Émettre", exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    await page.goto(`${origin}/erp/factures/export`);
    await expect(page.getByRole("heading", { level: 1, name: "Export comptable" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("Factures : aperçu du brouillon, « Émettre » refusé, envoi au client", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer("factures-envoi");
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("un « Émettre » refusé ferme sa boîte de dialogue et montre le refus en haut ; émise, la facture part au client avec son PDF", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(240_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    const stamp = Date.now().toString().slice(-6);
    const name = `Lucie Martin ${stamp}`;
    const email = `lucie.${stamp}@example.fr`;
    await page.setViewportSize({ width: 1280, height: 900 });

    // A fresh server: no décennale date, no bank details. Staff create a client and a
    // standalone invoice with one line.
    const staff = await createUserOn(server, "staff");
    await signIn(page, staff, `${origin}/erp/login?redirectTo=/erp/clients/nouveau`);
    await page.getByLabel("Nom *").fill(name);
    await page.getByLabel("E-mail").fill(email);
    const billingAddress = page.getByRole("group", { name: "Adresse de facturation" });
    await billingAddress.getByLabel("Numéro et rue").fill("7 rue Picot");
    await billingAddress.getByLabel("Code postal").fill("83000");
    await billingAddress.getByLabel("Ville").fill("Toulon");
    await page.getByRole("button", { name: "Créer le client" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await page.goto(`${origin}/erp/factures/nouvelle`);
    await page.getByRole("button", { name: `Facturer pour ${name}` }).click();
    await expect(page).toHaveURL(/\/erp\/factures\/[0-9a-f-]{36}$/);
    const draftUrl = page.url();
    await page.getByRole("textbox", { name: "Objet", exact: true }).fill("Remplacement d'un mitigeur");
    await addLine(page, "Prestations", "Mitigeur thermostatique, fourniture et pose", "1", "120");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré")).toBeVisible();

    // « Émettre », confirmed, refused: the dialog closes, the refusal is at the top, focused.
    await page.getByRole("button", { name: "Émettre", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Émettre cette facture ?" });
    await confirm.getByRole("button", { name: "Émettre la facture" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "La facture ne peut pas être émise :" });
    await expect(refusal).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(refusal).toContainText("Les coordonnées bancaires (titulaire, IBAN, BIC)");
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    await expect(page.getByRole("heading", { level: 1, name: /^Brouillon — / })).toBeVisible();
    // The refusal is the action's 400, expected here.
    const refused = consoleErrors.findIndex((entry) => /^400 .*\/erp\/factures\/[^/]+\.data/.test(entry));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);
    await expectNoAxeViolations(page);

    // The owner fills in the settings; back on the draft, « Aperçu PDF » then « Émettre ».
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await setUpInvoicing(page, server);
    await signIn(page, staff, `${origin}/erp/login?redirectTo=${new URL(draftUrl).pathname}`);
    const preview = page.getByRole("link", { name: "Aperçu PDF" });
    const previewHref = await preview.getAttribute("href");
    expect(previewHref).toMatch(/^\/erp\/factures\/[0-9a-f-]{36}\/apercu\.pdf$/);
    const previewPdf = await page.request.get(new URL(previewHref ?? "", origin).href);
    expect(previewPdf.status()).toBe(200);
    expect(previewPdf.headers()["content-type"]).toBe("application/pdf");
    const number = await issue(page);
    const pdf = await downloadPdf(page, number);

    // « Envoyer au client »: the dialog names the address; the client receives the issued PDF.
    await page.getByRole("button", { name: "Envoyer au client" }).click();
    const send = page.getByRole("alertdialog", { name: "Envoyer cette facture au client ?" });
    await expect(send).toContainText(email);
    await expectNoAxeViolations(page);
    await send.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByText(`Facture ${number} envoyée à ${email}`)).toBeVisible();
    await expect(send).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Renvoyer au client" })).toBeVisible();
    const history = page.getByRole("region", { name: "Historique", exact: true });
    await expect(history).toContainText(`Facture envoyée au client à ${email}, PDF Factur-X joint`);
    const received = await mailTo(smtp, email, new RegExp(`^Facture ${number} – `));
    expect(received.parsed?.text).toContain(`Référence à indiquer : ${number}`);
    expect(sha256(received.parsed?.attachments[0]?.content ?? Buffer.alloc(0))).toBe(sha256(pdf));

    // « Faire un avoir », « Correction » of chosen lines: the kind shows its own fields.
    const creditForm = page.getByRole("region", { name: "Faire un avoir" });
    await expect(creditForm.getByLabel("Pourcentage des travaux")).toBeHidden();
    await creditForm
      .getByLabel("Type d'avoir")
      .selectOption({ label: "Correction, de lignes choisies (quantités)" });
    const line = creditForm.getByRole("textbox", { name: "Mitigeur thermostatique, fourniture et pose" });
    await expect(line).toBeVisible();
    await expect(creditForm.getByText(/^Reste 1 \S+ à 120,00\s€ HT\.$/)).toBeVisible();
    await expect(creditForm.getByLabel(/^Montant TTC/)).toBeHidden();
    await expectNoAxeViolations(page);
    await creditForm.getByLabel("Motif").fill("Mitigeur fourni par le client.");
    // All of the invoice is an annulation: said at the top, what was typed kept.
    await line.fill("1");
    await creditForm.getByRole("button", { name: "Préparer l'avoir" }).click();
    await expect(
      page.getByText("Cette correction reprend tout ce qui reste de la facture : choisissez « Annulation »."),
    ).toBeVisible();
    const correctionRefused = consoleErrors.findIndex((entry) =>
      /^409 .*\/erp\/factures\/[^/]+\.data/.test(entry),
    );
    expect(correctionRefused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(correctionRefused, 1);
    await expect(creditForm.getByLabel("Motif")).toHaveValue("Mitigeur fourni par le client.");
    await line.fill("0,5");
    await creditForm.getByRole("button", { name: "Préparer l'avoir" }).click();
    await expect(page.getByText("Brouillon d'avoir préparé : vérifiez-le, puis « Émettre ».")).toBeVisible();
    // The draft shows the line taken back, as its PDF will print it.
    const detail = page.locator("section[aria-labelledby='facture-detail']");
    await expect(detail).toContainText("Mitigeur thermostatique, fourniture et pose");
    await expect(detail).toContainText("-60,00");
    await expectNoAxeViolations(page);
  });
});
