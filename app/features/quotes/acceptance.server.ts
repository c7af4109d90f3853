import { createHash } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import {
  type QuoteRow,
  quoteAcceptanceCodes,
  quoteDecisions,
  quoteLinks,
  quotes,
} from "#app/db/schema/quotes.ts";
import { type ActivityActor, type ActivityData, recordActivities } from "#app/lib/activity.server.ts";
import { registerEvent } from "#app/lib/integrity/register.server.ts";
import {
  ACCESS_TOKEN,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  CODES_PER_HOUR,
  checkSigningCode,
  codeHash,
  drawnSignatureForPdf,
  isEmail,
  isPng,
  maskEmail,
  newSixDigitCode,
  SIGNATURE_UNREADABLE,
  type SigningDeps,
  SigningRefusal,
} from "#app/lib/online-signing.server.ts";
import { type DbExecutor, type DbTransaction, enqueueMails } from "#app/lib/outbox.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { recordHit } from "#app/lib/rate-limit.server.ts";
import { newStorageKey } from "#app/lib/storage.server.ts";
import { acceptedMails, codeMail, refusedMail } from "./acceptance-mails.server.ts";
import { AcceptanceNameSchema, parseTyped, RefusalReasonSchema } from "./acceptance-schema.ts";
import { quoteDisplayNumber } from "./content.ts";
import { type QuoteMentions, quoteMentions } from "./mentions.ts";
import { renderQuotePdf } from "./pdf.server.ts";
import {
  type PublicQuoteContent,
  type PublicQuoteTotals,
  publicQuoteContent,
  publicQuoteMentions,
  publicQuoteTotals,
} from "./public-view.ts";
import { clientFacts } from "./quotes.server.ts";
import { hashToken, leadFollows } from "./send.server.ts";
import { documentTotals } from "./totals.ts";

/*
 * The client's answer on /accord/{token}, and its proof (BACKOFFICE.md « Quotes »:
 * Code civil 1366-1367). The token identifies the quote; a six-digit code e-mailed to
 * the quote's address proves the signer's e-mail (5 tries, 10 minutes, then a new
 * code); the server records name, e-mail, time, IP, browser, the code's verification and
 * the SHA-256 of the PDF shown, then renders the signed copy (the same pages, the « Bon
 * pour accord » box filled in with the day, the name and the drawn signature if any, plus a
 * « Certificat d'acceptation ») and sends it to the client and the company. The proof
 * row is frozen by the database. Staff can also record an acceptance signed on paper
 * (./acceptance-proof.server.ts, with the signed copy and the drawn signature).
 */

export { CODE_MAX_ATTEMPTS, CODE_TTL_MS, CODES_PER_HOUR, isPng, maskEmail };

export type LinkState = "ouvert" | "accepte" | "refuse" | "expire" | "remplace";

export type AcceptanceDeps = SigningDeps;

export class QuoteLinkNotFoundError extends Error {
  override name = "QuoteLinkNotFoundError";
  constructor() {
    super("Ce lien de devis n'existe pas. Vérifiez l'adresse reçue par e-mail.");
  }
}

/** A refusal on the client's page: the message to show, at a field when `field` says which. */
export class AcceptanceError extends SigningRefusal {
  override name = "AcceptanceError";
}

export type OpenedLink = {
  quote: QuoteRow;
  state: LinkState;
  linkId: string;
  sentTo: string;
};

function stateOf(quote: QuoteRow, expiresAt: Date, now: Date): LinkState {
  if (quote.status === "accepte") return "accepte";
  if (quote.status === "refuse") return "refuse";
  if (quote.status === "remplace") return "remplace";
  if (
    quote.status === "expire" ||
    now >= expiresAt ||
    (quote.validUntil && parisDay(now) > quote.validUntil)
  ) {
    return "expire";
  }
  return "ouvert";
}

async function findLink(db: DbExecutor, token: string, now: Date, lock = false): Promise<OpenedLink> {
  if (!ACCESS_TOKEN.test(token)) throw new QuoteLinkNotFoundError();
  const [link] = await db
    .select()
    .from(quoteLinks)
    .where(eq(quoteLinks.tokenHash, hashToken(token)));
  if (!link) throw new QuoteLinkNotFoundError();
  const query = db.select().from(quotes).where(eq(quotes.id, link.quoteId));
  const [quote] = lock ? await query.for("update") : await query;
  if (!quote || quote.status === "brouillon") throw new QuoteLinkNotFoundError();
  return { quote, state: stateOf(quote, link.expiresAt, now), linkId: link.id, sentTo: link.sentTo };
}

