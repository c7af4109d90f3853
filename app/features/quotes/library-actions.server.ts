import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { refused } from "#app/components/forms/refusal.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import type { z } from "#app/lib/zod.ts";
import {
  createLibraryItem,
  LibraryItemNotFoundError,
  setLibraryItemArchived,
  updateLibraryItem,
} from "./library.server.ts";
import {
  LIBRARY_INTENTS,
  LIBRARY_PATH,
  type LibraryItemData,
  type LibraryItemPost,
  type LibraryItemRefusal,
  libraryItemFormValues,
  REVISION_FIELD,
} from "./library-schema.ts";

/*
 * The work of the price library's pages (/erp/devis/bibliotheque/nouveau and /:itemId):
 * create an item, save its edit form over the revision it was loaded from, archive or
 * restore it, each logged by library.server.ts; a refused form comes back as THE refusal
 * with what was typed, and `libraryItemRefusal` turns the library's errors into it.
 */

type Actor = { id: string; email: string };

const refuse = (status: number, body: Omit<LibraryItemRefusal, "ok">) =>
  refused<{ revision?: number }>(status, body);

/**
 * A create or edit form refused by its schema: every field's message under its field,
 * what was typed, and a missing revision as a message about the whole form.
 */
export function refusedLibraryForm(intent: string | undefined, form: FormData, error: z.ZodError) {
  const { fieldErrors, firstMessage } = zodFieldErrors(error);
  const { [REVISION_FIELD]: revisionErrors, ...fields } = fieldErrors;
  return refuse(400, {
    intent,
    message: firstMessage ?? "Données invalides.",
    fieldErrors: fields,
    ...(revisionErrors?.[0] ? { formError: revisionErrors[0] } : {}),
    values: libraryItemFormValues(form),
  });
}

/** The create form, checked: the new item's page with a flash message. */
export async function answerNewLibraryItem(
  context: { request: Request; services: AppServices; actor: Actor },
  data: LibraryItemData,
) {
  const id = await createLibraryItem(context.services.db, context.actor, data);
  return redirectWithFlash(context.request, `${LIBRARY_PATH}/${id}`, {
    tone: "success",
    message: `Article « ${data.designation} » ajouté à la bibliothèque.`,
  });
}

export type LibraryItemActionContext = {
  request: Request;
  services: AppServices;
  actor: Actor;
  itemId: string;
  form: FormData;
};

/** One post of an item's page, read: a redirect with its flash message, or the 409 of a stale save. */
export async function answerLibraryItemPost(context: LibraryItemActionContext, post: LibraryItemPost) {
  const { request, services, actor, itemId, form } = context;
  const here = `${LIBRARY_PATH}/${itemId}`;
  if (post.intent !== LIBRARY_INTENTS.save) {
    const archive = post.intent === LIBRARY_INTENTS.archive;
    const { designation, alreadyDone } = await setLibraryItemArchived(services.db, actor, itemId, archive);
    return redirectWithFlash(request, here, {
      tone: alreadyDone ? "info" : "success",
      message: alreadyDone
        ? archive
          ? "Cet article était déjà archivé."
          : "Cet article était déjà actif."
        : archive
          ? `Article « ${designation} » archivé : il n'est plus proposé dans les devis.`
          : `Article « ${designation} » restauré : il est de nouveau proposé dans les devis.`,
    });
  }
  const { intent, revision, ...data } = post;
  const result = await updateLibraryItem(services.db, actor, itemId, data, { expectedRevision: revision });
  if (!result.ok) {
    const { conflict } = result;
    const who = conflict.updatedByEmail ? ` par ${conflict.updatedByEmail}` : "";
    const message = `Cet article a été modifié${who} le ${formatDateTime(conflict.updatedAt)}, après l'ouverture de cette page : rien n'a été enregistré. Les valeurs du formulaire sont les vôtres ; comparez-les avec la fiche enregistrée et l'historique, puis enregistrez à nouveau pour les garder.`;
    return refuse(409, {
      intent,
      message,
      formError: message,
      values: libraryItemFormValues(form),
      revision: conflict.revision,
    });
  }
  return redirectWithFlash(
    request,
    here,
    result.changed.length > 0
      ? { tone: "success", message: "Article enregistré. Les devis déjà rédigés gardent leurs lignes." }
      : { tone: "info", message: "Aucune modification : l'article est inchangé." },
  );
}

/** A library error → THE refusal of the intent it answers; null for an error the page does not expect. */
export function libraryItemRefusal(error: unknown, intent: string) {
  if (error instanceof LibraryItemNotFoundError) return refuse(404, { intent, message: error.message });
  return null;
}
