import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { jobSiteLogEntries, jobSiteLogPhotos, type SiteLogWeather } from "#app/db/schema/site-log.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { captureInstant } from "#app/lib/exif-capture-time.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { Role } from "#app/lib/permissions.ts";
import {
  type InspectedUpload,
  inspectUploadedPhoto,
  PhotoProblemError,
  reencodePhoto,
} from "#app/lib/photo-upload.server.ts";
import { SITE_REFUSED_MESSAGE, siteAccess } from "#app/lib/site-access.server.ts";
import { newStorageKey, StorageUnavailableError } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  AnswerFieldsSchema,
  type EntryFields,
  EntryFieldsSchema,
  LOG_EDIT_WINDOW_MS,
  LOG_PAGE_SIZE,
  LOG_PHOTO_MAX_BYTES,
  LOG_PHOTO_MAX_COUNT,
  LOG_PHOTO_MAX_MEGAPIXELS,
  LOG_PHOTO_MAX_SIDE,
  SITE_LOG_MESSAGES,
} from "./schema.ts";

/*
 * The site log (« Journal de chantier »): a site's dated entries with their photos, and
 * the answers to them. Route-agnostic: every function takes who acts (`SiteLogUser`) and
 * goes through `assertSiteLogAccess`, the one place that decides who may read and write
 * a site's log. An entry is corrected only by its author and only within 24 hours; after
 * that it can only be answered (the log is evidence in a dispute).
 */

/** Who reads or writes the log. */
export type SiteLogUser = { id: string; role: Role };

/** A refusal of the log, with its HTTP status and, for a form, the field it is about. */
export class SiteLogError extends Error {
  readonly status: 400 | 403 | 404 | 409 | 503;
  readonly field?: string;
  constructor(status: 400 | 403 | 404 | 409 | 503, message: string, field?: string) {
    super(message);
    this.name = "SiteLogError";
    this.status = status;
    this.field = field;
  }
}

export const SITE_NOT_FOUND_MESSAGE = "Ce chantier n'existe pas ou a été supprimé.";

export type SiteOfLog = { id: string; number: string; title: string };

/**
 * Whether `user` may read and write the log of site `siteId`: the office (« Chantiers »)
 * every site's, a site worker (« compagnon ») the log of a site they are put on
 * (app/lib/site-access.server.ts). The one check every function of the log goes through.
 */
export async function assertSiteLogAccess(
  db: DbExecutor,
  user: SiteLogUser,
  siteId: string,
): Promise<SiteOfLog> {
  const access = await siteAccess(db, user, siteId);
  if (access === "unknown") throw new SiteLogError(404, SITE_NOT_FOUND_MESSAGE);
  if (access === "refused") throw new SiteLogError(403, SITE_REFUSED_MESSAGE);
  const [site] = await db
    .select({ id: jobSites.id, number: jobSites.number, title: jobSites.title })
    .from(jobSites)
    .where(eq(jobSites.id, siteId));
  if (!site) throw new SiteLogError(404, SITE_NOT_FOUND_MESSAGE);
  return site;
}

// ─── Reading ──────────────────────────────────────────────────────────────────────────

export type LogPhoto = { id: string; width: number; height: number; takenAt: Date | null };

export type LogAnswer = {
  id: string;
  authorId: string;
  authorName: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  revision: number;
  photos: LogPhoto[];
  /** Whether the reader may still correct it (their own, under 24 hours). */
  editable: boolean;
};

export type LogEntry = LogAnswer & {
  weather: SiteLogWeather | "";
  peoplePresent: string;
  isProblem: boolean;
  occurredOn: string;
  answers: LogAnswer[];
};

export type SiteLogPage = {
  site: SiteOfLog;
  entries: LogEntry[];
  page: number;
  pageCount: number;
  total: number;
};

function editableBy(user: SiteLogUser, entry: { authorId: string; createdAt: Date }, now: Date) {
  return entry.authorId === user.id && now.getTime() - entry.createdAt.getTime() <= LOG_EDIT_WINDOW_MS;
}

/**
 * One page of a site's log, newest entry first, each with its answers (oldest first) and
 * the photos of both. Three indexed queries whatever the log's length.
 */
