import { requirePermission } from "#app/features/auth/session.server.ts";
import { previewInvoiceDraft } from "#app/features/invoices/issue.server.ts";
import {
  InvoiceNotFoundError,
  InvoiceNotIssuableError,
  InvoiceStateError,
} from "#app/features/invoices/query.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { inlineFile } from "#app/lib/file-response.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/apercu";

export const handle = { permission: "devis" } satisfies RouteHandle;

const refused = (status: number, message: string) =>
  Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * GET /erp/factures/:id/apercu.pdf: « Aperçu PDF » of a draft invoice or credit note,
 * the document « Émettre » would produce now, without a number and marked « Brouillon –
 * sans valeur » on every page. Rendered for this request only: nothing is stored or
 * registered. An issued invoice's PDF is /erp/factures/:id/pdf.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  let bytes: Buffer;
  try {
    bytes = await previewInvoiceDraft(db, await documentIdentity(db), params.id);
  } catch (error) {
    if (error instanceof InvoiceNotFoundError) return refused(404, error.message);
    if (error instanceof InvoiceNotIssuableError) {
      return refused(409, `L'aperçu n'est pas possible : ${error.missing.join(" ")}`);
    }
    if (error instanceof InvoiceStateError) return refused(409, error.message);
    throw error;
  }
  return inlineFile(bytes, "application/pdf", `apercu-brouillon-${params.id.slice(0, 8)}.pdf`);
}
