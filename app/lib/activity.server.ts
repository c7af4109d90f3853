import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { type ActivityData, activityEvents } from "#app/db/schema/activity.ts";
import type { DbExecutor } from "./outbox.server.ts";

/**
 * The activity history of every back-office record: who did what, and when. An event
 * is written in the transaction of the change it describes, so a change is never saved
 * without its line in the history, nor the reverse.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(erpLeads).set({ status: "contacte" })...;
 *     await recordActivity(tx, {
 *       subjectType: "lead",
 *       subjectId: id,
 *       kind: "status",
 *       summary: "Statut : Nouveau → Contacté",
 *       data: { from: "nouveau", to: "contacte" },
 *       actor: { id: user.id, email: user.email },
 *     });
 *   });
 *
 * `summary` is the French sentence the timeline shows, written once when the event
 * happens (labels may change later, the history does not); `data` keeps the raw values
 * for whoever needs them (exports, filters).
 */

/** The records that have a history. Adding one is adding it here: the table takes any. */
export const SUBJECT_TYPES = [
  "lead",
  "client",
  "devis",
  "facture",
  "avoir",
  "chantier",
  "pv_reception",
  "bon_commande",
  "fournisseur",
  /** A supplier's invoice or credit note (Achats › Factures fournisseurs). */
  "facture_fournisseur",
  "pointage",
  /** An employee of the time sheets' register (« Salariés »). */
  "salarie",
  "document",
  /** An item of the quotes' price library (« Bibliothèque de prix »). */
  "bibliotheque",
  /** A shop order (subject id: its uuid). */
  "commande",
  /** A product of the shop's catalogue (subject id: its id). */
  "produit",
  /** The company settings (one record: subject id « entreprise »). */
  "parametres",
] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export type { ActivityData } from "#app/db/schema/activity.ts";

/**
 * Who acted: a staff member ({ id, email }), someone without an account ({ id: null,
 * email }: a client accepting a quote online), or null for the system (a daily job).
 */
export type ActivityActor = { id: string | null; email: string };

export type ActivityInput = {
  subjectType: SubjectType;
  subjectId: string;
  /** 'created', 'note', 'status', 'converted', ...: lower case and underscores. */
  kind: string;
  /** « Statut : Nouveau → Contacté » */
  summary: string;
  data?: ActivityData | null;
  actor: ActivityActor | null;
};

export type ActivityEvent = {
  id: number;
  kind: string;
  summary: string;
  data: ActivityData | null;
  actorId: string | null;
  /** Null when the system acted. */
  actorEmail: string | null;
  createdAt: Date;
};

/** Shown in place of what an anonymised event said. */
export const ANONYMISED_SUMMARY = "Contenu effacé (protection des données)";

/** Writes one event, inside the caller's transaction. Returns its id. */
export async function recordActivity(tx: DbExecutor, event: ActivityInput): Promise<number> {
  const [id] = await recordActivities(tx, [event]);
  if (id === undefined) throw new Error("Événement non enregistré dans l'historique.");
  return id;
}

/** Writes several events in one statement, in this order (the timeline keeps it). Returns their ids. */
export async function recordActivities(tx: DbExecutor, events: readonly ActivityInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await tx
    .insert(activityEvents)
    .values(
      events.map((event) => {
        const summary = event.summary.trim();
        if (!summary) throw new Error("Un événement de l'historique a besoin d'un résumé.");
        if (!event.subjectId) throw new Error("Un événement de l'historique a besoin de son sujet.");
        return {
          subjectType: event.subjectType,
          subjectId: event.subjectId,
          kind: event.kind,
          summary,
          data: event.data ?? null,
          actorId: event.actor?.id ?? null,
          actorEmail: event.actor?.email ?? null,
        };
      }),
    )
    .returning({ id: activityEvents.id });
  return rows.map((row) => row.id);
}

function subjectIs(subjectType: SubjectType, subjectId: string): SQL | undefined {
  return and(eq(activityEvents.subjectType, subjectType), eq(activityEvents.subjectId, subjectId));
}

/** The history of one record, newest first (events of one transaction: last written first). */
export async function listActivity(
  db: DbExecutor,
  subjectType: SubjectType,
  subjectId: string,
  { limit }: { limit?: number } = {},
): Promise<ActivityEvent[]> {
  const query = db
    .select({
      id: activityEvents.id,
      kind: activityEvents.kind,
      summary: activityEvents.summary,
      data: activityEvents.data,
      actorId: activityEvents.actorId,
      actorEmail: activityEvents.actorEmail,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .where(subjectIs(subjectType, subjectId))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id));
  return limit === undefined ? query : query.limit(limit);
}

/**
 * Deletes the history of a record that is itself erased (right to erasure): there is no
 * foreign key to cascade from, the subjects live in many tables. One record or several
 * (a retention run). Returns how many went.
 */
export async function deleteActivity(
  tx: DbExecutor,
  subjectType: SubjectType,
  subjectId: string | readonly string[],
): Promise<number> {
  const ids = typeof subjectId === "string" ? [subjectId] : [...subjectId];
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(activityEvents)
    .where(and(eq(activityEvents.subjectType, subjectType), inArray(activityEvents.subjectId, ids)))
    .returning({ id: activityEvents.id });
  return rows.length;
}

/**
 * For a record that must be kept while a person's data goes (a client whose invoices the
 * law keeps 10 years): the events stay (kind, who, when) but their sentence becomes
 * ANONYMISED_SUMMARY and their values go. `kinds` limits it to some kinds (the notes,
 * say), so that a status change stays readable. Returns how many events changed.
 */
export async function anonymiseActivity(
  tx: DbExecutor,
  subjectType: SubjectType,
  subjectId: string,
  { kinds }: { kinds?: readonly string[] } = {},
): Promise<number> {
  if (kinds?.length === 0) return 0;
  const rows = await tx
    .update(activityEvents)
    .set({ summary: ANONYMISED_SUMMARY, data: null })
    .where(
      and(subjectIs(subjectType, subjectId), kinds ? inArray(activityEvents.kind, [...kinds]) : undefined),
    )
    .returning({ id: activityEvents.id });
  return rows.length;
}
