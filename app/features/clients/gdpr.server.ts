import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { activityEvents } from "#app/db/schema/activity.ts";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { quoteAcceptanceCodes, quoteDecisions, quoteLinks, quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions, jobSiteReservations } from "#app/db/schema/receptions.ts";
import { recordFiles } from "#app/db/schema/record-files.ts";
import { anonymiseActivity, deleteActivity, recordActivity } from "#app/lib/activity.server.ts";
import { DOCUMENT_KIND_LABELS } from "#app/lib/documents.server.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { clientActivity, clientDocuments, getClient } from "./detail.server.ts";
import { type Actor, lockClient } from "./query.server.ts";
import { CLIENT_KIND_LABELS } from "./schema.ts";

/*
 * The person's rights over their data (GDPR) on the client register: access (a JSON
 * export), erasure (deletion), and, when the law keeps the client's documents for
 * 10 years (Code de commerce L123-22), anonymisation instead: the record stays for its
 * documents and amounts, the person's data goes.
 */

/** A client whose issued documents the law keeps: it cannot be deleted. */
export class ClientHasDocumentsError extends Error {
  readonly numbers: string[];
  constructor(numbers: string[]) {
    super(
      `Ce client a des documents que la loi impose de conserver 10 ans (${numbers.join(", ")}) : ` +
        "il ne peut pas être supprimé. Vous pouvez l'anonymiser.",
    );
    this.name = "ClientHasDocumentsError";
    this.numbers = numbers;
  }
}

/** A client with job sites: the sites' history is the company's record of the work. */
export class ClientHasJobSitesError extends Error {
  constructor(numbers: string[]) {
    super(
      `Ce client a des chantiers (${numbers.join(", ")}) : il ne peut pas être supprimé. ` +
        "Vous pouvez l'anonymiser.",
    );
    this.name = "ClientHasJobSitesError";
  }
}

/** The client's job sites, oldest first. */
function jobSitesOf(tx: DbExecutor, clientId: string) {
  return tx.select().from(jobSites).where(eq(jobSites.clientId, clientId)).orderBy(asc(jobSites.number));
}

/**
 * The PVs (réception and levée des réserves) of the client's sites, with the proof of the
 * client's signature and the reservations, oldest first.
 */
