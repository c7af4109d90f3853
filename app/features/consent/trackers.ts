/**
 * Third-party trackers, loaded only after « Accepter » (see consent-manager.tsx).
 * Nothing here runs before consent, and nothing is inlined: the CSP forbids inline
 * scripts, so the pixel's command queue is built here rather than by its snippet.
 */
export type TrackerConfig = {
  tiktokPixelId: string | null;
  tiktokPixelOrigin: string;
  trackingScriptUrl: string | null;
};

type PixelQueue = unknown[] & {
  methods?: string[];
  track?: (event: string, properties?: Record<string, unknown>) => void;
  page?: () => void;
  [method: string]: unknown;
};

type TrackerWindow = Window & { ttq?: PixelQueue; TiktokAnalyticsObject?: string };

const SCRIPT_MARK = "data-consent-tracker";
const PIXEL_METHODS = [
  "page",
  "track",
  "identify",
  "instances",
  "debug",
  "on",
  "off",
  "once",
  "ready",
  "alias",
  "group",
  "enableCookie",
  "disableCookie",
  "grantConsent",
  "revokeConsent",
  "holdConsent",
];

function addScript(src: string, name: string): void {
  if (document.querySelector(`script[${SCRIPT_MARK}="${name}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.setAttribute(SCRIPT_MARK, name);
  document.head.appendChild(script);
}

export function loadTrackers(config: TrackerConfig): void {
  const win = window as TrackerWindow;
  if (config.tiktokPixelId) {
    win.TiktokAnalyticsObject = "ttq";
    const queue: PixelQueue = win.ttq ?? ([] as unknown as PixelQueue);
    queue.methods = PIXEL_METHODS;
    for (const method of PIXEL_METHODS) {
      if (typeof queue[method] !== "function") {
        queue[method] = (...args: unknown[]) => {
          queue.push([method, ...args]);
        };
      }
    }
    win.ttq = queue;
    const url = new URL("/i18n/pixel/events.js", config.tiktokPixelOrigin);
    url.searchParams.set("sdkid", config.tiktokPixelId);
    url.searchParams.set("lib", "ttq");
    addScript(url.toString(), "tiktok-pixel");
    queue.page?.();
  }
  if (config.trackingScriptUrl) addScript(config.trackingScriptUrl, "tracking-script");
}

/** Sends an analytics event to the pixel, if it was loaded. */
export function sendToPixel(event: string, properties: Record<string, unknown>): void {
  const ttq = (window as TrackerWindow).ttq;
  ttq?.track?.(event, properties);
}

/** Consent withdrawn: tell the pixel, forget its queue, remove the scripts and their cookies. */
export function unloadTrackers(): void {
  const win = window as TrackerWindow;
  const revoke = win.ttq?.revokeConsent;
  if (typeof revoke === "function") revoke.call(win.ttq);
  win.ttq = undefined;
  for (const script of document.querySelectorAll(`script[${SCRIPT_MARK}]`)) script.remove();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name && /^(_ttp|_tt_|ttcsid|_ga|_gid|_fbp)/.test(name)) {
      // Expiring a third party's first-party cookie: the Cookie Store API is not in every browser yet.
      // biome-ignore lint/suspicious/noDocumentCookie: see above
      document.cookie = `${name}=; Max-Age=0; path=/`;
      // biome-ignore lint/suspicious/noDocumentCookie: see above
      document.cookie = `${name}=; Max-Age=0; path=/; domain=${location.hostname}`;
    }
  }
}
