import { and, desc, eq, gt, inArray, notInArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { type QuoteRow, quoteLinks, quotes } from "#app/db/schema/quotes.ts";
import { type ActivityActor, recordActivities } from "#app/lib/activity.server.ts";
import { issueDocument } from "#app/lib/documents.server.ts";
import { heading, paragraph, renderEmail } from "#app/lib/email-html.ts";
import { registerEvent } from "#app/lib/integrity/register.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { hashToken, newAccessToken } from "#app/lib/online-signing.server.ts";
import { type DbTransaction, enqueueMail } from "#app/lib/outbox.server.ts";
import { addDays, formatDate, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { messagesOf, type Problem } from "#app/lib/problems.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { quoteDisplayNumber } from "./content.ts";
import { quoteMentions, sendingProblems } from "./mentions.ts";
import { renderQuotePdf } from "./pdf.server.ts";
import {
  clientFacts,
  companyDefaults,
  isQuoteId,
  type QuoteActor,
  QuoteNotFoundError,
  QuoteStateError,
  quoteSearchText,
} from "./quotes.server.ts";
import { documentTotals, tryQuoteTotals } from "./totals.ts";

/*
 * « Envoyer au client »: the one way a quote leaves the company. In one transaction:
 * check every mention can be filled (else refuse with the list of what is missing),
 * give the number (DEV-YYYY-NNNN; a later version keeps its quote's number and adds
 * -V2), render the PDF once and register it with its SHA-256, freeze the version, mark
 * the earlier version « Remplacé », create the client's link /accord/{token} (only the
 * token's hash is kept) and queue the e-mail with the PDF attached. The lead follows
 * (« Devis envoyé »).
 */

/** « Envoyer au client » refused: what is missing, one French reason a line, each with where it is fixed. */
export class QuoteNotSendableError extends Error {
  override name = "QuoteNotSendableError";
  readonly problems: Problem[];
  readonly missing: string[];
  constructor(problems: Problem[]) {
    const missing = messagesOf(problems);
    super(`Le devis ne peut pas être envoyé : ${missing.join(" ")}`);
    this.problems = problems;
    this.missing = missing;
  }
}

export type SendDeps = {
  storage: FileStorage;
  identity: DocumentIdentity;
  siteUrl: string;
  now?: Date;
};

export type SentQuote = { number: string; sentTo: string; sha256: string; link: string };

// The token of /accord/{token}: the online signing's (app/lib/online-signing.server.ts).
export { hashToken, newAccessToken };

/** The end of the last valid day (Paris): the link and the acceptance stop there. */
export function validityEnd(validUntil: string): Date {
  return parisMidnight(addDays(validUntil, 1));
}

/** The staff's estimated cost and margin of a version, as they were when it was sent. */
export type FrozenCost = {
  hourlyCostCents: number;
  cost: number | null;
  margin: number | null;
  marginRate: number | null;
};

/** Closes every link of a quote still open at `now` (they show « expiré » from then on). */
export async function closeLinks(tx: DbTransaction, quoteIds: string | string[], now: Date): Promise<void> {
  const ids = Array.isArray(quoteIds) ? quoteIds : [quoteIds];
  if (ids.length === 0) return;
  await tx
    .update(quoteLinks)
    .set({ expiresAt: now })
    .where(and(inArray(quoteLinks.quoteId, ids), gt(quoteLinks.expiresAt, now)));
}

async function createLink(
  tx: DbTransaction,
  row: QuoteRow,
  sentTo: string,
  validUntil: string,
  siteUrl: string,
) {
  const token = newAccessToken();
  await tx.insert(quoteLinks).values({
    quoteId: row.id,
    tokenHash: hashToken(token),
    sentTo,
    expiresAt: validityEnd(validUntil),
  });
  return `${siteUrl.replace(/\/+$/, "")}/accord/${token}`;
}

type QuoteMailInput = {
  to: string;
  clientName: string;
  displayNumber: string;
  title: string;
  totalTtc: number;
  reverseCharge: boolean;
  validUntil: string;
  link: string;
  pdfStorageKey: string;
  identity: DocumentIdentity;
  resent: boolean;
};

function quoteMail(input: QuoteMailInput) {
  const amount = input.reverseCharge
    ? `${formatCents(input.totalTtc)} HT`
    : `${formatCents(input.totalTtc)} TTC`;
  const { text, html } = renderEmail({
    title: `Devis ${input.displayNumber}`,
    blocks: [
      heading(`Votre devis ${input.displayNumber}`),
      paragraph(`Bonjour ${input.clientName},`),
      paragraph(
        `Vous trouverez ci-joint notre devis « ${input.title} », d'un montant de ${amount}, valable jusqu'au ${formatDate(input.validUntil)}.`,
      ),
      paragraph([
        "Vous pouvez le consulter, l'accepter ou le refuser en ligne, depuis votre téléphone ou votre ordinateur : ",
        { href: input.link },
      ]),
      paragraph(
        "L'acceptation en ligne vous demandera un code à six chiffres, envoyé à cette adresse e-mail. Pour toute question, répondez simplement à ce message.",
        { tone: "muted" },
      ),
    ],
  });
  return {
    kind: input.resent ? "quote.resent" : "quote.sent",
    to: input.to,
    replyTo: input.identity.email,
    subject: `Devis ${input.displayNumber} — ${input.identity.tradeName}`,
    text,
    html,
    attachments: [
      {
        filename: `devis-${input.displayNumber.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        storageKey: input.pdfStorageKey,
      },
    ],
  };
}

/** Opens a new client's link to `row` and queues the e-mail that carries it with the PDF; the link. */
async function mailWithNewLink(
  tx: DbTransaction,
  deps: SendDeps,
  row: QuoteRow,
  mail: Omit<QuoteMailInput, "reverseCharge" | "link" | "identity">,
): Promise<string> {
  const link = await createLink(tx, row, mail.to, mail.validUntil, deps.siteUrl);
  await enqueueMail(
    tx,
    quoteMail({ ...mail, reverseCharge: row.content.reverseCharge, link, identity: deps.identity }),
  );
  return link;
}

async function leadFollows(
  tx: DbTransaction,
  leadId: string | null,
  to: "devis_envoye" | "gagne" | "perdu",
  actor: ActivityActor,
  now: Date,
): Promise<void> {
  if (!leadId) return;
  const [lead] = await tx
    .select({ id: erpSubmissions.id })
    .from(erpSubmissions)
    .where(eq(erpSubmissions.id, leadId));
  if (!lead) return;
  const [current] = await tx
    .select({ status: erpLeads.status })
    .from(erpLeads)
    .where(eq(erpLeads.submissionId, leadId))
    .for("update");
  const from = current?.status ?? "nouveau";
  // A lead already won stays won; « Devis envoyé » does not undo a decision.
  if (from === to || (to === "devis_envoye" && (from === "gagne" || from === "perdu"))) return;
  if (current) {
    await tx.update(erpLeads).set({ status: to, updatedAt: now }).where(eq(erpLeads.submissionId, leadId));
  } else {
    await tx.insert(erpLeads).values({ submissionId: leadId, status: to, updatedAt: now });
  }
  await tx.update(erpSubmissions).set({ lastActivityAt: now }).where(eq(erpSubmissions.id, leadId));
  const labels: Record<string, string> = {
    nouveau: "Nouveau",
    contacte: "Contacté",
    devis_envoye: "Devis envoyé",
    gagne: "Gagné",
    perdu: "Perdu",
  };
  await recordActivities(tx, [
    {
      subjectType: "lead",
      subjectId: leadId,
      kind: "status",
      summary: `Statut : ${labels[from] ?? from} → ${labels[to]}`,
      data: { from, to },
      actor,
    },
  ]);
}

export { leadFollows };

/**
 * Sends a draft: numbers it, renders and stores its PDF, freezes it, e-mails it.
 * Refuses (QuoteNotSendableError, nothing changed) when a mention cannot be filled.
 */
export async function sendQuote(
  db: Database,
  deps: SendDeps,
  id: string,
  actor: QuoteActor,
): Promise<SentQuote> {
  if (!isQuoteId(id)) throw new QuoteNotFoundError();
  const now = deps.now ?? new Date();
  const today = parisDay(now);
  const who: ActivityActor = { id: actor.id, email: actor.email };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!row) throw new QuoteNotFoundError();
    if (row.status !== "brouillon") {
      throw new QuoteStateError(
        "Ce devis a déjà été envoyé : utilisez « Renvoyer » pour l'envoyer à nouveau.",
      );
    }
    const earlier = await tx
      .select({ id: quotes.id, status: quotes.status, version: quotes.version })
      .from(quotes)
      .where(and(eq(quotes.seriesId, row.seriesId), notInArray(quotes.id, [row.id])))
      .orderBy(desc(quotes.version))
      .for("update");
    if (earlier.some((version) => version.version > row.version)) {
      throw new QuoteStateError(
        "Une version plus récente de ce devis existe : seule la dernière peut être envoyée.",
      );
    }
    if (earlier.some((version) => version.status === "accepte")) {
      throw new QuoteStateError(
        "Une version précédente de ce devis a été acceptée par le client : cette nouvelle version ne peut plus être envoyée.",
      );
    }
    const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId)).for("share");
    if (!client) throw new QuoteNotFoundError();
    const facts = clientFacts(client);
    const company = await companyDefaults(tx);
    const problems = sendingProblems(row.content, facts, company, today);
    if (problems.length > 0) throw new QuoteNotSendableError(problems);
    const sentTo = (client.email ?? "").toLowerCase();
    const totals = documentTotals(row.content);
    // The staff's estimated cost and margin at today's hourly cost, frozen with the version
    // in its « sent » event: a later change of the settings never recomputes a sent quote.
    const costed = tryQuoteTotals(row.content, company.hourlyCostCents);
    const frozenCost: FrozenCost = costed.ok
      ? {
          hourlyCostCents: company.hourlyCostCents,
          cost: costed.totals.cost,
          margin: costed.totals.margin,
          marginRate: costed.totals.marginRate,
        }
      : { hourlyCostCents: company.hourlyCostCents, cost: null, margin: null, marginRate: null };
    const mentions = quoteMentions(row.content, facts);
    const validUntil = addDays(today, row.content.terms.validityDays);

    let number = row.number;
    const issued = await issueDocument(tx, {
      kind: "devis",
      clientId: row.clientId,
      issuedAt: now,
      actor,
      storage: deps.storage,
      ...(row.number
        ? {
            version: {
              number: quoteDisplayNumber(row.number, row.version) as string,
              year: Number(row.number.split("-")[1]),
            },
          }
        : {}),
      render: (registered) => {
        number ??= registered;
        return renderQuotePdf({
          identity: deps.identity,
          number: registered,
          version: row.version,
          date: today,
          validUntil,
          creationDate: now,
          client: facts,
          content: row.content,
          totals,
          mentions,
        });
      },
    });
    if (!number) throw new Error("Numéro de devis non attribué.");
    const displayNumber = quoteDisplayNumber(number, row.version) as string;
    await tx
      .update(quotes)
      .set({
        status: "envoye",
        number,
        sentAt: now,
        sentTo,
        validUntil,
        issuedDocumentId: issued.id,
        pdfSha256: issued.pdfSha256,
        pdfStorageKey: issued.pdfStorageKey,
        pdfIdentity: { ...deps.identity },
        totalHtCents: totals.totalHt,
        totalVatCents: totals.totalVat,
        totalTtcCents: totals.totalTtc,
        searchText: quoteSearchText(displayNumber, row.content.title, row.content.site.city),
        revision: row.revision + 1,
        updatedAt: now,
        updatedBy: actor.id,
      })
      .where(eq(quotes.id, row.id));
    await registerEvent(tx, {
      event: "devis_envoye",
      subjectId: row.id,
      author: { id: actor.id, email: actor.email },
      at: now,
    });
    const replaced = earlier.filter(
      (version) => version.status === "envoye" || version.status === "expire" || version.status === "refuse",
    );
    if (replaced.length > 0) {
      await closeLinks(
        tx,
        replaced.map((version) => version.id),
        now,
      );
      await tx
        .update(quotes)
        .set({ status: "remplace", decidedAt: now, updatedAt: now })
        .where(
          inArray(
            quotes.id,
            replaced.map((version) => version.id),
          ),
        );
    }
    const link = await mailWithNewLink(tx, deps, row, {
      to: sentTo,
      clientName: client.name,
      displayNumber,
      title: row.content.title,
      totalTtc: totals.totalTtc,
      validUntil,
      pdfStorageKey: issued.pdfStorageKey,
      resent: false,
    });
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: row.id,
        kind: "sent",
        summary: `Devis ${displayNumber} envoyé à ${sentTo}`,
        data: { number: displayNumber, sentTo, sha256: issued.pdfSha256, validUntil, costing: frozenCost },
        actor: who,
      },
      ...replaced.map((version) => ({
        subjectType: "devis" as const,
        subjectId: version.id,
        kind: "replaced",
        summary: `Remplacé par la version ${row.version} (${displayNumber})`,
        data: { by: row.id },
        actor: who,
      })),
    ]);
    await leadFollows(tx, row.leadSubmissionId, "devis_envoye", who, now);
    return { number: displayNumber, sentTo, sha256: issued.pdfSha256, link };
  });
}

/** « Renvoyer »: the same version, the same PDF, a new link, to the client's address. */
export async function resendQuote(
  db: Database,
  deps: SendDeps,
  id: string,
  actor: QuoteActor,
): Promise<SentQuote> {
  if (!isQuoteId(id)) throw new QuoteNotFoundError();
  const now = deps.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!row) throw new QuoteNotFoundError();
    if (row.status !== "envoye" || !row.number || !row.validUntil || !row.pdfStorageKey || !row.pdfSha256) {
      throw new QuoteStateError(
        row.status === "brouillon"
          ? "Ce devis n'a pas encore été envoyé."
          : "Seul un devis envoyé, en attente de réponse, peut être renvoyé.",
      );
    }
    if (parisDay(now) > row.validUntil) {
      throw new QuoteStateError("Ce devis a expiré : faites-en une nouvelle version pour le renvoyer.");
    }
    const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId));
    if (!client?.email || client.anonymisedAt) {
      throw new QuoteStateError("Le client n'a plus d'adresse e-mail : complétez sa fiche.");
    }
    const sentTo = client.email.toLowerCase();
    const displayNumber = quoteDisplayNumber(row.number, row.version) as string;
    // The earlier links close: the address may have been corrected, and whoever holds the
    // old mailbox must not answer in the client's name (their page says « expiré »).
    await closeLinks(tx, row.id, now);
    const link = await mailWithNewLink(tx, deps, row, {
      to: sentTo,
      clientName: client.name,
      displayNumber,
      title: row.title,
      totalTtc: row.totalTtcCents,
      validUntil: row.validUntil,
      pdfStorageKey: row.pdfStorageKey,
      resent: true,
    });
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: row.id,
        kind: "resent",
        summary: `Devis ${displayNumber} renvoyé à ${sentTo}`,
        data: { sentTo },
        actor: { id: actor.id, email: actor.email },
      },
    ]);
    return { number: displayNumber, sentTo, sha256: row.pdfSha256, link };
  });
}
