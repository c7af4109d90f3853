import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { erpLeadEvents, erpLeadSearch, erpLeads } from "#app/db/schema/leads.ts";
import {
  type DevisSubmissionData,
  erpSubmissionPhotos,
  erpSubmissions,
} from "#app/db/schema/quote-requests.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import {
  CLOSED_STATUSES,
  isLeadStatus,
  LEADS_PAGE_SIZE,
  type LeadFilters,
  type LeadStatus,
  type LeadUpdate,
  type ManualLead,
  statusLabels,
} from "./schema.ts";

/** Requests from the public site, and leads entered by staff. */
export const LEAD_MODULES = ["devis", "manuel"] as const;
export const TIME_ZONE = "Europe/Paris";

/** Who does something on a lead (shown in its timeline). */
export type Actor = { id: string; email: string };

export class LeadNotFoundError extends Error {
  constructor() {
    super("Ce prospect n'existe pas ou a été supprimé.");
    this.name = "LeadNotFoundError";
  }
}

export class LeadInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LeadInputError";
  }
}

/** Today's date in Paris, "YYYY-MM-DD". */
export function parisDay(date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

// ─── Expressions ──────────────────────────────────────────────────────────────────

const field = (name: keyof DevisSubmissionData) =>
  sql<string>`coalesce(${erpSubmissions.data}->>${name}, '')`;
const statusExpr = sql<string>`coalesce(${erpLeads.status}, 'nouveau')`;
const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyy";
const fold = (expr: SQL) => sql`translate(lower(${expr}), ${ACCENTED}, ${PLAIN})`;
const foldText = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
/** Digits of a phone number, +33 written as 0: what a phone search compares. */
const phoneDigits = sql`regexp_replace(regexp_replace(${field("telephone")}, '[^0-9+]', '', 'g'), '^\\+33', '0')`;
const searchableText = fold(
  sql`${field("nom")} || ' ' || ${field("email")} || ' ' || coalesce(${erpLeads.town}, '') || ' ' || ${field("message")} || ' ' || ${field("type_projet")}`,
);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const leadModules = inArray(erpSubmissions.module, [...LEAD_MODULES]);

/**
 * Folds the searchable text of the leads the search table does not hold yet (new
 * requests, or a lead whose town changed): the search then compares plain strings.
 */
export async function syncSearchIndex(db: Database): Promise<number> {
  const missing = db
    .select({ id: erpLeadSearch.submissionId })
    .from(erpLeadSearch)
    .where(eq(erpLeadSearch.submissionId, erpSubmissions.id));
  const rows = await db
    .insert(erpLeadSearch)
    .select(
      db
        .select({
          submissionId: erpSubmissions.id,
          text: sql<string>`${searchableText}`.as("text"),
          phone: sql<string>`${phoneDigits}`.as("phone"),
        })
        .from(erpSubmissions)
        .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
        .where(and(leadModules, sql`not exists (${missing})`)),
    )
    .onConflictDoNothing()
    .returning({ id: erpLeadSearch.submissionId });
  return rows.length;
}

/** Instant at which a Paris calendar day begins ("2025-03-10" -> 2025-03-09T23:00:00Z). */
export function parisMidnight(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "longOffset" })
    .formatToParts(utcMidnight)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? "");
  const minutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

