/** A message for the next page after a redirect (set and read in app/lib/flash.server.ts). */
export type FlashTone = "success" | "info" | "error";
export type Flash = { tone: FlashTone; message: string };
