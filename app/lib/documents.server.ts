import { eq } from "drizzle-orm";
import { clients, issuedDocuments } from "#app/db/schema/clients.ts";
import { namedError } from "#app/lib/named-error.ts";
import { type ActivityActor, recordActivity } from "./activity.server.ts";
import { type DocumentKind, takeNextNumber } from "./numbering.server.ts";
import type { DbTransaction } from "./outbox.server.ts";
import { storeRenderedPdf } from "./pdf/store.server.ts";
import type { FileStorage } from "./storage.server.ts";

/**
 * Issuing a legal document (quote, invoice, credit note, purchase order), the one way:
 * inside the caller's transaction, take the next number of its series, render the PDF
 * with that number, store it once with its SHA-256, and write the register row
 * (`issued_documents`, frozen by the database from then on) and the line of the
 * client's history.
 *
 *   const issued = await db.transaction((tx) =>
 *     issueDocument(tx, {
 *       kind: "facture",
 *       clientId,
 *       issuedAt: new Date(),
 *       actor: { id: user.id, email: user.email },
 *       render: (number) => renderDocumentPdf({ ...frame, number }, body),
 *       storage,
 *     }),
 *   );
 *
 * If anything fails, the transaction rolls back and gives the number back
 * (app/lib/numbering.server.ts); the PDF possibly written stays under its key, which
 * the next issue of that number overwrites.
 */

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  devis: "Devis",
  facture: "Facture",
  avoir: "Avoir",
  bon_commande: "Bon de commande",
};

export type IssueDocumentInput = {
  kind: DocumentKind;
  clientId: string;
  issuedAt: Date;
  /** Who issues it: a staff member (the register keeps the account). */
  actor: { id: string | null; email: string };
  /** Renders the document with its number; the same number always gives the same bytes. */
  render: (number: string) => Promise<Uint8Array>;
  storage: FileStorage;
  /**
   * A later version of a document already numbered (a quote's V2): registered under
   * this number (« DEV-2026-0007-V2 ») and that year, without taking a new one.
   */
  version?: { number: string; year: number };
};

export type IssuedDocument = {
  id: string;
  kind: DocumentKind;
  number: string;
  clientId: string;
  issuedAt: Date;
  pdfStorageKey: string;
  pdfSha256: string;
  bytes: number;
};

export class DocumentClientError extends namedError("DocumentClientError") {}

/** Where the PDF of a document is stored: documents/facture/2026/fac-2026-0042.pdf (keys are lower case). */
export function documentStorageKey(kind: DocumentKind, year: number, number: string): string {
  return `documents/${kind}/${year}/${number.toLowerCase()}.pdf`;
}

export async function issueDocument(tx: DbTransaction, input: IssueDocumentInput): Promise<IssuedDocument> {
  // The client row is locked until the end: it cannot be deleted nor anonymised meanwhile.
  const [client] = await tx
    .select({ id: clients.id, anonymisedAt: clients.anonymisedAt })
    .from(clients)
    .where(eq(clients.id, input.clientId))
    .for("update");
  if (!client) throw new DocumentClientError("Ce client n'existe pas ou a été supprimé.");
  if (client.anonymisedAt) {
    throw new DocumentClientError("Ce client a été anonymisé : aucun document ne peut plus lui être émis.");
  }

  const { number, year } = input.version ?? (await takeNextNumber(tx, input.kind, input.issuedAt));
  const pdf = await input.render(number);
  const stored = await storeRenderedPdf(input.storage, documentStorageKey(input.kind, year, number), pdf);
  const registered = {
    kind: input.kind,
    number,
    clientId: input.clientId,
    issuedAt: input.issuedAt,
    pdfStorageKey: stored.key,
    pdfSha256: stored.sha256,
  };
  const [row] = await tx
    .insert(issuedDocuments)
    .values({ ...registered, createdBy: input.actor.id })
    .returning({ id: issuedDocuments.id });
  if (!row) throw new Error("Document non enregistré dans le registre.");
  const actor: ActivityActor = { id: input.actor.id, email: input.actor.email };
  await recordActivity(tx, {
    subjectType: "client",
    subjectId: input.clientId,
    kind: "document_issued",
    summary: `${DOCUMENT_KIND_LABELS[input.kind]} ${number} émis`,
    data: { documentId: row.id, kind: input.kind, number, sha256: stored.sha256 },
    actor,
  });
  return { id: row.id, ...registered, bytes: stored.bytes };
}