export async function listSiteLog(
  db: Database,
  user: SiteLogUser,
  siteId: string,
  { page = 1, now = new Date() }: { page?: number; now?: Date } = {},
): Promise<SiteLogPage> {
  const site = await assertSiteLogAccess(db, user, siteId);
  const topLevel = and(eq(jobSiteLogEntries.jobSiteId, siteId), isNull(jobSiteLogEntries.answerTo));
  const [counted] = await db.select({ total: count() }).from(jobSiteLogEntries).where(topLevel);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const fields = {
    id: jobSiteLogEntries.id,
    answerTo: jobSiteLogEntries.answerTo,
    authorId: jobSiteLogEntries.authorId,
    authorName: authUsers.name,
    body: jobSiteLogEntries.body,
    weather: jobSiteLogEntries.weather,
    peoplePresent: jobSiteLogEntries.peoplePresent,
    isProblem: jobSiteLogEntries.isProblem,
    occurredOn: jobSiteLogEntries.occurredOn,
    createdAt: jobSiteLogEntries.createdAt,
    editedAt: jobSiteLogEntries.editedAt,
    revision: jobSiteLogEntries.revision,
  };
  const rows = await db
    .select(fields)
    .from(jobSiteLogEntries)
    .innerJoin(authUsers, eq(authUsers.id, jobSiteLogEntries.authorId))
    .where(topLevel)
    .orderBy(desc(jobSiteLogEntries.createdAt), desc(jobSiteLogEntries.id))
    .limit(LOG_PAGE_SIZE)
    .offset((current - 1) * LOG_PAGE_SIZE);
  const ids = rows.map((row) => row.id);
  const answers =
    ids.length === 0
      ? []
      : await db
          .select(fields)
          .from(jobSiteLogEntries)
          .innerJoin(authUsers, eq(authUsers.id, jobSiteLogEntries.authorId))
          .where(inArray(jobSiteLogEntries.answerTo, ids))
          .orderBy(asc(jobSiteLogEntries.createdAt), asc(jobSiteLogEntries.id));
  const allIds = [...ids, ...answers.map((answer) => answer.id)];
  const photos =
    allIds.length === 0
      ? []
      : await db
          .select({
            id: jobSiteLogPhotos.id,
            entryId: jobSiteLogPhotos.entryId,
            width: jobSiteLogPhotos.width,
            height: jobSiteLogPhotos.height,
            takenAt: jobSiteLogPhotos.takenAt,
          })
          .from(jobSiteLogPhotos)
          .where(inArray(jobSiteLogPhotos.entryId, allIds))
          .orderBy(asc(jobSiteLogPhotos.entryId), asc(jobSiteLogPhotos.position));
  const photosOf = new Map<string, LogPhoto[]>();
  for (const { entryId, ...photo } of photos) {
    const list = photosOf.get(entryId) ?? [];
    list.push(photo);
    photosOf.set(entryId, list);
  }
  const answersOf = new Map<string, LogAnswer[]>();
  for (const answer of answers) {
    const list = answersOf.get(answer.answerTo ?? "") ?? [];
    list.push({
      id: answer.id,
      authorId: answer.authorId,
      authorName: answer.authorName,
      body: answer.body,
      createdAt: answer.createdAt,
      editedAt: answer.editedAt,
      revision: answer.revision,
      photos: photosOf.get(answer.id) ?? [],
      editable: editableBy(user, answer, now),
    });
    answersOf.set(answer.answerTo ?? "", list);
  }
  const entries = rows.map(({ answerTo: _answerTo, ...row }) => ({
    ...row,
    photos: photosOf.get(row.id) ?? [],
    answers: answersOf.get(row.id) ?? [],
    editable: editableBy(user, row, now),
  }));
  return { site, entries, page: current, pageCount, total };
}

/** For the site's page: entries in the log, and the problems nobody has answered yet. */
export async function siteLogSummary(
  db: DbExecutor,
  siteId: string,
): Promise<{ entries: number; openProblems: number }> {
  const [row] = await db
    .select({
      entries: count(),
      openProblems: sql<number>`count(*) filter (where ${jobSiteLogEntries.isProblem} and not exists (
        select 1 from job_site_log_entries as answers where answers.answer_to = job_site_log_entries.id
      ))`.mapWith(Number),
    })
    .from(jobSiteLogEntries)
    .where(and(eq(jobSiteLogEntries.jobSiteId, siteId), isNull(jobSiteLogEntries.answerTo)));
  return { entries: row?.entries ?? 0, openProblems: row?.openProblems ?? 0 };
}

/** A photo of the site's log, for the photo route; another site's photo is « not found ». */
export async function getLogPhoto(db: Database, user: SiteLogUser, siteId: string, photoId: string) {
  await assertSiteLogAccess(db, user, siteId);
  if (!isUuid(photoId)) throw new SiteLogError(404, SITE_LOG_MESSAGES.photoNotFound);
  const [photo] = await db
    .select({
      id: jobSiteLogPhotos.id,
      storageKey: jobSiteLogPhotos.storageKey,
      contentType: jobSiteLogPhotos.contentType,
    })
    .from(jobSiteLogPhotos)
    .innerJoin(jobSiteLogEntries, eq(jobSiteLogEntries.id, jobSiteLogPhotos.entryId))
    .where(and(eq(jobSiteLogPhotos.id, photoId), eq(jobSiteLogEntries.jobSiteId, siteId)));
  if (!photo) throw new SiteLogError(404, SITE_LOG_MESSAGES.photoNotFound);
  return photo;
}

