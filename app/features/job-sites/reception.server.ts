import { and, asc, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { jobSiteLots, jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import {
  type JobSiteReceptionRow,
  type JobSiteReservationRow,
  jobSiteReceptions,
  jobSiteReservations,
} from "#app/db/schema/receptions.ts";
import { recordActivities, recordActivity } from "#app/lib/activity.server.ts";
import { removeFilesOnFailure } from "#app/lib/files-on-failure.server.ts";
import { registerEvent } from "#app/lib/integrity/register.server.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { formatDate, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { sha256Hex, storeRenderedPdf } from "#app/lib/pdf/store.server.ts";
import { type FileStorage, newStorageKey } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { type Actor, JobSiteConflictError, JobSiteNotFoundError, lockJobSite } from "./query.server.ts";
import { type LiftingPdfInput, renderLiftingPdf, renderReceptionPdf } from "./reception-pdf.server.ts";
import { RECEPTION_MESSAGES } from "./reception-schema.ts";
import { type WarrantyDates, warrantyDates } from "./warranty.ts";

/*
 * The PV de réception of a job site (Code civil 1792-6): prepared as a draft (its date,
 * its reservations each with its lot, description, photo and deadline), frozen as a PDF
 * in the company frame when it goes « à signer », then signed by the client. On the
 * signature the site is « Réceptionné » (with the reception day as its actual end if it
 * had none), the site's quotes take the reception day as their handover (the retention's
 * release clock, app/features/invoices), and the integrity register records « pv_signe ».
 */

/** A refusal of the reception's page: a 400 at a field (`field`), or a 409 for the PV's state. */
export class ReceptionFieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "ReceptionFieldError";
    this.field = field;
  }
}

export type ReservationView = Pick<
  JobSiteReservationRow,
  | "id"
  | "lotId"
  | "position"
  | "description"
  | "photoStorageKey"
  | "deadline"
  | "liftedOn"
  | "liftingReceptionId"
  | "liftedPhotoStorageKey"
> & { lotTitle: string | null };

export type ReceptionView = {
  reception: JobSiteReceptionRow | null;
  reservations: ReservationView[];
  /** The warranties' end dates once the PV is signed; null before. */
  warranties: WarrantyDates | null;
};

const subject = (id: string) => ({ subjectType: "chantier" as const, subjectId: id });

/** One event of the site's history, inside the caller's transaction. */
const logSite = (tx: DbExecutor, jobSiteId: string, kind: string, summary: string, actor: Actor | null) =>
  recordActivity(tx, { ...subject(jobSiteId), kind, summary, actor });

/** The site's PV de réception (each site has one at most). */
const receptionOf = (jobSiteId: string) =>
  and(eq(jobSiteReceptions.jobSiteId, jobSiteId), eq(jobSiteReceptions.kind, "reception"));

/** One of the site's PVs de levée. */
const liftingOf = (jobSiteId: string, liftingId: string) =>
  and(
    eq(jobSiteReceptions.id, liftingId),
    eq(jobSiteReceptions.jobSiteId, jobSiteId),
    eq(jobSiteReceptions.kind, "levee"),
  );

/** A stored file's extension, as its key ends. */
const extensionOf = (key: string) => key.slice(key.lastIndexOf(".") + 1);

type Scan = { bytes: Uint8Array; type: string };

/** Where the scan of a PV signed on paper is stored. */
function paperScanKey(scan: Scan, now: Date): string {
  const extension = scan.type === "application/pdf" ? "pdf" : scan.type === "image/png" ? "png" : "jpg";
  return newStorageKey("chantiers/pv-signes", extension, now);
}

/** The columns of a PV signed on paper: its scan (stored under `key`), its fingerprint, who recorded it. */
function signedOnPaper(key: string, scan: Scan, actor: Actor, now: Date) {
  return {
    status: "signe" as const,
    signing: "papier" as const,
    paperScanStorageKey: key,
    signedCopySha256: sha256Hex(scan.bytes),
    signedCopyContentType: scan.type,
    signedAt: now,
    recordedBy: actor.id,
    updatedAt: now,
  };
}

async function readReservations(db: DbExecutor, receptionId: string): Promise<ReservationView[]> {
  return db
    .select({
      id: jobSiteReservations.id,
      lotId: jobSiteReservations.lotId,
      position: jobSiteReservations.position,
      description: jobSiteReservations.description,
      photoStorageKey: jobSiteReservations.photoStorageKey,
      deadline: jobSiteReservations.deadline,
      liftedOn: jobSiteReservations.liftedOn,
      liftingReceptionId: jobSiteReservations.liftingReceptionId,
      liftedPhotoStorageKey: jobSiteReservations.liftedPhotoStorageKey,
      lotTitle: jobSiteLots.title,
    })
    .from(jobSiteReservations)
    .leftJoin(jobSiteLots, eq(jobSiteLots.id, jobSiteReservations.lotId))
    .where(eq(jobSiteReservations.receptionId, receptionId))
    .orderBy(asc(jobSiteReservations.position));
}

