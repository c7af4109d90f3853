import type { z } from "zod";
import { invalid, refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues, parseIntent } from "#app/lib/form-intent.ts";
import { readPaperScan, type ScanType } from "#app/lib/paper-scan.server.ts";
import { newStorageKey } from "#app/lib/storage.server.ts";
import {
  addExpense,
  CostFieldError,
  deleteExpense,
  recordProgress,
  type StoredReceipt,
} from "./costs.server.ts";
import { formatKilometres, setJobSiteDistance } from "./geocoding.server.ts";
import {
  AssignmentFieldError,
  addAssignment,
  conflictSentence,
  removeAssignment,
  shiftJobSite,
  shiftWords,
} from "./planning.server.ts";
import { JobSiteConflictError, JobSiteNotFoundError } from "./query.server.ts";
import {
  JOB_SITE_STATUS_LABELS,
  JobSiteEditSchema,
  JobSitePostSchema,
  NewJobSitePostSchema,
} from "./schema.ts";
import {
  attachQuoteToJobSite,
  type BudgetOfQuote,
  createJobSite,
  createJobSiteFromQuote,
  JobSiteQuoteError,
  moveJobSite,
  updateJobSite,
} from "./write.server.ts";

/*
 * The work of the job sites' form posts: « Nouveau chantier » (from an accepted quote, a
 * quote joining an open site, or by hand), the site's status moves and its form.
 * `jobSiteRefusal` turns the feature's errors into THE refusal.
 */

export type JobSiteActionContext = {
  request: Request;
  services: AppServices;
  actor: { id: string; email: string };
};

/** A post the page's union refused: « Action inconnue. » or the fields' messages, with what was typed. */
function refusedPost(form: FormData, post: { intent: string; unknown: boolean; error?: z.ZodError }) {
  if (post.unknown || !post.error) return refused(400, { message: "Action inconnue." });
  const { intent: _intent, ...values } = formValues(form);
  return invalid(post.intent, { success: false, error: post.error }, { values });
}

/** A job-sites error → THE refusal of the intent it answers; null for an error the page does not expect. */
export function jobSiteRefusal(error: unknown, intent: string, values?: Record<string, string>) {
  if (error instanceof CostFieldError || error instanceof AssignmentFieldError) {
    return refusedAt(400, intent, error, values);
  }
  if (error instanceof JobSiteNotFoundError) return refused(404, { intent, message: error.message });
  if (error instanceof JobSiteQuoteError) return refused(400, { intent, message: error.message, values });
  if (error instanceof JobSiteConflictError) return refused(409, { intent, message: error.message, values });
  return null;
}

const RECEIPT_EXTENSIONS: Record<ScanType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/**
 * An expense's receipt (« justificatif »), optional: a phone photo or a PDF, checked by its
 * bytes (app/lib/paper-scan.server.ts), then stored. Null when none was joined.
 */
async function storeReceipt(
  services: AppServices,
  file: FormDataEntryValue | null,
): Promise<
  StoredReceipt | { refusal: (values: Record<string, string>) => ReturnType<typeof refused> } | null
> {
  if (!(file instanceof File) || file.size === 0) return null;
  const scan = await readPaperScan(file, "du justificatif");
  if (!scan.ok) {
    return {
      refusal: (values) =>
        refused(scan.status, {
          intent: "depense",
          message: scan.message,
          field: "receipt",
          fieldErrors: { receipt: scan.fieldErrors.scan },
          values,
        }),
    };
  }
  const storageKey = newStorageKey("justificatifs", RECEIPT_EXTENSIONS[scan.type]);
  await services.storage.put(storageKey, scan.bytes, scan.type);
  return { storageKey, contentType: scan.type };
}

async function answer(
  intent: string,
  work: () => Promise<Response | ReturnType<typeof refused>>,
  values?: Record<string, string>,
) {
  try {
    return await work();
  } catch (error) {
    const refusal = jobSiteRefusal(error, intent, values);
    if (refusal) return refusal;
    throw error;
  }
}

/** « Nouveau chantier »: the site is created (or the quote joins one), then its page opens. */
export async function answerNewJobSitePost(
  context: JobSiteActionContext,
  form: FormData,
  budgetOf: BudgetOfQuote,
) {
  const { request, services, actor } = context;
  const post = parseIntent(NewJobSitePostSchema, form);
  if (!post.ok) return refusedPost(form, post);
  const { data } = post;
  const values = formValues(form);
  return answer(
    data.intent,
    async () => {
      if (data.intent === "rattacher") {
        const site = await attachQuoteToJobSite(services.db, actor, data.jobSiteId, data.quoteId, budgetOf);
        return redirectWithFlash(request, `/erp/chantiers/${site.id}`, {
          tone: "success",
          message: `Le devis a rejoint le chantier ${site.number} ; ses lots s'ajoutent au budget.`,
        });
      }
      const site =
        data.intent === "depuis-devis"
          ? await createJobSiteFromQuote(services.db, actor, data.quoteId, budgetOf, services.env)
          : await createJobSite(services.db, actor, data.clientId, data, services.env);
      return redirectWithFlash(request, `/erp/chantiers/${site.id}`, {
        tone: "success",
        message: `Chantier ${site.number} créé.`,
      });
    },
    values,
  );
}

