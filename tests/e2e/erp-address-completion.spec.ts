import { type GeoplateformeStub, startGeoplateformeStub } from "#tests/helpers/geoplateforme-stub.ts";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { newTeam, type OwnServer, startSeededServer } from "./own-server.ts";

// Issue 27, address completion: on a job site's form, the street field suggests addresses
// from the State's service (a loopback stub speaking its protocol); the keyboard picks one,
// which fills the street, the postcode and the town; axe finds nothing with the list open.
// With the service down, the field says so and stays a plain field.

test.describe("Adresses : suggestions du service de l'État dans les formulaires", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let stub: GeoplateformeStub | undefined;
  let siteId = "";
  const { password, owner, worker } = newTeam();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stub = await startGeoplateformeStub();
    ({
      server,
      seeded: { siteId },
    } = await startSeededServer<{ siteId: string }>(
      "adresses",
      ["planning-seed.ts", owner.email, worker.email, password],
      { env: { GEOCODING_URL: stub.url } },
    ));
  });
  test.afterAll(async () => {
    await server?.stop();
    await stub?.close();
  });

  test("le gérant choisit une adresse suggérée au clavier ; elle remplit la rue, le code postal et la commune", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (!server || !stub) throw new Error("serveur de test non démarré");
    await signIn(page, owner, `${server.origin}/erp/login`);
    await page.goto(`${server.origin}/erp/chantiers/${siteId}/modifier`);
    const street = page.getByRole("combobox", { name: "Numéro et rue" });
    await street.fill("");
    await street.pressSequentially("5 quai saturnin", { delay: 30 });
    const options = page.getByRole("listbox", { name: "Adresses suggérées" }).getByRole("option");
    await expect(options.first()).toContainText("Quai Saturnin Fabre");
    await expect(street).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page);
    await street.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await street.press("Enter");
    await expect(street).toHaveValue(/Quai Saturnin Fabre/);
    await expect(page.getByLabel("Code postal")).toHaveValue("83500");
    await expect(page.getByLabel("Commune *")).toHaveValue("La Seyne-sur-Mer");
    await expect(street).toHaveAttribute("aria-expanded", "false");
    // Picking did not submit the form: the page is still the form.
    await expect(page.getByRole("button", { name: "Enregistrer" })).toBeVisible();

    // The service down: the field says so, and what is typed stays as typed.
    stub.mode("error");
    await street.fill("");
    await street.pressSequentially("8 rue picot", { delay: 30 });
    await expect(page.getByText("Suggestions d'adresses indisponibles pour le moment").first()).toBeVisible();
    await expect(street).toHaveValue("8 rue picot");
    await expectNoAxeViolations(page);
    stub.mode("normal");
  });
});
