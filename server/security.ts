import { createHash, randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** SHA-256 CSP sources of the inline scripts of an HTML document (not JSON data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export type CspOptions = {
  /** Per-request nonce (server-rendered pages) ... */
  nonce?: string;
  /** ... or the hashes of a prerendered page's inline scripts. */
  scriptHashes?: readonly string[];
  /** Development only: Vite's client needs inline and eval'd scripts. */
  development?: boolean;
  /** Origins of the consent-gated trackers, named only when they are configured. */
  trackerOrigins?: readonly string[];
};

/** The map on /contact is a Google Maps embed (loaded after consent or a click). */
export const MAP_FRAME_ORIGIN = "https://www.google.com";

/** The origins the configured trackers load from and send to. */
export function trackerOriginsFrom(env: {
  TIKTOK_PIXEL_ID?: string;
  TIKTOK_PIXEL_ORIGIN: string;
  TRACKING_SCRIPT_URL?: string;
}): string[] {
  const origins = new Set<string>();
  if (env.TIKTOK_PIXEL_ID) origins.add(new URL(env.TIKTOK_PIXEL_ORIGIN).origin);
  if (env.TRACKING_SCRIPT_URL) origins.add(new URL(env.TRACKING_SCRIPT_URL).origin);
  return [...origins];
}

export function contentSecurityPolicy({
  nonce,
  scriptHashes = [],
  development = false,
  trackerOrigins = [],
}: CspOptions): string {
  const scriptSrc = development
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...trackerOrigins]
    : ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes, ...trackerOrigins];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scriptSrc,
    // Radix positions popovers and toasts with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...trackerOrigins],
    "font-src": ["'self'"],
    "connect-src": [...(development ? ["'self'", "ws:", "wss:"] : ["'self'"]), ...trackerOrigins],
    // Its own origin: the Espace Pro previews an uploaded PDF in a frame (record files).
    "frame-src": ["'self'", MAP_FRAME_ORIGIN],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=(self)",
  "usb=()",
  "interest-cohort=()",
].join(", ");

/** Headers every response carries (the CSP is set separately). */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * The headers of a file only ever used as a subresource (a script, a stylesheet, a font,
 * a raster image): `nosniff`, which makes the browser refuse a script or a stylesheet
 * served with the wrong type, and HSTS over HTTPS. The others act only on documents.
 */
export function subresourceSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
