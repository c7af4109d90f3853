import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { expect, signIn, test } from "./erp-fixtures.ts";
import { expectNoAxeViolations } from "./fixtures.ts";
import { newStaffUser, type OwnServer, startSeededServer } from "./own-server.ts";

// The Espace Pro on a phone: every page of the route table's /erp frame, at 360 and 390 px,
// signed in as an owner, on a server of its own whose data directory holds one record of
// each kind (tests/e2e/erp-pages-seed.ts), so that every detail page opens on a real id.
// A page wider than the screen fails, naming the elements that pass its right edge. The
// list of pages is read from app/routes.ts: a new page is opened without a change here,
// and a new route with a parameter fails until it is given an id below.

type SeedIds = {
  leadId: string;
  clientId: string;
  draftQuoteId: string;
  acceptedQuoteId: string;
  issuedInvoiceId: string;
  draftInvoiceId: string;
  orderId: string;
  libraryItemId: string;
  productId: string;
  jobSiteId: string;
  employeeId: string;
  supplierId: string;
  subcontractId: string;
  supplierInvoiceId: string;
  purchaseOrderId: string;
  companyDocumentId: string;
};

/** The layout of every signed-in Espace Pro page: its children are the pages checked here. */
const FRAME = "routes/erp/layout.tsx";

/** The /erp routes outside the frame that are pages, and how they are opened here. */
const OUTSIDE_FRAME: Record<string, string> = {
  "erp/login": "opened signed out, before signing in",
  "erp/logout":
    "no page to open: its GET redirects to /erp, its page shows only after a post without JavaScript",
};

/** The URLs that open a route with parameters, from the seeded records (drafts and issued ones). */
function urlsWithIds(ids: SeedIds): Record<string, string[]> {
  return {
    "erp/leads/:id": [`/erp/leads/${ids.leadId}`],
    "erp/clients/depuis-prospect/:leadId": [`/erp/clients/depuis-prospect/${ids.leadId}`],
    "erp/clients/:id": [`/erp/clients/${ids.clientId}`],
    "erp/clients/:id/modifier": [`/erp/clients/${ids.clientId}/modifier`],
    "erp/clients/:id/documents": [`/erp/clients/${ids.clientId}/documents`],
    "erp/devis/bibliotheque/:itemId": [`/erp/devis/bibliotheque/${ids.libraryItemId}`],
    "erp/devis/:id": [`/erp/devis/${ids.draftQuoteId}`, `/erp/devis/${ids.acceptedQuoteId}`],
    "erp/factures/:id": [`/erp/factures/${ids.issuedInvoiceId}`, `/erp/factures/${ids.draftInvoiceId}`],
    "erp/boutique/commandes/:id": [`/erp/boutique/commandes/${ids.orderId}`],
    "erp/boutique/produits/:id": [`/erp/boutique/produits/${ids.productId}`],
    "erp/chantiers/:id": [`/erp/chantiers/${ids.jobSiteId}`],
    "erp/chantiers/:id/modifier": [`/erp/chantiers/${ids.jobSiteId}/modifier`],
    "erp/chantiers/:id/reception": [`/erp/chantiers/${ids.jobSiteId}/reception`],
    "erp/mes-chantiers/:id": [`/erp/mes-chantiers/${ids.jobSiteId}`],
    "erp/chantiers/:id/journal": [`/erp/chantiers/${ids.jobSiteId}/journal`],
    "erp/chantiers/:id/dossier": [`/erp/chantiers/${ids.jobSiteId}/dossier`],
    "erp/chantiers/:id/documents": [`/erp/chantiers/${ids.jobSiteId}/documents`],
    "erp/temps/salaries/:id": [`/erp/temps/salaries/${ids.employeeId}`],
    "erp/temps/salaries/:id/modifier": [`/erp/temps/salaries/${ids.employeeId}/modifier`],
    "erp/temps/salaries/:id/jour": [`/erp/temps/salaries/${ids.employeeId}/jour`],
    "erp/achats/fournisseurs/:id": [`/erp/achats/fournisseurs/${ids.supplierId}`],
    "erp/achats/fournisseurs/:id/modifier": [`/erp/achats/fournisseurs/${ids.supplierId}/modifier`],
    "erp/achats/fournisseurs/:id/documents": [`/erp/achats/fournisseurs/${ids.supplierId}/documents`],
    "erp/achats/fournisseurs/:id/fichiers": [`/erp/achats/fournisseurs/${ids.supplierId}/fichiers`],
    "erp/achats/sous-traitances/:id": [`/erp/achats/sous-traitances/${ids.subcontractId}`],
    "erp/achats/factures/:id": [`/erp/achats/factures/${ids.supplierInvoiceId}`],
    "erp/achats/commandes/:id": [`/erp/achats/commandes/${ids.purchaseOrderId}`],
    "erp/achats/commandes/:id/modifier": [`/erp/achats/commandes/${ids.purchaseOrderId}/modifier`],
    "erp/docs/:id": [`/erp/docs/${ids.companyDocumentId}`],
    "erp/*": ["/erp/chemin-inconnu"],
  };
}

