import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import { type QuoteContent, type QuoteRow, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { documentParty } from "#app/lib/document-party.ts";
import { issueDocument } from "#app/lib/documents.server.ts";
import { registerEvent } from "#app/lib/integrity/register.server.ts";
import { formatCents } from "#app/lib/money.ts";
import type { DbTransaction } from "#app/lib/outbox.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { foldText } from "#app/lib/search-text.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { CERTIFICATION_5_5, CERTIFICATION_10 } from "#app/lib/vat.ts";
import {
  billingQuoteFromContent,
  computeCreditNote,
  computeStandaloneInvoice,
  standaloneProblems,
} from "./billing.ts";
import type { BillingInvoice, BillingResult } from "./billing-model.ts";
import { retentionReleaseDate } from "./billing-summary.ts";
import { renderInvoiceDocument } from "./document.server.ts";
import { documentFigures, type InvoiceDocumentInput } from "./document-model.server.ts";
import { compute } from "./drafts.server.ts";
import { issueProblems } from "./mentions.server.ts";
import {
  activityActor,
  contentOf,
  type InvoiceActor,
  InvoiceNotFoundError,
  InvoiceNotIssuableError,
  InvoiceStateError,
  type IssuedRow,
  isInvoiceId,
  issuedOnQuote,
  issuedOnStandalone,
  quoteFigures,
  type StoredRequest,
  standaloneContent,
} from "./query.server.ts";
import { computeSaleInvoice, saleCreditNote } from "./sale-billing.ts";

/*
 * « Émettre » on the server: a draft is computed again inside the issuing transaction
 * (another invoice may have been issued meanwhile), every mention is checked
 * (./mentions.server.ts), FAC-YYYY-NNNN (AV- for a credit note) is taken, the Factur-X
 * PDF is rendered once and registered with its SHA-256; the database then refuses any
 * change to it. The draft's preview goes through the same path.
 */

/** What a draft is computed from, at issue: its quote, or the lines of a standalone invoice. */
type IssueSource = {
  quote: QuoteRow | null;
  /** The lines, header and site: the quote's, or the standalone invoice's. */
  content: QuoteContent;
  issued: IssuedRow[];
  compute: () => BillingResult;
  /** What the draft lacks to be issued, beyond the mentions. */
  problems: () => string[];
  /** A sale already paid (a shop order): due on issue, with its own payment text. */
  paid?: { termsText: string };
};

async function issueSource(tx: DbTransaction, row: InvoiceRow): Promise<IssueSource> {
  const stored = (row.content as { request?: StoredRequest }).request;
  if (!stored) throw new InvoiceStateError("Brouillon incomplet : recréez-le.");
  if (row.quoteId) {
    // The quote row is locked: two invoices of one quote are issued one after the other.
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, row.quoteId)).for("update");
    if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    const issued = await issuedOnQuote(tx, quote.id);
    const figures = quoteFigures(quote);
    return {
      quote,
      content: quote.content,
      issued,
      compute: () =>
        stored.kind === "avoir"
          ? computeCreditNote(figures, issued, {
              invoiceId: row.creditedInvoiceId ?? "",
              amount: stored.amount,
              ...(stored.reason ? { reason: stored.reason } : {}),
            })
          : stored.kind === "facture" || stored.kind === "vente"
            ? { ok: false, message: "Une facture d'un devis se prépare depuis le devis." }
            : compute(quote, issued, stored),
      problems: () => [],
    };
  }
  if (stored.kind === "vente") {
    const content = standaloneContent(row);
    return {
      quote: null,
      content,
      issued: [],
      compute: () => computeSaleInvoice(content.title, stored.lines),
      problems: () => [],
      paid: { termsText: stored.paymentText },
    };
  }
  if (stored.kind === "facture") {
    const content = standaloneContent(row);
    return {
      quote: null,
      content,
      issued: [],
      compute: () => computeStandaloneInvoice(content),
      problems: () => [
        ...(content.title.trim() ? [] : ["Indiquez l'objet de la facture."]),
        ...standaloneProblems(content),
      ],
    };
  }
  if (stored.kind !== "avoir" || !row.creditedInvoiceId) {
    throw new InvoiceStateError("Brouillon incomplet : recréez-le.");
  }
  // A credit note of a standalone invoice: the invoice and its earlier credit notes, locked.
  const [credited] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, row.creditedInvoiceId))
    .for("update");
  if (!credited) throw new InvoiceNotFoundError();
  const content = standaloneContent(credited);
  if ((credited.content as { request?: StoredRequest }).request?.kind === "vente") {
    // A shop order's invoice: only its total credit note, the mirror of what it billed.
    return {
      quote: null,
      content,
      issued: [],
      compute: () => saleCreditNote(contentOf(credited).billing, credited.id),
      problems: () => [],
    };
  }
  const issued = await issuedOnStandalone(tx, credited.id);
  return {
    quote: null,
    content,
    issued,
    compute: () =>
      computeCreditNote(billingQuoteFromContent(content, null), issued, {
        invoiceId: credited.id,
        amount: stored.amount,
        ...(stored.kind === "avoir" && stored.reason ? { reason: stored.reason } : {}),
      }),
    problems: () => [],
  };
}

