import { data } from "react-router";
import {
  ShareLinkGoneError,
  ShareLinkRateError,
  ShareLinkUnknownError,
} from "#app/features/documents/share-links.server.ts";

const NO_STORE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

/** A share link's refusal thrown as the page's error (410, 404, 429), never cached; anything else thrown again. */
export function throwShareLinkRefusal(error: unknown): never {
  if (error instanceof ShareLinkGoneError)
    throw data({ message: error.message }, { status: 410, headers: NO_STORE });
  if (error instanceof ShareLinkUnknownError)
    throw data({ message: error.message }, { status: 404, headers: NO_STORE });
  if (error instanceof ShareLinkRateError)
    throw data({ message: error.message }, { status: 429, headers: { ...NO_STORE, "Retry-After": "60" } });
  throw error;
}

/** The headers of every public share-link page: not stored, not indexed, the token not passed on. */
export function shareLinkHeaders() {
  return NO_STORE;
}
