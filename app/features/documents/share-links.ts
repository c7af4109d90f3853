import type { CompanyDocumentKind } from "#app/db/schema/company-documents.ts";
import type { ShareLinkKind } from "#app/db/schema/share-links.ts";
import { addMonths } from "#app/lib/add-months.ts";
import { formText } from "#app/lib/form-intent.ts";
import { addDays, type IsoDay } from "#app/lib/paris-time.ts";
import { IsoDaySchema, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";
import { DOCS_PATH } from "./company-documents.ts";

/*
 * Documents › share links: a link given to someone outside the company (a client, a
 * public buyer) to the company's current attestations, or to a job site's handover file.
 * The paths, a link's state on a Paris day, the form and its French messages. Browser-safe.
 */

/** The posts of a share-links panel. */
export const SHARE_LINK_INTENTS = { create: "creer-lien", revoke: "revoquer-lien" } as const;

export const SHARE_LINKS_PATH = `${DOCS_PATH}/partage`;
export const publicAttestationsPath = (token: string) => `/attestations/${token}`;
export const publicAttestationFilePath = (token: string, documentId: string) =>
  `/attestations/${token}/${documentId}`;
export const publicDossierPath = (token: string) => `/dossier/${token}`;
export const publicDossierFilePath = (token: string, format: "pdf" | "zip") =>
  `/dossier/${token}/dossier.${format}`;

/** The kinds the public extract shows: the company's own attestations, not the employees' cards nor the vehicles' checks. */
export const PUBLIC_ATTESTATION_KINDS: readonly CompanyDocumentKind[] = [
  "decennale",
  "rc_pro",
  "urssaf",
  "fiscale",
  "kbis",
  "rge",
  "qualibat",
];

export const SHARE_LINK_KIND_LABELS: Record<ShareLinkKind, string> = {
  attestations: "Attestations de l'entreprise",
  dossier: "Dossier de fin de chantier",
};

/** The default end of a new link: three months from today. */
export const DEFAULT_LINK_MONTHS = 3;
/** A link lasts a year at most. */
export const MAX_LINK_DAYS = 366;

export const defaultExpiry = (today: IsoDay): IsoDay => addMonths(today, DEFAULT_LINK_MONTHS);
export const latestExpiry = (today: IsoDay): IsoDay => addMonths(today, 12);

export type ShareLinkState = "actif" | "expire" | "revoque";

export const SHARE_LINK_STATE_LABELS: Record<ShareLinkState, string> = {
  actif: "Actif",
  expire: "Expiré",
  revoque: "Révoqué",
};

/** Revoked wins over expired; a link opens through its last day (Paris). */
export function shareLinkState(link: { expiresOn: IsoDay; revokedAt: Date | string | null }, today: IsoDay) {
  if (link.revokedAt !== null) return "revoque" as const;
  return link.expiresOn < today ? ("expire" as const) : ("actif" as const);
}

export const SHARE_LINK_MESSAGES = {
  label: "Indiquez pour qui est ce lien (« SCI Les Pins », « Appel d'offres mairie de Hyères »).",
  tooLong: "Ce texte est trop long (200 caractères au plus).",
  expiresOn: "Indiquez la date de fin du lien.",
  past: "La date de fin ne peut pas précéder aujourd'hui.",
  tooFar: "Un lien dure un an au plus : choisissez une date plus proche.",
  notFound: "Ce lien de partage n'existe pas.",
  alreadyRevoked: "Ce lien est déjà révoqué.",
  unknownPage: "Ce lien n'existe pas. Vérifiez l'adresse reçue.",
  gonePage:
    "Ce lien n'est plus valable : il a expiré ou a été retiré. Pour recevoir les documents à jour, contactez l'entreprise.",
  tooMany: "Trop de demandes depuis votre connexion : réessayez dans une minute.",
  documentNotFound: "Ce document ne fait pas partie de ce lien.",
} as const;

/** The form « Créer un lien » read on `today`: label, and an end between today and a year later. */
export function shareLinkSchema(today: IsoDay) {
  return z
    .object({
      label: formText(
        singleLineText()
          .pipe(z.string().min(1, SHARE_LINK_MESSAGES.label))
          .pipe(z.string().max(200, SHARE_LINK_MESSAGES.tooLong)),
      ),
      expiresOn: formText(z.string().trim().min(1, SHARE_LINK_MESSAGES.expiresOn).pipe(IsoDaySchema)),
    })
    .superRefine((data, ctx) => {
      if (data.expiresOn < today) {
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: SHARE_LINK_MESSAGES.past });
      } else if (data.expiresOn > latestExpiry(today) || data.expiresOn > addDays(today, MAX_LINK_DAYS)) {
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: SHARE_LINK_MESSAGES.tooFar });
      }
    });
}

export type ShareLinkData = z.infer<ReturnType<typeof shareLinkSchema>>;