export type IssueDeps = { storage: FileStorage; identity: DocumentIdentity; now?: Date };

/**
 * What a draft's document would be if issued at `now`: its billing recomputed against
 * the invoices issued since, and the document's input (without number). « Émettre » and
 * the draft's preview both go through it, so the preview is the document to be issued.
 */
async function draftDocument(
  tx: DbTransaction,
  identity: DocumentIdentity,
  row: InvoiceRow,
  now: Date,
): Promise<{
  source: IssueSource;
  billing: BillingInvoice;
  credited: InvoiceRow | undefined;
  input: Omit<InvoiceDocumentInput, "number" | "creationDate">;
}> {
  const issuedOn = parisDay(now);
  const source = await issueSource(tx, row);
  const result = source.compute();
  if (!result.ok) throw new InvoiceStateError(result.message);
  const billing = result.invoice;
  const [client] = await tx.select().from(clients).where(eq(clients.id, row.clientId));
  const [settings] = await tx.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!client || !settings) throw new InvoiceNotFoundError();
  // Locked: a payment recorded on it meanwhile waits, and its status is computed on both.
  const credited = row.creditedInvoiceId
    ? (await tx.select().from(invoices).where(eq(invoices.id, row.creditedInvoiceId)).for("update"))[0]
    : undefined;
  const rates = new Set(
    source.content.reverseCharge
      ? []
      : source.content.lots.flatMap((lot) =>
          lot.lines.flatMap((line) => (line.kind === "item" && !line.optional ? [line.vatCode] : [])),
        ),
  );
  const input: Omit<InvoiceDocumentInput, "number" | "creationDate"> = {
    identity,
    bank:
      settings.iban && settings.bic && settings.bankAccountHolder
        ? { holder: settings.bankAccountHolder, iban: settings.iban, bic: settings.bic }
        : null,
    issuedOn,
    dueOn: source.paid ? issuedOn : addDays(issuedOn, settings.paymentTermsDays),
    client: documentParty(client),
    site: source.content.site,
    quote: source.quote
      ? {
          number: `${source.quote.number ?? ""}${source.quote.version > 1 ? `-V${source.quote.version}` : ""}`,
          title: source.quote.title,
          acceptedOn: source.quote.decidedAt ? parisDay(source.quote.decidedAt) : null,
        }
      : null,
    subject: source.quote ? null : { title: source.content.title, description: source.content.description },
    credited:
      credited?.number && credited.issuedOn ? { number: credited.number, issuedOn: credited.issuedOn } : null,
    depositInvoices: source.issued
      .filter((invoice) => invoice.kind === "acompte" && invoice.row.number && invoice.row.issuedOn)
      .map((invoice) => ({
        number: invoice.row.number as string,
        issuedOn: invoice.row.issuedOn as string,
      })),
    billing,
    paymentTermsText: source.paid ? source.paid.termsText : settings.paymentTermsText,
    latePaymentRateBp: settings.latePaymentRateBp,
    vatOnDebits: settings.vatOnDebits,
    certifications: [
      ...(rates.has("10") ? [CERTIFICATION_10] : []),
      ...(rates.has("5.5") ? [CERTIFICATION_5_5] : []),
    ],
    retentionReleaseOn: source.quote?.handoverOn ? retentionReleaseDate(source.quote.handoverOn) : null,
  };
  return { source, billing, credited, input };
}

/**
 * « Aperçu PDF » of a draft: the document « Émettre » would produce now, without a
 * number, marked « Brouillon – sans valeur » on every page. Rendered on each request,
 * never stored nor registered. Refused, with the list, when the draft could not be issued.
 */
export async function previewInvoiceDraft(
  db: Database,
  identity: DocumentIdentity,
  id: string,
  now: Date = new Date(),
): Promise<Buffer> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  const input = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new InvoiceNotFoundError();
    if (row.status !== "brouillon") {
      throw new InvoiceStateError("Cette facture est émise : son PDF est celui de l'émission.");
    }
    const draft = await draftDocument(tx, identity, row, now);
    const missing = [...draft.source.problems(), ...issueProblems(draft.input, row.clientId)];
    if (missing.length > 0) throw new InvoiceNotIssuableError(missing);
    return draft.input;
  });
  const { pdf } = await renderInvoiceDocument({ ...input, number: null, creationDate: now });
  return pdf;
}

