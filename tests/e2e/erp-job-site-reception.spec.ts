import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import {
  expectNoHorizontalScroll,
  fact,
  isoDayIn,
  mailTo,
  NOTIFY_EMAIL,
  newStaffUser,
  type OwnServer,
  startSeededServer,
} from "./own-server.ts";

// Issue 26, « Handover (réception) and warranties »: the owner turns the accepted quote
// into a site, plans and starts it, prepares the PV de réception with one reservation,
// presents it and e-mails it to the client; the client opens the link on a phone, gets
// the six-digit code by e-mail, signs; both receive the signed PV; the site is
// « Réceptionné » and shows the warranties' end dates. axe-core checks each new screen.

const CLIENT_EMAIL = "castellane.rouvier@example.fr";

/** The French long date of an ISO day (« 27 novembre 2027 »), as the pages print it. */
function frenchDay(day: string): string {
  return new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function yearsAfter(day: string, years: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return `${year + years}-${String(month).padStart(2, "0")}-${String(Math.min(date, last)).padStart(2, "0")}`;
}

test.describe("Chantiers : le PV de réception signé en ligne par le client", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let quoteId = "";
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { quoteId },
    } = await startSeededServer<{ quoteId: string }>("reception", [
      "job-sites-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("PV préparé avec une réserve, envoyé, signé sur téléphone avec le code reçu ; le chantier montre ses garanties", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin, smtp } = server;
    const today = isoDayIn(0);
    await signIn(page, owner, `${origin}/erp/login`);

    // The site, from the quote; planned and started.
    await page.goto(`${origin}/erp/devis/${quoteId}`);
    await page.getByRole("link", { name: "Créer le chantier" }).click();
    await page.getByRole("button", { name: "Créer le chantier" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Rénovation de la salle de bains" }),
    ).toBeVisible();
    const siteUrl = page.url();
    await page.getByRole("link", { name: "Modifier" }).click();
    await page.getByLabel("Début prévu").fill(today);
    await page.getByLabel("Fin prévue").fill(isoDayIn(20));
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await page.getByRole("button", { name: "Marquer planifié" }).click();
    await page.getByRole("button", { name: "Démarrer le chantier" }).click();
    await expect(page.getByText("En cours", { exact: true })).toBeVisible();

    // The PV: its date, one reservation on a lot.
    await page.getByRole("link", { name: "Préparer le PV de réception" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "PV de réception" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Réception prononcée le").fill(today);
    await page.getByRole("button", { name: "Préparer le PV" }).click();
    await expect(page.getByText(`PV de réception daté du ${frenchDay(today)}.`)).toBeVisible();
    const reservations = page.getByRole("form", { name: "Ajouter une réserve" });
    await reservations.getByLabel("Lot").selectOption({ label: "Démolition" });
    await reservations.getByLabel("À lever avant le").fill(isoDayIn(15));
    await reservations.getByLabel("Description").fill("Joint de la douche à refaire, angle nord");
    await reservations.getByRole("button", { name: "Ajouter la réserve" }).click();
    await expect(page.getByRole("list", { name: "Réserves du PV" })).toContainText(
      "1. Joint de la douche à refaire, angle nord",
    );
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Présenter le PV à la signature" }).click();
    await expect(page.getByRole("heading", { name: "PV à signer" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: `Envoyer le PV à ${CLIENT_EMAIL}` }).click();
    await expect(page.getByText(`PV envoyé à ${CLIENT_EMAIL} pour signature en ligne.`)).toBeVisible();

    // The client, on a phone, from the e-mailed link.
    const linkMail = await mailTo(smtp, CLIENT_EMAIL, /^PV de réception CH-\d{4}-\d{4} à signer/);
    const link = /(http:\/\/\S+\/reception\/[A-Za-z0-9_-]+)/.exec(linkMail.parsed?.text ?? "")?.[1] ?? "";
    expect(link, "lien /reception/… dans l'e-mail").toBeTruthy();
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const phone = await phoneContext.newPage();
    await phone.goto(link);
    await expect(
      phone.getByRole("heading", { level: 1, name: "Procès-verbal de réception des travaux" }),
    ).toBeVisible();
    await expect(phone.getByText("Joint de la douche à refaire, angle nord")).toBeVisible();
    await expectNoHorizontalScroll(phone, 390);
    await expectNoAxeViolations(phone);
    await phone.getByRole("button", { name: "Recevoir mon code par e-mail" }).click();
    await expect(
      phone.getByText(/^Code envoyé à c\S*@example\.fr : il est valable 10 minutes\.$/),
    ).toBeVisible();
    const codeMail = await mailTo(smtp, CLIENT_EMAIL, /^\d{6} : code de confirmation du PV de réception/);
    const code = /^(\d{6})/.exec(codeMail.parsed?.subject ?? "")?.[1] ?? "";
    await phone.getByLabel("Vos nom et prénom").fill("Hélène Castellane");
    await phone.getByLabel("Code reçu par e-mail").fill(code);
    await phone.getByRole("button", { name: "Signer le PV de réception" }).click();
    const signed = phone.getByRole("status").filter({ hasText: "PV signé" });
    await expect(signed).toBeVisible();
    await expect(signed).toContainText("par Hélène Castellane");
    await expectNoAxeViolations(phone);
    await phoneContext.close();

    // Both parties receive the signed PV.
    for (const to of [CLIENT_EMAIL, NOTIFY_EMAIL]) {
      const mail = await mailTo(smtp, to, /^PV de réception CH-\d{4}-\d{4} signé/);
      expect(mail.parsed?.attachments?.[0]?.contentType).toBe("application/pdf");
    }

    // The site: received, with its warranties' end dates.
    await page.goto(siteUrl);
    await expect(page.getByText("Réceptionné", { exact: true }).first()).toBeVisible();
    const warranties = page.getByRole("region", { name: "Réception et garanties" });
    await expect(fact(warranties, "Fin de la garantie de parfait achèvement")).toHaveText(
      frenchDay(yearsAfter(today, 1)),
    );
    await expect(fact(warranties, "Fin de la garantie biennale")).toHaveText(frenchDay(yearsAfter(today, 2)));
    await expect(fact(warranties, "Fin de la garantie décennale")).toHaveText(
      frenchDay(yearsAfter(today, 10)),
    );
    await expect(warranties).toContainText("Joint de la douche à refaire, angle nord");
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);
  });
});
