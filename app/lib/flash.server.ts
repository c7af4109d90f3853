/**
 * A message for the next page after a redirect (« Les données du prospect ont été
 * supprimées définitivement. »), carried by a short-lived cookie that the Espace Pro
 * frame reads once and clears: nothing in the URL, so a reload or a shared link does
 * not show it again. Only the browser that made the change sees it.
 */
import type { Flash, FlashTone } from "./flash.ts";

export type { Flash, FlashTone };

export const FLASH_COOKIE = "batirade.flash";
const MAX_MESSAGE_LENGTH = 300;
const MAX_AGE_SECONDS = 120;

function cookie(value: string, maxAge: number, secure: boolean): string {
  const attributes = [
    `${FLASH_COOKIE}=${value}`,
    "Path=/erp",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The Set-Cookie header that carries `flash` to the next page. */
export function flashCookie(flash: Flash, secure: boolean): string {
  const safe: Flash = { tone: flash.tone, message: flash.message.slice(0, MAX_MESSAGE_LENGTH) };
  return cookie(encodeURIComponent(JSON.stringify(safe)), MAX_AGE_SECONDS, secure);
}

/** A 303 redirect to `location` that shows `flash` there. */
export function redirectWithFlash(
  request: Request,
  location: string,
  flash: Flash,
  init: ResponseInit = {},
): Response {
  const headers = new Headers(init.headers);
  headers.set("Location", location);
  headers.append("Set-Cookie", flashCookie(flash, isSecure(request)));
  return new Response(null, { ...init, status: init.status ?? 303, headers });
}

function parse(raw: string): Flash | null {
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Flash>;
    const toneOk = value.tone === "success" || value.tone === "info" || value.tone === "error";
    if (!toneOk || typeof value.message !== "string" || value.message.trim() === "") return null;
    return { tone: value.tone as FlashTone, message: value.message.slice(0, MAX_MESSAGE_LENGTH) };
  } catch {
    return null;
  }
}

/**
 * The flash sent with this request, if any, and the Set-Cookie that clears it (to
 * send back with the page that shows it, so it is shown once).
 */
export function readFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== FLASH_COOKIE) continue;
    return { flash: parse(rest.join("=")), clear: cookie("", 0, isSecure(request)) };
  }
  return { flash: null, clear: null };
}
