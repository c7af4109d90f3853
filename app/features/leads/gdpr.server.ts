import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { deleteActivity, recordActivity } from "#app/lib/activity.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { getLead, getLeadPhoto } from "./detail.server.ts";
import type { Actor } from "./query.server.ts";
import { LEAD_STATUS_LABELS } from "./schema.ts";
import { assertLead, event, touch } from "./timeline.server.ts";

// The person's rights over their data (GDPR): access (a JSON export) and erasure.

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
    await recordActivity(tx, event(id, actor, "export", {}));
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
      statut: LEAD_STATUS_LABELS[lead.status],
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
        resume: e.summary,
        note: e.note,
        avant: e.fromValue,
        apres: e.toValue,
        par: e.actorEmail,
      })),
    photos,
  };
}

/**
 * Deletes everything about the person for good: the request, its follow-up, its
 * history, its photo rows, then the photo files.
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
    // The history has no foreign key to cascade from (it serves every kind of record).
    await deleteActivity(tx, "lead", id);
    return photos.map((photo) => photo.key);
  });
  await Promise.all(keys.map((key) => storage.delete(key)));
  return { photos: keys.length };
}