async function pvsOf(db: DbExecutor, sites: readonly { id: string }[]) {
  if (sites.length === 0) return [];
  const siteIds = sites.map((site) => site.id);
  const rows = await db
    .select()
    .from(jobSiteReceptions)
    .where(inArray(jobSiteReceptions.jobSiteId, siteIds))
    .orderBy(asc(jobSiteReceptions.createdAt));
  const reservations = await db
    .select()
    .from(jobSiteReservations)
    .where(
      inArray(
        jobSiteReservations.receptionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(jobSiteReservations.position));
  return rows.map((pv) => ({
    jobSiteId: pv.jobSiteId,
    type: pv.kind === "levee" ? "PV de levée des réserves" : "PV de réception",
    date: pv.receivedOn,
    statut: pv.status,
    lien_envoye_a: pv.linkSentTo,
    signature:
      pv.status === "signe"
        ? {
            mode: pv.signing,
            signataire: pv.signerName,
            email: pv.signerEmail,
            adresse_ip: pv.ip,
            navigateur: pv.userAgent,
            code_verifie_le: pv.codeVerifiedAt?.toISOString() ?? null,
            signe_le: pv.signedAt?.toISOString() ?? null,
            empreinte_sha256: pv.signedCopySha256,
          }
        : null,
    reserves: reservations
      .filter((reservation) => reservation.receptionId === pv.id)
      .map((reservation) => ({
        description: reservation.description,
        a_lever_avant_le: reservation.deadline,
        levee_le: reservation.liftedOn,
      })),
  }));
}

/** Everything kept about a client, for their right of access. */
export async function exportClientData(db: Database, actor: Actor, id: string) {
  const client = await getClient(db, id);
  await db.transaction(async (tx) => {
    await recordActivity(tx, {
      subjectType: "client",
      subjectId: id,
      kind: "exported",
      summary: "Données exportées (JSON)",
      actor,
    });
  });
  const history = await clientActivity(db, id);
  const quoteRows = await db
    .select({ quote: quotes, decision: quoteDecisions })
    .from(quotes)
    .leftJoin(quoteDecisions, eq(quoteDecisions.quoteId, quotes.id))
    .where(eq(quotes.clientId, id))
    .orderBy(asc(quotes.createdAt), asc(quotes.version));
  const sites = await jobSitesOf(db, id);
  const pvs = await pvsOf(db, sites);
  return {
    export: { date: new Date().toISOString(), par: actor.email },
    client: {
      id: client.id,
      type: CLIENT_KIND_LABELS[client.kind],
      nom: client.name,
      raison_sociale: client.legalName,
      siren: client.siren,
      numero_tva: client.vatNumber,
      email: client.email,
      telephone: client.phone,
      adresse_facturation: {
        rue: client.billingStreet,
        code_postal: client.billingPostalCode,
        ville: client.billingCity,
      },
      notes: client.notes,
      cree_le: client.createdAt.toISOString(),
      modifie_le: client.updatedAt.toISOString(),
      anonymise_le: client.anonymisedAt?.toISOString() ?? null,
    },
    adresses_chantier: client.sites.map((site) => ({
      nom: site.label,
      rue: site.street,
      code_postal: site.postalCode,
      ville: site.city,
    })),
    prospect_lie: client.leadSubmissionId,
    documents: client.documents.map((document) => ({
      type: DOCUMENT_KIND_LABELS[document.kind],
      numero: document.number,
      emis_le: document.issuedAt.toISOString(),
    })),
    devis: quoteRows.map(({ quote, decision }) => ({
      numero: quote.number,
      version: quote.version,
      statut: quote.status,
      objet: quote.title,
      adresse_chantier: quote.content.site,
      total_ht_centimes: quote.totalHtCents,
      total_ttc_centimes: quote.totalTtcCents,
      envoye_le: quote.sentAt?.toISOString() ?? null,
      envoye_a: quote.sentTo,
      reponse: decision
        ? {
            decision: decision.decision,
            canal: decision.channel,
            signataire: decision.signerName,
            email: decision.signerEmail,
            adresse_ip: decision.ip,
            navigateur: decision.userAgent,
            date: decision.decidedAt.toISOString(),
            motif_refus: decision.refusalReason,
          }
        : null,
    })),
    chantiers: sites.map((site) => ({
      numero: site.number,
      intitule: site.title,
      adresse: { rue: site.siteStreet, code_postal: site.sitePostalCode, ville: site.siteCity },
      acces: {
        digicode: site.accessCode,
        cles: site.keys,
        contact_sur_place: site.contactName,
        telephone_contact: site.contactPhone,
        stationnement: site.parking,
        contraintes: site.constraints,
      },
      notes: site.notes,
      debut_prevu: site.plannedStart,
      fin_prevue: site.plannedEnd,
      cree_le: site.createdAt.toISOString(),
      proces_verbaux: pvs.filter((pv) => pv.jobSiteId === site.id).map(({ jobSiteId: _site, ...pv }) => pv),
    })),
    historique: history
      .slice()
      .reverse()
      .map((event) => ({
        date: event.createdAt.toISOString(),
        type: event.kind,
        resume: event.summary,
        par: event.actorEmail,
      })),
  };
}

/**
 * The lead a client came from holds the same person's data (request, photos): it goes
 * with the client's. Returns the photo files to delete once the transaction commits.
 */
async function eraseLinkedLead(tx: DbTransaction, submissionId: string | null): Promise<string[]> {
  if (!submissionId) return [];
  const photos = await tx
    .select({ key: erpSubmissionPhotos.storageKey })
    .from(erpSubmissionPhotos)
    .where(eq(erpSubmissionPhotos.submissionId, submissionId));
  // Its follow-up, timeline and photo rows go with it (ON DELETE CASCADE).
  await tx.delete(erpSubmissions).where(eq(erpSubmissions.id, submissionId));
  await deleteActivity(tx, "lead", submissionId);
  return photos.map((photo) => photo.key);
}

/**
 * The files uploaded to the client (plans, photos, papers they handed over) are the
 * person's data: they go with an erasure and with an anonymisation. Returns their stored
 * files, to delete once the transaction commits (docs/decisions/036-record-files.md).
 */
async function eraseUploadedFiles(tx: DbTransaction, clientId: string): Promise<string[]> {
  const rows = await tx
    .delete(recordFiles)
    .where(eq(recordFiles.clientId, clientId))
    .returning({ key: recordFiles.storageKey });
  return rows.map((row) => row.key);
}

async function deleteFiles(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/**
 * Deletes a client for good: its record, sites and history, and the lead it came from
 * with its photos. Refused (ClientHasDocumentsError) while documents were issued to it;
 * the database refuses it too (issued_documents.client_id ON DELETE RESTRICT).
 */
export async function deleteClient(
  db: Database,
  storage: FileStorage,
  id: string,
): Promise<{ name: string; photos: number }> {
  const { name, keys } = await db.transaction(async (tx) => {
    const client = await lockClient(tx, id);
    const documents = await clientDocuments(tx, id);
    if (documents.length > 0) throw new ClientHasDocumentsError(documents.map((document) => document.number));
    const sites = await jobSitesOf(tx, id);
    if (sites.length > 0) throw new ClientHasJobSitesError(sites.map((site) => site.number));
    const keys = [
      ...(await eraseLinkedLead(tx, client.leadSubmissionId)),
      ...(await eraseUploadedFiles(tx, id)),
    ];
    await tx.delete(clients).where(eq(clients.id, id));
    await deleteActivity(tx, "client", id);
    return { name: client.name, keys };
  });
  await deleteFiles(storage, keys);
  return { name, photos: keys.length };
}

/** The name an anonymised client keeps: neutral, yet tells two of them apart. */
export function anonymisedName(id: string): string {
  return `Client anonymisé ${id.slice(0, 8)}`;
}

/** What an anonymised client's sent quotes, their links and their history keep in place of the address. */
export const ANONYMISED_EMAIL = "Adresse e-mail anonymisée";

/**
 * The client's sent quotes once the person is erased: their links close (no code, no
 * acceptance: the page says « expiré »), and the address they were sent to is replaced
 * wherever the quotes keep it (the quote, its links, its unused codes, its history). The
 * proof of an answer already given is frozen by the database and stays as it is.
 */
async function closeQuotesOf(tx: DbTransaction, clientId: string, email: string | null): Promise<void> {
  const sent = await tx
    .select({ id: quotes.id, sentTo: quotes.sentTo })
    .from(quotes)
    .where(eq(quotes.clientId, clientId));
  const ids = sent.map((quote) => quote.id);
  if (ids.length === 0) return;
  const now = new Date();
  const links = await tx
    .select({ sentTo: quoteLinks.sentTo })
    .from(quoteLinks)
    .where(inArray(quoteLinks.quoteId, ids));
  const codes = await tx
    .select({ email: quoteAcceptanceCodes.email })
    .from(quoteAcceptanceCodes)
    .where(inArray(quoteAcceptanceCodes.quoteId, ids));
  const addresses = new Set(
    [
      email,
      ...sent.map((quote) => quote.sentTo),
      ...links.map((link) => link.sentTo),
      ...codes.map((code) => code.email),
    ]
      .filter((address): address is string => typeof address === "string" && address.includes("@"))
      .flatMap((address) => [address, address.toLowerCase()]),
  );
  await tx
    .update(quoteLinks)
    .set({ expiresAt: now })
    .where(and(inArray(quoteLinks.quoteId, ids), gt(quoteLinks.expiresAt, now)));
  await tx.update(quoteLinks).set({ sentTo: ANONYMISED_EMAIL }).where(inArray(quoteLinks.quoteId, ids));
  await tx
    .update(quoteAcceptanceCodes)
    .set({ usedAt: now })
    .where(and(inArray(quoteAcceptanceCodes.quoteId, ids), isNull(quoteAcceptanceCodes.usedAt)));
  await tx
    .update(quoteAcceptanceCodes)
    .set({ email: ANONYMISED_EMAIL })
    .where(inArray(quoteAcceptanceCodes.quoteId, ids));
  await tx
    .update(quotes)
    .set({ sentTo: ANONYMISED_EMAIL })
    .where(and(inArray(quotes.id, ids), sql`${quotes.sentTo} is not null`));
  // The quotes' history said where each was sent, and who answered (as did the client's):
  // the words stay, the address goes.
  for (const address of addresses) {
    await tx
      .update(activityEvents)
      .set({
        summary: sql`replace(${activityEvents.summary}, ${address}, ${ANONYMISED_EMAIL})`,
        data: sql`replace(${activityEvents.data}::text, ${JSON.stringify(address).slice(1, -1)}, ${ANONYMISED_EMAIL})::jsonb`,
        actorEmail: sql`case when ${activityEvents.actorEmail} = ${address} then ${ANONYMISED_EMAIL} else ${activityEvents.actorEmail} end`,
      })
      .where(
        or(
          and(eq(activityEvents.subjectType, "devis"), inArray(activityEvents.subjectId, ids)),
          // The client's own history names who accepted a quote online.
          and(eq(activityEvents.subjectType, "client"), eq(activityEvents.subjectId, clientId)),
        ),
      );
  }
}

/**
 * Replaces the person's data with neutral values: name, company identity, e-mail,
 * phone, billing and site addresses, notes; the lead it came from and the draft quotes
 * are erased; the sent quotes' links close and forget the address. The
 * record, its issued documents (numbers, PDFs, amounts) and the history's structure
 * stay; what the history said about changes and notes is blanked. Doing it again
 * changes nothing.
 */
export async function anonymiseClient(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
): Promise<{ alreadyDone: boolean }> {
  const result = await db.transaction(async (tx) => {
    const client = await lockClient(tx, id);
    if (client.anonymisedAt) return { alreadyDone: true, keys: [] as string[] };
    const keys = [
      ...(await eraseLinkedLead(tx, client.leadSubmissionId)),
      ...(await eraseUploadedFiles(tx, id)),
    ];
    // Drafts were never sent: nothing the law keeps, only the person's site and needs.
    await tx.delete(quotes).where(and(eq(quotes.clientId, id), eq(quotes.status, "brouillon")));
    await closeQuotesOf(tx, id, client.email);
    const name = anonymisedName(id);
    await tx
      .update(clients)
      .set({
        name,
        legalName: null,
        siren: null,
        vatNumber: null,
        email: null,
        phone: null,
        billingStreet: null,
        billingPostalCode: null,
        billingCity: null,
        notes: null,
        leadSubmissionId: null,
        searchText: `client anonymise ${id.slice(0, 8)}`,
        anonymisedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(clients.id, id));
    await tx
      .update(clientSites)
      .set({ label: null, street: null, postalCode: null, city: "Adresse anonymisée" })
      .where(eq(clientSites.clientId, id));
    // The sites keep their number, town and budget; the person's access details and notes go.
    await tx
      .update(jobSites)
      .set({
        siteStreet: "",
        accessCode: "",
        keys: "",
        contactName: "",
        contactPhone: "",
        parking: "",
        constraints: "",
        notes: "",
        searchText: sql`${jobSites.number} || ' client anonymise ' || ${id.slice(0, 8)}`,
      })
      .where(eq(jobSites.clientId, id));
    for (const site of await jobSitesOf(tx, id)) {
      await anonymiseActivity(tx, "chantier", site.id, { kinds: ["updated"] });
    }
    await anonymiseActivity(tx, "client", id, { kinds: ["note", "updated"] });
    await recordActivity(tx, {
      subjectType: "client",
      subjectId: id,
      kind: "anonymised",
      summary:
        "Client anonymisé (protection des données) : factures, avoirs et montants conservés, fichiers déposés supprimés",
      actor,
    });
    return { alreadyDone: false, keys };
  });
  await deleteFiles(storage, result.keys);
  return { alreadyDone: result.alreadyDone };
}