/** The site's PV de réception (null while none is prepared), its reservations and, once signed, the warranties. */
export async function getReception(db: DbExecutor, jobSiteId: string): Promise<ReceptionView> {
  if (!isUuid(jobSiteId)) throw new JobSiteNotFoundError();
  const [reception] = await db.select().from(jobSiteReceptions).where(receptionOf(jobSiteId));
  if (!reception) return { reception: null, reservations: [], warranties: null };
  return {
    reception,
    reservations: await readReservations(db, reception.id),
    warranties: reception.status === "signe" ? warrantyDates(reception.receivedOn) : null,
  };
}

/** The warranties' end dates of the site, from its signed PV de réception; null before. */
export async function siteWarranties(db: DbExecutor, jobSiteId: string): Promise<WarrantyDates | null> {
  const [row] = await db
    .select({ receivedOn: jobSiteReceptions.receivedOn })
    .from(jobSiteReceptions)
    .where(and(receptionOf(jobSiteId), eq(jobSiteReceptions.status, "signe")));
  return row ? warrantyDates(row.receivedOn) : null;
}

async function lockReception(tx: DbTransaction, jobSiteId: string) {
  const [reception] = await tx.select().from(jobSiteReceptions).where(receptionOf(jobSiteId)).for("update");
  return reception ?? null;
}

async function lockDraft(tx: DbTransaction, jobSiteId: string) {
  const reception = await lockReception(tx, jobSiteId);
  if (!reception) throw new JobSiteConflictError(RECEPTION_MESSAGES.noDraft);
  if (reception.status !== "brouillon") throw new JobSiteConflictError(RECEPTION_MESSAGES.frozen);
  return reception;
}

/** The first day the reception may bear: the latest of the site's actual start and its quotes' acceptance. */
async function earliestReceptionDay(tx: DbExecutor, jobSiteId: string, actualStart: string | null) {
  const rows = await tx
    .select({ decidedAt: quotes.decidedAt })
    .from(jobSiteQuotes)
    .innerJoin(quotes, eq(quotes.id, jobSiteQuotes.quoteId))
    .where(eq(jobSiteQuotes.jobSiteId, jobSiteId));
  let earliest = actualStart;
  for (const { decidedAt } of rows) {
    if (!decidedAt) continue;
    const day = parisDay(decidedAt);
    if (!earliest || day > earliest) earliest = day;
  }
  return earliest;
}

/** Creates the draft PV or changes its date (while it is a draft). */
export async function saveReceptionDraft(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  receivedOn: IsoDay,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    if (site.status === "a_planifier" || site.status === "clos") {
      throw new JobSiteConflictError(RECEPTION_MESSAGES.siteStatus);
    }
    if (receivedOn > parisDay(now)) throw new ReceptionFieldError("receivedOn", RECEPTION_MESSAGES.future);
    const earliest = await earliestReceptionDay(tx, jobSiteId, site.actualStart);
    if (earliest && receivedOn < earliest) {
      throw new ReceptionFieldError("receivedOn", RECEPTION_MESSAGES.beforeStart(formatDate(earliest)));
    }
    const reception = await lockReception(tx, jobSiteId);
    if (reception && reception.status !== "brouillon") {
      throw new JobSiteConflictError(RECEPTION_MESSAGES.frozen);
    }
    if (reception) {
      const [late] = await tx
        .select({ deadline: jobSiteReservations.deadline })
        .from(jobSiteReservations)
        .where(eq(jobSiteReservations.receptionId, reception.id))
        .orderBy(asc(jobSiteReservations.deadline))
        .limit(1);
      if (late && late.deadline < receivedOn) {
        throw new ReceptionFieldError("receivedOn", RECEPTION_MESSAGES.afterDeadlines);
      }
      if (reception.receivedOn === receivedOn) return;
      await tx
        .update(jobSiteReceptions)
        .set({ receivedOn, updatedAt: now })
        .where(eq(jobSiteReceptions.id, reception.id));
    } else {
      await tx.insert(jobSiteReceptions).values({ jobSiteId, receivedOn, createdBy: actor.id });
    }
    await logSite(
      tx,
      jobSiteId,
      "reception_draft",
      `PV de réception préparé à la date du ${formatDate(receivedOn)}`,
      actor,
    );
  });
}

