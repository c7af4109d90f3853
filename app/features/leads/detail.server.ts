import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import {
  isLeadId,
  LEAD_MODULES,
  type LeadListItem,
  LeadNotFoundError,
  listColumns,
  toItem,
} from "./query.server.ts";

/** An event of the lead's history (app/lib/activity.server.ts, subject « lead »). */
export type LeadEvent = {
  id: string;
  kind: string;
  /** The sentence shown in the timeline. */
  summary: string;
  note: string | null;
  fromValue: string | null;
  toValue: string | null;
  actorEmail: string;
  createdAt: Date;
};

export type LeadPhoto = {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  width: number;
  height: number;
};

export type LeadDetail = LeadListItem & {
  consentAt: Date | null;
  lastActivityAt: Date;
  assigneeId: string | null;
  photos: LeadPhoto[];
  events: LeadEvent[];
};

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** One lead with its photos and its timeline (newest first). */
export async function getLead(db: Database, id: string): Promise<LeadDetail> {
  if (!isLeadId(id)) throw new LeadNotFoundError();
  const [row] = await db
    .select({
      ...listColumns,
      consentAt: erpSubmissions.consentAt,
      lastActivityAt: erpSubmissions.lastActivityAt,
      assigneeId: erpLeads.assigneeId,
    })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId))
    .where(and(eq(erpSubmissions.id, id), inArray(erpSubmissions.module, [...LEAD_MODULES])));
  if (!row) throw new LeadNotFoundError();
  const [photos, events] = await Promise.all([
    db
      .select({
        id: erpSubmissionPhotos.id,
        fileName: erpSubmissionPhotos.fileName,
        contentType: erpSubmissionPhotos.contentType,
        sizeBytes: erpSubmissionPhotos.sizeBytes,
        width: erpSubmissionPhotos.width,
        height: erpSubmissionPhotos.height,
      })
      .from(erpSubmissionPhotos)
      .where(eq(erpSubmissionPhotos.submissionId, id))
      .orderBy(asc(erpSubmissionPhotos.position), asc(erpSubmissionPhotos.createdAt)),
    listActivity(db, "lead", id),
  ]);
  const item = toItem({ ...row, photoCount: photos.length });
  return {
    ...item,
    consentAt: row.consentAt,
    lastActivityAt: row.lastActivityAt,
    assigneeId: row.assigneeId,
    photos,
    events: events.map(
      (event): LeadEvent => ({
        id: String(event.id),
        kind: event.kind,
        summary: event.summary,
        note: text(event.data?.note),
        fromValue: text(event.data?.from),
        toValue: text(event.data?.to),
        actorEmail: event.actorEmail ?? "",
        createdAt: event.createdAt,
      }),
    ),
  };
}

/** A photo of a lead (its storage key), for the staff-only photo endpoint. */
export async function getLeadPhoto(
  db: Database,
  photoId: string,
): Promise<{ storageKey: string; contentType: string; fileName: string; submissionId: string } | null> {
  if (!isLeadId(photoId)) return null;
  const [row] = await db
    .select({
      storageKey: erpSubmissionPhotos.storageKey,
      contentType: erpSubmissionPhotos.contentType,
      fileName: erpSubmissionPhotos.fileName,
      submissionId: erpSubmissionPhotos.submissionId,
    })
    .from(erpSubmissionPhotos)
    .where(eq(erpSubmissionPhotos.id, photoId));
  return row ?? null;
}
