import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { expectNoHorizontalScroll, newTeam, type OwnServer, startSeededServer } from "./own-server.ts";

// Issue 27, the time sheets: a site worker on a phone-sized screen enters today on two of
// his sites from « Mes heures » (a night without « Fin le lendemain » is refused first);
// the owner opens the employee's day, sees the week's total, validates the week; the
// worker then finds it locked. axe-core checks each screen.

test.describe("Pointage : « Mes heures » sur téléphone, validation de la semaine", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let employeeId = "";
  let kitchen = "";
  let bathroom = "";
  const { password, owner, worker } = newTeam();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({
      server,
      seeded: { employeeId, kitchen, bathroom },
    } = await startSeededServer<{ employeeId: string; kitchen: string; bathroom: string }>("pointage", [
      "time-sheets-seed.ts",
      owner.email,
      worker.email,
      password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("le compagnon saisit sa journée sur deux chantiers depuis son téléphone", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, worker, `${server.origin}/erp/login`);
    // « Mes heures » is in the worker's menu (a drawer on a phone).
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await page.getByRole("link", { name: "Mes heures" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Mes heures" })).toBeVisible();
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);

    const line = (index: number) => page.getByRole("group", { name: `Ligne ${index + 1}` });
    // The day's planned sites come first, marked.
    const firstSite = line(0).getByLabel("Chantier");
    await expect(firstSite.locator("option").nth(1)).toContainText(`★ ${kitchen}`);
    await firstSite.selectOption({ label: `★ ${kitchen} · Cuisine Aubert (Toulon)` });
    await line(0).getByLabel("Début").fill("07:30");
    await line(0).getByLabel("Fin", { exact: true }).fill("06:00");
    await line(1)
      .getByLabel("Chantier")
      .selectOption({ label: `★ ${bathroom} · Salle de bains Aubert (La Garde)` });
    await line(1).getByLabel("Début").fill("13:00");
    await line(1).getByLabel("Fin", { exact: true }).fill("16:30");
    await page.getByRole("button", { name: "Enregistrer la journée" }).click();

    // An end before the start is a slip unless it says « Fin le lendemain ».
    await expect(page.getByText("L'heure de fin ne suit pas l'heure de début").first()).toBeVisible();
    await expect(line(1).getByLabel("Début")).toHaveValue("13:00");
    // The refused post's 400 is the answer the page shows, not an error of the page.
    const refusal = consoleErrors.findIndex((entry) => /^400 .*\/erp\/mes-heures\.data/.test(entry));
    expect(refusal, consoleErrors.join("\n")).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusal, 1);
    await expectNoAxeViolations(page);
    await line(0).getByLabel("Fin", { exact: true }).fill("12:00");
    await page.getByRole("button", { name: "Enregistrer la journée" }).click();
    await expect(page.getByText(/Journée du .+ enregistrée\./)).toBeVisible();
    const week = page.getByRole("region", { name: /Semaine du/ });
    await expect(week).toContainText("8 h travaillées");
    await expect(week).toContainText("À valider par le bureau.");
    await expectNoHorizontalScroll(page, 390);
    await expectNoAxeViolations(page);
  });

  test("le gérant valide la semaine ; elle est ensuite verrouillée pour le compagnon", async ({ page }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    await signIn(page, owner, `${server.origin}/erp/login`);
    await page.goto(`${server.origin}/erp/temps/salaries/${employeeId}/jour`);
    await expect(page.getByRole("heading", { level: 1, name: "Heures de Martin Lucas" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Ligne 2" }).getByLabel("Fin", { exact: true })).toHaveValue(
      "16:30",
    );
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^Valider la semaine du/ }).click();
    await expect(page.getByText(/ses heures sont verrouillées/)).toBeVisible();
    await expect(page.getByLabel("Motif de la modification")).toBeVisible();
    await expectNoAxeViolations(page);

    // The month's payroll export holds his line: 8 hours worked today, on two sites.
    const month = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" }).slice(0, 7);
    const csv = await page.request.get(`${server.origin}/erp/temps/paie.csv?mois=${month}`);
    expect(csv.status()).toBe(200);
    const line = (await csv.text()).split("\r\n").find((row) => row.includes(";Martin;Lucas;"));
    expect(line, "ligne du salarié dans l'export de paie").toMatch(
      new RegExp(`^${month};Martin;Lucas;Maçon;185;35,00;8,00;0,00;0,00;`),
    );

    const context = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 390, height: 844 } });
    if (!context) throw new Error("navigateur indisponible");
    const phone = await context.newPage();
    await signIn(phone, worker, `${server.origin}/erp/login`);
    await phone.goto(`${server.origin}/erp/mes-heures`);
    await expect(
      phone.getByText("Cette semaine est validée : ses heures ne se modifient plus."),
    ).toBeVisible();
    await expect(phone.getByRole("button", { name: "Enregistrer la journée" })).toHaveCount(0);
    await expectNoAxeViolations(phone);
    await context.close();
  });
});