/** A stored photo of a reservation: bytes already checked and re-encoded by the caller. */
export type ReservationPhoto = { content: Uint8Array; contentType: string; extension: string };

export type ReservationInput = {
  lotId: string | null;
  description: string;
  deadline: IsoDay;
};

async function refreshWithReservations(tx: DbTransaction, receptionId: string, now: Date) {
  const [row] = await tx
    .select({ total: count() })
    .from(jobSiteReservations)
    .where(eq(jobSiteReservations.receptionId, receptionId));
  await tx
    .update(jobSiteReceptions)
    .set({ withReservations: (row?.total ?? 0) > 0, updatedAt: now })
    .where(eq(jobSiteReceptions.id, receptionId));
}

/** Adds a reservation to the draft PV; the photo is stored first, and removed if the row is refused. */
export async function addReservation(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  jobSiteId: string,
  input: ReservationInput,
  photo: ReservationPhoto | null,
  now = new Date(),
): Promise<void> {
  await removeFilesOnFailure(storage, (track) =>
    db.transaction(async (tx) => {
      await lockJobSite(tx, jobSiteId);
      const reception = await lockDraft(tx, jobSiteId);
      if (input.lotId !== null) {
        const [lot] = await tx
          .select({ id: jobSiteLots.id })
          .from(jobSiteLots)
          .where(and(eq(jobSiteLots.id, input.lotId), eq(jobSiteLots.jobSiteId, jobSiteId)));
        if (!lot) throw new ReceptionFieldError("lotId", RECEPTION_MESSAGES.lot);
      }
      if (input.deadline < reception.receivedOn) {
        throw new ReceptionFieldError("deadline", RECEPTION_MESSAGES.deadline);
      }
      const [last] = await tx
        .select({ total: count() })
        .from(jobSiteReservations)
        .where(eq(jobSiteReservations.receptionId, reception.id));
      let photoKey: string | null = null;
      if (photo) {
        photoKey = track(newStorageKey("chantiers/reserves", photo.extension, now));
        await storage.put(photoKey, photo.content, photo.contentType);
      }
      await tx.insert(jobSiteReservations).values({
        receptionId: reception.id,
        lotId: input.lotId,
        position: last?.total ?? 0,
        description: input.description,
        deadline: input.deadline,
        photoStorageKey: photoKey,
      });
      await refreshWithReservations(tx, reception.id, now);
      await logSite(
        tx,
        jobSiteId,
        "reservation",
        `Réserve ajoutée au PV de réception : ${input.description.slice(0, 80)}`,
        actor,
      );
    }),
  );
}

/** Removes a reservation from the draft PV. */
export async function deleteReservation(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  jobSiteId: string,
  reservationId: string,
  now = new Date(),
): Promise<void> {
  if (!isUuid(reservationId)) throw new JobSiteConflictError(RECEPTION_MESSAGES.reservation);
  const photoKey = await db.transaction(async (tx) => {
    await lockJobSite(tx, jobSiteId);
    const reception = await lockDraft(tx, jobSiteId);
    const [removed] = await tx
      .delete(jobSiteReservations)
      .where(
        and(eq(jobSiteReservations.id, reservationId), eq(jobSiteReservations.receptionId, reception.id)),
      )
      .returning();
    if (!removed) throw new JobSiteConflictError(RECEPTION_MESSAGES.reservation);
    await refreshWithReservations(tx, reception.id, now);
    await logSite(
      tx,
      jobSiteId,
      "reservation_deleted",
      `Réserve retirée du PV de réception : ${removed.description.slice(0, 80)}`,
      actor,
    );
    return removed.photoStorageKey;
  });
  if (photoKey) await storage.delete(photoKey).catch(() => undefined);
}

/** What the PV's PDF prints, read from the site and the reception. */
export async function pvInput(db: DbExecutor, jobSiteId: string, identity: DocumentIdentity, now: Date) {
  const [site] = await db.select().from(jobSites).where(eq(jobSites.id, jobSiteId));
  if (!site) throw new JobSiteNotFoundError();
  const view = await getReception(db, jobSiteId);
  if (!view.reception) throw new JobSiteConflictError(RECEPTION_MESSAGES.noDraft);
  const [client] = await db
    .select({
      name: clients.name,
      street: clients.billingStreet,
      postalCode: clients.billingPostalCode,
      city: clients.billingCity,
    })
    .from(clients)
    .where(eq(clients.id, site.clientId));
  const siteQuotes = await db
    .select({ number: quotes.number })
    .from(jobSiteQuotes)
    .innerJoin(quotes, eq(quotes.id, jobSiteQuotes.quoteId))
    .where(eq(jobSiteQuotes.jobSiteId, jobSiteId))
    .orderBy(asc(jobSiteQuotes.position));
  return {
    reception: view.reception,
    input: {
      identity,
      creationDate: now,
      siteNumber: site.number,
      siteTitle: site.title,
      siteAddress: [site.siteStreet, `${site.sitePostalCode} ${site.siteCity}`.trim()],
      client: {
        name: client?.name ?? "",
        address: [client?.street ?? "", `${client?.postalCode ?? ""} ${client?.city ?? ""}`.trim()],
      },
      quoteNumbers: siteQuotes.flatMap((quote) => (quote.number ? [quote.number] : [])),
      receivedOn: view.reception.receivedOn,
      reservations: view.reservations.map((reservation) => ({
        lot: reservation.lotTitle,
        description: reservation.description,
        deadline: reservation.deadline,
      })),
      draft: view.reception.status === "brouillon",
    },
  };
}