/** The client's page of a quote: its own projection, nothing of the staff's (./public-view.ts). */
export type PublicQuoteView = {
  state: LinkState;
  displayNumber: string;
  clientName: string;
  content: PublicQuoteContent;
  totals: PublicQuoteTotals;
  mentions: QuoteMentions;
  validUntil: string | null;
  /** The address the link was sent to, masked. */
  sentTo: string;
  decision: {
    decision: "accepte" | "refuse";
    at: Date;
    name: string | null;
    signedCopySha256: string | null;
    hasSignedCopy: boolean;
  } | null;
};

/**
 * What the client's page shows, and the first view recorded (once) in the quote's history.
 * `view` is all the page may send to the browser; the rest stays on the server.
 */
export async function openQuoteLink(db: Database, token: string, now = new Date()) {
  const opened = await findLink(db, token, now);
  const { quote } = opened;
  if (!quote.firstViewedAt && opened.state === "ouvert") {
    const marked = await db
      .update(quotes)
      .set({ firstViewedAt: now })
      .where(and(eq(quotes.id, quote.id), isNull(quotes.firstViewedAt)))
      .returning({ id: quotes.id });
    if (marked.length > 0) {
      await recordActivities(db, [
        {
          subjectType: "devis",
          subjectId: quote.id,
          kind: "viewed",
          summary: "Consulté par le client (première ouverture du lien)",
          actor: { id: null, email: "client" },
        },
      ]);
    }
  }
  const [client] = await db.select().from(clients).where(eq(clients.id, quote.clientId));
  if (!client) throw new QuoteLinkNotFoundError();
  const facts = clientFacts(client);
  // A sent version's figures come from its frozen content alone, never from today's settings.
  const totals = documentTotals(quote.content);
  const mentions = quoteMentions(quote.content, facts);
  const displayNumber = quoteDisplayNumber(quote.number, quote.version) as string;
  const [decision] = await db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, quote.id));
  const view: PublicQuoteView = {
    state: opened.state,
    displayNumber,
    clientName: facts.name,
    content: publicQuoteContent(quote.content),
    totals: publicQuoteTotals(totals),
    mentions: publicQuoteMentions(mentions),
    validUntil: quote.validUntil,
    sentTo: isEmail(opened.sentTo) ? maskEmail(opened.sentTo) : "",
    decision: decision
      ? {
          decision: decision.decision,
          at: decision.decidedAt,
          name: decision.signerName,
          signedCopySha256: decision.signedCopySha256,
          hasSignedCopy: decision.signedCopyStorageKey !== null,
        }
      : null,
  };
  return { ...opened, displayNumber, view };
}

function requireOpen(state: LinkState): void {
  const messages: Record<Exclude<LinkState, "ouvert">, string> = {
    accepte: "Ce devis a déjà été accepté.",
    refuse: "Ce devis a été refusé : il ne peut plus être accepté.",
    expire: "Ce devis a expiré : contactez-nous pour une offre à jour.",
    remplace: "Ce devis a été remplacé par une nouvelle version, envoyée par e-mail.",
  };
  if (state !== "ouvert") throw new AcceptanceError(messages[state], undefined, 409);
}

/**
 * Sends a new six-digit code to the address the link in hand was sent to (never to an
 * address typed on the page, nor to an older address of the quote). Earlier codes stop
 * working.
 */
