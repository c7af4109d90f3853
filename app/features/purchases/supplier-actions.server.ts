import { invalid, refused } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { z } from "#app/lib/zod.ts";
import {
  SUPPLIER_INTENTS,
  SUPPLIER_MESSAGES,
  SupplierSchema,
  supplierInput,
  supplierPath,
} from "./supplier-schema.ts";
import {
  type Actor,
  createSupplier,
  SupplierNotFoundError,
  SupplierSirenTakenError,
  SupplierStaleError,
  setSupplierArchived,
  updateSupplier,
} from "./suppliers.server.ts";

/*
 * The posts of the supplier register: the form, created or edited (parsed by the schema:
 * every field's message, what was typed kept; then saved, the feature's errors becoming
 * THE refusal), and the record page's archive and restore.
 */

export type SupplierActionContext = { request: Request; db: Database; actor: Actor };

const EditSchema = z.object({
  intent: z.literal("modifier"),
  revision: z.coerce.number().int().positive(),
});

/** « Nouveau fournisseur » (`supplierId` null) or « Modifier »: the redirect to the record, or the refusal. */
export async function answerSupplierForm(
  context: SupplierActionContext,
  supplierId: string | null,
  form: FormData,
) {
  const { request, db, actor } = context;
  const { intent, revision: _revision, ...values } = formValues(form);
  const parsed = SupplierSchema.safeParse(supplierInput(values));
  if (!parsed.success) return invalid(intent, parsed, { values });
  try {
    let id = supplierId;
    let changed: string[] | null = null;
    if (id === null) {
      if (intent !== "creer") return refused(400, { message: "Action inconnue." });
      id = (await createSupplier(db, actor, parsed.data)).id;
    } else {
      const edit = EditSchema.safeParse({ intent, revision: form.get("revision") });
      if (!edit.success) return refused(400, { message: "Action inconnue." });
      ({ changed } = await updateSupplier(db, actor, id, edit.data.revision, parsed.data));
    }
    return redirectWithFlash(
      request,
      supplierPath(id),
      changed === null
        ? { tone: "success", message: "Fournisseur ajouté au registre." }
        : changed.length > 0
          ? { tone: "success", message: "Fiche du fournisseur enregistrée." }
          : { tone: "info", message: "Aucune modification : la fiche est inchangée." },
    );
  } catch (error) {
    if (error instanceof SupplierSirenTakenError) {
      return refused(409, {
        intent,
        message: error.message,
        field: "siren",
        fieldErrors: { siren: [error.message] },
        fix: { href: supplierPath(error.other.id), label: `Ouvrir la fiche de ${error.other.legalName}` },
        values,
      });
    }
    if (error instanceof SupplierStaleError) {
      return refused(409, {
        intent,
        message: SUPPLIER_MESSAGES.stale(error.updatedByEmail, formatDateTime(error.updatedAt)),
        values,
      });
    }
    if (error instanceof SupplierNotFoundError) return refused(404, { intent, message: error.message });
    throw error;
  }
}

const PagePostSchema = z.object({
  intent: z.enum([SUPPLIER_INTENTS.archive, SUPPLIER_INTENTS.restore], { error: "Action inconnue." }),
});

/** A post of a supplier's page: archive it or restore it. */
export async function answerSupplierPost(context: SupplierActionContext, supplierId: string, form: FormData) {
  const { request, db, actor } = context;
  const parsed = PagePostSchema.safeParse(formValues(form));
  if (!parsed.success) return refused(400, { message: "Action inconnue." });
  const { intent } = parsed.data;
  const archive = intent === SUPPLIER_INTENTS.archive;
  try {
    const { legalName, alreadyDone } = await setSupplierArchived(db, actor, supplierId, archive);
    return redirectWithFlash(request, supplierPath(supplierId), {
      tone: alreadyDone ? "info" : "success",
      message: alreadyDone
        ? archive
          ? "Ce fournisseur était déjà archivé."
          : "Ce fournisseur était déjà dans le registre actif."
        : archive
          ? `« ${legalName} » est archivé : il n'apparaît plus dans la liste des fournisseurs actifs.`
          : `« ${legalName} » est de nouveau dans la liste des fournisseurs actifs.`,
    });
  } catch (error) {
    if (error instanceof SupplierNotFoundError) return refused(404, { intent, message: error.message });
    throw error;
  }
}
