import { invalid, refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues, parseIntent } from "#app/lib/form-intent.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { z } from "#app/lib/zod.ts";
import { isMatchingIntent } from "./supplier-invoice-matching.ts";
import { answerMatchingPost } from "./supplier-invoice-matching-actions.server.ts";
import {
  MAX_IMPORT_FILES,
  ManualInvoiceSchema,
  parseAllocations,
  SUPPLIER_INVOICE_INTENTS,
  SUPPLIER_INVOICE_MESSAGES,
  SupplierInvoicePostSchema,
  supplierInvoicePath,
} from "./supplier-invoice-schema.ts";
import {
  type Actor,
  allocateSupplierInvoice,
  confirmSupplierFromInvoice,
  getSupplierInvoice,
  type ImportOutcome,
  importSupplierInvoiceFile,
  recordManualInvoice,
  SupplierInvoiceError,
  SupplierInvoiceNotFoundError,
  setSupplierInvoiceStatus,
} from "./supplier-invoices.server.ts";
import { checkVigilance, readOverride } from "./vigilance.server.ts";
import { overrideRefusal, vigilanceRefusal } from "./vigilance-refusal.server.ts";

/*
 * The posts of Achats › Factures fournisseurs: the import page (files dropped; the
 * supplier created from an invoice once confirmed; a plain PDF or a photo typed by hand)
 * and the invoice's page (payment statuses, allocation to job sites and lots).
 */

export type SupplierInvoiceActionContext = {
  request: Request;
  services: { db: Database; storage: FileStorage };
  /** Who acts; their role says whether they may pass a vigilance stop (the owner only). */
  actor: Actor & { role?: string };
};

/** The import page's answer: what became of each file. */
export type ImportAnswer = { ok: true; outcomes: ImportOutcome[] };

const ConfirmSchema = z.object({
  intent: z.literal("creer_fournisseur"),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, SUPPLIER_INVOICE_MESSAGES.staged),
  fileName: z.string().max(200),
});

function errorRefusal(error: unknown, intent: string, values?: Record<string, string>) {
  if (error instanceof SupplierInvoiceError) {
    return refusedAt(error.status, intent, error, values);
  }
  if (error instanceof SupplierInvoiceNotFoundError) return refused(404, { intent, message: error.message });
  return null;
}

/** « Importer »: every file read and recorded, staged, or refused; the page lists each outcome. */
export async function answerImportPost(context: SupplierInvoiceActionContext, form: FormData) {
  const { request, services, actor } = context;
  const intent = String(form.get("intent") ?? "importer");
  const { files: _files, ...values } = formValues(form);
  try {
    if (intent === "importer") {
      const files = form
        .getAll("files")
        .filter((entry): entry is File => entry instanceof File && entry.size > 0);
      if (files.length === 0) {
        return refused(400, {
          intent,
          message: SUPPLIER_INVOICE_MESSAGES.noFile,
          field: "files",
          fieldErrors: { files: [SUPPLIER_INVOICE_MESSAGES.noFile] },
        });
      }
      if (files.length > MAX_IMPORT_FILES) {
        return refused(413, {
          intent,
          message: SUPPLIER_INVOICE_MESSAGES.tooManyFiles,
          field: "files",
          fieldErrors: { files: [SUPPLIER_INVOICE_MESSAGES.tooManyFiles] },
        });
      }
      const outcomes: ImportOutcome[] = [];
      for (const file of files) {
        const bytes = new Uint8Array(await file.arrayBuffer());
        outcomes.push(await importSupplierInvoiceFile(services, actor, file.name.slice(0, 200), bytes));
      }
      // One file only, refused: the post is refused (400) with the reader's message.
      const [only] = outcomes;
      if (outcomes.length === 1 && only?.kind === "refused") {
        return refused<{ outcomes: ImportOutcome[] }>(
          only.message.startsWith("Ce fichier a déjà été importé") ? 409 : 400,
          {
            intent,
            message: only.message,
            field: "files",
            fieldErrors: { files: [only.message] },
            outcomes,
          },
        );
      }
      return { ok: true as const, outcomes } satisfies ImportAnswer;
    }
    if (intent === "creer_fournisseur") {
      const parsed = ConfirmSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed);
      const outcome = await confirmSupplierFromInvoice(
        services,
        actor,
        parsed.data.sha256,
        parsed.data.fileName,
      );
      if (outcome.kind === "recorded") {
        return redirectWithFlash(request, supplierInvoicePath(outcome.id), {
          tone: "success",
          message: `Fournisseur créé et facture ${outcome.number} enregistrée.`,
        });
      }
      return refused(outcome.kind === "refused" ? 409 : 400, {
        intent,
        message: outcome.kind === "refused" ? outcome.message : SUPPLIER_INVOICE_MESSAGES.staged,
      });
    }
    if (intent === "saisir") {
      const parsed = ManualInvoiceSchema.safeParse(values);
      if (!parsed.success) return invalid(intent, parsed, { values });
      const id = await recordManualInvoice(services, actor, parsed.data);
      return redirectWithFlash(request, supplierInvoicePath(id), {
        tone: "success",
        message: `Facture ${parsed.data.number} enregistrée.`,
      });
    }
    return refused(400, { message: "Action inconnue." });
  } catch (error) {
    const refusal = errorRefusal(error, intent, values);
    if (refusal) return refusal;
    throw error;
  }
}

