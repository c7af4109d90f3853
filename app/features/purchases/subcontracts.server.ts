import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { jobSiteLots, jobSites, OPEN_JOB_SITE_STATUSES } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { subcontracts } from "#app/db/schema/subcontracts.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { formatCents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { SUBCONTRACT_MESSAGES, type SubcontractData } from "./subcontract-schema.ts";
import { checkVigilance, overrideVigilance, useVigilanceOverride } from "./vigilance.server.ts";

/*
 * Subcontracts (Achats › Sous-traitance): a part of a job site's work given to a
 * subcontractor of the register, reverse-charged by default (CGI 283-2 nonies). Creating
 * one is stopped by the duty of vigilance (./vigilance.server.ts) unless the owner passes
 * it with a written reason, kept in the supplier's history.
 */

export type SubcontractActor = { id: string; email: string; role: string };

export class SubcontractNotFoundError extends Error {
  override name = "SubcontractNotFoundError";
  constructor() {
    super(SUBCONTRACT_MESSAGES.notFound);
  }
}

/** A field that reads well but names what cannot be used (another kind of supplier, a lot of another site). */
export class SubcontractFieldError extends Error {
  override name = "SubcontractFieldError";
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The vigilance stops the contract: the reason, in French (409). */
export class VigilanceStopError extends Error {
  override name = "VigilanceStopError";
}

/**
 * Creates the contract, or throws: `VigilanceStopError` (the reason) unless `overrideReason`
 * is given by an owner, then kept with the contract's reference (`VigilanceOwnerOnlyError`
 * for anyone else, `VigilanceReasonError` for a reason too short).
 */
export async function createSubcontract(
  db: Database,
  actor: SubcontractActor,
  data: SubcontractData,
  { today = parisDay(), overrideReason = null }: { today?: IsoDay; overrideReason?: string | null } = {},
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    // One contract at a time per subcontractor: the 12 months' total is read, then grows.
    const [supplier] = await tx
      .select({
        id: suppliers.id,
        kind: suppliers.kind,
        legalName: suppliers.legalName,
        archivedAt: suppliers.archivedAt,
      })
      .from(suppliers)
      .where(eq(suppliers.id, data.supplierId))
      .for("update");
    if (supplier?.kind !== "sous_traitant" || supplier.archivedAt !== null) {
      throw new SubcontractFieldError("supplierId", SUBCONTRACT_MESSAGES.notSubcontractor);
    }
    const [site] = await tx
      .select({ id: jobSites.id, number: jobSites.number, title: jobSites.title })
      .from(jobSites)
      .where(eq(jobSites.id, data.jobSiteId));
    if (!site) throw new SubcontractFieldError("jobSiteId", SUBCONTRACT_MESSAGES.jobSiteMissing);
    if (data.lotId) {
      const [lot] = await tx
        .select({ id: jobSiteLots.id })
        .from(jobSiteLots)
        .where(and(eq(jobSiteLots.id, data.lotId), eq(jobSiteLots.jobSiteId, site.id)));
      if (!lot) throw new SubcontractFieldError("lotId", SUBCONTRACT_MESSAGES.lot);
    }
    let stop = await checkVigilance(tx, supplier.id, "subcontract", today, data.priceHt);
    if (stop !== null && overrideReason !== null) {
      await overrideVigilance(tx, actor, supplier.id, "subcontract", overrideReason, null, {
        today,
        stopReason: stop,
      });
      stop = await checkVigilance(tx, supplier.id, "subcontract", today, data.priceHt);
    }
    if (stop !== null) throw new VigilanceStopError(stop);
    const [created] = await tx
      .insert(subcontracts)
      .values({
        supplierId: supplier.id,
        jobSiteId: site.id,
        lotId: data.lotId,
        scope: data.scope,
        priceHtCents: data.priceHt,
        startOn: data.startOn,
        endOn: data.endOn,
        signedOn: data.signedOn,
        reverseCharge: data.reverseCharge,
        status: data.signedOn ? "signe" : "brouillon",
        createdBy: actor.id,
      })
      .returning({ id: subcontracts.id });
    if (!created) throw new Error("Contrat non enregistré.");
    await useVigilanceOverride(tx, supplier.id, "subcontract", created.id, today);
    const summary = `Contrat de sous-traitance : ${site.number} ${site.title}, ${formatCents(data.priceHt)} HT${data.reverseCharge ? " (autoliquidation)" : ""}`;
    const actorOf = { id: actor.id, email: actor.email };
    await recordActivity(tx, {
      subjectType: "fournisseur",
      subjectId: supplier.id,
      kind: "subcontract_created",
      summary,
      data: { subcontractId: created.id, jobSiteId: site.id },
      actor: actorOf,
    });
    await recordActivity(tx, {
      subjectType: "chantier",
      subjectId: site.id,
      kind: "subcontract_created",
      summary: `Sous-traitance confiée à ${supplier.legalName} : ${formatCents(data.priceHt)} HT`,
      data: { subcontractId: created.id, supplierId: supplier.id },
      actor: actorOf,
    });
    return created;
  });
}

