import { and, count, eq, max, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { jobSiteLots, jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { type QuoteContent, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { type ActivityInput, recordActivities } from "#app/lib/activity.server.ts";
import type { GeocodingConfig } from "#app/lib/geocoding.server.ts";
import { takeNextNumber } from "#app/lib/numbering.server.ts";
import type { DbTransaction } from "#app/lib/outbox.server.ts";
import { daysBetween, parisDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { formatKilometres, geocodeJobSite } from "./geocoding.server.ts";
import { shiftAssignments, shiftWords } from "./planning.server.ts";
import {
  type Actor,
  assertRevision,
  JobSiteConflictError,
  jobSiteSearchText,
  lockJobSite,
} from "./query.server.ts";
import {
  canMove,
  JOB_SITE_FIELD_NAMES,
  JOB_SITE_FIELDS,
  JOB_SITE_MESSAGES,
  JOB_SITE_STATUS_LABELS,
  type JobSiteData,
  type JobSiteStatus,
  OPEN_JOB_SITE_STATUSES,
} from "./schema.ts";

/*
 * Creating and changing job sites, each change written in the site's history in the
 * transaction that makes it. A site gets its CH number when it is created. With a
 * `geocoding` config, a new address is then geocoded, after the commit (./geocoding.server.ts).
 */

/** One lot's budget as the quotes feature works it out (app/features/quotes/lot-budget.ts). */
export type LotBudgetInput = {
  quoteLotId: string;
  title: string;
  saleHtCents: number;
  labourHoursMilli: number;
  materialsCents: number;
  estimatedCostCents: number | null;
};

/** The quote's lots → their budget at the loaded hourly cost (given by the route, which may read quotes). */
export type BudgetOfQuote = (content: QuoteContent, hourlyCostCents: number) => LotBudgetInput[];

export class JobSiteQuoteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobSiteQuoteError";
  }
}

const subject = (id: string) => ({ subjectType: "chantier" as const, subjectId: id });

async function hourlyCost(tx: DbTransaction): Promise<number> {
  const [settings] = await tx
    .select({ hourlyCostCents: companySettings.hourlyCostCents })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  if (!settings) {
    throw new JobSiteQuoteError(
      "Renseignez d'abord les paramètres de l'entreprise (coût horaire chargé) : le budget du chantier en dépend.",
    );
  }
  return settings.hourlyCostCents;
}

/** The accepted quote, locked, that is on no site yet. */
async function lockAcceptedQuote(tx: DbTransaction, quoteId: string) {
  if (!isUuid(quoteId)) throw new JobSiteQuoteError(JOB_SITE_MESSAGES.quote);
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
  if (!quote) throw new JobSiteQuoteError(JOB_SITE_MESSAGES.quote);
  if (quote.status !== "accepte" || !quote.number) {
    throw new JobSiteQuoteError("Seul un devis accepté par le client peut devenir un chantier.");
  }
  const [taken] = await tx
    .select({ number: jobSites.number })
    .from(jobSiteQuotes)
    .innerJoin(jobSites, eq(jobSites.id, jobSiteQuotes.jobSiteId))
    .where(eq(jobSiteQuotes.quoteSeriesId, quote.seriesId));
  if (taken) {
    throw new JobSiteConflictError(`Le devis ${quote.number} est déjà rattaché au chantier ${taken.number}.`);
  }
  return { ...quote, number: quote.number };
}

async function clientOf(tx: DbTransaction, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, anonymisedAt: clients.anonymisedAt })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new JobSiteQuoteError("Ce client n'existe pas ou a été supprimé.");
  if (client.anonymisedAt) {
    throw new JobSiteConflictError("Ce client a été anonymisé : aucun chantier ne peut lui être ouvert.");
  }
  return client;
}

/** Adds the quote's lots after the site's last ones, and the quote after its last quote. */
async function addQuoteToSite(
  tx: DbTransaction,
  jobSiteId: string,
  quote: { id: string; seriesId: string; content: QuoteContent },
  budgetOf: BudgetOfQuote,
): Promise<number> {
  const cost = await hourlyCost(tx);
  const lots = budgetOf(quote.content, cost);
  const [last] = await tx
    .select({ quotes: count(), position: max(jobSiteQuotes.position) })
    .from(jobSiteQuotes)
    .where(eq(jobSiteQuotes.jobSiteId, jobSiteId));
  const [lastLot] = await tx
    .select({ position: max(jobSiteLots.position) })
    .from(jobSiteLots)
    .where(eq(jobSiteLots.jobSiteId, jobSiteId));
  await tx.insert(jobSiteQuotes).values({
    jobSiteId,
    quoteSeriesId: quote.seriesId,
    quoteId: quote.id,
    position: last?.position === null || last?.position === undefined ? 0 : last.position + 1,
  });
  const firstLot = lastLot?.position === null || lastLot?.position === undefined ? 0 : lastLot.position + 1;
  if (lots.length > 0) {
    await tx.insert(jobSiteLots).values(
      lots.map((lot, index) => ({
        jobSiteId,
        quoteId: quote.id,
        quoteLotId: lot.quoteLotId,
        position: firstLot + index,
        title: lot.title,
        saleHtCents: lot.saleHtCents,
        labourHoursMilli: lot.labourHoursMilli,
        materialsCents: lot.materialsCents,
        estimatedCostCents: lot.estimatedCostCents,
        hourlyCostCents: cost,
      })),
    );
  }
  return lots.length;
}

