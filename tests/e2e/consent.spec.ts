import type { Page, Request } from "@playwright/test";
import { indexablePaths } from "../../app/routes/public-paths.ts";
import { trackerPort } from "../../playwright.config.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

const trackerOrigin = `http://127.0.0.1:${trackerPort}`;
const publicPages = [...indexablePaths, "/merci", "/success"];

type TrackerEvent = { event: string; properties: Record<string, unknown>; from: string };

async function trackerEvents(page: Page): Promise<TrackerEvent[]> {
  const response = await page.request.get(`${trackerOrigin}/events`);
  return (await response.json()) as TrackerEvent[];
}

/** Every request the page makes to an origin other than the site's own. */
function watchForeignRequests(page: Page, siteOrigin: string): string[] {
  const foreign: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.origin !== siteOrigin) foreign.push(request.url());
  });
  return foreign;
}

async function visitWholePage(page: Page, path: string) {
  await page.goto(path);
  // Scroll to the bottom so anything lazy (the map on /contact) would try to load.
  // Driven from the test, one short evaluate per step: a loop awaiting the page's own
  // timers once hung for the whole test timeout on a loaded machine (CI, /services).
  // One screen at a time (less a margin): every part of the page is shown once.
  const { height, step } = await page.evaluate(() => ({
    height: document.body.scrollHeight,
    step: Math.max(200, window.innerHeight - 100),
  }));
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(300);
}

test.describe("bannière de consentement", () => {
  test.use({ storedConsent: null });

  test("apparaît après 1,5 s, avec deux boutons égaux côte à côte, atteignables au clavier", async ({
    page,
  }) => {
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toHaveCount(0);
    await expect(banner).toBeVisible({ timeout: 5000 });
    await expect(banner.getByRole("link", { name: "Politique de confidentialité" })).toHaveAttribute(
      "href",
      "/politique-de-confidentialite",
    );
    await expect(banner).toContainText("TikTok");
    await expect(banner).toContainText("Google");
    const accept = banner.getByRole("button", { name: "Accepter" });
    const refuse = banner.getByRole("button", { name: "Refuser" });
    const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
    expect(a && r).toBeTruthy();
    expect(Math.abs((a?.width ?? 0) - (r?.width ?? 0))).toBeLessThan(1);
    expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0))).toBeLessThan(1);
    expect(Math.abs((a?.y ?? 0) - (r?.y ?? 0))).toBeLessThan(1);
    expect(await accept.getAttribute("class")).toBe(await refuse.getAttribute("class"));
    await expectNoAxeViolations(page);
    // Keyboard: the buttons are reached with Tab, and a choice hides the banner.
    await refuse.focus();
    await page.keyboard.press("Enter");
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookie_consent"))).toBe("declined");
    await page.reload();
    await page.waitForTimeout(2000);
    await expect(banner).toHaveCount(0);
  });

  test("ne cache pas les boutons de devis sur petit écran", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible({ timeout: 5000 });
    const bannerBox = await banner.boundingBox();
    const quote = page
      .getByRole("navigation", { name: "Actions rapides" })
      .getByRole("link", { name: "Devis gratuit" });
    const quoteBox = await quote.boundingBox();
    expect(bannerBox && quoteBox).toBeTruthy();
    if (bannerBox && quoteBox) expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(quoteBox.y);
    await quote.click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("le choix expire après six mois : la bannière redemande", async ({ page }) => {
    await page.addInitScript(() => {
      const sevenMonthsAgo = new Date();
      sevenMonthsAgo.setMonth(sevenMonthsAgo.getMonth() - 7);
      localStorage.setItem("cookie_consent", "accepted");
      localStorage.setItem("cookie_consent_at", sevenMonthsAgo.toISOString());
    });
    const foreign = watchForeignRequests(
      page,
      new URL(page.url() === "about:blank" ? "http://localhost" : page.url()).origin,
    );
    await page.goto("/");
    await expect(page.getByTestId("cookie-banner")).toBeVisible({ timeout: 5000 });
    expect(foreign.filter((url) => url.startsWith(trackerOrigin))).toEqual([]);
  });
});