// ─── Writing ──────────────────────────────────────────────────────────────────────────

const PHOTO_PROBLEM_MESSAGES = {
  size: SITE_LOG_MESSAGES.photoSize,
  type: SITE_LOG_MESSAGES.photoType,
  unreadable: SITE_LOG_MESSAGES.photoUnreadable,
  pixels: SITE_LOG_MESSAGES.photoPixels,
} as const;

const PHOTO_LIMITS = {
  maxBytes: LOG_PHOTO_MAX_BYTES,
  maxPixels: LOG_PHOTO_MAX_MEGAPIXELS * 1_000_000,
};

function fieldError(error: { issues: { path: PropertyKey[]; message: string }[] }): SiteLogError {
  const issue = error.issues[0];
  return new SiteLogError(400, issue?.message ?? "Données invalides.", String(issue?.path[0] ?? "body"));
}

/** Every photo checked from its bytes before any is decoded or stored; the first refusal stops all. */
async function inspectAll(files: File[]): Promise<InspectedUpload[]> {
  const real = files.filter((file) => file.size > 0 || file.name !== "");
  if (real.length > LOG_PHOTO_MAX_COUNT) throw new SiteLogError(400, SITE_LOG_MESSAGES.photoCount, "photos");
  const inspected: InspectedUpload[] = [];
  try {
    for (const file of real) inspected.push(await inspectUploadedPhoto(file, PHOTO_LIMITS));
  } catch (error) {
    if (error instanceof PhotoProblemError) {
      throw new SiteLogError(400, PHOTO_PROBLEM_MESSAGES[error.problem], "photos");
    }
    throw error;
  }
  return inspected;
}

type StoredPhoto = {
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  takenAt: Date | null;
  byteSize: number;
};

/** Re-encodes (no EXIF, no location) and stores the photos; on any failure, removes what was stored. */
async function storePhotos(
  services: AppServices,
  photos: InspectedUpload[],
  now: Date,
): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  try {
    for (const photo of photos) {
      const { content, width, height } = await reencodePhoto(photo, {
        maxSide: LOG_PHOTO_MAX_SIDE,
        maxPixels: PHOTO_LIMITS.maxPixels,
      });
      const storageKey = newStorageKey("journal", photo.extension, now);
      await services.storage.put(storageKey, content, photo.contentType);
      stored.push({
        storageKey,
        contentType: photo.contentType,
        width,
        height,
        takenAt: captureInstant(photo.capture),
        byteSize: content.byteLength,
      });
    }
    return stored;
  } catch (error) {
    await removeStored(services, stored);
    if (error instanceof PhotoProblemError) {
      throw new SiteLogError(400, PHOTO_PROBLEM_MESSAGES[error.problem], "photos");
    }
    if (error instanceof StorageUnavailableError) {
      services.logger.error({ err: error }, "stockage indisponible : note du journal non enregistrée");
      throw new SiteLogError(503, SITE_LOG_MESSAGES.storageDown, "photos");
    }
    throw error;
  }
}

async function removeStored(services: AppServices, stored: StoredPhoto[]) {
  for (const photo of stored) {
    await services.storage.delete(photo.storageKey).catch((error: unknown) => {
      services.logger.warn({ err: error, key: photo.storageKey }, "photo du journal non supprimée");
    });
  }
}

async function insertEntry(
  services: AppServices,
  row: {
    jobSiteId: string;
    authorId: string;
    answerTo: string | null;
    fields: EntryFields;
    photos: InspectedUpload[];
    now: Date;
  },
): Promise<{ id: string }> {
  const stored = await storePhotos(services, row.photos, row.now);
  try {
    return await services.db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(jobSiteLogEntries)
        .values({
          jobSiteId: row.jobSiteId,
          authorId: row.authorId,
          answerTo: row.answerTo,
          body: row.fields.body,
          weather: row.fields.weather,
          peoplePresent: row.fields.peoplePresent,
          isProblem: row.fields.isProblem,
          occurredOn: parisDay(row.now),
          createdAt: row.now,
        })
        .returning({ id: jobSiteLogEntries.id });
      if (!entry) throw new Error("note du journal non insérée");
      if (stored.length > 0) {
        await tx
          .insert(jobSiteLogPhotos)
          .values(stored.map((photo, position) => ({ ...photo, entryId: entry.id, position })));
      }
      return entry;
    });
  } catch (error) {
    await removeStored(services, stored);
    throw error;
  }
}