/** The site row's columns from the form (or the quote): the form's fields, nothing else `data` may carry. */
function siteColumns(data: JobSiteData): JobSiteData {
  return Object.fromEntries(JOB_SITE_FIELDS.map((field) => [field, data[field]])) as JobSiteData;
}

async function insertSite(
  tx: DbTransaction,
  actor: Actor,
  client: { id: string; name: string },
  data: JobSiteData,
): Promise<{ id: string; number: string }> {
  const { number } = await takeNextNumber(tx, "chantier", new Date());
  const [site] = await tx
    .insert(jobSites)
    .values({
      ...siteColumns(data),
      number,
      clientId: client.id,
      searchText: jobSiteSearchText({ ...data, number, clientName: client.name }),
      createdBy: actor.id,
    })
    .returning({ id: jobSites.id, number: jobSites.number });
  if (!site) throw new Error("Chantier non enregistré.");
  return site;
}

const EMPTY_SITE: Omit<JobSiteData, "title" | "siteStreet" | "sitePostalCode" | "siteCity"> = {
  accessCode: "",
  keys: "",
  contactName: "",
  contactPhone: "",
  parking: "",
  constraints: "",
  notes: "",
  plannedStart: null,
  plannedEnd: null,
  actualStart: null,
  actualEnd: null,
};

/**
 * A new site from an accepted quote: its client, its title, its site address, its
 * estimated start as the planned start, and its lots' budget. The quote's history says so.
 */
export async function createJobSiteFromQuote(
  db: Database,
  actor: Actor,
  quoteId: string,
  budgetOf: BudgetOfQuote,
  geocoding?: GeocodingConfig,
): Promise<{ id: string; number: string }> {
  const created = await db.transaction(async (tx) => {
    const quote = await lockAcceptedQuote(tx, quoteId);
    const client = await clientOf(tx, quote.clientId);
    const { site: address, terms } = quote.content;
    const site = await insertSite(tx, actor, client, {
      ...EMPTY_SITE,
      title: quote.title,
      siteStreet: address.street,
      sitePostalCode: /^\d{5}$/.test(address.postalCode) ? address.postalCode : "",
      siteCity: address.city.trim() || "—",
      plannedStart: terms.startOn,
    });
    const lotCount = await addQuoteToSite(tx, site.id, quote, budgetOf);
    await recordActivities(tx, [
      {
        ...subject(site.id),
        kind: "created",
        summary: `Chantier créé depuis le devis ${quote.number} (${lotCount} ${lotCount > 1 ? "lots" : "lot"})`,
        data: { quoteId: quote.id, number: site.number },
        actor,
      },
      {
        subjectType: "devis",
        subjectId: quote.id,
        kind: "job_site",
        summary: `Chantier ${site.number} créé`,
        data: { jobSiteId: site.id },
        actor,
      },
    ]);
    return site;
  });
  if (geocoding) await geocodeJobSite(db, geocoding, created.id);
  return created;
}

/** A supplementary quote of the same client joins an open site: its lots add to the budget. */
export async function attachQuoteToJobSite(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  quoteId: string,
  budgetOf: BudgetOfQuote,
): Promise<{ id: string; number: string }> {
  return db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    const quote = await lockAcceptedQuote(tx, quoteId);
    if (quote.clientId !== site.clientId) {
      throw new JobSiteConflictError(
        `Le devis ${quote.number} est celui d'un autre client : il ne peut pas rejoindre le chantier ${site.number}.`,
      );
    }
    if (!OPEN_JOB_SITE_STATUSES.includes(site.status)) {
      throw new JobSiteConflictError(
        `Le chantier ${site.number} est ${JOB_SITE_STATUS_LABELS[site.status].toLowerCase()} : ouvrez un nouveau chantier pour ce devis.`,
      );
    }
    const lotCount = await addQuoteToSite(tx, site.id, quote, budgetOf);
    await tx
      .update(jobSites)
      .set({ revision: sql`${jobSites.revision} + 1`, updatedAt: new Date() })
      .where(eq(jobSites.id, site.id));
    await recordActivities(tx, [
      {
        ...subject(site.id),
        kind: "quote_added",
        summary: `Devis ${quote.number} rattaché (travaux supplémentaires, ${lotCount} ${lotCount > 1 ? "lots" : "lot"})`,
        data: { quoteId: quote.id },
        actor,
      },
      {
        subjectType: "devis",
        subjectId: quote.id,
        kind: "job_site",
        summary: `Rattaché au chantier ${site.number}`,
        data: { jobSiteId: site.id },
        actor,
      },
    ]);
    return { id: site.id, number: site.number };
  });
}

