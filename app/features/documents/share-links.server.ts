import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients } from "#app/db/schema/clients.ts";
import { companyDocuments } from "#app/db/schema/company-documents.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { type ShareLinkKind, shareLinks } from "#app/db/schema/share-links.ts";
import { heading, paragraph, renderEmail } from "#app/lib/email-html.ts";
import { ACCESS_TOKEN, hashToken, isEmail, newAccessToken } from "#app/lib/online-signing.server.ts";
import { type DbExecutor, enqueueMail } from "#app/lib/outbox.server.ts";
import { formatDate, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { recordHit } from "#app/lib/rate-limit.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { isCurrent } from "./company-documents.server.ts";
import { documentStatus } from "./company-documents.ts";
import {
  PUBLIC_ATTESTATION_KINDS,
  publicDossierPath,
  SHARE_LINK_MESSAGES,
  type ShareLinkData,
  type ShareLinkState,
  shareLinkState,
} from "./share-links.ts";

/*
 * Share links on the database: made (the token returned once, its SHA-256 kept), listed
 * with their state, revoked, opened by the public routes (rate-limited per address, the
 * opening counted), the public extract's attestations and their files, and the handover
 * file's link e-mailed to the client through the outbox.
 */

export class ShareLinkUnknownError extends Error {
  override name = "ShareLinkUnknownError";
  constructor() {
    super(SHARE_LINK_MESSAGES.unknownPage);
  }
}

/** An expired or revoked link: the public routes answer 410. */
export class ShareLinkGoneError extends Error {
  override name = "ShareLinkGoneError";
  constructor() {
    super(SHARE_LINK_MESSAGES.gonePage);
  }
}

export class ShareLinkRateError extends Error {
  override name = "ShareLinkRateError";
  constructor() {
    super(SHARE_LINK_MESSAGES.tooMany);
  }
}

/** Openings accepted per client address and minute, all share links together. */
export const SHARE_LINK_OPENS_PER_MINUTE = 60;

type Actor = { id: string };

/** A new link: the token (to put in the URL, shown now and never again) and the row's id. */
export async function createShareLink(
  db: DbExecutor,
  actor: Actor,
  link: ShareLinkData & { kind: ShareLinkKind; jobSiteId?: string | null },
  now = new Date(),
): Promise<{ id: string; token: string }> {
  const token = newAccessToken();
  const [row] = await db
    .insert(shareLinks)
    .values({
      kind: link.kind,
      tokenHash: hashToken(token),
      jobSiteId: link.kind === "dossier" ? (link.jobSiteId ?? null) : null,
      label: link.label,
      expiresOn: link.expiresOn,
      createdBy: actor.id,
      createdAt: now,
    })
    .returning({ id: shareLinks.id });
  if (!row) throw new Error("Lien de partage non enregistré.");
  return { id: row.id, token };
}

export type ShareLinkItem = {
  id: string;
  kind: ShareLinkKind;
  label: string;
  expiresOn: IsoDay;
  revokedAt: Date | null;
  revokedByEmail: string | null;
  lastOpenedAt: Date | null;
  openCount: number;
  createdAt: Date;
  createdByEmail: string | null;
  state: ShareLinkState;
};

/** The links of a kind (of one site for « dossier »): active first, then expired and revoked, the newest first. */
export async function listShareLinks(
  db: DbExecutor,
  kind: ShareLinkKind,
  options: { jobSiteId?: string; today?: IsoDay } = {},
): Promise<ShareLinkItem[]> {
  const today = options.today ?? parisDay();
  const revoker = sql<
    string | null
  >`(select email from auth_users where auth_users.id = ${shareLinks.revokedBy})`;
  const rows = await db
    .select({
      id: shareLinks.id,
      kind: shareLinks.kind,
      label: shareLinks.label,
      expiresOn: shareLinks.expiresOn,
      revokedAt: shareLinks.revokedAt,
      revokedByEmail: revoker,
      lastOpenedAt: shareLinks.lastOpenedAt,
      openCount: shareLinks.openCount,
      createdAt: shareLinks.createdAt,
      createdByEmail: authUsers.email,
    })
    .from(shareLinks)
    .leftJoin(authUsers, eq(authUsers.id, shareLinks.createdBy))
    .where(
      and(
        eq(shareLinks.kind, kind),
        options.jobSiteId && isUuid(options.jobSiteId)
          ? eq(shareLinks.jobSiteId, options.jobSiteId)
          : undefined,
      ),
    )
    .orderBy(desc(shareLinks.createdAt));
  const order: Record<ShareLinkState, number> = { actif: 0, expire: 1, revoque: 2 };
  return rows
    .map((row) => ({ ...row, state: shareLinkState(row, today) }))
    .sort((a, b) => order[a.state] - order[b.state]);
}

/** « Révoquer »: the link stops at once. Returns false when unknown (or not of `kind`, or of another site). */
export async function revokeShareLink(
  db: DbExecutor,
  actor: Actor,
  id: string,
  scope: { kind: ShareLinkKind; jobSiteId?: string },
  now = new Date(),
): Promise<"revoque" | "deja" | "inconnu"> {
  if (!isUuid(id)) return "inconnu";
  const [row] = await db
    .select({ revokedAt: shareLinks.revokedAt, jobSiteId: shareLinks.jobSiteId })
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.kind, scope.kind)));
  if (!row || (scope.jobSiteId !== undefined && row.jobSiteId !== scope.jobSiteId)) return "inconnu";
  if (row.revokedAt) return "deja";
  await db
    .update(shareLinks)
    .set({ revokedAt: now, revokedBy: actor.id })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
  return "revoque";
}

