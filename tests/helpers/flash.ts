import { type Flash, readFlash as readFlashCookie } from "#app/lib/flash.server.ts";

/** The notice a redirect carries to the next page, read as that page will read it. */
export function readFlash(outcome: { headers: Headers }): Flash | null {
  const cookie = outcome.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .join("; ");
  return readFlashCookie(new Request("http://localhost/erp", { headers: { cookie } })).flash;
}