export async function requestAcceptanceCode(
  db: Database,
  deps: Pick<AcceptanceDeps, "secret" | "now"> & { identity: Pick<DocumentIdentity, "tradeName"> },
  token: string,
): Promise<{ sentTo: string }> {
  const now = deps.now ?? new Date();
  return db.transaction(async (tx) => {
    const opened = await findLink(tx, token, now, true);
    requireOpen(opened.state);
    const allowed = await recordHit(
      tx,
      { key: `quote-code:${opened.quote.id}`, limit: CODES_PER_HOUR, windowMs: 3_600_000 },
      now,
    );
    if (!allowed) {
      throw new AcceptanceError(
        "Trop de codes demandés pour ce devis : réessayez dans une heure, ou appelez-nous.",
        undefined,
        429,
      );
    }
    const code = newSixDigitCode();
    // The link's own address: after a corrected address and « Renvoyer », the old
    // mailbox's link is closed, and the code never goes back there.
    const email = opened.sentTo;
    // Earlier codes are spent: only the last one e-mailed works.
    await tx
      .update(quoteAcceptanceCodes)
      .set({ usedAt: now })
      .where(and(eq(quoteAcceptanceCodes.quoteId, opened.quote.id), isNull(quoteAcceptanceCodes.usedAt)));
    await tx.insert(quoteAcceptanceCodes).values({
      quoteId: opened.quote.id,
      codeHash: codeHash(deps.secret, opened.quote.id, code),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const displayNumber = quoteDisplayNumber(opened.quote.number, opened.quote.version) as string;
    await enqueueMails(tx, [codeMail(email, code, displayNumber, deps.identity.tradeName)]);
    return { sentTo: email };
  });
}

export type AcceptanceInput = {
  name: string;
  code: string;
  bonPourAccord: boolean;
  certificationConfirmed: boolean;
  /** A PNG drawn on the page, already decoded and checked by its bytes; null without one. */
  signaturePng: Buffer | null;
  ip: string;
  userAgent: string;
};

export type AcceptanceResult =
  | { ok: true; signedCopySha256: string }
  | { ok: false; message: string; field: string; attemptsLeft: number };

/** The drawn signature for the signed copy, or the refusal at the signature's field. */
async function printableSignature(png: Buffer): Promise<Buffer> {
  const flattened = await drawnSignatureForPdf(png);
  if (!flattened) throw new AcceptanceError(SIGNATURE_UNREADABLE, "signature");
  return flattened;
}

/**
 * Accepts the quote behind `token`. A wrong code is counted (and the count committed)
 * and answered `ok: false`; a code expired, spent or tried 5 times asks for a new one.
 */
export async function acceptQuote(
  db: Database,
  deps: AcceptanceDeps,
  token: string,
  input: AcceptanceInput,
): Promise<AcceptanceResult> {
  const now = deps.now ?? new Date();
  if (!input.bonPourAccord)
    throw new AcceptanceError("Cochez « Bon pour accord » pour accepter le devis.", "bonPourAccord");
  const typedName = parseTyped(AcceptanceNameSchema, input.name);
  if (!typedName.ok) throw new AcceptanceError(typedName.message, "name");
  const name = typedName.value;
  if (!/^\d{6}$/.test(input.code.trim())) {
    throw new AcceptanceError("Saisissez le code à six chiffres reçu par e-mail.", "code");
  }
  const signatureForPdf = input.signaturePng ? await printableSignature(input.signaturePng) : null;
  const outcome = await db.transaction(async (tx) => {
    const opened = await findLink(tx, token, now, true);
    requireOpen(opened.state);
    const { quote } = opened;
    const [client] = await tx.select().from(clients).where(eq(clients.id, quote.clientId));
    if (!client) throw new QuoteLinkNotFoundError();
    const facts = clientFacts(client);
    const mentions = quoteMentions(quote.content, facts);
    if (mentions.certifications.length > 0 && !input.certificationConfirmed) {
      throw new AcceptanceError(
        "Cochez l'attestation du taux réduit de TVA : elle conditionne le taux appliqué au devis.",
        "certification",
      );
    }
    const [latest] = await tx
      .select()
      .from(quoteAcceptanceCodes)
      .where(eq(quoteAcceptanceCodes.quoteId, quote.id))
      .orderBy(desc(quoteAcceptanceCodes.createdAt))
      .limit(1)
      .for("update");
    const check = checkSigningCode(latest, deps.secret, quote.id, input.code.trim(), now);
    if (check.kind === "refused") throw new AcceptanceError(check.message, "code");
    if (check.kind === "wrong") {
      await tx
        .update(quoteAcceptanceCodes)
        .set({ attempts: check.attempts })
        .where(eq(quoteAcceptanceCodes.id, check.codeId));
      return check.answer;
    }
    const { code } = check;
    await tx.update(quoteAcceptanceCodes).set({ usedAt: now }).where(eq(quoteAcceptanceCodes.id, code.id));

    if (!quote.number || !quote.pdfSha256 || !quote.pdfIdentity || !quote.sentAt || !quote.validUntil) {
      throw new Error("Devis envoyé incomplet : numéro, PDF ou identité manquants.");
    }
    const displayNumber = quoteDisplayNumber(quote.number, quote.version) as string;
    const totals = documentTotals(quote.content);
    const identity = quote.pdfIdentity as unknown as DocumentIdentity;
    const signed = await renderQuotePdf({
      identity,
      number: displayNumber,
      version: quote.version,
      date: parisDay(quote.sentAt),
      validUntil: quote.validUntil,
      creationDate: quote.sentAt,
      client: facts,
      content: quote.content,
      totals,
      mentions,
      acceptance: {
        name,
        email: code.email,
        acceptedAt: now,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 500),
        codeVerifiedAt: now,
        pdfSha256: quote.pdfSha256,
        certificationConfirmed: input.certificationConfirmed,
        quoteNumber: displayNumber,
        signaturePng: signatureForPdf,
      },
    });
    const signedSha256 = createHash("sha256").update(signed).digest("hex");
    const signedKey = `documents/devis-acceptes/${displayNumber.toLowerCase()}-accepte.pdf`;
    await deps.storage.put(signedKey, signed);
    let signatureKey: string | null = null;
    if (input.signaturePng) {
      signatureKey = newStorageKey("signatures", "png", now);
      await deps.storage.put(signatureKey, input.signaturePng);
    }
    const [accepted] = await tx
      .insert(quoteDecisions)
      .values({
        quoteId: quote.id,
        decision: "accepte",
        channel: "en_ligne",
        signerName: name,
        signerEmail: code.email,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 500),
        codeVerifiedAt: now,
        pdfSha256: quote.pdfSha256,
        certificationConfirmed: input.certificationConfirmed,
        signatureStorageKey: signatureKey,
        signedCopyStorageKey: signedKey,
        signedCopySha256: signedSha256,
        signedCopyContentType: "application/pdf",
        decidedAt: now,
      })
      .returning({ id: quoteDecisions.id });
    await followAcceptance(tx, quote, accepted, {
      now,
      author: "client",
      actor: { id: null, email: code.email },
      summary: `Accepté en ligne par ${name} (${code.email}), code vérifié`,
      data: { ip: input.ip, sha256: quote.pdfSha256, signedSha256 },
      clientSummary: `Devis ${displayNumber} accepté`,
    });
    await enqueueMails(
      tx,
      acceptedMails(quote, {
        displayNumber,
        name,
        email: code.email,
        signedKey,
        now,
        totals,
        deps,
        identity,
      }),
    );
    return { ok: true as const, signedCopySha256: signedSha256 };
  });
  return outcome;
}