const LIST_COLUMNS = {
  id: subcontracts.id,
  supplierId: subcontracts.supplierId,
  supplierName: suppliers.legalName,
  jobSiteId: subcontracts.jobSiteId,
  jobSiteNumber: jobSites.number,
  jobSiteTitle: jobSites.title,
  lotId: subcontracts.lotId,
  lotTitle: jobSiteLots.title,
  scope: subcontracts.scope,
  priceHtCents: subcontracts.priceHtCents,
  startOn: subcontracts.startOn,
  endOn: subcontracts.endOn,
  signedOn: subcontracts.signedOn,
  reverseCharge: subcontracts.reverseCharge,
  status: subcontracts.status,
  createdAt: subcontracts.createdAt,
};

function listQuery(db: DbExecutor) {
  return db
    .select(LIST_COLUMNS)
    .from(subcontracts)
    .innerJoin(suppliers, eq(suppliers.id, subcontracts.supplierId))
    .innerJoin(jobSites, eq(jobSites.id, subcontracts.jobSiteId))
    .leftJoin(jobSiteLots, eq(jobSiteLots.id, subcontracts.lotId));
}

export type SubcontractItem = Awaited<ReturnType<typeof listQuery>>[number];

/** The contracts, latest first: all of them, or one subcontractor's. 200 at most. */
export async function listSubcontracts(
  db: DbExecutor,
  { supplierId }: { supplierId?: string } = {},
): Promise<SubcontractItem[]> {
  if (supplierId !== undefined && !isUuid(supplierId)) return [];
  return listQuery(db)
    .where(supplierId ? eq(subcontracts.supplierId, supplierId) : undefined)
    .orderBy(desc(subcontracts.startOn), desc(subcontracts.createdAt))
    .limit(200);
}

export async function getSubcontract(db: DbExecutor, id: string): Promise<SubcontractItem> {
  if (!isUuid(id)) throw new SubcontractNotFoundError();
  const [row] = await listQuery(db).where(eq(subcontracts.id, id));
  if (!row) throw new SubcontractNotFoundError();
  return row;
}

/** What the form offers: the active subcontractors, the open job sites and their lots. */
export async function subcontractChoices(db: DbExecutor) {
  const [subcontractors, sites, lots] = await Promise.all([
    db
      .select({ id: suppliers.id, legalName: suppliers.legalName, trade: suppliers.trade })
      .from(suppliers)
      .where(and(eq(suppliers.kind, "sous_traitant"), sql`${suppliers.archivedAt} is null`))
      .orderBy(suppliers.legalName)
      .limit(500),
    db
      .select({ id: jobSites.id, number: jobSites.number, title: jobSites.title })
      .from(jobSites)
      .where(sql`${jobSites.status} in ${OPEN_JOB_SITE_STATUSES}`)
      .orderBy(desc(jobSites.number))
      .limit(500),
    db
      .select({ id: jobSiteLots.id, jobSiteId: jobSiteLots.jobSiteId, title: jobSiteLots.title })
      .from(jobSiteLots)
      .innerJoin(jobSites, eq(jobSites.id, jobSiteLots.jobSiteId))
      .where(sql`${jobSites.status} in ${OPEN_JOB_SITE_STATUSES}`)
      .orderBy(jobSiteLots.position)
      .limit(2000),
  ]);
  return { subcontractors, sites, lots };
}
