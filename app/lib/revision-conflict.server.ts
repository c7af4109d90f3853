import { listActivity, type SubjectType } from "./activity.server.ts";
import type { DbExecutor } from "./outbox.server.ts";

/** Someone saved since the form was loaded: the revision now stored, when, and by whom. */
export type RevisionConflict = { revision: number; updatedAt: Date; updatedByEmail: string | null };

/** What saving a form loaded at a revision answers: the fields it changed, or the conflict. */
export type RevisionedSave<Field> =
  | { ok: true; changed: Field[]; revision: number }
  /** Someone saved since the form was loaded: nothing written. */
  | { ok: false; conflict: RevisionConflict };

/**
 * The refusal of a save whose form was loaded at an older revision than `before`'s:
 * who saved last is the author of the subject's latest line of history.
 */
export async function revisionConflict(
  tx: DbExecutor,
  subjectType: SubjectType,
  subjectId: string,
  before: { revision: number; updatedAt: Date },
): Promise<{ ok: false; conflict: RevisionConflict }> {
  const [last] = await listActivity(tx, subjectType, subjectId, { limit: 1 });
  return {
    ok: false,
    conflict: {
      revision: before.revision,
      updatedAt: before.updatedAt,
      updatedByEmail: last?.actorEmail ?? null,
    },
  };
}
