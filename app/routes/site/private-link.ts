import { data } from "react-router";

/*
 * What the client's pages reached by a token in their address share (/accord/{token},
 * /reception/{token}, /attestations/{token}, /dossier/{token}): never cached, never
 * indexed, and the token never leaves in a Referer. The two signing pages also answer
 * their posts in one shape.
 */

/** The HTTP headers of a private link's page. */
export function privateLinkHeaders() {
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  };
}

/** The meta tags a private link's page adds after its title. */
export const PRIVATE_LINK_META = [
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

/** A signing page's refused post: the message, and the field that fixes it. */
export type SigningRefusal = { ok: false; intent: string; message: string; field?: string };

/** A signing page's answer: done (with the masked address a code was sent to), or refused. */
export type SigningAnswer<Intent extends string> =
  | { ok: true; intent: Intent; sentTo: string }
  | SigningRefusal;

export function signingRefusal(intent: string, message: string, status: number, field?: string) {
  return data<SigningRefusal>({ ok: false, intent, message, field }, { status });
}