/**
 * The PV's PDF: the frozen file once it went « à signer » (or the signed PV once signed
 * online), else the draft rendered now and marked as such. Null when no PV is prepared.
 */
export async function receptionPdf(
  db: DbExecutor,
  storage: FileStorage,
  identity: DocumentIdentity,
  jobSiteId: string,
  now = new Date(),
): Promise<{ bytes: Uint8Array; name: string } | null> {
  const view = await getReception(db, jobSiteId);
  if (!view.reception) return null;
  const [site] = await db
    .select({ number: jobSites.number })
    .from(jobSites)
    .where(eq(jobSites.id, jobSiteId));
  const base = `pv-reception-${(site?.number ?? jobSiteId).toLowerCase()}`;
  const key = view.reception.signedPdfStorageKey ?? view.reception.pdfStorageKey;
  if (key) return { bytes: await storage.get(key), name: `${base}.pdf` };
  const { input } = await pvInput(db, jobSiteId, identity, now);
  return { bytes: await renderReceptionPdf(input), name: `${base}-brouillon.pdf` };
}

/** « Présenter à la signature »: the PV is rendered, stored and fingerprinted; it no longer changes. */
export async function presentReception(
  db: Database,
  storage: FileStorage,
  identity: DocumentIdentity,
  actor: Actor,
  jobSiteId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockJobSite(tx, jobSiteId);
    await lockDraft(tx, jobSiteId);
    const { reception, input } = await pvInput(tx, jobSiteId, identity, now);
    const pdf = await renderReceptionPdf({ ...input, draft: false });
    const stored = await storeRenderedPdf(storage, newStorageKey("chantiers/pv", "pdf", now), pdf);
    await tx
      .update(jobSiteReceptions)
      .set({ status: "a_signer", pdfStorageKey: stored.key, pdfSha256: stored.sha256, updatedAt: now })
      .where(eq(jobSiteReceptions.id, reception.id));
    await logSite(
      tx,
      jobSiteId,
      "reception_ready",
      `PV de réception du ${formatDate(reception.receivedOn)} prêt à signer`,
      actor,
    );
  });
}

/** « Revenir au brouillon »: a PV not yet signed may be corrected; its frozen PDF is dropped. */
export async function reopenReception(db: Database, actor: Actor, jobSiteId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    await lockJobSite(tx, jobSiteId);
    const reception = await lockReception(tx, jobSiteId);
    if (!reception) throw new JobSiteConflictError(RECEPTION_MESSAGES.noDraft);
    if (reception.status !== "a_signer") throw new JobSiteConflictError(RECEPTION_MESSAGES.notToSign);
    await tx
      .update(jobSiteReceptions)
      .set({ status: "brouillon", pdfStorageKey: null, pdfSha256: null, tokenHash: null, updatedAt: now })
      .where(eq(jobSiteReceptions.id, reception.id));
    await logSite(tx, jobSiteId, "reception_reopened", "PV de réception remis en brouillon", actor);
  });
}

/**
 * What follows a signed PV de réception, inside the signing transaction: the site is
 * « Réceptionné » (its actual end, if empty, is the reception day), its quotes take the
 * reception day as their handover (the retention's release), the history and the
 * integrity register record it.
 */