test.describe("aucun traceur sans accord", () => {
  test.use({ storedConsent: null });

  test("avant tout choix, aucune page publique ne contacte une autre origine que le site", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const foreign = watchForeignRequests(page, new URL(baseURL ?? "").origin);
    for (const path of publicPages) {
      await page.evaluate(() => localStorage.clear()).catch(() => {});
      await visitWholePage(page, path);
    }
    // The proof is per page: no request left for another origin. (The stand-in's own
    // log is shared with tests running in parallel, so it cannot prove absence.)
    expect(foreign).toEqual([]);
  });

  test("après « Refuser », aucune page publique ne contacte une autre origine que le site", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const foreign = watchForeignRequests(page, new URL(baseURL ?? "").origin);
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Refuser" }).click();
    for (const path of publicPages) await visitWholePage(page, path);
    // The quote modal's events go nowhere either.
    await page.goto("/");
    await page.locator('[data-quote-trigger="hero"]').first().click();
    await page.waitForTimeout(300);
    // The proof is per page: no request left for another origin. (The stand-in's own
    // log is shared with tests running in parallel, so it cannot prove absence.)
    expect(foreign).toEqual([]);
  });
});

test.describe("après « Accepter »", () => {
  test.use({ storedConsent: null });
  test.describe.configure({ mode: "serial" });

  test.beforeEach(async ({ page }) => {
    await page.request.post(`${trackerOrigin}/reset`);
  });

  test("le pixel et le script se chargent, les événements du devis atteignent le pixel avec leurs propriétés", async ({
    page,
  }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(trackerOrigin)) loaded.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Accepter" }).click();
    await expect.poll(() => loaded).toContain("/i18n/pixel/events.js");
    await expect.poll(() => loaded).toContain("/tracker.js");
    await page.locator('[data-quote-trigger="hero"]').first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect
      .poll(async () => (await trackerEvents(page)).map((e) => e.event))
      .toEqual(expect.arrayContaining(["Pageview", "visit", "cta_devis_modal_open", "devis_form_view"]));
    const view = (await trackerEvents(page)).find((e) => e.event === "devis_form_view");
    expect(view?.properties).toMatchObject({ source: "modal" });
  });

  test("retirer son accord arrête le suivi aussitôt, sans recharger", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Accepter" }).click();
    await expect.poll(async () => (await trackerEvents(page)).length).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("traceurs acceptés");
    await banner.getByRole("button", { name: "Refuser" }).click();
    await page.request.post(`${trackerOrigin}/reset`);
    await page.locator('[data-quote-trigger="hero"]').first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(500);
    // The stand-in is shared by parallel workers (the map test sends page views from
    // /contact): look only at the events this page would have sent after withdrawal.
    const quoteEvents = new Set(["cta_devis_modal_open", "devis_form_view"]);
    expect((await trackerEvents(page)).filter((e) => quoteEvents.has(e.event))).toEqual([]);
    expect(await page.locator("script[data-consent-tracker]").count()).toBe(0);
  });
});

test.describe("carte de la page Contact", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("https://www.google.com/**", (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Carte</title><p>Carte</p>",
      }),
    );
  });

  test("sans accord, elle attend un clic sur « Afficher la carte » qui dit pourquoi", async ({ page }) => {
    const mapRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith("https://www.google.com/")) mapRequests.push(request.url());
    });
    await visitWholePage(page, "/contact");
    expect(mapRequests).toEqual([]);
    await expect(page.getByText(/Google/).first()).toBeVisible();
    await page.getByRole("button", { name: "Afficher la carte" }).click();
    await expect(page.locator('iframe[src^="https://www.google.com/maps"]')).toBeAttached();
    expect(mapRequests.length).toBeGreaterThan(0);
  });

  test.describe("avec accord", () => {
    test.use({ storedConsent: "accepted" });
    test("elle se charge d'elle-même, seulement à l'approche de la fenêtre", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 640 });
      await page.goto("/contact");
      const map = page.locator("[data-map-state]");
      await expect(map).toHaveAttribute("data-map-state", "watching");
      await map.scrollIntoViewIfNeeded();
      await expect(page.locator('iframe[src^="https://www.google.com/maps"]')).toBeAttached();
    });
  });
});
