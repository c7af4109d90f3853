import { existsSync } from "node:fs";

/**
 * The browser of the end-to-end tests: `CHROMIUM_PATH` when set, else Debian's old headless
 * shell (`apt-get install chromium-headless-shell`, the same Chromium build without its
 * windowing and GPU processes; two specs ran in 2.9 min instead of 4.7, the whole suite no faster), else the
 * full `/usr/bin/chromium`. Lighthouse and the editor bench keep the full browser.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM_PATH = "/usr/bin/chromium";

export function e2eChromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH;
}