export async function afterReceptionSigned(
  tx: DbTransaction,
  reception: JobSiteReceptionRow,
  author: Actor | "client",
  summary: string,
  now: Date,
) {
  const site = await lockJobSite(tx, reception.jobSiteId);
  await tx
    .update(jobSites)
    .set({
      status: "receptionne",
      actualEnd: site.actualEnd ?? reception.receivedOn,
      revision: site.revision + 1,
      updatedAt: now,
    })
    .where(eq(jobSites.id, site.id));
  const quoteIds = (
    await tx
      .select({ quoteId: jobSiteQuotes.quoteId })
      .from(jobSiteQuotes)
      .where(eq(jobSiteQuotes.jobSiteId, site.id))
  ).map((row) => row.quoteId);
  if (quoteIds.length > 0) {
    await tx
      .update(quotes)
      .set({ handoverOn: reception.receivedOn, updatedAt: now })
      .where(inArray(quotes.id, quoteIds));
  }
  const actor = author === "client" ? null : author;
  await recordActivities(tx, [
    { ...subject(site.id), kind: "reception_signed", summary, actor },
    {
      ...subject(site.id),
      kind: "status",
      summary: `Statut : ${site.status === "receptionne" ? "Réceptionné" : "→ Réceptionné"}`,
      data: { from: site.status, to: "receptionne" },
      actor,
    },
    ...quoteIds.map((id) => ({
      subjectType: "devis" as const,
      subjectId: id,
      kind: "handover",
      summary: `Réception des travaux le ${formatDate(reception.receivedOn)} (PV de ${site.number})`,
      actor,
    })),
  ]);
  await registerEvent(tx, { event: "pv_signe", subjectId: reception.id, author, at: now });
}

/** « Signé sur papier »: the scan of the PV signed by both parties; the PV is signed. */
export async function recordPaperReception(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  jobSiteId: string,
  scan: Scan,
  now = new Date(),
): Promise<void> {
  const key = paperScanKey(scan, now);
  await removeFilesOnFailure(storage, (track) =>
    db.transaction(async (tx) => {
      await lockJobSite(tx, jobSiteId);
      const reception = await lockReception(tx, jobSiteId);
      if (!reception) throw new JobSiteConflictError(RECEPTION_MESSAGES.noDraft);
      if (reception.status === "signe") throw new JobSiteConflictError(RECEPTION_MESSAGES.signed);
      if (reception.status !== "a_signer") throw new JobSiteConflictError(RECEPTION_MESSAGES.notToSign);
      await storage.put(key, scan.bytes, scan.type);
      track(key);
      const [signed] = await tx
        .update(jobSiteReceptions)
        .set({ ...signedOnPaper(key, scan, actor, now), tokenHash: null })
        .where(eq(jobSiteReceptions.id, reception.id))
        .returning();
      if (!signed) throw new JobSiteNotFoundError();
      await afterReceptionSigned(
        tx,
        signed,
        actor,
        `PV de réception du ${formatDate(signed.receivedOn)} signé sur papier (${signed.withReservations ? "avec" : "sans"} réserves)`,
        now,
      );
    }),
  );
}

/** The signed copy of the PV (the signed PDF, or the scan), for the staff. */
export async function signedReceptionCopy(
  db: DbExecutor,
  storage: FileStorage,
  jobSiteId: string,
): Promise<{ bytes: Uint8Array; contentType: string; name: string } | null> {
  const { reception } = await getReception(db, jobSiteId);
  if (reception?.status !== "signe") return null;
  const key = reception.signedPdfStorageKey ?? reception.paperScanStorageKey;
  if (!key || !reception.signedCopyContentType) return null;
  const extension = extensionOf(key);
  return {
    bytes: await storage.get(key),
    contentType: reception.signedCopyContentType,
    name: `pv-reception-signe.${extension}`,
  };
}

/** What the site's page shows of its reception: the PV's state, the warranties once signed, the reservations not lifted. */
export type ReceptionSummary = {
  status: JobSiteReceptionRow["status"] | null;
  receivedOn: IsoDay | null;
  warranties: WarrantyDates | null;
  openReservations: Pick<ReservationView, "id" | "description" | "deadline" | "lotTitle">[];
};

export async function receptionSummary(db: DbExecutor, jobSiteId: string): Promise<ReceptionSummary> {
  const { reception, reservations, warranties } = await getReception(db, jobSiteId);
  return {
    status: reception?.status ?? null,
    receivedOn: reception?.receivedOn ?? null,
    warranties,
    openReservations: reservations
      .filter((reservation) => reservation.liftedOn === null)
      .map(({ id, description, deadline, lotTitle }) => ({ id, description, deadline, lotTitle })),
  };
}

/** A client's job sites with their status and, once the PV is signed, the warranties' end dates (the client's page). */
export type ClientSiteWarranties = {
  id: string;
  number: string;
  title: string;
  status: (typeof jobSites.$inferSelect)["status"];
  receivedOn: IsoDay | null;
  warranties: WarrantyDates | null;
};