/**
 * « Émettre »: recomputes the draft against the invoices issued since, refuses with the
 * list of what is missing, then numbers, renders the Factur-X PDF and freezes it.
 */
export async function issueInvoice(
  db: Database,
  deps: IssueDeps,
  id: string,
  actor: InvoiceActor,
): Promise<{ number: string; sha256: string; facturxSha256: string }> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  return db.transaction((tx) => issueInTransaction(tx, deps, id, actor));
}

/** « Émettre » inside the caller's transaction (a shop order's payment issues its invoice so). */
export async function issueInTransaction(
  tx: DbTransaction,
  deps: IssueDeps,
  id: string,
  actor: InvoiceActor,
): Promise<{ number: string; sha256: string; facturxSha256: string }> {
  const now = deps.now ?? new Date();
  {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!row) throw new InvoiceNotFoundError();
    if (row.status !== "brouillon") throw new InvoiceStateError("Cette facture est déjà émise.");
    const { source, billing, credited, input } = await draftDocument(tx, deps.identity, row, now);
    if (stableJson(billing) !== stableJson(contentOf(row).billing)) {
      throw new InvoiceStateError(
        row.quoteId
          ? "Une autre facture de ce devis a été émise depuis ce brouillon : supprimez-le et recréez-le pour qu'il en tienne compte."
          : "Ce brouillon a changé depuis son dernier calcul : rechargez la page.",
      );
    }
    const incomplete = source.problems();
    if (incomplete.length > 0) throw new InvoiceNotIssuableError(incomplete);
    const missing = issueProblems(input, row.clientId);
    if (missing.length > 0) throw new InvoiceNotIssuableError(missing);
    let facturxSha256 = "";
    const registered = await issueDocument(tx, {
      kind: row.kind === "avoir" ? "avoir" : "facture",
      clientId: row.clientId,
      issuedAt: now,
      actor,
      storage: deps.storage,
      render: async (number) => {
        const rendered = await renderInvoiceDocument({ ...input, number, creationDate: now });
        facturxSha256 = rendered.xmlSha256;
        return rendered.pdf;
      },
    });
    // What the document prints is what is stored: billing's figures, each rate's VAT =
    // round(base × rate) (EN 16931 BR-CO-17), checked by documentFigures (decision 018).
    const printed = documentFigures(billing);
    await tx
      .update(invoices)
      .set({
        status: "emise",
        totalHtCents: printed.ht,
        totalVatCents: printed.vat,
        totalTtcCents: printed.ttc,
        prepaidCents: 0,
        retentionCents: printed.retention,
        netToPayCents: printed.netToPay,
        number: registered.number,
        issuedOn: input.issuedOn,
        dueOn: input.dueOn,
        issuedAt: now,
        issuedDocumentId: registered.id,
        pdfSha256: registered.pdfSha256,
        pdfStorageKey: registered.pdfStorageKey,
        facturxSha256,
        searchText: foldText(`${registered.number} ${row.searchText}`),
        revision: row.revision + 1,
        updatedAt: now,
      })
      .where(eq(invoices.id, id));
    await registerEvent(tx, {
      event: row.kind === "avoir" ? "avoir_emis" : "facture_emise",
      subjectId: id,
      author: { id: actor.id, email: actor.email },
      at: now,
    });
    const events = [
      {
        subjectType: "facture" as const,
        subjectId: id,
        kind: "issued",
        summary: `${billing.title} ${registered.number} émise (${formatCents(billing.totals.ttc)} TTC)`,
        data: { number: registered.number, sha256: registered.pdfSha256, facturxSha256 },
        actor: activityActor(actor),
      },
    ];
    // A credit note lowers what its invoice still owes; one that cancels all that was left
    // of it closes it, a partial one that leaves nothing unpaid marks it paid.
    if (credited) {
      const creditedCents = credited.creditedCents - printed.netToPay;
      const settled = credited.netToPayCents - creditedCents - credited.paidCents <= 0;
      const status: InvoiceRow["status"] = billing.creditOf?.total
        ? "annulee"
        : settled && credited.status !== "annulee"
          ? "payee"
          : credited.status;
      await tx
        .update(invoices)
        .set({ creditedCents, status, updatedAt: now })
        .where(eq(invoices.id, credited.id));
    }
    await recordActivities(tx, events);
    return { number: registered.number, sha256: registered.pdfSha256, facturxSha256 };
  }
}

/**
 * A value as JSON with its keys sorted: what `jsonb` gives back (it reorders keys) compares
 * equal to what was stored.
 */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The SHA-256 of bytes, lower-case hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