/**
 * What follows an acceptance once its decision is written: the quote « Accepté », the
 * register's event, the quote's and the client's histories, the lead « Gagné ».
 */
export async function followAcceptance(
  tx: DbTransaction,
  quote: Pick<QuoteRow, "id" | "clientId" | "leadSubmissionId">,
  decision: { id: string } | undefined,
  facts: {
    now: Date;
    author: Parameters<typeof registerEvent>[1]["author"];
    actor: ActivityActor;
    /** The quote's history line, and what it keeps. */
    summary: string;
    data?: ActivityData;
    /** The client's history line. */
    clientSummary: string;
  },
): Promise<void> {
  if (!decision) throw new Error("Acceptation non enregistrée.");
  const { now, actor } = facts;
  await tx
    .update(quotes)
    .set({ status: "accepte", decidedAt: now, updatedAt: now })
    .where(eq(quotes.id, quote.id));
  await registerEvent(tx, { event: "devis_accepte", subjectId: decision.id, author: facts.author, at: now });
  await recordActivities(tx, [
    {
      subjectType: "devis",
      subjectId: quote.id,
      kind: "accepted",
      summary: facts.summary,
      data: facts.data,
      actor,
    },
    {
      subjectType: "client",
      subjectId: quote.clientId,
      kind: "quote_accepted",
      summary: facts.clientSummary,
      data: { quoteId: quote.id },
      actor,
    },
  ]);
  await leadFollows(tx, quote.leadSubmissionId, "gagne", actor, now);
}

/** « Refuser le devis », with an optional reason: recorded, the company told. */
export async function refuseQuote(
  db: Database,
  deps: Pick<AcceptanceDeps, "notifyEmail" | "siteUrl" | "now">,
  token: string,
  input: { reason: string; ip: string; userAgent: string },
): Promise<void> {
  const now = deps.now ?? new Date();
  const typedReason = parseTyped(RefusalReasonSchema, input.reason);
  if (!typedReason.ok) throw new AcceptanceError(typedReason.message, "reason");
  const reason = typedReason.value;
  await db.transaction(async (tx) => {
    const opened = await findLink(tx, token, now, true);
    requireOpen(opened.state);
    const { quote } = opened;
    if (!quote.pdfSha256) throw new Error("Devis envoyé sans PDF.");
    const [refused] = await tx
      .insert(quoteDecisions)
      .values({
        quoteId: quote.id,
        decision: "refuse",
        channel: "en_ligne",
        signerEmail: opened.sentTo,
        ip: input.ip,
        userAgent: input.userAgent.slice(0, 500),
        pdfSha256: quote.pdfSha256,
        refusalReason: reason || null,
        decidedAt: now,
      })
      .returning({ id: quoteDecisions.id });
    if (!refused) throw new Error("Refus non enregistré.");
    await tx
      .update(quotes)
      .set({ status: "refuse", decidedAt: now, refusalReason: reason || null, updatedAt: now })
      .where(eq(quotes.id, quote.id));
    await registerEvent(tx, { event: "devis_refuse", subjectId: refused.id, author: "client", at: now });
    const displayNumber = quoteDisplayNumber(quote.number, quote.version) as string;
    const actor = { id: null, email: "client" };
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: quote.id,
        kind: "refused",
        summary: reason ? `Refusé par le client : « ${reason} »` : "Refusé par le client",
        data: { ip: input.ip },
        actor,
      },
    ]);
    await leadFollows(tx, quote.leadSubmissionId, "perdu", actor, now);
    await enqueueMails(tx, [refusedMail(quote, displayNumber, reason, deps)]);
  });
}