export async function clientSitesWarranties(
  db: DbExecutor,
  clientId: string,
): Promise<ClientSiteWarranties[]> {
  if (!isUuid(clientId)) return [];
  const rows = await db
    .select({
      id: jobSites.id,
      number: jobSites.number,
      title: jobSites.title,
      status: jobSites.status,
      receivedOn: jobSiteReceptions.receivedOn,
      receptionStatus: jobSiteReceptions.status,
    })
    .from(jobSites)
    .leftJoin(
      jobSiteReceptions,
      and(eq(jobSiteReceptions.jobSiteId, jobSites.id), eq(jobSiteReceptions.kind, "reception")),
    )
    .where(eq(jobSites.clientId, clientId))
    .orderBy(asc(jobSites.number));
  return rows.map(({ receptionStatus, receivedOn, ...site }) => {
    const signed = receptionStatus === "signe" && receivedOn !== null;
    return {
      ...site,
      receivedOn: signed ? receivedOn : null,
      warranties: signed ? warrantyDates(receivedOn) : null,
    };
  });
}

/** « Levée » of a reservation of the signed PV: its day and, if taken, the photo that shows the work done. */
export async function liftReservation(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  jobSiteId: string,
  reservationId: string,
  liftedOn: IsoDay,
  photo: ReservationPhoto | null,
  now = new Date(),
): Promise<void> {
  if (!isUuid(reservationId)) throw new JobSiteConflictError(RECEPTION_MESSAGES.reservation);
  await removeFilesOnFailure(storage, (track) =>
    db.transaction(async (tx) => {
      await lockJobSite(tx, jobSiteId);
      const reception = await lockReception(tx, jobSiteId);
      if (reception?.status !== "signe") throw new JobSiteConflictError(RECEPTION_MESSAGES.notSigned);
      const [reservation] = await tx
        .select()
        .from(jobSiteReservations)
        .where(
          and(eq(jobSiteReservations.id, reservationId), eq(jobSiteReservations.receptionId, reception.id)),
        )
        .for("update");
      if (!reservation) throw new JobSiteConflictError(RECEPTION_MESSAGES.reservation);
      if (reservation.liftedOn) throw new JobSiteConflictError(RECEPTION_MESSAGES.alreadyLifted);
      if (liftedOn > parisDay(now))
        throw new ReceptionFieldError("liftedOn", RECEPTION_MESSAGES.liftedFuture);
      if (liftedOn < reception.receivedOn) {
        throw new ReceptionFieldError("liftedOn", RECEPTION_MESSAGES.liftedBeforeReception);
      }
      let photoKey: string | null = null;
      if (photo) {
        photoKey = track(newStorageKey("chantiers/reserves-levees", photo.extension, now));
        await storage.put(photoKey, photo.content, photo.contentType);
      }
      await tx
        .update(jobSiteReservations)
        .set({ liftedOn, liftedPhotoStorageKey: photoKey })
        .where(eq(jobSiteReservations.id, reservation.id));
      await logSite(
        tx,
        jobSiteId,
        "reservation_lifted",
        `Réserve levée le ${formatDate(liftedOn)} : ${reservation.description.slice(0, 80)}`,
        actor,
      );
    }),
  );
}

/**
 * Why the site cannot be « Clos » yet, in French, one reason a line; empty when it can:
 * the PV de réception signed, every reservation lifted, the final invoice of each of the
 * site's quotes paid.
 */
export async function closingProblems(db: DbExecutor, jobSiteId: string): Promise<string[]> {
  const problems: string[] = [];
  const { reception, reservations } = await getReception(db, jobSiteId);
  if (reception?.status !== "signe") problems.push("Le PV de réception n'est pas signé.");
  const open = reservations.filter((reservation) => reservation.liftedOn === null).length;
  if (open > 0) {
    problems.push(open > 1 ? `${open} réserves ne sont pas levées.` : "1 réserve n'est pas levée.");
  }
  const siteQuotes = await db
    .select({ id: quotes.id, number: quotes.number })
    .from(jobSiteQuotes)
    .innerJoin(quotes, eq(quotes.id, jobSiteQuotes.quoteId))
    .where(eq(jobSiteQuotes.jobSiteId, jobSiteId))
    .orderBy(asc(jobSiteQuotes.position));
  for (const quote of siteQuotes) {
    const [paid] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.quoteId, quote.id),
          inArray(invoices.kind, ["solde", "facture"]),
          eq(invoices.status, "payee"),
        ),
      )
      .limit(1);
    if (!paid)
      problems.push(`La facture de solde du devis ${quote.number ?? ""} n'est pas payée.`.replace("  ", " "));
  }
  return problems;
}