function filterConditions(filters: LeadFilters, actorId: string | null): SQL[] {
  const conditions: SQL[] = [leadModules];
  if (filters.q) {
    // Every word must appear somewhere (name, e-mail, town, message, work type); a
    // word of digits also matches the phone number whatever its spacing.
    for (const word of filters.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const pattern = `%${escapeLike(foldText(word))}%`;
      const digits = word.replace(/[^\d+]/g, "").replace(/^\+33/, "0");
      const byText = sql`${erpLeadSearch.text} like ${pattern}`;
      conditions.push(
        digits.length >= 2 && /^[\d+ .-]+$/.test(word)
          ? (or(byText, sql`${erpLeadSearch.phone} like ${`%${escapeLike(digits)}%`}`) as SQL)
          : byText,
      );
    }
  }
  if (filters.statut) conditions.push(sql`${statusExpr} = ${filters.statut}`);
  if (filters.type) conditions.push(sql`${field("type_projet")} = ${filters.type}`);
  if (filters.budget) conditions.push(sql`${field("budget")} = ${filters.budget}`);
  if (filters.du) conditions.push(gte(erpSubmissions.createdAt, parisMidnight(filters.du)));
  if (filters.au) {
    const next = new Date(`${filters.au}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(erpSubmissions.createdAt, parisMidnight(next.toISOString().slice(0, 10))));
  }
  if (filters.relance === "echue") conditions.push(followUpDue(parisDay()));
  if (filters.suivi === "personne") conditions.push(isNull(erpLeads.assigneeId));
  else if (filters.suivi === "moi") conditions.push(eq(erpLeads.assigneeId, actorId ?? ""));
  else if (filters.suivi) conditions.push(eq(erpLeads.assigneeId, filters.suivi));
  return conditions;
}

/** The rows a filtered list walks: requests, their follow-up, their folded search text when searching. */
function filteredIds(db: Database, filters: LeadFilters) {
  const base = db
    .select({ id: erpSubmissions.id, createdAt: erpSubmissions.createdAt })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id));
  return filters.q ? base.innerJoin(erpLeadSearch, eq(erpLeadSearch.submissionId, erpSubmissions.id)) : base;
}

function followUpDue(today: string): SQL {
  return and(
    sql`${erpLeads.nextFollowUp} <= ${today}::date`,
    sql`${statusExpr} not in (${sql.join(
      CLOSED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})`,
    eq(erpLeads.doNotContact, false),
  ) as SQL;
}

// ─── List ─────────────────────────────────────────────────────────────────────────

export type LeadListItem = {
  id: string;
  createdAt: Date;
  module: string;
  nom: string;
  email: string;
  telephone: string;
  typeProjet: string;
  budget: string;
  source: string;
  message: string;
  town: string | null;
  status: LeadStatus;
  doNotContact: boolean;
  assigneeEmail: string | null;
  nextFollowUp: string | null;
  photoCount: number;
};

const photoCount = sql<number>`(select count(*)::int from ${erpSubmissionPhotos} where ${erpSubmissionPhotos.submissionId} = ${erpSubmissions.id})`;

const listColumns = {
  id: erpSubmissions.id,
  createdAt: erpSubmissions.createdAt,
  module: erpSubmissions.module,
  nom: field("nom"),
  email: field("email"),
  telephone: field("telephone"),
  typeProjet: field("type_projet"),
  budget: field("budget"),
  source: field("source"),
  message: field("message"),
  town: erpLeads.town,
  status: statusExpr,
  doNotContact: sql<boolean>`coalesce(${erpLeads.doNotContact}, false)`,
  assigneeEmail: authUsers.email,
  nextFollowUp: erpLeads.nextFollowUp,
};

function toItem(row: Omit<LeadListItem, "status" | "photoCount"> & { status: string; photoCount?: number }) {
  return {
    ...row,
    status: isLeadStatus(row.status) ? row.status : "nouveau",
    photoCount: Number(row.photoCount ?? 0),
  } satisfies LeadListItem;
}

export type LeadPage = { items: LeadListItem[]; total: number; page: number; pageCount: number };

async function itemsByIds(db: Database, ids: string[]): Promise<LeadListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...listColumns, photoCount })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId))
    .where(inArray(erpSubmissions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toItem(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of leads, newest first, with the filters of the list. The filtered,
 * sorted walk only carries ids; the 25 rows shown are read afterwards.
 */
export async function listLeads(
  db: Database,
  filters: LeadFilters,
  actorId: string | null,
): Promise<LeadPage> {
  if (filters.q) await syncSearchIndex(db);
  const where = and(...filterConditions(filters, actorId));
  const [totalRow] = await db
    .select({ n: count() })
    .from(filteredIds(db, filters).where(where).as("filtered"));
  const total = Number(totalRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const ids = await filteredIds(db, filters)
    .where(where)
    .orderBy(desc(erpSubmissions.createdAt), desc(erpSubmissions.id))
    .limit(LEADS_PAGE_SIZE)
    .offset((page - 1) * LEADS_PAGE_SIZE);
  return {
    items: await itemsByIds(
      db,
      ids.map((row) => row.id),
    ),
    total,
    page,
    pageCount,
  };
}

/** Every lead matching the filters (for the CSV export), newest first. */
export async function allLeads(
  db: Database,
  filters: LeadFilters,
  actorId: string | null,
): Promise<LeadListItem[]> {
  if (filters.q) await syncSearchIndex(db);
  const base = db
    .select(listColumns)
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId));
  const joined = filters.q
    ? base.innerJoin(erpLeadSearch, eq(erpLeadSearch.submissionId, erpSubmissions.id))
    : base;
  const rows = await joined
    .where(and(...filterConditions(filters, actorId)))
    .orderBy(desc(erpSubmissions.createdAt), desc(erpSubmissions.id));
  return rows.map(toItem);
}

/** Work types and budgets found in the leads, for the filters (beyond the form's own lists). */
export async function filterValues(db: Database): Promise<{ types: string[]; budgets: string[] }> {
  const where = inArray(erpSubmissions.module, [...LEAD_MODULES]);
  const [types, budgets] = await Promise.all([
    db
      .selectDistinct({ value: field("type_projet") })
      .from(erpSubmissions)
      .where(where),
    db
      .selectDistinct({ value: field("budget") })
      .from(erpSubmissions)
      .where(where),
  ]);
  const clean = (rows: { value: string }[]) =>
    rows
      .map((row) => row.value)
      .filter(Boolean)
      .sort((a, b) => a.localeCompare(b, "fr"));
  return { types: clean(types), budgets: clean(budgets) };
}

// ─── One lead ─────────────────────────────────────────────────────────────────────

export type LeadEvent = {
  id: string;
  kind: string;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isLeadId(id: string | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}

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
    db
      .select({
        id: erpLeadEvents.id,
        kind: erpLeadEvents.kind,
        note: erpLeadEvents.note,
        fromValue: erpLeadEvents.fromValue,
        toValue: erpLeadEvents.toValue,
        actorEmail: erpLeadEvents.actorEmail,
        createdAt: erpLeadEvents.createdAt,
      })
      .from(erpLeadEvents)
      .where(eq(erpLeadEvents.submissionId, id))
      .orderBy(desc(erpLeadEvents.createdAt), desc(erpLeadEvents.id)),
  ]);
  const item = toItem({ ...row, photoCount: photos.length });
  return {
    ...item,
    consentAt: row.consentAt,
    lastActivityAt: row.lastActivityAt,
    assigneeId: row.assigneeId,
    photos,
    events,
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

// ─── Actions (each one moves last_activity_at) ─────────────────────────────────────

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function touch(tx: Tx | Database, id: string): Promise<void> {
  await tx.update(erpSubmissions).set({ lastActivityAt: new Date() }).where(eq(erpSubmissions.id, id));
}

async function assertLead(tx: Tx | Database, id: string): Promise<void> {
  if (!isLeadId(id)) throw new LeadNotFoundError();
  const [row] = await tx
    .select({ id: erpSubmissions.id })
    .from(erpSubmissions)
    .where(and(eq(erpSubmissions.id, id), inArray(erpSubmissions.module, [...LEAD_MODULES])))
    .for("update");
  if (!row) throw new LeadNotFoundError();
}

function event(
  id: string,
  actor: Actor,
  kind: string,
  values: { note?: string; from?: string | null; to?: string | null },
) {
  return {
    submissionId: id,
    kind,
    note: values.note ?? null,
    fromValue: values.from ?? null,
    toValue: values.to ?? null,
    actorId: actor.id,
    actorEmail: actor.email,
  };
}

/** Adds a note to the lead's timeline. */
export async function addLeadNote(db: Database, actor: Actor, id: string, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertLead(tx, id);
    await tx.insert(erpLeadEvents).values(event(id, actor, "note", { note }));
    await touch(tx, id);
  });
}

/**
 * Changes the follow-up of a lead: only the fields given change, and each change
 * is written in the timeline with who made it.
 */
export async function updateLead(db: Database, actor: Actor, id: string, update: LeadUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await assertLead(tx, id);
    const [current] = await tx.select().from(erpLeads).where(eq(erpLeads.submissionId, id));
    const before = {
      status: (current?.status ?? "nouveau") as LeadStatus,
      doNotContact: current?.doNotContact ?? false,
      assigneeId: current?.assigneeId ?? null,
      nextFollowUp: current?.nextFollowUp ?? null,
      town: current?.town ?? null,
    };
    const after = { ...before };
    const events: ReturnType<typeof event>[] = [];
    if (update.status !== undefined && update.status !== before.status) {
      after.status = update.status;
      events.push(event(id, actor, "status", { from: before.status, to: update.status }));
    }
    if (update.doNotContact !== undefined && update.doNotContact !== before.doNotContact) {
      after.doNotContact = update.doNotContact;
      events.push(event(id, actor, "do_not_contact", { to: update.doNotContact ? "oui" : "non" }));
    }
    if (update.assigneeId !== undefined && (update.assigneeId || null) !== before.assigneeId) {
      const assigneeId = update.assigneeId || null;
      let email: string | null = null;
      if (assigneeId) {
        const [user] = await tx
          .select({ email: authUsers.email, disabled: authUsers.disabled })
          .from(authUsers)
          .where(eq(authUsers.id, assigneeId));
        if (!user || user.disabled)
          throw new LeadInputError("Ce membre de l'équipe n'existe pas ou est désactivé.");
        email = user.email;
      }
      const [previous] = before.assigneeId
        ? await tx
            .select({ email: authUsers.email })
            .from(authUsers)
            .where(eq(authUsers.id, before.assigneeId))
        : [];
      after.assigneeId = assigneeId;
      events.push(event(id, actor, "assignee", { from: previous?.email ?? null, to: email }));
    }
    if (update.nextFollowUp !== undefined && (update.nextFollowUp || null) !== before.nextFollowUp) {
      after.nextFollowUp = update.nextFollowUp || null;
      events.push(event(id, actor, "follow_up", { from: before.nextFollowUp, to: after.nextFollowUp }));
    }
    if (update.town !== undefined && (update.town || null) !== before.town) {
      after.town = update.town || null;
      events.push(event(id, actor, "town", { from: before.town, to: after.town }));
    }
    if (events.length === 0) return;
    await tx
      .insert(erpLeads)
      .values({ submissionId: id, ...after, updatedAt: new Date() })
      .onConflictDoUpdate({ target: erpLeads.submissionId, set: { ...after, updatedAt: new Date() } });
    await tx.insert(erpLeadEvents).values(events);
    // The town is part of the searchable text: folded again at the next search.
    if (after.town !== before.town) await tx.delete(erpLeadSearch).where(eq(erpLeadSearch.submissionId, id));
    await touch(tx, id);
  });
}

/** Records a lead taken by phone or at the office; returns its id. */
export async function createManualLead(db: Database, actor: Actor, lead: ManualLead): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(erpSubmissions)
      .values({
        module: "manuel",
        data: {
          nom: lead.nom,
          email: lead.email,
          telephone: lead.telephone,
          type_projet: lead.type_projet,
          budget: lead.budget,
          message: lead.message,
          source: lead.source,
        },
      })
      .returning({ id: erpSubmissions.id });
    if (!row) throw new Error("insertion du prospect impossible");
    await tx.insert(erpLeads).values({ submissionId: row.id, town: lead.town || null });
    await tx.insert(erpLeadEvents).values(event(row.id, actor, "created", { to: lead.source }));
    return row.id;
  });
}

/** Everything kept about the person behind a lead, for their right of access. */
export async function exportLeadData(db: Database, storage: FileStorage, actor: Actor, id: string) {
  const lead = await getLead(db, id);
  const photos = await Promise.all(
    lead.photos.map(async (photo) => {
      const key = await getLeadPhoto(db, photo.id);
      const content = key ? await storage.get(key.storageKey).catch(() => null) : null;
      return {
        fichier: photo.fileName,
        type: photo.contentType,
        taille_octets: photo.sizeBytes,
        largeur: photo.width,
        hauteur: photo.height,
        contenu_base64: content ? content.toString("base64") : null,
      };
    }),
  );
  await db.transaction(async (tx) => {
    await tx.insert(erpLeadEvents).values(event(id, actor, "export", {}));
    await touch(tx, id);
  });
  return {
    export: { date: new Date().toISOString(), par: actor.email },
    demande: {
      id: lead.id,
      recue_le: lead.createdAt.toISOString(),
      origine: lead.source,
      consentement_le: lead.consentAt?.toISOString() ?? null,
      nom: lead.nom,
      email: lead.email,
      telephone: lead.telephone,
      type_projet: lead.typeProjet,
      budget: lead.budget,
      message: lead.message,
    },
    suivi: {
      statut: statusLabels[lead.status],
      ne_pas_recontacter: lead.doNotContact,
      suivi_par: lead.assigneeEmail,
      prochaine_relance: lead.nextFollowUp,
      commune: lead.town,
      derniere_activite: lead.lastActivityAt.toISOString(),
    },
    historique: lead.events
      .slice()
      .reverse()
      .map((e) => ({
        date: e.createdAt.toISOString(),
        type: e.kind,
        note: e.note,
        avant: e.fromValue,
        apres: e.toValue,
        par: e.actorEmail,
      })),
    photos,
  };
}

/**
 * Deletes everything about the person for good: the request, its follow-up and
 * timeline, its photo rows, then the photo files.
 */
export async function deleteLead(
  db: Database,
  storage: FileStorage,
  id: string,
): Promise<{ photos: number }> {
  const keys = await db.transaction(async (tx) => {
    await assertLead(tx, id);
    const photos = await tx
      .select({ key: erpSubmissionPhotos.storageKey })
      .from(erpSubmissionPhotos)
      .where(eq(erpSubmissionPhotos.submissionId, id));
    await tx.delete(erpSubmissions).where(eq(erpSubmissions.id, id));
    return photos.map((photo) => photo.key);
  });
  await Promise.all(keys.map((key) => storage.delete(key)));
  return { photos: keys.length };
}

// ─── Dashboard ────────────────────────────────────────────────────────────────────

export type Dashboard = {
  today: string;
  weekStart: string;
  thisWeek: number;
  lastWeekSamePeriod: number;
  byStatus: Record<LeadStatus, number>;
  followUps: { due: number; late: number; items: LeadListItem[] };
  latest: LeadListItem[];
};

export async function dashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const today = parisDay(now);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  // Monday of this week in Paris, and the same moment of last week.
  const weekStartSql = sql`(date_trunc('week', ${nowSql} at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`;
  const [weekRow] = await db
    .select({
      weekStart: sql<string>`to_char(${weekStartSql} at time zone ${TIME_ZONE}, 'YYYY-MM-DD')`,
      thisWeek: sql<number>`count(*) filter (where ${erpSubmissions.createdAt} >= ${weekStartSql} and ${erpSubmissions.createdAt} <= ${nowSql})::int`,
      lastWeek: sql<number>`count(*) filter (where ${erpSubmissions.createdAt} >= ${weekStartSql} - interval '7 days' and ${erpSubmissions.createdAt} <= ${nowSql} - interval '7 days')::int`,
    })
    .from(erpSubmissions)
    .where(leadModules);
  const statusRows = await db
    .select({ status: statusExpr, n: count() })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .where(leadModules)
    .groupBy(statusExpr);
  const byStatus = { nouveau: 0, contacte: 0, devis_envoye: 0, gagne: 0, perdu: 0 } as Record<
    LeadStatus,
    number
  >;
  for (const row of statusRows) if (isLeadStatus(row.status)) byStatus[row.status] = Number(row.n);

  const due = and(leadModules, followUpDue(today));
  const [dueRow] = await db
    .select({
      due: count(),
      late: sql<number>`count(*) filter (where ${erpLeads.nextFollowUp} < ${today}::date)::int`,
    })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .where(due);
  const followUpItems = await db
    .select(listColumns)
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId))
    .where(due)
    .orderBy(asc(erpLeads.nextFollowUp), desc(erpSubmissions.createdAt))
    .limit(10);
  const latest = await db
    .select(listColumns)
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId))
    .where(leadModules)
    .orderBy(desc(erpSubmissions.createdAt), desc(erpSubmissions.id))
    .limit(10);
  return {
    today,
    weekStart: weekRow?.weekStart ?? today,
    thisWeek: Number(weekRow?.thisWeek ?? 0),
    lastWeekSamePeriod: Number(weekRow?.lastWeek ?? 0),
    byStatus,
    followUps: {
      due: Number(dueRow?.due ?? 0),
      late: Number(dueRow?.late ?? 0),
      items: followUpItems.map(toItem),
    },
    latest: latest.map(toItem),
  };
}

/** Accounts that can follow a lead (enabled ones), for the assignee menu. */
export async function assignableStaff(db: Database): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.disabled, false))
    .orderBy(asc(authUsers.email));
}