export type OpenedShareLink = { id: string; label: string; jobSiteId: string | null; expiresOn: IsoDay };

/**
 * A public route opening a link: the client's address counted first (60 a minute, every
 * link together: 429 beyond), then the token looked up by its hash. Unknown (or of another
 * kind) → ShareLinkUnknownError (404); revoked, or past its last Paris day →
 * ShareLinkGoneError (410). An accepted opening is counted on the link.
 */
export async function openShareLink(
  db: Database,
  kind: ShareLinkKind,
  token: string,
  request: { clientIp: string; now?: Date },
): Promise<OpenedShareLink> {
  const now = request.now ?? new Date();
  const today = parisDay(now);
  const allowed = await db.transaction((tx) =>
    recordHit(
      tx,
      { key: `share-link:${request.clientIp}`, limit: SHARE_LINK_OPENS_PER_MINUTE, windowMs: 60_000 },
      now,
    ),
  );
  if (!allowed) throw new ShareLinkRateError();
  if (!ACCESS_TOKEN.test(token)) throw new ShareLinkUnknownError();
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.tokenHash, hashToken(token)), eq(shareLinks.kind, kind)));
  if (!row) throw new ShareLinkUnknownError();
  if (shareLinkState(row, today) !== "actif") throw new ShareLinkGoneError();
  await db
    .update(shareLinks)
    .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: now })
    .where(eq(shareLinks.id, row.id));
  return { id: row.id, label: row.label, jobSiteId: row.jobSiteId, expiresOn: row.expiresOn };
}

export type PublicAttestation = {
  id: string;
  kind: (typeof PUBLIC_ATTESTATION_KINDS)[number];
  label: string;
  issuer: string;
  number: string;
  validFrom: IsoDay;
  validUntil: IsoDay | null;
  contentType: string;
  fileName: string;
};

/**
 * The public extract on `today`: the current documents of the public kinds whose validity
 * has begun and not ended (an expired attestation is never shown nor served), in the
 * register's order.
 */