/** « Clore le chantier »: only when `closingProblems` finds none. */
export async function closeJobSite(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    if (site.status !== "receptionne") throw new JobSiteConflictError(RECEPTION_MESSAGES.closeStatus);
    const problems = await closingProblems(tx, jobSiteId);
    if (problems.length > 0)
      throw new JobSiteConflictError(`Le chantier ne peut pas être clos : ${problems.join(" ")}`);
    await tx
      .update(jobSites)
      .set({ status: "clos", revision: site.revision + 1, updatedAt: now })
      .where(eq(jobSites.id, site.id));
    await recordActivities(tx, [
      {
        ...subject(site.id),
        kind: "status",
        summary: "Statut : Réceptionné → Clos",
        data: { from: site.status, to: "clos" },
        actor,
      },
    ]);
  });
}

/** A PV de levée des réserves of the site: its day, state and the reservations it records. */
export type LiftingView = Pick<
  JobSiteReceptionRow,
  "id" | "receivedOn" | "status" | "signedAt" | "signing" | "signerName" | "linkSentTo" | "linkSentAt"
> & {
  reservations: number;
};

export async function liftingPvs(db: DbExecutor, jobSiteId: string): Promise<LiftingView[]> {
  if (!isUuid(jobSiteId)) return [];
  const rows = await db
    .select({
      id: jobSiteReceptions.id,
      receivedOn: jobSiteReceptions.receivedOn,
      status: jobSiteReceptions.status,
      signedAt: jobSiteReceptions.signedAt,
      signing: jobSiteReceptions.signing,
      signerName: jobSiteReceptions.signerName,
      linkSentTo: jobSiteReceptions.linkSentTo,
      linkSentAt: jobSiteReceptions.linkSentAt,
      reservations: count(jobSiteReservations.id),
    })
    .from(jobSiteReceptions)
    .leftJoin(jobSiteReservations, eq(jobSiteReservations.liftingReceptionId, jobSiteReceptions.id))
    .where(and(eq(jobSiteReceptions.jobSiteId, jobSiteId), eq(jobSiteReceptions.kind, "levee")))
    .groupBy(jobSiteReceptions.id)
    .orderBy(asc(jobSiteReceptions.createdAt));
  return rows;
}

/**
 * The PV de levée's PDF input: the site's PV facts and the reservations this PV records,
 * read back from the database, so the PDF presented and the PDF signed online say the same.
 */
export async function liftingPdfInput(
  db: DbExecutor,
  levee: Pick<JobSiteReceptionRow, "id" | "jobSiteId" | "receivedOn" | "createdAt">,
  identity: DocumentIdentity,
): Promise<LiftingPdfInput> {
  const { input } = await pvInput(db, levee.jobSiteId, identity, levee.createdAt);
  const { reservations } = await getReception(db, levee.jobSiteId);
  const { draft: _draft, ...facts } = input;
  return {
    ...facts,
    liftedOn: levee.receivedOn,
    reservations: reservations
      .filter((reservation) => reservation.liftingReceptionId === levee.id)
      .map((reservation) => ({
        lot: reservation.lotTitle,
        description: reservation.description,
        deadline: reservation.deadline,
        liftedOn: reservation.liftedOn ?? levee.receivedOn,
      })),
  };
}

/**
 * « Préparer le PV de levée »: a PV de levée des réserves for the reservations lifted and
 * not yet on such a PV, rendered, stored and presented for signature at once.
 */