/** A site opened by hand for a client (its lots come with the quotes that join it). */
export async function createJobSite(
  db: Database,
  actor: Actor,
  clientId: string,
  data: JobSiteData,
  geocoding?: GeocodingConfig,
): Promise<{ id: string; number: string }> {
  const created = await db.transaction(async (tx) => {
    if (!isUuid(clientId)) throw new JobSiteQuoteError(JOB_SITE_MESSAGES.client);
    const client = await clientOf(tx, clientId);
    const site = await insertSite(tx, actor, client, data);
    await recordActivities(tx, [
      {
        ...subject(site.id),
        kind: "created",
        summary: "Chantier créé",
        data: { number: site.number },
        actor,
      },
    ]);
    return site;
  });
  if (geocoding) await geocodeJobSite(db, geocoding, created.id);
  return created;
}

function shown(value: string | null): string {
  return value === null || value === "" ? "—" : value;
}

const ADDRESS_FIELDS = ["siteStreet", "sitePostalCode", "siteCity"] as const;

/**
 * Saves the site's form; the history names each field that changed, with before and after.
 * A new address drops the old position and the distance typed for it, then is geocoded.
 */
export async function updateJobSite(
  db: Database,
  actor: Actor,
  id: string,
  revision: number,
  data: JobSiteData,
  geocoding?: GeocodingConfig,
): Promise<void> {
  const moved = await db.transaction(async (tx) => {
    const site = await lockJobSite(tx, id);
    assertRevision(site, revision);
    const next = siteColumns(data);
    const changed = JOB_SITE_FIELDS.filter((field) => (site[field] ?? null) !== (next[field] ?? null));
    if (changed.length === 0) return false;
    const addressChanged = ADDRESS_FIELDS.some((field) => changed.includes(field));
    const [client] = await tx
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, site.clientId));
    await tx
      .update(jobSites)
      .set({
        ...next,
        searchText: jobSiteSearchText({ ...data, number: site.number, clientName: client?.name ?? "" }),
        ...(addressChanged
          ? { siteLatitude: null, siteLongitude: null, geocodingStatus: null, distanceOverrideMetres: null }
          : {}),
        revision: site.revision + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(jobSites.id, id), eq(jobSites.revision, revision)));
    // The team follows the site: a new planned start moves its assignments by as much.
    const shift =
      site.plannedStart && next.plannedStart ? daysBetween(site.plannedStart, next.plannedStart) : 0;
    const moved = await shiftAssignments(tx, id, shift);
    const droppedDistance =
      addressChanged && site.distanceOverrideMetres !== null
        ? ` ; distance du siège saisie (${formatKilometres(site.distanceOverrideMetres)}) effacée`
        : "";
    const events: ActivityInput[] = [
      {
        ...subject(id),
        kind: "updated",
        summary: `Fiche modifiée : ${changed.map((field) => JOB_SITE_FIELD_NAMES[field]).join(", ")}${moved > 0 ? ` ; équipe décalée de ${shiftWords(shift)}` : ""}${droppedDistance}`,
        data: Object.fromEntries(
          changed.map((field) => [field, { avant: shown(site[field]), apres: shown(next[field]) }]),
        ),
        actor,
      },
    ];
    await recordActivities(tx, events);
    return addressChanged;
  });
  if (moved && geocoding) await geocodeJobSite(db, geocoding, id);
}

/**
 * A status move the page offers (JOB_SITE_MOVES). « Planifié » needs the planned dates;
 * starting the work records today (Paris) as the actual start when none is set.
 */
export async function moveJobSite(
  db: Database,
  actor: Actor,
  id: string,
  revision: number,
  to: JobSiteStatus,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await lockJobSite(tx, id);
    assertRevision(site, revision);
    if (!canMove(site.status, to)) throw new JobSiteConflictError(JOB_SITE_MESSAGES.move);
    if (to === "planifie" && (!site.plannedStart || !site.plannedEnd)) {
      throw new JobSiteConflictError(JOB_SITE_MESSAGES.plannedToPlan);
    }
    const actualStart = to === "en_cours" && !site.actualStart ? parisDay(now) : site.actualStart;
    await tx
      .update(jobSites)
      .set({ status: to, actualStart, revision: site.revision + 1, updatedAt: now })
      .where(eq(jobSites.id, id));
    await recordActivities(tx, [
      {
        ...subject(id),
        kind: "status",
        summary: `Statut : ${JOB_SITE_STATUS_LABELS[site.status]} → ${JOB_SITE_STATUS_LABELS[to]}`,
        data: { from: site.status, to, ...(actualStart !== site.actualStart ? { actualStart } : {}) },
        actor,
      },
    ]);
  });
}