/** The site's page: a status move, the lots' progress, an expense added or deleted, the distance typed. */
export async function answerJobSitePost(context: JobSiteActionContext, jobSiteId: string, form: FormData) {
  const { request, services, actor } = context;
  const post = parseIntent(JobSitePostSchema, form);
  if (!post.ok) return refusedPost(form, post);
  const { data } = post;
  // A receipt is a file: never sent back as typed text.
  const { receipt: _receipt, ...values } = formValues(form);
  const back = (message: string) =>
    redirectWithFlash(request, `/erp/chantiers/${jobSiteId}`, { tone: "success", message });
  return answer(
    data.intent,
    async () => {
      switch (data.intent) {
        case "statut":
          await moveJobSite(services.db, actor, jobSiteId, data.revision, data.status);
          return back(`Chantier ${JOB_SITE_STATUS_LABELS[data.status].toLowerCase()}.`);
        case "avancement": {
          const count = await recordProgress(services.db, actor, jobSiteId, data.recordedOn, values);
          return back(count > 1 ? `Avancement enregistré pour ${count} lots.` : "Avancement enregistré.");
        }
        case "depense": {
          const receipt = await storeReceipt(services, form.get("receipt"));
          if (receipt && "refusal" in receipt) return receipt.refusal(values);
          try {
            await addExpense(services.db, actor, jobSiteId, data, new Date(), receipt);
          } catch (error) {
            // The expense was refused: its receipt goes too, nothing stays stored.
            if (receipt) await services.storage.delete(receipt.storageKey);
            throw error;
          }
          return back(
            receipt ? "Dépense ajoutée au chantier, avec son justificatif." : "Dépense ajoutée au chantier.",
          );
        }
        case "supprimer-depense": {
          const receiptKey = await deleteExpense(services.db, actor, jobSiteId, data.expenseId);
          if (receiptKey) await services.storage.delete(receiptKey);
          return back("Dépense supprimée.");
        }
        case "affecter": {
          const { intent: _intent, ...assignment } = data;
          const conflicts = await addAssignment(services.db, actor, jobSiteId, assignment);
          if (conflicts.length === 0) return back("Affectation enregistrée.");
          const shown = conflicts.slice(0, 3).map(conflictSentence).join(" ; ");
          const more = conflicts.length > 3 ? ` (et ${conflicts.length - 3} autres demi-journées)` : "";
          return redirectWithFlash(request, `/erp/chantiers/${jobSiteId}`, {
            tone: "info",
            message: `Affectation enregistrée, avec un conflit : ${shown}${more}.`,
          });
        }
        case "retirer-affectation":
          await removeAssignment(services.db, actor, jobSiteId, data.assignmentId);
          return back("Affectation retirée.");
        case "decaler": {
          const { moved } = await shiftJobSite(services.db, actor, jobSiteId, data.revision, data.days);
          return back(`Chantier décalé de ${shiftWords(data.days)}${moved > 0 ? ", avec son équipe" : ""}.`);
        }
        case "distance":
          await setJobSiteDistance(services.db, actor, jobSiteId, data.distanceKm);
          return back(`Distance du siège enregistrée : ${formatKilometres(data.distanceKm)}.`);
        case "effacer-distance":
          await setJobSiteDistance(services.db, actor, jobSiteId, null);
          return back("Distance du siège saisie effacée.");
      }
    },
    values,
  );
}

/** The edit page: the site's form. */
export async function answerJobSiteEdit(context: JobSiteActionContext, jobSiteId: string, form: FormData) {
  const { request, services, actor } = context;
  const post = parseIntent(JobSiteEditSchema, form);
  if (!post.ok) return refusedPost(form, post);
  const { intent, revision, ...data } = post.data;
  return answer(
    intent,
    async () => {
      await updateJobSite(services.db, actor, jobSiteId, revision, data, services.env);
      return redirectWithFlash(request, `/erp/chantiers/${jobSiteId}`, {
        tone: "success",
        message: "Fiche du chantier enregistrée.",
      });
    },
    formValues(form),
  );
}
