import { notFound, refused } from "#app/components/forms/refusal.server.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import {
  answerRecordFilesPost,
  openRecord,
  recordDocumentsPage,
} from "#app/features/record-files/actions.server.ts";
import type { RecordOwner } from "#app/features/record-files/record-files.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import type { RouteAccess } from "#app/lib/permissions.ts";

/*
 * The loader and the action of the three documents pages (a client's, a job site's, a
 * supplier's): the record opened for who asks (404 unknown, 403 not theirs), its uploaded
 * files and the documents the product made for it; the posts « deposer » and « supprimer »
 * (a site worker adds files on their sites, never deletes). Each route names its record's
 * kind, its permission and its crumb.
 */

type Args = { request: Request; context: Parameters<typeof getServices>[0]; params: { id?: string } };

export async function recordDocumentsLoader(
  { request, context, params }: Args,
  type: RecordOwner["type"],
  access: RouteAccess,
  crumb: string,
) {
  const { user } = await requirePermission(request, context, access);
  const { db } = getServices(context);
  const owner: RecordOwner = { type, id: params.id ?? "" };
  const record = await openRecord(db, user, owner);
  if (!record.ok)
    throw record.status === 404 ? notFound(record.message) : refused(403, { message: record.message });
  const lists = await recordDocumentsPage(db, user, owner);
  return { owner, ...record, ...lists, office: user.role !== "compagnon", crumb };
}

export async function recordDocumentsAction(
  { request, context, params }: Args,
  type: RecordOwner["type"],
  access: RouteAccess,
) {
  const { user } = await requirePermission(request, context, access);
  const services = getServices(context);
  const owner: RecordOwner = { type, id: params.id ?? "" };
  const record = await openRecord(services.db, user, owner);
  if (!record.ok) return refused(record.status, { message: record.message });
  const answer = await answerRecordFilesPost(services, user, owner, await request.formData(), {
    canDelete: user.role !== "compagnon",
  });
  if (!answer.ok) {
    const { status, ...body } = answer;
    return refused(status, body);
  }
  return redirectWithFlash(request, answer.location, { tone: "success", message: answer.message });
}
