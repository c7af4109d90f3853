import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { quoteDecisions, quotes } from "#app/db/schema/quotes.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { AcceptanceError, followAcceptance, isPng } from "./acceptance.server.ts";
import { PaperSignerNameSchema, parseTyped } from "./acceptance-schema.ts";
import { quoteDisplayNumber } from "./content.ts";
import { type QuoteActor, QuoteNotFoundError, QuoteStateError } from "./quotes.server.ts";

/*
 * The proof of a quote's acceptance as the staff record and read it: an acceptance signed
 * on paper (its scan becomes the signed copy), the signed copy, the signature drawn
 * online, and the decision row.
 */

export async function signedCopy(
  db: DbExecutor,
  storage: FileStorage,
  quoteId: string,
): Promise<{ bytes: Buffer; contentType: string; sha256: string; name: string } | null> {
  const [row] = await db
    .select({ decision: quoteDecisions, number: quotes.number, version: quotes.version })
    .from(quoteDecisions)
    .innerJoin(quotes, eq(quotes.id, quoteDecisions.quoteId))
    .where(eq(quoteDecisions.quoteId, quoteId));
  if (!row) return null;
  const decision = row.decision;
  if (!decision.signedCopyStorageKey || !decision.signedCopySha256 || !decision.signedCopyContentType)
    return null;
  const bytes = await storage.get(decision.signedCopyStorageKey);
  const extension =
    decision.signedCopyContentType === "application/pdf"
      ? "pdf"
      : decision.signedCopyContentType.split("/")[1];
  return {
    bytes,
    contentType: decision.signedCopyContentType,
    sha256: decision.signedCopySha256,
    name: `devis-${(quoteDisplayNumber(row.number, row.version) ?? "devis").toLowerCase()}-accepte.${extension}`,
  };
}

/**
 * The signature the client drew when accepting online, as they sent it (a PNG checked by
 * its bytes): for the staff's « Preuve de l'accord ». Null when there is none.
 */
export async function drawnSignature(
  db: DbExecutor,
  storage: FileStorage,
  quoteId: string,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ key: quoteDecisions.signatureStorageKey })
    .from(quoteDecisions)
    .where(eq(quoteDecisions.quoteId, quoteId));
  if (!row?.key) return null;
  const bytes = await storage.get(row.key);
  return isPng(bytes) ? bytes : null;
}

/**
 * An acceptance signed on paper at the office: the scan (PDF, JPEG or PNG, checked by
 * its bytes by the caller) becomes the signed copy.
 */
export async function recordPaperAcceptance(
  db: Database,
  storage: FileStorage,
  quoteId: string,
  input: {
    signerName: string;
    scan: Buffer;
    contentType: "application/pdf" | "image/jpeg" | "image/png";
    now?: Date;
  },
  actor: QuoteActor,
): Promise<void> {
  const now = input.now ?? new Date();
  const typedName = parseTyped(PaperSignerNameSchema, input.signerName);
  if (!typedName.ok) throw new AcceptanceError(typedName.message, "signerName");
  const name = typedName.value;
  await db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw new QuoteNotFoundError();
    if (quote.status !== "envoye" && quote.status !== "expire") {
      throw new QuoteStateError(
        quote.status === "brouillon"
          ? "Envoyez d'abord le devis : l'accord porte sur un devis numéroté."
          : "Ce devis n'attend plus de réponse : il ne peut pas être accepté.",
      );
    }
    if (!quote.pdfSha256 || !quote.number) throw new Error("Devis envoyé sans PDF.");
    const newer = await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.seriesId, quote.seriesId), eq(quotes.status, "envoye")));
    if (newer.some((row) => row.id !== quote.id))
      throw new QuoteStateError("Seule la dernière version peut être acceptée.");
    const displayNumber = quoteDisplayNumber(quote.number, quote.version) as string;
    const extension =
      input.contentType === "application/pdf" ? "pdf" : input.contentType === "image/png" ? "png" : "jpg";
    const key = `documents/devis-acceptes/${displayNumber.toLowerCase()}-papier.${extension}`;
    await storage.put(key, input.scan);
    const [accepted] = await tx
      .insert(quoteDecisions)
      .values({
        quoteId: quote.id,
        decision: "accepte",
        channel: "papier",
        signerName: name,
        pdfSha256: quote.pdfSha256,
        certificationConfirmed: true,
        signedCopyStorageKey: key,
        signedCopySha256: createHash("sha256").update(input.scan).digest("hex"),
        signedCopyContentType: input.contentType,
        recordedBy: actor.id,
        decidedAt: now,
      })
      .returning({ id: quoteDecisions.id });
    const who = { id: actor.id, email: actor.email };
    await followAcceptance(tx, quote, accepted, {
      now,
      author: who,
      actor: who,
      summary: `Accord signé sur papier par ${name}, enregistré avec sa copie numérisée`,
      clientSummary: `Devis ${displayNumber} accepté (signé sur papier)`,
    });
  });
}

/** For `recordPaperAcceptance` and tests: the decision of a quote. */
export async function quoteDecision(db: DbExecutor, quoteId: string) {
  const [decision] = await db.select().from(quoteDecisions).where(eq(quoteDecisions.quoteId, quoteId));
  return decision ?? null;
}
