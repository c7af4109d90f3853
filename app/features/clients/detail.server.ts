import { asc, count, eq } from "drizzle-orm";
import { clientSites, clients, issuedDocuments } from "#app/db/schema/clients.ts";
import type { DocumentKind } from "#app/db/schema/documents.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { type ActivityEvent, listActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { ClientNotFoundError } from "./query.server.ts";
import type { ClientKind } from "./schema.ts";

export type ClientSite = {
  id: string;
  label: string | null;
  street: string | null;
  postalCode: string | null;
  city: string;
};

export type ClientDocument = { id: string; kind: DocumentKind; number: string; issuedAt: Date };

/** The lead a client came from, while it exists: its request and how many photos. */
export type ClientLead = {
  id: string;
  receivedAt: Date;
  workType: string;
  message: string;
  photoCount: number;
};

export type ClientDetail = {
  id: string;
  kind: ClientKind;
  name: string;
  legalName: string | null;
  siren: string | null;
  vatNumber: string | null;
  mainContractor: boolean;
  email: string | null;
  phone: string | null;
  billingStreet: string | null;
  billingPostalCode: string | null;
  billingCity: string | null;
  notes: string | null;
  leadSubmissionId: string | null;
  createdAt: Date;
  updatedAt: Date;
  anonymisedAt: Date | null;
  sites: ClientSite[];
  documents: ClientDocument[];
  lead: ClientLead | null;
};

/** The documents issued to a client, oldest first. */
export async function clientDocuments(db: DbExecutor, clientId: string): Promise<ClientDocument[]> {
  return db
    .select({
      id: issuedDocuments.id,
      kind: issuedDocuments.kind,
      number: issuedDocuments.number,
      issuedAt: issuedDocuments.issuedAt,
    })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.clientId, clientId))
    .orderBy(asc(issuedDocuments.issuedAt), asc(issuedDocuments.number));
}

async function linkedLead(db: DbExecutor, submissionId: string | null): Promise<ClientLead | null> {
  if (!submissionId) return null;
  const [row] = await db
    .select({
      id: erpSubmissions.id,
      receivedAt: erpSubmissions.createdAt,
      data: erpSubmissions.data,
    })
    .from(erpSubmissions)
    .where(eq(erpSubmissions.id, submissionId));
  if (!row) return null;
  const [photos] = await db
    .select({ n: count() })
    .from(erpSubmissionPhotos)
    .where(eq(erpSubmissionPhotos.submissionId, submissionId));
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    workType: typeof row.data.type_projet === "string" ? row.data.type_projet : "",
    message: typeof row.data.message === "string" ? row.data.message : "",
    photoCount: Number(photos?.n ?? 0),
  };
}

/** One client with its sites, its issued documents and the lead it came from. */
export async function getClient(db: DbExecutor, id: string): Promise<ClientDetail> {
  if (!isUuid(id)) throw new ClientNotFoundError();
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  if (!row) throw new ClientNotFoundError();
  const [sites, documents, lead] = await Promise.all([
    db
      .select({
        id: clientSites.id,
        label: clientSites.label,
        street: clientSites.street,
        postalCode: clientSites.postalCode,
        city: clientSites.city,
      })
      .from(clientSites)
      .where(eq(clientSites.clientId, id))
      .orderBy(asc(clientSites.position), asc(clientSites.createdAt), asc(clientSites.id)),
    clientDocuments(db, id),
    linkedLead(db, row.leadSubmissionId),
  ]);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    legalName: row.legalName,
    siren: row.siren,
    vatNumber: row.vatNumber,
    mainContractor: row.mainContractor,
    email: row.email,
    phone: row.phone,
    billingStreet: row.billingStreet,
    billingPostalCode: row.billingPostalCode,
    billingCity: row.billingCity,
    notes: row.notes,
    leadSubmissionId: row.leadSubmissionId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    anonymisedAt: row.anonymisedAt,
    sites,
    documents,
    lead,
  };
}

/** The client's history, newest first. */
export function clientActivity(db: DbExecutor, id: string): Promise<ActivityEvent[]> {
  return listActivity(db, "client", id, { limit: 200 });
}
