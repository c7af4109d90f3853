import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import type { ActivityActor } from "#app/lib/activity.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { SITE_REFUSED_MESSAGE, type SiteViewer, siteAccess } from "#app/lib/site-access.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { deleteRecordFile, generatedDocumentsOf, recordFilesOf } from "./record.server.ts";
import {
  isRecordFileKind,
  RECORD_FILE_KIND_LABELS,
  RECORD_FILE_MESSAGES,
  type RecordOwner,
  recordDocumentsPath,
} from "./record-files.ts";
import { checkRecordFiles, storeRecordFiles } from "./upload.server.ts";

/*
 * What the documents page of a client, a job site or a supplier reads and does: who may
 * open it, its lists, and its two posts (« deposer » several files, « supprimer » one,
 * confirmed). The routes only pick the owner and answer.
 */

export type RecordAccessRefusal = { status: 403 | 404; message: string };

const UNKNOWN: Record<RecordOwner["type"], string> = {
  client: "Ce client n'existe pas.",
  chantier: "Ce chantier n'existe pas.",
  fournisseur: "Ce fournisseur n'existe pas.",
};

/**
 * The record's name and the page it belongs to, or why the viewer may not see it. The route
 * has already checked the section's permission; a site worker reaches a job site only when
 * put on it (the site log's rule, app/lib/site-access.server.ts).
 */
export async function openRecord(
  db: DbExecutor,
  viewer: SiteViewer,
  owner: RecordOwner,
): Promise<{ ok: true; title: string; backHref: string } | ({ ok: false } & RecordAccessRefusal)> {
  const unknown = { ok: false as const, status: 404 as const, message: UNKNOWN[owner.type] };
  if (!isUuid(owner.id)) return unknown;
  if (owner.type === "client") {
    const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, owner.id));
    return row ? { ok: true, title: row.name, backHref: `/erp/clients/${owner.id}` } : unknown;
  }
  if (owner.type === "fournisseur") {
    const [row] = await db
      .select({ name: suppliers.legalName })
      .from(suppliers)
      .where(eq(suppliers.id, owner.id));
    return row ? { ok: true, title: row.name, backHref: `/erp/achats/fournisseurs/${owner.id}` } : unknown;
  }
  const access = await siteAccess(db, viewer, owner.id);
  if (access === "unknown") return unknown;
  if (access === "refused") return { ok: false, status: 403, message: SITE_REFUSED_MESSAGE };
  const [row] = await db
    .select({ number: jobSites.number, title: jobSites.title })
    .from(jobSites)
    .where(eq(jobSites.id, owner.id));
  const office = viewer.role !== "compagnon";
  return {
    ok: true,
    title: `${row?.number ?? ""} · ${row?.title ?? ""}`,
    backHref: office ? `/erp/chantiers/${owner.id}` : `/erp/mes-chantiers/${owner.id}`,
  };
}

/** The page's lists: the uploaded files, and (for the office) the documents the product made. */
export async function recordDocumentsPage(db: DbExecutor, viewer: SiteViewer, owner: RecordOwner) {
  const files = await recordFilesOf(db, owner);
  // A site worker sees the site's plans and photos, not its quotes, invoices and orders.
  const generated = viewer.role === "compagnon" ? [] : await generatedDocumentsOf(db, owner);
  return { files, generated };
}

export type RecordFilesAnswer =
  | { ok: true; message: string; location: string }
  | {
      ok: false;
      status: 400 | 403 | 404 | 413 | 415;
      intent: string;
      message: string;
      fieldErrors: Record<string, string[]>;
    };

/** One post of the documents page. */
export async function answerRecordFilesPost(
  services: { db: Database; storage: FileStorage },
  actor: ActivityActor,
  owner: RecordOwner,
  form: FormData,
  rights: { canDelete: boolean } = { canDelete: true },
): Promise<RecordFilesAnswer> {
  const intent = String(form.get("intent") ?? "");
  const location = recordDocumentsPath(owner);
  if (intent === "deposer") {
    const kind = form.get("kind");
    if (!isRecordFileKind(kind)) {
      return {
        ok: false,
        status: 400,
        intent,
        message: RECORD_FILE_MESSAGES.kind,
        fieldErrors: { kind: [RECORD_FILE_MESSAGES.kind] },
      };
    }
    const checked = await checkRecordFiles(form.getAll("files"));
    if (!checked.ok) return { ...checked, intent };
    const ids = await storeRecordFiles(services, owner, actor, kind, checked.files);
    const label = RECORD_FILE_KIND_LABELS[kind].toLowerCase();
    return {
      ok: true,
      location,
      message:
        ids.length > 1
          ? `${ids.length} fichiers ajoutés (${label}).`
          : `Fichier ajouté (${label}) : ${checked.files[0]?.fileName}.`,
    };
  }
  if (intent === "supprimer") {
    if (!rights.canDelete) {
      return { ok: false, status: 403, intent, message: RECORD_FILE_MESSAGES.deleteRefused, fieldErrors: {} };
    }
    if (form.get("confirmation") !== "oui") {
      return { ok: false, status: 400, intent, message: RECORD_FILE_MESSAGES.confirm, fieldErrors: {} };
    }
    const deleted = await deleteRecordFile(services, owner, actor, String(form.get("fileId") ?? ""));
    if (!deleted)
      return { ok: false, status: 404, intent, message: RECORD_FILE_MESSAGES.notFound, fieldErrors: {} };
    return { ok: true, location, message: `Fichier supprimé : ${deleted.fileName}.` };
  }
  return { ok: false, status: 400, intent, message: "Action inconnue.", fieldErrors: {} };
}
