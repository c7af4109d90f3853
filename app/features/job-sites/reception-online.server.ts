import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { jobSiteReceptionCodes, jobSiteReceptions, type ReceptionKind } from "#app/db/schema/receptions.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { heading, paragraph, renderEmail } from "#app/lib/email-html.ts";
import { removeFilesOnFailure } from "#app/lib/files-on-failure.server.ts";
import {
  ACCESS_TOKEN,
  CODE_TTL_MS,
  CODES_PER_HOUR,
  checkSigningCode,
  codeHash,
  drawnSignatureForPdf,
  hashToken,
  isEmail,
  maskEmail,
  newAccessToken,
  newSixDigitCode,
  SIGNATURE_UNREADABLE,
  type SigningDeps,
  SigningRefusal,
} from "#app/lib/online-signing.server.ts";
import {
  type DbExecutor,
  type DbTransaction,
  enqueueMails,
  type OutboxMessageInput,
} from "#app/lib/outbox.server.ts";
import { formatDate, formatDateTime, type IsoDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { sha256Hex, storeRenderedPdf } from "#app/lib/pdf/store.server.ts";
import { recordHit } from "#app/lib/rate-limit.server.ts";
import { type FileStorage, newStorageKey } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { type Actor, JobSiteConflictError, lockJobSite } from "./query.server.ts";
import {
  afterLiftingSigned,
  afterReceptionSigned,
  getReception,
  liftingPdfInput,
  pvInput,
} from "./reception.server.ts";
import { renderLiftingPdf, renderReceptionPdf } from "./reception-pdf.server.ts";
import { PV_WORDS, RECEPTION_MESSAGES } from "./reception-schema.ts";

/*
 * The PV de réception, and the PV de levée des réserves, signed online by the client, the quotes' way (the building blocks
 * in app/lib/online-signing.server.ts): the staff send the PV presented for signature to
 * the client's address with an unguessable link (/reception/{token}); on that page the
 * client asks for a six-digit code e-mailed to that address, types his name and the code,
 * may draw his signature, and signs. The proof (name, verified address, time, IP,
 * browser, the SHA-256 of the PV shown) is recorded, the signed PV (with its certificate)
 * stored and e-mailed to the client and the company; then the site is received
 * (./reception.server.ts `afterReceptionSigned`).
 */

export class ReceptionLinkNotFoundError extends Error {
  override name = "ReceptionLinkNotFoundError";
  constructor() {
    super("Ce lien de PV n'existe pas. Vérifiez l'adresse reçue par e-mail.");
  }
}

/** A refusal on the client's page: its message, at a field when `field` says which. */
export class ReceptionSigningError extends SigningRefusal {
  override name = "ReceptionSigningError";
}

export type ReceptionSigningDeps = SigningDeps;

const linkOf = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, "")}/reception/${token}`;

/** The PV to send: the site's PV de réception, or one of its PV de levée des réserves. */
async function lockPvToSend(tx: DbTransaction, jobSiteId: string, liftingId: string | null) {
  if (liftingId !== null && !isUuid(liftingId)) throw new JobSiteConflictError(RECEPTION_MESSAGES.lifting);
  const [pv] = await tx
    .select()
    .from(jobSiteReceptions)
    .where(
      and(
        eq(jobSiteReceptions.jobSiteId, jobSiteId),
        liftingId === null
          ? eq(jobSiteReceptions.kind, "reception")
          : and(eq(jobSiteReceptions.kind, "levee"), eq(jobSiteReceptions.id, liftingId)),
      ),
    )
    .for("update");
  if (liftingId !== null) {
    if (!pv) throw new JobSiteConflictError(RECEPTION_MESSAGES.lifting);
    if (pv.status === "signe") throw new JobSiteConflictError(RECEPTION_MESSAGES.liftingSigned);
    return pv;
  }
  if (!pv) throw new JobSiteConflictError(RECEPTION_MESSAGES.noDraft);
  if (pv.status === "signe") throw new JobSiteConflictError(RECEPTION_MESSAGES.signed);
  if (pv.status !== "a_signer") throw new JobSiteConflictError(RECEPTION_MESSAGES.notToSign);
  return pv;
}

/**
 * « Envoyer au client pour signature »: a new link e-mailed to the client's address (an
 * earlier link stops working), for the PV de réception or, given its id, a PV de levée.
 */
export async function sendReceptionForSigning(
  db: Database,
  deps: { siteUrl: string; identity: Pick<DocumentIdentity, "tradeName" | "email">; now?: Date },
  actor: Actor,
  jobSiteId: string,
  liftingId: string | null = null,
): Promise<{ sentTo: string }> {
  const now = deps.now ?? new Date();
  return db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    const reception = await lockPvToSend(tx, jobSiteId, liftingId);
    const words = PV_WORDS[reception.kind];
    const [client] = await tx
      .select({ email: clients.email, name: clients.name })
      .from(clients)
      .where(eq(clients.id, site.clientId));
    const email = client?.email ?? "";
    if (!isEmail(email)) throw new JobSiteConflictError(RECEPTION_MESSAGES.noEmail);
    const token = newAccessToken();
    await tx
      .update(jobSiteReceptions)
      .set({ tokenHash: hashToken(token), linkSentTo: email, linkSentAt: now, updatedAt: now })
      .where(eq(jobSiteReceptions.id, reception.id));
    const link = linkOf(deps.siteUrl, token);
    const { text, html } = renderEmail({
      title: `${words.short} ${site.number}`,
      blocks: [
        heading(`Votre ${words.title.toLowerCase()}`),
        paragraph(
          `Le ${words.long} du chantier « ${site.title} », à la date du ${formatDate(reception.receivedOn)}, est prêt à signer.`,
        ),
        paragraph(["Consultez-le et signez-le en ligne : ", { href: link }]),
        paragraph("Un code à six chiffres vous sera envoyé à cette adresse pour confirmer votre signature.", {
          tone: "muted",
        }),
      ],
    });
    await enqueueMails(tx, [
      {
        kind: "reception.link",
        to: email,
        replyTo: deps.identity.email,
        subject: `${words.short} ${site.number} à signer — ${deps.identity.tradeName}`,
        text,
        html,
      },
    ]);
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: site.id,
        kind: "reception_sent",
        summary: `${words.short} envoyé pour signature en ligne à ${email}`,
        actor,
      },
    ]);
    return { sentTo: email };
  });
}

async function findLink(db: DbExecutor, token: string, lock = false) {
  if (!ACCESS_TOKEN.test(token)) throw new ReceptionLinkNotFoundError();
  const query = db
    .select({ reception: jobSiteReceptions, site: jobSites, clientName: clients.name })
    .from(jobSiteReceptions)
    .innerJoin(jobSites, eq(jobSites.id, jobSiteReceptions.jobSiteId))
    .innerJoin(clients, eq(clients.id, jobSites.clientId))
    .where(eq(jobSiteReceptions.tokenHash, hashToken(token)));
  const [found] = lock ? await query.for("update", { of: jobSiteReceptions }) : await query;
  if (!found) throw new ReceptionLinkNotFoundError();
  return found;
}

/**
 * What the client's page shows: the PV's facts and its reservations (for a PV de levée,
 * those it records, with their day); nothing of the staff's.
 */
export type PublicReceptionView = {
  kind: ReceptionKind;
  state: "a_signer" | "signe" | "annule";
  siteNumber: string;
  siteTitle: string;
  siteAddress: string;
  clientName: string;
  /** The day of this PV: the reception, or the lifting. */
  receivedOn: IsoDay;
  /** The day of the reception (for a PV de levée, the PV de réception's). */
  receptionOn: IsoDay;
  reservations: { lot: string | null; description: string; deadline: IsoDay; liftedOn: IsoDay | null }[];
  sentTo: string;
  signed: { name: string | null; at: Date } | null;
};

export async function openReceptionLink(db: DbExecutor, token: string): Promise<PublicReceptionView> {
  const { reception, site, clientName } = await findLink(db, token);
  const { reception: pvDeReception, reservations } = await getReception(db, site.id);
  const recorded =
    reception.kind === "levee"
      ? reservations.filter((reservation) => reservation.liftingReceptionId === reception.id)
      : reservations;
  return {
    kind: reception.kind,
    state: reception.status === "signe" ? "signe" : reception.status === "a_signer" ? "a_signer" : "annule",
    siteNumber: site.number,
    siteTitle: site.title,
    siteAddress: [site.siteStreet, `${site.sitePostalCode} ${site.siteCity}`.trim()]
      .filter(Boolean)
      .join(", "),
    clientName,
    receivedOn: reception.receivedOn,
    receptionOn: pvDeReception?.receivedOn ?? reception.receivedOn,
    reservations: recorded.map((reservation) => ({
      lot: reservation.lotTitle,
      description: reservation.description,
      deadline: reservation.deadline,
      liftedOn: reception.kind === "levee" ? reservation.liftedOn : null,
    })),
    sentTo: reception.linkSentTo ? maskEmail(reception.linkSentTo) : "",
    signed:
      reception.status === "signe" && reception.signedAt
        ? { name: reception.signerName, at: reception.signedAt }
        : null,
  };
}

/** The PV as the client sees it: the frozen PDF, or once signed the signed PV. */
export async function receptionLinkPdf(
  db: DbExecutor,
  storage: FileStorage,
  token: string,
): Promise<{ bytes: Uint8Array; name: string } | null> {
  const { reception, site } = await findLink(db, token);
  const key = reception.signedPdfStorageKey ?? reception.pdfStorageKey;
  if (!key) return null;
  const suffix = reception.signedPdfStorageKey ? "-signe" : "";
  return {
    bytes: await storage.get(key),
    name: `${PV_WORDS[reception.kind].file}-${site.number.toLowerCase()}${suffix}.pdf`,
  };
}

function requireToSign({ status, kind }: { status: string; kind: ReceptionKind }): void {
  if (status === "signe")
    throw new ReceptionSigningError(`Ce ${PV_WORDS[kind].short} est déjà signé.`, undefined, 409);
  if (status !== "a_signer") {
    throw new ReceptionSigningError(
      `Ce ${PV_WORDS[kind].short} est en cours de correction : un nouveau lien vous sera envoyé.`,
      undefined,
      409,
    );
  }
}

/** A new six-digit code to the address the link was sent to; earlier codes stop working. */
export async function requestReceptionCode(
  db: Database,
  deps: { secret: string; tradeName: string; now?: Date },
  token: string,
): Promise<{ sentTo: string }> {
  const now = deps.now ?? new Date();
  return db.transaction(async (tx) => {
    const { reception, site } = await findLink(tx, token, true);
    requireToSign(reception);
    const email = reception.linkSentTo;
    if (!email) throw new ReceptionLinkNotFoundError();
    const allowed = await recordHit(
      tx,
      { key: `reception-code:${reception.id}`, limit: CODES_PER_HOUR, windowMs: 3_600_000 },
      now,
    );
    if (!allowed) {
      throw new ReceptionSigningError(
        "Trop de codes demandés pour ce PV : réessayez dans une heure, ou appelez-nous.",
        undefined,
        429,
      );
    }
    const code = newSixDigitCode();
    await tx
      .update(jobSiteReceptionCodes)
      .set({ usedAt: now })
      .where(and(eq(jobSiteReceptionCodes.receptionId, reception.id), isNull(jobSiteReceptionCodes.usedAt)));
    await tx.insert(jobSiteReceptionCodes).values({
      receptionId: reception.id,
      codeHash: codeHash(deps.secret, reception.id, code),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const { text, html } = renderEmail({
      title: "Code de confirmation",
      blocks: [
        heading("Votre code de confirmation"),
        paragraph(
          `Pour signer le ${PV_WORDS[reception.kind].short} ${site.number}, saisissez ce code sur sa page :`,
        ),
        paragraph([{ strong: code }]),
        paragraph(
          "Il est valable 10 minutes. Si vous n'avez pas demandé ce code, ignorez ce message : rien ne sera signé sans lui.",
          { tone: "muted" },
        ),
      ],
    });
    await enqueueMails(tx, [
      {
        kind: "reception.code",
        to: email,
        subject: `${code} : code de confirmation du ${PV_WORDS[reception.kind].short} ${site.number} — ${deps.tradeName}`,
        text,
        html,
      },
    ]);
    return { sentTo: email };
  });
}

export type ReceptionSigningInput = {
  name: string;
  code: string;
  /** The PNG drawn on the page, checked by its bytes; null without one. */
  signaturePng: Buffer | null;
  ip: string;
  userAgent: string;
};

export type ReceptionSigningResult =
  | { ok: true; signedCopySha256: string }
  | { ok: false; message: string; field: string; attemptsLeft: number };

/**
 * Signs the PV behind `token`. A wrong code is counted (the count committed) and answered
 * `ok: false`; a code expired, spent or tried 5 times asks for a new one.
 */
export async function signReceptionOnline(
  db: Database,
  deps: ReceptionSigningDeps & { identity: DocumentIdentity },
  token: string,
  input: ReceptionSigningInput,
  parseName: (value: string) => { ok: true; value: string } | { ok: false; message: string },
): Promise<ReceptionSigningResult> {
  const now = deps.now ?? new Date();
  const typed = parseName(input.name);
  if (!typed.ok) throw new ReceptionSigningError(typed.message, "name");
  const name = typed.value;
  if (!/^\d{6}$/.test(input.code.trim())) {
    throw new ReceptionSigningError("Saisissez le code à six chiffres reçu par e-mail.", "code");
  }
  let printable: Buffer | null = null;
  if (input.signaturePng) {
    printable = await drawnSignatureForPdf(input.signaturePng);
    if (!printable) throw new ReceptionSigningError(SIGNATURE_UNREADABLE, "signature");
  }
  return removeFilesOnFailure(deps.storage, (track) =>
    db.transaction(async (tx) => {
      const { reception, site } = await findLink(tx, token, true);
      requireToSign(reception);
      const [latest] = await tx
        .select()
        .from(jobSiteReceptionCodes)
        .where(eq(jobSiteReceptionCodes.receptionId, reception.id))
        .orderBy(desc(jobSiteReceptionCodes.createdAt))
        .limit(1)
        .for("update");
      const check = checkSigningCode(latest, deps.secret, reception.id, input.code.trim(), now);
      if (check.kind === "refused") throw new ReceptionSigningError(check.message, "code");
      if (check.kind === "wrong") {
        await tx
          .update(jobSiteReceptionCodes)
          .set({ attempts: check.attempts })
          .where(eq(jobSiteReceptionCodes.id, check.codeId));
        return check.answer;
      }
      const { code } = check;
      await tx
        .update(jobSiteReceptionCodes)
        .set({ usedAt: now })
        .where(eq(jobSiteReceptionCodes.id, code.id));
      if (!reception.pdfSha256) throw new Error("PV présenté sans PDF.");
      const userAgent = input.userAgent.slice(0, 500);
      const signature = {
        name,
        email: code.email,
        signedAt: now,
        ip: input.ip,
        userAgent,
        codeVerifiedAt: now,
        pdfSha256: reception.pdfSha256,
        signaturePng: printable,
      };
      const signedPdf =
        reception.kind === "levee"
          ? await renderLiftingPdf({
              ...(await liftingPdfInput(tx, reception, deps.identity)),
              signed: signature,
            })
          : await renderReceptionPdf({
              ...(await pvInput(tx, site.id, deps.identity, reception.updatedAt)).input,
              draft: false,
              signed: signature,
            });
      const signedFile = await storeRenderedPdf(
        deps.storage,
        newStorageKey("chantiers/pv-signes", "pdf", now),
        signedPdf,
      );
      track(signedFile.key);
      let signatureKey: string | null = null;
      if (input.signaturePng) {
        signatureKey = newStorageKey("signatures", "png", now);
        await deps.storage.put(signatureKey, input.signaturePng, "image/png");
        track(signatureKey);
      }
      const [signed] = await tx
        .update(jobSiteReceptions)
        .set({
          status: "signe",
          signing: "en_ligne",
          signerName: name,
          signerEmail: code.email,
          ip: input.ip,
          userAgent,
          codeVerifiedAt: now,
          signatureStorageKey: signatureKey,
          signedPdfStorageKey: signedFile.key,
          signedCopySha256: sha256Hex(signedPdf),
          signedCopyContentType: "application/pdf",
          signedAt: now,
          updatedAt: now,
        })
        .where(eq(jobSiteReceptions.id, reception.id))
        .returning();
      if (!signed) throw new ReceptionLinkNotFoundError();
      const summary = `${PV_WORDS[signed.kind].short} du ${formatDate(signed.receivedOn)} signé en ligne par ${name} (${code.email}), code vérifié`;
      if (signed.kind === "levee") await afterLiftingSigned(tx, signed, "client", summary, now);
      else await afterReceptionSigned(tx, signed, "client", summary, now);
      await enqueueMails(
        tx,
        signedMails(site, signed, { name, email: code.email, now }, signedFile.key, deps),
      );
      return { ok: true as const, signedCopySha256: signedFile.sha256 };
    }),
  );
}

/** The signed PV, attached, to the client and to the company. */
function signedMails(
  site: { id: string; number: string; title: string },
  pv: { kind: ReceptionKind; receivedOn: IsoDay },
  signer: { name: string; email: string; now: Date },
  signedKey: string,
  deps: ReceptionSigningDeps & { identity: DocumentIdentity },
): OutboxMessageInput[] {
  const words = PV_WORDS[pv.kind];
  const attachment = {
    filename: `${words.file}-${site.number.toLowerCase()}-signe.pdf`,
    contentType: "application/pdf",
    storageKey: signedKey,
  };
  const toClient = renderEmail({
    title: `${words.short} ${site.number} signé`,
    blocks: [
      heading("Merci, votre signature est bien enregistrée"),
      paragraph(
        `Vous avez signé le ${words.long} du chantier « ${site.title} » (daté du ${formatDate(pv.receivedOn)}) le ${formatDateTime(signer.now, "full")}.`,
      ),
      paragraph("Vous trouverez ci-joint votre exemplaire signé, avec son certificat. Conservez-le."),
    ],
  });
  const staffUrl = `${deps.siteUrl.replace(/\/+$/, "")}/erp/chantiers/${site.id}`;
  const toCompany = renderEmail({
    title: `${words.short} ${site.number} signé`,
    blocks: [
      heading(`${words.short} ${site.number} signé`),
      paragraph(
        `${signer.name} (${signer.email}) a signé en ligne le ${words.short} du chantier « ${site.title} ».`,
      ),
      paragraph(["Le chantier dans l'Espace Pro : ", { href: staffUrl }]),
    ],
  });
  return [
    {
      kind: "reception.signed.client",
      to: signer.email,
      replyTo: deps.identity.email,
      subject: `${words.short} ${site.number} signé — votre exemplaire`,
      ...toClient,
      attachments: [attachment],
    },
    {
      kind: "reception.signed.company",
      to: deps.notifyEmail,
      subject: `${words.short} ${site.number} signé par ${signer.name}`,
      ...toCompany,
      attachments: [attachment],
    },
  ];
}