export type NewEntryInput = {
  body: string;
  weather: string;
  peoplePresent: string;
  isProblem: boolean;
  photos: File[];
};

/** A new entry of the site's log, with its photos (several at once). Nothing is stored on a refusal. */
export async function postLogEntry(
  services: AppServices,
  user: SiteLogUser,
  siteId: string,
  input: NewEntryInput,
  now: Date = new Date(),
): Promise<{ id: string }> {
  await assertSiteLogAccess(services.db, user, siteId);
  const fields = EntryFieldsSchema.safeParse(input);
  if (!fields.success) throw fieldError(fields.error);
  const photos = await inspectAll(input.photos);
  return insertEntry(services, {
    jobSiteId: siteId,
    authorId: user.id,
    answerTo: null,
    fields: fields.data,
    photos,
    now,
  });
}

/** An answer to an entry of the same site's log (text, and photos if any). */
export async function answerLogEntry(
  services: AppServices,
  user: SiteLogUser,
  siteId: string,
  entryId: string,
  input: { body: string; photos: File[] },
  now: Date = new Date(),
): Promise<{ id: string }> {
  await assertSiteLogAccess(services.db, user, siteId);
  const parent = await entryOfSite(services.db, siteId, entryId);
  if (parent.answerTo !== null) throw new SiteLogError(409, SITE_LOG_MESSAGES.answerOfAnswer);
  const fields = AnswerFieldsSchema.safeParse({ body: input.body });
  if (!fields.success) throw fieldError(fields.error);
  const photos = await inspectAll(input.photos);
  return insertEntry(services, {
    jobSiteId: siteId,
    authorId: user.id,
    answerTo: parent.id,
    fields: { body: fields.data.body, weather: "", peoplePresent: "", isProblem: false },
    photos,
    now,
  });
}

async function entryOfSite(db: DbExecutor, siteId: string, entryId: string, lock = false) {
  if (!isUuid(entryId)) throw new SiteLogError(404, SITE_LOG_MESSAGES.entryNotFound);
  const query = db
    .select({
      id: jobSiteLogEntries.id,
      authorId: jobSiteLogEntries.authorId,
      answerTo: jobSiteLogEntries.answerTo,
      createdAt: jobSiteLogEntries.createdAt,
      revision: jobSiteLogEntries.revision,
    })
    .from(jobSiteLogEntries)
    .where(and(eq(jobSiteLogEntries.id, entryId), eq(jobSiteLogEntries.jobSiteId, siteId)));
  const [entry] = lock ? await query.for("update") : await query;
  if (!entry) throw new SiteLogError(404, SITE_LOG_MESSAGES.entryNotFound);
  return entry;
}

/**
 * The author's correction of an entry (or of an answer: only its text counts), within 24
 * hours of its writing: after that, 409 « seulement complétée par une réponse ». Another
 * author gets 403. The photos stay as they were.
 */
export async function editLogEntry(
  services: AppServices,
  user: SiteLogUser,
  siteId: string,
  entryId: string,
  input: Omit<NewEntryInput, "photos"> & { revision: number },
  now: Date = new Date(),
): Promise<void> {
  await assertSiteLogAccess(services.db, user, siteId);
  await services.db.transaction(async (tx) => {
    const entry = await entryOfSite(tx, siteId, entryId, true);
    if (entry.authorId !== user.id) throw new SiteLogError(403, SITE_LOG_MESSAGES.notAuthor);
    if (now.getTime() - entry.createdAt.getTime() > LOG_EDIT_WINDOW_MS) {
      throw new SiteLogError(409, SITE_LOG_MESSAGES.editTooLate);
    }
    if (entry.revision !== input.revision) throw new SiteLogError(409, SITE_LOG_MESSAGES.stale);
    const isAnswer = entry.answerTo !== null;
    const parsed = isAnswer
      ? AnswerFieldsSchema.safeParse({ body: input.body })
      : EntryFieldsSchema.safeParse(input);
    if (!parsed.success) throw fieldError(parsed.error);
    const fields = parsed.data as Partial<EntryFields> & { body: string };
    await tx
      .update(jobSiteLogEntries)
      .set({
        body: fields.body,
        ...(isAnswer
          ? {}
          : { weather: fields.weather, peoplePresent: fields.peoplePresent, isProblem: fields.isProblem }),
        editedAt: now,
        revision: entry.revision + 1,
      })
      .where(eq(jobSiteLogEntries.id, entry.id));
  });
}
