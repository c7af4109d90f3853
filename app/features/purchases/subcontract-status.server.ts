import { eq } from "drizzle-orm";
import { refused } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { type SubcontractStatus, subcontracts } from "#app/db/schema/subcontracts.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  SUBCONTRACT_STATUS_INTENTS,
  SUBCONTRACT_STATUS_LABELS,
  SUBCONTRACT_STATUS_MESSAGES,
  type SubcontractStatusIntent,
  subcontractPath,
  subcontractStatusActions,
} from "./subcontract-schema.ts";
import { SubcontractNotFoundError } from "./subcontracts.server.ts";

/*
 * A contract's life after it is entered: a signed contract is « Terminé » once the work is
 * done; a draft or a signed contract can be « Annulé » (it then no longer counts in the
 * subcontractor's 12 months' total the vigilance threshold reads). Each change is kept in
 * the history of the subcontractor and of the job site.
 */

export class SubcontractStateError extends Error {
  override name = "SubcontractStateError";
}

const NEXT: Record<SubcontractStatusIntent, SubcontractStatus> = {
  [SUBCONTRACT_STATUS_INTENTS.finish]: "termine",
  [SUBCONTRACT_STATUS_INTENTS.cancel]: "annule",
};

export async function changeSubcontractStatus(
  db: Database,
  actor: { id: string; email: string },
  id: string,
  intent: SubcontractStatusIntent,
): Promise<SubcontractStatus> {
  if (!isUuid(id)) throw new SubcontractNotFoundError();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: subcontracts.status,
        supplierId: subcontracts.supplierId,
        jobSiteId: subcontracts.jobSiteId,
        priceHtCents: subcontracts.priceHtCents,
        supplierName: suppliers.legalName,
        siteNumber: jobSites.number,
      })
      .from(subcontracts)
      .innerJoin(suppliers, eq(suppliers.id, subcontracts.supplierId))
      .innerJoin(jobSites, eq(jobSites.id, subcontracts.jobSiteId))
      .where(eq(subcontracts.id, id))
      .for("update", { of: subcontracts });
    if (!row) throw new SubcontractNotFoundError();
    if (!subcontractStatusActions(row.status).includes(intent)) {
      throw new SubcontractStateError(
        intent === SUBCONTRACT_STATUS_INTENTS.finish
          ? SUBCONTRACT_STATUS_MESSAGES.finishNotSigned
          : SUBCONTRACT_STATUS_MESSAGES.cancelClosed,
      );
    }
    const status = NEXT[intent];
    await tx.update(subcontracts).set({ status, updatedAt: new Date() }).where(eq(subcontracts.id, id));
    const label = SUBCONTRACT_STATUS_LABELS[status].toLowerCase();
    const actorOf = { id: actor.id, email: actor.email };
    const data = { subcontractId: id, from: row.status, to: status };
    await recordActivity(tx, {
      subjectType: "fournisseur",
      subjectId: row.supplierId,
      kind: `subcontract_${status}`,
      summary: `Contrat de sous-traitance ${row.siteNumber} (${formatCents(row.priceHtCents)} HT) ${label}`,
      data,
      actor: actorOf,
    });
    await recordActivity(tx, {
      subjectType: "chantier",
      subjectId: row.jobSiteId,
      kind: `subcontract_${status}`,
      summary: `Sous-traitance de ${row.supplierName} (${formatCents(row.priceHtCents)} HT) ${label}`,
      data,
      actor: actorOf,
    });
    return status;
  });
}

const INTENTS = new Set<string>(Object.values(SUBCONTRACT_STATUS_INTENTS));

/** The post of a contract's page: the change made and the page again, or a refusal (400, 404, 409). */
export async function answerSubcontractPost(
  context: { request: Request; db: Database; actor: { id: string; email: string } },
  id: string,
  form: FormData,
) {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !INTENTS.has(intent)) {
    return refused(400, { message: SUBCONTRACT_STATUS_MESSAGES.unknownIntent });
  }
  try {
    const status = await changeSubcontractStatus(
      context.db,
      context.actor,
      id,
      intent as SubcontractStatusIntent,
    );
    return redirectWithFlash(context.request, subcontractPath(id), {
      tone: "success",
      message:
        status === "termine" ? SUBCONTRACT_STATUS_MESSAGES.finished : SUBCONTRACT_STATUS_MESSAGES.cancelled,
    });
  } catch (error) {
    if (error instanceof SubcontractNotFoundError) return refused(404, { intent, message: error.message });
    if (error instanceof SubcontractStateError) return refused(409, { intent, message: error.message });
    throw error;
  }
}
