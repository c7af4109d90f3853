import { invalid, refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import {
  OverrideReasonSchema,
  SUBCONTRACT_INTENTS,
  SUBCONTRACT_MESSAGES,
  SubcontractSchema,
  SupplierDocumentSchema,
  subcontractPath,
  type VigilanceRefusalExtra,
} from "./subcontract-schema.ts";
import {
  createSubcontract,
  type SubcontractActor,
  SubcontractFieldError,
  VigilanceStopError,
} from "./subcontracts.server.ts";
import {
  addSupplierDocument,
  checkVigilance,
  VigilanceOwnerOnlyError,
  VigilanceReasonError,
  VigilanceSupplierNotFoundError,
} from "./vigilance.server.ts";
import { DOCUMENT_KIND_LABELS } from "./vigilance.ts";

/*
 * The posts of subcontracts and of the vigilance file: « Nouvelle sous-traitance » (intent
 * « creer », or « passer_outre » for the owner with a written reason when vigilance stops
 * it) and « Ajouter un document » on a supplier's page.
 */

export async function answerNewSubcontract(
  context: { request: Request; db: Database; actor: SubcontractActor },
  form: FormData,
) {
  const { request, db, actor } = context;
  const { intent, overrideReason: typedReason, ...values } = formValues(form);
  const allValues = { ...values, overrideReason: typedReason ?? "" };
  if (intent !== SUBCONTRACT_INTENTS.create && intent !== SUBCONTRACT_INTENTS.override) {
    return refused(400, { message: "Action inconnue." });
  }
  // A checkbox not ticked is not posted: reverse charge is off then.
  const parsed = SubcontractSchema.safeParse({ ...values, reverseCharge: form.get("reverseCharge") ?? "" });
  if (!parsed.success) return invalid(intent, parsed, { values: allValues });
  let overrideReason: string | null = null;
  if (intent === SUBCONTRACT_INTENTS.override) {
    // Refused before anything is tried: the stop's reason is given back for the page to show it.
    const stop = await checkVigilance(
      db,
      parsed.data.supplierId,
      "subcontract",
      parisDay(),
      parsed.data.priceHt,
    ).catch(() => null);
    const stopExtra = stop ? { vigilanceStop: stop, canOverride: actor.role === "owner" } : {};
    if (actor.role !== "owner") {
      return refused<VigilanceRefusalExtra>(403, {
        intent,
        message: SUBCONTRACT_MESSAGES.overrideOwnerOnly,
        values: allValues,
        ...stopExtra,
      });
    }
    const reason = OverrideReasonSchema.safeParse(typedReason ?? "");
    if (!reason.success) {
      return refused<VigilanceRefusalExtra>(400, {
        intent,
        message: SUBCONTRACT_MESSAGES.overrideReason,
        fieldErrors: { overrideReason: [SUBCONTRACT_MESSAGES.overrideReason] },
        values: allValues,
        ...stopExtra,
      });
    }
    overrideReason = reason.data;
  }
  try {
    const { id } = await createSubcontract(db, actor, parsed.data, { today: parisDay(), overrideReason });
    return redirectWithFlash(request, subcontractPath(id), {
      tone: "success",
      message: overrideReason
        ? "Contrat de sous-traitance enregistré : la raison de passer outre est gardée dans l'historique du sous-traitant."
        : "Contrat de sous-traitance enregistré.",
    });
  } catch (error) {
    if (error instanceof VigilanceStopError) {
      return refused<VigilanceRefusalExtra>(409, {
        intent,
        message: error.message,
        vigilanceStop: error.message,
        canOverride: actor.role === "owner",
        values: allValues,
      });
    }
    if (error instanceof SubcontractFieldError) {
      return refusedAt(400, intent, error, allValues);
    }
    if (error instanceof VigilanceOwnerOnlyError) {
      return refused(403, { intent, message: error.message, values: allValues });
    }
    if (error instanceof VigilanceReasonError) {
      return refused(400, {
        intent,
        message: error.message,
        fieldErrors: { overrideReason: [error.message] },
        values: allValues,
      });
    }
    throw error;
  }
}

/** « Ajouter un document »: the file checked by its bytes, stored; the supplier's page opens. */
export async function answerDocumentUpload(
  context: { request: Request; db: Database; storage: FileStorage; actor: { id: string; email: string } },
  supplierId: string,
  supplierHref: string,
  form: FormData,
) {
  const { request, db, storage, actor } = context;
  const { file: _file, ...values } = formValues(form);
  const parsed = SupplierDocumentSchema.safeParse(values);
  if (!parsed.success) return invalid("ajouter", parsed, { values });
  try {
    const outcome = await addSupplierDocument(
      { db, storage },
      actor,
      supplierId,
      parsed.data,
      form.get("file"),
    );
    if (!outcome.ok) {
      return refused(outcome.status, {
        intent: "ajouter",
        message: outcome.message,
        fieldErrors: outcome.fieldErrors,
        values,
      });
    }
    return redirectWithFlash(request, `${supplierHref}#fournisseur-vigilance`, {
      tone: "success",
      message: `${DOCUMENT_KIND_LABELS[parsed.data.kind]} ajouté au dossier du fournisseur.`,
    });
  } catch (error) {
    if (error instanceof VigilanceSupplierNotFoundError) {
      return refused(404, { intent: "ajouter", message: error.message });
    }
    throw error;
  }
}