/** A post of the invoice's page: « Marquer payée », « En litige », « Remettre à payer », « Répartir ». */
export async function answerSupplierInvoicePost(
  context: SupplierInvoiceActionContext,
  invoiceId: string,
  form: FormData,
) {
  const { request, services, actor } = context;
  // Matching (« Rapprochement ») has its own posts: supplier-invoice-matching-actions.server.ts.
  if (isMatchingIntent(form.get("intent"))) return answerMatchingPost(context, invoiceId, form);
  const post = parseIntent(SupplierInvoicePostSchema, form);
  const { intent: _intent, ...values } = formValues(form);
  if (!post.ok) {
    if (post.unknown) return refused(400, { message: "Action inconnue." });
    return invalid(post.intent, { success: false, error: post.error }, { values });
  }
  const { data } = post;
  try {
    let message: string;
    if (data.intent === SUPPLIER_INVOICE_INTENTS.paid) {
      const override = readOverride(form, actor.role);
      if (!override.ok) return await paymentOverrideRefusal(services.db, invoiceId, override, actor, values);
      const { overridden } = await setSupplierInvoiceStatus(services.db, actor, invoiceId, {
        to: "payee",
        paidOn: data.paidOn,
        paymentMethod: data.paymentMethod,
        paymentReference: data.paymentReference,
        overrideReason: override.reason,
      });
      message = overridden
        ? "Facture marquée payée : la raison de passer outre est gardée dans l'historique du sous-traitant."
        : "Facture marquée payée.";
    } else if (data.intent === SUPPLIER_INVOICE_INTENTS.dispute) {
      await setSupplierInvoiceStatus(services.db, actor, invoiceId, {
        to: "en_litige",
        disputeReason: data.disputeReason,
      });
      message = "Facture mise en litige.";
    } else if (data.intent === SUPPLIER_INVOICE_INTENTS.reopen) {
      await setSupplierInvoiceStatus(services.db, actor, invoiceId, { to: "a_payer" });
      message = "Facture remise à payer.";
    } else {
      const rows = parseAllocations(values);
      if (!rows.ok) {
        return refusedAt(400, post.intent, rows, values);
      }
      await allocateSupplierInvoice(services.db, actor, invoiceId, rows.rows);
      message = "Répartition enregistrée : les chantiers en tiennent compte.";
    }
    return redirectWithFlash(request, supplierInvoicePath(invoiceId), { tone: "success", message });
  } catch (error) {
    const stopped = vigilanceRefusal(error, post.intent, actor.role, values);
    if (stopped) return stopped;
    const refusal = errorRefusal(error, post.intent, values);
    if (refusal) return refusal;
    throw error;
  }
}

/** « Passer outre » on a payment refused before anything is tried (403, 400), the stop given back. */
async function paymentOverrideRefusal(
  db: Database,
  invoiceId: string,
  problem: { status: 400 | 403; message: string; field?: string },
  actor: { role?: string },
  values: Record<string, string>,
) {
  const invoice = await getSupplierInvoice(db, invoiceId).catch(() => null);
  const stop = invoice ? await checkVigilance(db, invoice.supplierId, "payment", parisDay()) : null;
  return overrideRefusal(problem, SUPPLIER_INVOICE_INTENTS.paid, stop, actor.role, values);
}
