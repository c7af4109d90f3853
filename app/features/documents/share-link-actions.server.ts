import { data } from "react-router";
import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import type { Database } from "#app/db/client.server.ts";
import type { ShareLinkKind } from "#app/db/schema/share-links.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { createShareLink, revokeShareLink } from "./share-links.server.ts";
import {
  publicAttestationsPath,
  publicDossierPath,
  SHARE_LINK_INTENTS,
  SHARE_LINK_MESSAGES,
  shareLinkSchema,
} from "./share-links.ts";

/*
 * The posts of a share-links panel (« Créer le lien », « Révoquer »), for the attestations'
 * page and a site's handover page alike: the answer the page shows, or its refusal (400,
 * 404, 409) with nothing stored.
 */

export type ShareLinkAnswer =
  | { ok: true; intent: "creer-lien"; url: string }
  | { ok: true; intent: "revoquer-lien"; message: string }
  | {
      ok: false;
      intent: string;
      message: string;
      fieldErrors?: Record<string, string[]>;
      values?: Record<string, string>;
    };

export function isShareLinkIntent(intent: string): boolean {
  return intent === SHARE_LINK_INTENTS.create || intent === SHARE_LINK_INTENTS.revoke;
}

export async function shareLinkAction(
  db: Database,
  form: FormData,
  scope: { actor: { id: string }; kind: ShareLinkKind; jobSiteId?: string; siteUrl: string; today?: IsoDay },
) {
  const today = scope.today ?? parisDay();
  const values = formValues(form);
  const intent = values.intent ?? "";
  if (intent === SHARE_LINK_INTENTS.create) {
    const parsed = shareLinkSchema(today).safeParse(values);
    if (!parsed.success) {
      const { fieldErrors, firstMessage } = zodFieldErrors(parsed);
      return data<ShareLinkAnswer>(
        { ok: false, intent, message: firstMessage ?? SHARE_LINK_MESSAGES.label, fieldErrors, values },
        { status: 400 },
      );
    }
    const { token } = await createShareLink(db, scope.actor, {
      ...parsed.data,
      kind: scope.kind,
      jobSiteId: scope.jobSiteId ?? null,
    });
    const path = scope.kind === "dossier" ? publicDossierPath(token) : publicAttestationsPath(token);
    return data<ShareLinkAnswer>({ ok: true, intent, url: `${scope.siteUrl.replace(/\/+$/, "")}${path}` });
  }
  if (intent === SHARE_LINK_INTENTS.revoke) {
    if (values.confirmation !== "oui") {
      return data<ShareLinkAnswer>(
        { ok: false, intent, message: "Confirmez la révocation du lien." },
        { status: 400 },
      );
    }
    const outcome = await revokeShareLink(db, scope.actor, values.linkId ?? "", {
      kind: scope.kind,
      jobSiteId: scope.jobSiteId,
    });
    if (outcome === "inconnu") {
      return data<ShareLinkAnswer>(
        { ok: false, intent, message: SHARE_LINK_MESSAGES.notFound },
        { status: 404 },
      );
    }
    if (outcome === "deja") {
      return data<ShareLinkAnswer>(
        { ok: false, intent, message: SHARE_LINK_MESSAGES.alreadyRevoked },
        { status: 409 },
      );
    }
    return data<ShareLinkAnswer>({ ok: true, intent, message: "Lien révoqué : il ne s'ouvre plus." });
  }
  return data<ShareLinkAnswer>({ ok: false, intent, message: "Action inconnue." }, { status: 400 });
}
