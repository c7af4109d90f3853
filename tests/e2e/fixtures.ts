import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** axe-core on the current page: every WCAG 2.x A/AA rule, no violation allowed. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, "violations axe-core").toEqual([]);
}

/**
 * Pages must not log errors in the browser console nor fail to load a resource
 * of their own: the test fails on either.
 */
export const test = base.extend<{ consoleErrors: string[]; storedConsent: "accepted" | "declined" | null }>({
  /**
   * The cookie banner appears 1.5 s after load and could cover what a test clicks:
   * by default a choice ("declined") is already stored. Consent tests set
   * `test.use({ storedConsent: null })` to see the banner.
   */
  storedConsent: ["declined", { option: true }],
  page: async ({ page, storedConsent, javaScriptEnabled }, use) => {
    // Public pages load their scripts after the first paint (app/lib/deferred-hydration.server.ts):
    // a test acts once React has hydrated the page, as a visitor would a moment later.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
      if (javaScriptEnabled && html) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
    if (storedConsent) {
      await page.addInitScript((value) => {
        // Init scripts run in every frame; only the site's own page holds the choice.
        if (window.top !== window) return;
        if (!window.localStorage.getItem("cookie_consent")) {
          window.localStorage.setItem("cookie_consent", value);
          window.localStorage.setItem("cookie_consent_at", new Date().toISOString());
        }
      }, storedConsent);
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // Failed loads are checked below, by URL: a 404 page is itself a "failed" document.
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
      await use(errors);
      expect(errors, "erreurs dans la console du navigateur").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