type FlatRoute = { path: string; file: string; inFrame: boolean };

function flatten(entries: readonly RouteConfigEntry[], inFrame = false): FlatRoute[] {
  return entries.flatMap((entry) => [
    ...(entry.path !== undefined ? [{ path: entry.path, file: entry.file, inFrame }] : []),
    ...flatten(entry.children ?? [], inFrame || entry.file === FRAME),
  ]);
}

const erpRoutes = flatten(routes).filter((route) => route.path === "erp" || route.path.startsWith("erp/"));
const framePages = erpRoutes.filter((route) => route.inFrame);

/** Every page URL to open signed in, with the route it stands for; throws on a route left out. */
function pageUrls(ids: SeedIds): { route: string; url: string }[] {
  const withIds = urlsWithIds(ids);
  return framePages.flatMap(({ path }) => {
    if (!/[:*]/.test(path)) return [{ route: path, url: `/${path}` }];
    const urls = withIds[path];
    if (!urls) throw new Error(`route ${path} : aucune URL de test (ajoutez-la à urlsWithIds)`);
    return urls.map((url) => ({ route: path, url }));
  });
}

const SCREENS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/**
 * The page's width against the screen's, and when wider, the elements that pass the right
 * edge without a clipping ancestor, where each overflow starts (not their children).
 */
function measureOverflow(page: Page) {
  return page.evaluate(() => {
    const limit = window.innerWidth;
    const passes = (element: Element) => element.getBoundingClientRect().right > limit + 0.5;
    const clipped = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== "visible" && !passes(parent)) return true;
      }
      return false;
    };
    const overflowing = [...document.body.querySelectorAll("*")].filter(
      (element) =>
        element.getBoundingClientRect().width > 0 &&
        passes(element) &&
        getComputedStyle(element).position !== "fixed" &&
        !clipped(element),
    );
    // Where each overflow starts: an element passing the edge inside a parent that does not.
    const origins = overflowing.filter((element) => !element.parentElement || !passes(element.parentElement));
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const classes = element.getAttribute("class")?.trim().split(/\s+/).slice(0, 6).join(".") ?? "";
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> « ${text} » (${Math.round(box.left)} → ${Math.round(box.right)} px)`;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: limit,
      culprits: origins
        .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
        .slice(0, 4)
        .map(describe),
    };
  });
}

/** Opens `url` and checks it answers `status` and is no wider than the screen (a soft failure). */
async function checkPage(page: Page, origin: string, url: string, status: number) {
  const response = await page.goto(`${origin}${url}`);
  expect.soft(response?.status(), `${url} : statut`).toBe(status);
  await page.evaluate(() => document.fonts.ready);
  const measure = await measureOverflow(page);
  expect
    .soft(
      measure.scrollWidth,
      `${url} est plus large que l'écran (${measure.innerWidth} px) ; dépassent à droite :\n  ${measure.culprits.join("\n  ")}`,
    )
    .toBeLessThanOrEqual(measure.innerWidth);
}