export async function publicAttestations(
  db: DbExecutor,
  today: IsoDay = parisDay(),
): Promise<PublicAttestation[]> {
  const rows = await db
    .select({
      id: companyDocuments.id,
      kind: companyDocuments.kind,
      label: companyDocuments.label,
      issuer: companyDocuments.issuer,
      number: companyDocuments.number,
      validFrom: companyDocuments.validFrom,
      validUntil: companyDocuments.validUntil,
      contentType: companyDocuments.contentType,
      fileName: companyDocuments.fileName,
    })
    .from(companyDocuments)
    .where(and(inArray(companyDocuments.kind, [...PUBLIC_ATTESTATION_KINDS]), isCurrent))
    .orderBy(asc(companyDocuments.label), desc(companyDocuments.validFrom));
  // A document whose file is not joined yet (copied from the settings) has nothing to show.
  return rows
    .flatMap((row) =>
      row.contentType !== null && row.fileName !== null
        ? [{ ...row, contentType: row.contentType, fileName: row.fileName }]
        : [],
    )
    .filter((row) => row.validFrom <= today && documentStatus(row.validUntil, today).state !== "expire")
    .sort((a, b) => PUBLIC_ATTESTATION_KINDS.indexOf(a.kind) - PUBLIC_ATTESTATION_KINDS.indexOf(b.kind));
}

/** A file of the public extract: only a document the extract lists on `today`; null otherwise. */
export async function publicAttestationFile(db: DbExecutor, documentId: string, today: IsoDay = parisDay()) {
  if (!isUuid(documentId)) return null;
  const listed = (await publicAttestations(db, today)).find((document) => document.id === documentId);
  if (!listed) return null;
  const [row] = await db
    .select({ storageKey: companyDocuments.storageKey })
    .from(companyDocuments)
    .where(eq(companyDocuments.id, documentId));
  return row?.storageKey ? { ...listed, storageKey: row.storageKey } : null;
}

export class DossierSendRefusal extends Error {
  override name = "DossierSendRefusal";
}

/**
 * « Envoyer au client »: a new « dossier » link (labelled with the client's name) and an
 * e-mail with it, queued in the outbox in the same transaction. The file itself is not
 * attached (tens of megabytes): the client downloads it from the link.
 */
export async function sendDossierToClient(
  db: Database,
  deps: { siteUrl: string; tradeName: string; replyTo: string; today?: IsoDay; now?: Date },
  actor: Actor,
  jobSiteId: string,
  expiresOn: IsoDay,
): Promise<{ sentTo: string; token: string }> {
  const now = deps.now ?? new Date();
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ number: jobSites.number, title: jobSites.title, email: clients.email, name: clients.name })
      .from(jobSites)
      .innerJoin(clients, eq(clients.id, jobSites.clientId))
      .where(eq(jobSites.id, jobSiteId));
    if (!site) throw new DossierSendRefusal("Ce chantier n'existe pas.");
    const email = site.email ?? "";
    if (!isEmail(email)) {
      throw new DossierSendRefusal(
        "Le client n'a pas d'adresse e-mail valide : ajoutez-la sur sa fiche, ou créez un lien de partage à lui transmettre.",
      );
    }
    const { token } = await createShareLink(
      tx,
      actor,
      { kind: "dossier", jobSiteId, label: site.name, expiresOn },
      now,
    );
    const link = `${deps.siteUrl.replace(/\/+$/, "")}${publicDossierPath(token)}`;
    const { text, html } = renderEmail({
      title: `Dossier de fin de chantier ${site.number}`,
      blocks: [
        heading("Votre dossier de fin de chantier"),
        paragraph(
          `Le dossier des ouvrages exécutés du chantier « ${site.title} » est prêt : PV de réception, garanties, fiches techniques et notices, attestation d'assurance et factures.`,
        ),
        paragraph(["Téléchargez-le (PDF ou ZIP) : ", { href: link }]),
        paragraph(
          `Ce lien est valable jusqu'au ${formatDate(expiresOn)} inclus. Conservez le dossier : il vous servira en cas de sinistre ou de revente.`,
          {
            tone: "muted",
          },
        ),
      ],
    });
    await enqueueMail(tx, {
      kind: "handover.link",
      to: email,
      replyTo: deps.replyTo,
      subject: `Dossier de fin de chantier ${site.number} — ${deps.tradeName}`,
      text,
      html,
    });
    return { sentTo: email, token };
  });
}