export async function prepareLiftingPv(
  db: Database,
  storage: FileStorage,
  identity: DocumentIdentity,
  actor: Actor,
  jobSiteId: string,
  now = new Date(),
): Promise<{ id: string }> {
  return removeFilesOnFailure(storage, (track) =>
    db.transaction(async (tx) => {
      await lockJobSite(tx, jobSiteId);
      const reception = await lockReception(tx, jobSiteId);
      if (reception?.status !== "signe") throw new JobSiteConflictError(RECEPTION_MESSAGES.notSigned);
      const lifted = await tx
        .select({ id: jobSiteReservations.id })
        .from(jobSiteReservations)
        .where(
          and(
            eq(jobSiteReservations.receptionId, reception.id),
            isNotNull(jobSiteReservations.liftedOn),
            isNull(jobSiteReservations.liftingReceptionId),
          ),
        );
      if (lifted.length === 0) throw new JobSiteConflictError(RECEPTION_MESSAGES.nothingLifted);
      const [levee] = await tx
        .insert(jobSiteReceptions)
        .values({
          jobSiteId,
          kind: "levee",
          receivedOn: parisDay(now),
          status: "a_signer",
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!levee) throw new Error("PV de levée non enregistré.");
      await tx
        .update(jobSiteReservations)
        .set({ liftingReceptionId: levee.id })
        .where(
          inArray(
            jobSiteReservations.id,
            lifted.map((reservation) => reservation.id),
          ),
        );
      const pdf = await renderLiftingPdf(await liftingPdfInput(tx, levee, identity));
      const stored = await storeRenderedPdf(storage, newStorageKey("chantiers/pv", "pdf", now), pdf);
      await tx
        .update(jobSiteReceptions)
        .set({ pdfStorageKey: track(stored.key), pdfSha256: stored.sha256 })
        .where(eq(jobSiteReceptions.id, levee.id));
      await logSite(
        tx,
        jobSiteId,
        "lifting_ready",
        `PV de levée des réserves (${lifted.length}) prêt à signer`,
        actor,
      );
      return { id: levee.id };
    }),
  );
}

/** What follows the signature of a PV de levée, on paper or online: the history and the register's « pv_signe ». */
export async function afterLiftingSigned(
  tx: DbTransaction,
  levee: Pick<JobSiteReceptionRow, "id" | "jobSiteId">,
  author: Actor | "client",
  summary: string,
  now: Date,
) {
  await logSite(tx, levee.jobSiteId, "lifting_signed", summary, author === "client" ? null : author);
  await registerEvent(tx, { event: "pv_signe", subjectId: levee.id, author, at: now });
}

/** The PV de levée signed on paper: its scan, checked by the caller; the register records « pv_signe ». */
export async function recordPaperLifting(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  jobSiteId: string,
  liftingId: string,
  scan: Scan,
  now = new Date(),
): Promise<void> {
  if (!isUuid(liftingId)) throw new JobSiteConflictError(RECEPTION_MESSAGES.lifting);
  const key = paperScanKey(scan, now);
  await removeFilesOnFailure(storage, (track) =>
    db.transaction(async (tx) => {
      await lockJobSite(tx, jobSiteId);
      const [levee] = await tx
        .select()
        .from(jobSiteReceptions)
        .where(liftingOf(jobSiteId, liftingId))
        .for("update");
      if (!levee) throw new JobSiteConflictError(RECEPTION_MESSAGES.lifting);
      if (levee.status === "signe") throw new JobSiteConflictError(RECEPTION_MESSAGES.liftingSigned);
      await storage.put(key, scan.bytes, scan.type);
      track(key);
      await tx
        .update(jobSiteReceptions)
        .set(signedOnPaper(key, scan, actor, now))
        .where(eq(jobSiteReceptions.id, levee.id));
      await afterLiftingSigned(
        tx,
        levee,
        actor,
        `PV de levée des réserves du ${formatDate(levee.receivedOn)} signé sur papier`,
        now,
      );
    }),
  );
}

/** A PV de levée's file: the signed scan once signed, else the PV presented. */
export async function liftingPdf(
  db: DbExecutor,
  storage: FileStorage,
  jobSiteId: string,
  liftingId: string,
): Promise<{ bytes: Uint8Array; contentType: string; name: string } | null> {
  if (!isUuid(liftingId) || !isUuid(jobSiteId)) return null;
  const [levee] = await db.select().from(jobSiteReceptions).where(liftingOf(jobSiteId, liftingId));
  if (!levee) return null;
  const key = levee.paperScanStorageKey ?? levee.signedPdfStorageKey ?? levee.pdfStorageKey;
  if (!key) return null;
  const extension = extensionOf(key);
  return {
    bytes: await storage.get(key),
    contentType:
      levee.status === "signe" && levee.signedCopyContentType
        ? levee.signedCopyContentType
        : "application/pdf",
    name: `pv-levee-reserves-${levee.receivedOn}${levee.status === "signe" ? "-signe" : ""}.${extension}`,
  };
}

/** A reservation's photo (`lifted`: the one of its lifting), for the staff; null when it has none. */
export async function reservationPhoto(
  db: DbExecutor,
  storage: FileStorage,
  jobSiteId: string,
  reservationId: string,
  lifted: boolean,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!isUuid(jobSiteId) || !isUuid(reservationId)) return null;
  const [row] = await db
    .select({
      photo: jobSiteReservations.photoStorageKey,
      liftedPhoto: jobSiteReservations.liftedPhotoStorageKey,
    })
    .from(jobSiteReservations)
    .innerJoin(jobSiteReceptions, eq(jobSiteReceptions.id, jobSiteReservations.receptionId))
    .where(and(eq(jobSiteReservations.id, reservationId), eq(jobSiteReceptions.jobSiteId, jobSiteId)));
  const key = lifted ? row?.liftedPhoto : row?.photo;
  if (!key) return null;
  const extension = extensionOf(key);
  const contentType = extension === "png" ? "image/png" : extension === "webp" ? "image/webp" : "image/jpeg";
  return { bytes: await storage.get(key), contentType };
}