test("la liste des pages suit la table des routes : chaque route /erp est ouverte ou dite hors cadre", () => {
  const fake = Object.fromEntries(
    ["leadId", "clientId", "draftQuoteId", "acceptedQuoteId", "issuedInvoiceId", "draftInvoiceId"]
      .concat(["orderId", "libraryItemId", "productId", "jobSiteId", "employeeId"])
      .map((key) => [key, key]),
  ) as SeedIds;
  const opened = new Set(pageUrls(fake).map((entry) => entry.route));
  expect(framePages.length).toBeGreaterThan(25);
  for (const route of erpRoutes) {
    // Files (PDF, PNG, CSV, ZIP) are `.ts` resource routes: no page to lay out.
    if (route.file.endsWith(".ts")) continue;
    expect(
      opened.has(route.path) || route.path in OUTSIDE_FRAME,
      `${route.path} (${route.file}) n'est ni ouverte par ce test ni dite hors cadre`,
    ).toBe(true);
  }
  // Every id given still names a route of the table.
  for (const path of Object.keys(urlsWithIds(fake))) {
    expect(
      framePages.map((route) => route.path),
      `${path} n'est plus dans la table`,
    ).toContain(path);
  }
});

test.describe("Espace Pro sur un téléphone", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let ids: SeedIds;
  const owner = newStaffUser();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ server, seeded: ids } = await startSeededServer<SeedIds>("telephone", [
      "erp-pages-seed.ts",
      owner.email,
      owner.password,
    ]));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const screen of SCREENS) {
    test(`à ${screen.width} px, aucune page de l'Espace Pro ne défile de côté`, async ({ page }) => {
      // About 35 pages on a 2-core machine.
      test.setTimeout(300_000);
      if (!server) throw new Error("serveur de test non démarré");
      const { origin } = server;
      await page.setViewportSize(screen);
      await checkPage(page, origin, "/erp/login", 200);
      await signIn(page, owner, `${origin}/erp/login`);
      for (const { route, url } of pageUrls(ids)) {
        await checkPage(page, origin, url, route === "erp/*" ? 404 : 200);
      }
    });
  }

  test("à 390 px, l'en-tête tient dans l'écran ; le menu du compte porte l'e-mail et « Déconnexion », au clavier ; axe ne trouve rien", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (!server) throw new Error("serveur de test non démarré");
    const { origin } = server;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, owner, `${origin}/erp/login?redirectTo=/erp/leads`);
    // The breadcrumb stays on one line beside the menu buttons, all within the screen.
    const crumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
    const headerBox = await page.locator("header").filter({ has: crumb }).boundingBox();
    expect(headerBox?.width).toBeLessThanOrEqual(390);
    await expect(crumb.locator('[aria-current="page"]')).toHaveText("Prospects");
    expect((await crumb.boundingBox())?.height ?? 0).toBeLessThan(28);
    await expectNoAxeViolations(page);

    // The account menu, by keyboard: the e-mail, the owner's links, « Déconnexion » last.
    const trigger = page.getByRole("button", { name: `Menu du compte ${owner.email}` });
    await expect(trigger).toBeVisible();
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(owner.email);
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Boutique",
      "Comptes de l'équipe",
      "Paramètres de l'entreprise",
      "Déconnexion",
    ]);
    const menuBox = await menu.boundingBox();
    expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.keyboard.press("End");
    const signOut = menu.getByRole("menuitem", { name: "Déconnexion" });
    await expect(signOut).toBeFocused();
    // Focus shows: the item is outlined and tinted when the keyboard reaches it.
    const focusStyle = await signOut.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, background: style.backgroundColor };
    });
    expect(focusStyle.outline).toBe("solid");
    expect(focusStyle.background).not.toBe("rgba(0, 0, 0, 0)");
    const post = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/erp/logout"),
    );
    await page.keyboard.press("Enter");
    await post;
    await expect(page.getByRole("heading", { level: 1, name: "Espace Pro - Connexion" })).toBeVisible();
  });
});
