import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { type QuoteRow, quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions } from "#app/db/schema/receptions.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import {
  type ActivityActor,
  type ActivityEvent,
  listActivity,
  recordActivities,
} from "#app/lib/activity.server.ts";
import { complianceFacts } from "#app/lib/compliance.server.ts";
import { documentParty } from "#app/lib/document-party.ts";
import { MoneyError } from "#app/lib/money.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { foldText } from "#app/lib/search-text.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { emptyQuoteContent, type QuoteContent, type QuoteStatus, quoteDisplayNumber } from "./content.ts";
import type { QuoteClientFacts, QuoteCompanyFacts } from "./mentions.ts";
import { quoteTotals } from "./totals.ts";

/*
 * The quotes' life on the server: create a draft (from a client, or from a lead already
 * converted into one), save it (whole, over the revision the editor loaded), read one,
 * make the next version of a sent quote, delete a draft. Every change writes one line of
 * history on the quote, and on the client when it matters to them. The list is in
 * ./list.server.ts; sending, the PDF and the client's answer live in ./send.server.ts.
 */

export type QuoteActor = { id: string; email: string };

/** The facts of a quote's client for a PDF or a page. */
export function clientFacts(
  client: typeof clients.$inferSelect,
): QuoteClientFacts & { id: string; phone: string | null } {
  return {
    id: client.id,
    ...documentParty(client),
    phone: client.phone,
    anonymised: client.anonymisedAt !== null,
  };
}

export class QuoteNotFoundError extends namedError(
  "QuoteNotFoundError",
  "Ce devis n'existe pas ou a été supprimé.",
) {}

/** A change the quote's state forbids (a sent version edited, a draft of an anonymised client…): 409. */
export class QuoteStateError extends namedError("QuoteStateError") {}

/** A save over an older revision: 409, nothing lost (the editor keeps what was typed). */
export class QuoteConflictError extends Error {
  override name = "QuoteConflictError";
  constructor() {
    super(
      "Ce devis a été modifié ailleurs depuis que vous l'avez ouvert : rechargez la page pour voir sa dernière version (vos saisies restent affichées tant que vous ne quittez pas la page).",
    );
  }
}

/** Figures a document cannot carry (an amount beyond the limits): 400 with the message. */
export class QuoteInputError extends namedError("QuoteInputError") {}

export function isQuoteId(id: string | undefined | null): id is string {
  return isUuid(id);
}

function activityActor(actor: QuoteActor | null): ActivityActor {
  return actor ? { id: actor.id, email: actor.email } : { id: null, email: "système" };
}

/** The quote's words for the list's search: its number and title, folded (the client's are searched on the client). */
export function quoteSearchText(number: string | null, title: string, siteCity: string): string {
  return foldText([number ?? "", title, siteCity].join(" "));
}

type CompanyDefaults = {
  validityDays: number;
  paymentTerms: string;
  hourlyCostCents: number;
} & QuoteCompanyFacts;

export async function companyDefaults(db: DbExecutor): Promise<CompanyDefaults> {
  const [row] = await db
    .select({
      validityDays: companySettings.quoteValidityDays,
      paymentTerms: companySettings.paymentTermsText,
      hourlyCostCents: companySettings.hourlyCostCents,
      bankHolder: companySettings.bankAccountHolder,
      iban: companySettings.iban,
      bic: companySettings.bic,
    })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  if (!row) throw new Error("Paramètres de l'entreprise introuvables (migration 0010).");
  const { bankHolder, iban, bic, ...rest } = row;
  const { decennale, rge } = await complianceFacts(db, parisDay());
  return {
    ...rest,
    decennale: decennale ? { validUntil: decennale.validUntil } : null,
    rge: rge ? { number: rge.number, validUntil: rge.validUntil } : null,
    bank: { holder: bankHolder, iban, bic },
  };
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * The site address of the client's draft quote last saved, with its title: what the
 * client's billing address may copy (« Adresse de facturation identique à l'adresse du
 * chantier »). Null without a draft whose site has a town.
 */
export async function latestDraftSite(
  db: DbExecutor,
  clientId: string,
): Promise<{ street: string; postalCode: string; city: string; title: string } | null> {
  const rows = await db
    .select({ content: quotes.content, title: quotes.title })
    .from(quotes)
    .where(and(eq(quotes.clientId, clientId), eq(quotes.status, "brouillon")))
    .orderBy(desc(quotes.updatedAt), desc(quotes.id))
    .limit(5);
  for (const row of rows) {
    const site = row.content.site;
    if (site.city.trim()) {
      return {
        street: site.street.trim(),
        postalCode: site.postalCode.trim(),
        city: site.city.trim(),
        title: row.title,
      };
    }
  }
  return null;
}

// ─── Creation ────────────────────────────────────────────────────────────────────────

export type NewQuoteInput = {
  clientId: string;
  /** The lead the quote answers: its description, project type and photos. */
  leadSubmissionId?: string | null;
};

/**
 * A new draft for a client: its first job site (or its billing address), a title and
 * the description of the lead's request when there is one, the terms from the settings.
 */
export async function createQuote(
  db: Database,
  input: NewQuoteInput,
  actor: QuoteActor,
): Promise<{ id: string }> {
  if (!isUuid(input.clientId)) throw new QuoteStateError("Ce client n'existe pas ou a été supprimé.");
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, input.clientId)).for("share");
    if (!client) throw new QuoteStateError("Ce client n'existe pas ou a été supprimé.");
    if (client.anonymisedAt)
      throw new QuoteStateError("Ce client a été anonymisé : aucun devis ne peut lui être fait.");
    const leadId = input.leadSubmissionId ?? client.leadSubmissionId ?? null;
    const [site] = await tx
      .select()
      .from(clientSites)
      .where(eq(clientSites.clientId, client.id))
      .orderBy(asc(clientSites.position), asc(clientSites.createdAt), asc(clientSites.id))
      .limit(1);
    let lead: { projectType: string; message: string; town: string } | null = null;
    if (leadId && isUuid(leadId)) {
      const [row] = await tx
        .select({ data: erpSubmissions.data, town: erpLeads.town })
        .from(erpSubmissions)
        .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
        .where(eq(erpSubmissions.id, leadId));
      if (row)
        lead = {
          projectType: text(row.data.type_projet),
          message: text(row.data.message),
          town: text(row.town),
        };
    }
    const defaults = await companyDefaults(tx);
    const siteAddress = site
      ? { street: site.street ?? "", postalCode: site.postalCode ?? "", city: site.city }
      : {
          street: client.billingStreet ?? "",
          postalCode: client.billingPostalCode ?? "",
          city: client.billingCity ?? lead?.town ?? "",
        };
    const title = (
      lead?.projectType ? `${lead.projectType}${siteAddress.city ? ` — ${siteAddress.city}` : ""}` : "Travaux"
    ).slice(0, 160);
    const content = emptyQuoteContent({
      title,
      description: (lead?.message ?? "").slice(0, 5000),
      site: siteAddress,
      validityDays: defaults.validityDays,
      paymentTerms: defaults.paymentTerms,
      // A business client who subcontracts to the company: reverse charge by default.
      reverseCharge: client.kind === "entreprise" && client.mainContractor,
    });
    const id = randomUUID();
    await tx.insert(quotes).values({
      id,
      seriesId: id,
      version: 1,
      clientId: client.id,
      leadSubmissionId: lead ? leadId : null,
      content,
      title: content.title,
      siteCity: content.site.city,
      searchText: quoteSearchText(null, content.title, content.site.city),
      createdBy: actor.id,
      updatedBy: actor.id,
    });
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: id,
        kind: "created",
        summary: lead ? "Devis créé depuis la demande du prospect" : "Devis créé",
        actor: activityActor(actor),
      },
      {
        subjectType: "client",
        subjectId: client.id,
        kind: "quote_created",
        summary: `Devis « ${content.title} » créé (brouillon)`,
        data: { quoteId: id },
        actor: activityActor(actor),
      },
    ]);
    return { id };
  });
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────

export type QuoteVersionSummary = {
  id: string;
  version: number;
  status: QuoteStatus;
  displayNumber: string | null;
  sentAt: Date | null;
};

export type QuotePhoto = { id: string; fileName: string; width: number; height: number };

export type QuoteView = {
  quote: QuoteRow & { displayNumber: string | null; isLatest: boolean };
  client: QuoteClientFacts & { id: string; phone: string | null };
  company: CompanyDefaults;
  versions: QuoteVersionSummary[];
  photos: QuotePhoto[];
};

export async function getQuote(db: DbExecutor, id: string): Promise<QuoteView> {
  if (!isQuoteId(id)) throw new QuoteNotFoundError();
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new QuoteNotFoundError();
  const [client] = await db.select().from(clients).where(eq(clients.id, row.clientId));
  if (!client) throw new QuoteNotFoundError();
  const versions = await db
    .select({
      id: quotes.id,
      version: quotes.version,
      status: quotes.status,
      number: quotes.number,
      sentAt: quotes.sentAt,
    })
    .from(quotes)
    .where(eq(quotes.seriesId, row.seriesId))
    .orderBy(asc(quotes.version));
  const photos = row.leadSubmissionId
    ? await db
        .select({
          id: erpSubmissionPhotos.id,
          fileName: erpSubmissionPhotos.fileName,
          width: erpSubmissionPhotos.width,
          height: erpSubmissionPhotos.height,
        })
        .from(erpSubmissionPhotos)
        .where(eq(erpSubmissionPhotos.submissionId, row.leadSubmissionId))
        .orderBy(asc(erpSubmissionPhotos.position), asc(erpSubmissionPhotos.createdAt))
    : [];
  const latest = versions.at(-1)?.version ?? row.version;
  return {
    quote: {
      ...row,
      displayNumber: quoteDisplayNumber(row.number, row.version),
      isLatest: row.version === latest,
    },
    client: clientFacts(client),
    company: await companyDefaults(db),
    versions: versions.map((version) => ({
      id: version.id,
      version: version.version,
      status: version.status,
      displayNumber: quoteDisplayNumber(version.number, version.version),
      sentAt: version.sentAt,
    })),
    photos,
  };
}

/** The quote's history, newest first. */
export function quoteActivity(db: DbExecutor, id: string): Promise<ActivityEvent[]> {
  return listActivity(db, "devis", id);
}

// ─── Saving a draft ──────────────────────────────────────────────────────────────────

async function lockQuote(tx: DbTransaction, id: string): Promise<QuoteRow> {
  if (!isQuoteId(id)) throw new QuoteNotFoundError();
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  if (!row) throw new QuoteNotFoundError();
  return row;
}

export const SENT_IS_FROZEN =
  "Ce devis a été envoyé : il ne peut plus être modifié. « Modifier » en crée une nouvelle version.";

/**
 * Saves the whole content of a draft over the revision the editor loaded, with its
 * totals computed here from the lines (never read from the browser). Returns the new
 * revision.
 */
export async function saveQuoteDraft(
  db: Database,
  id: string,
  input: { revision: number; content: QuoteContent },
  actor: QuoteActor,
): Promise<{ revision: number }> {
  return db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status !== "brouillon") throw new QuoteStateError(SENT_IS_FROZEN);
    if (row.revision !== input.revision) throw new QuoteConflictError();
    const defaults = await companyDefaults(tx);
    let totals: ReturnType<typeof quoteTotals>;
    try {
      totals = quoteTotals(input.content, defaults.hourlyCostCents);
    } catch (error) {
      if (error instanceof MoneyError) throw new QuoteInputError(error.message);
      throw error;
    }
    const revision = row.revision + 1;
    await tx
      .update(quotes)
      .set({
        content: input.content,
        title: input.content.title,
        siteCity: input.content.site.city,
        totalHtCents: totals.totalHt,
        totalVatCents: totals.totalVat,
        totalTtcCents: totals.totalTtc,
        searchText: quoteSearchText(row.number, input.content.title, input.content.site.city),
        revision,
        updatedAt: new Date(),
        updatedBy: actor.id,
      })
      .where(eq(quotes.id, id));
    const lines = input.content.lots.reduce((count, lot) => count + lot.lines.length, 0);
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: id,
        kind: "saved",
        summary: `Brouillon enregistré : ${input.content.lots.length} lot(s), ${lines} ligne(s)`,
        data: { revision, totalHt: totals.totalHt, totalTtc: totals.totalTtc },
        actor: activityActor(actor),
      },
    ]);
    return { revision };
  });
}

/** Deletes a draft (a sent version is kept: the database refuses its deletion). */
export async function deleteQuoteDraft(
  db: Database,
  id: string,
  actor: QuoteActor,
): Promise<{ clientId: string }> {
  return db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status !== "brouillon") {
      throw new QuoteStateError(
        "Un devis envoyé ne peut pas être supprimé : il reste lisible dans l'historique.",
      );
    }
    await tx.delete(quotes).where(eq(quotes.id, id));
    await recordActivities(tx, [
      {
        subjectType: "client",
        subjectId: row.clientId,
        kind: "quote_deleted",
        summary: `Brouillon de devis « ${row.title} » supprimé`,
        data: { quoteId: id },
        actor: activityActor(actor),
      },
    ]);
    return { clientId: row.clientId };
  });
}

/**
 * The handover of the works (« réception des travaux ») of an accepted quote, entered
 * until job sites exist: the retention is released one year later. Empty clears it. A day
 * before the acceptance or after today is refused.
 */
export async function setQuoteHandover(
  db: Database,
  id: string,
  handoverOn: string | null,
  actor: QuoteActor,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    if (row.status !== "accepte") {
      throw new QuoteStateError("La réception des travaux se saisit sur un devis accepté.");
    }
    // A quote on a site whose PV de réception is signed takes its reception from the PV.
    const [received] = await tx
      .select({ number: jobSites.number })
      .from(jobSiteQuotes)
      .innerJoin(jobSites, eq(jobSites.id, jobSiteQuotes.jobSiteId))
      .innerJoin(
        jobSiteReceptions,
        and(
          eq(jobSiteReceptions.jobSiteId, jobSiteQuotes.jobSiteId),
          eq(jobSiteReceptions.kind, "reception"),
          eq(jobSiteReceptions.status, "signe"),
        ),
      )
      .where(eq(jobSiteQuotes.quoteSeriesId, row.seriesId));
    if (received) {
      throw new QuoteStateError(
        `La réception de ce devis est celle du PV de réception signé du chantier ${received.number} : elle ne se modifie plus ici.`,
      );
    }
    if (handoverOn !== null) {
      const problem = isoDayProblem(handoverOn);
      if (problem) throw new QuoteInputError(`Date de réception : ${problem}`);
      if (handoverOn > parisDay(now)) {
        throw new QuoteInputError("La date de réception ne peut pas être dans le futur.");
      }
      if (row.decidedAt && handoverOn < parisDay(row.decidedAt)) {
        throw new QuoteInputError("La réception ne peut pas précéder l'acceptation du devis.");
      }
    }
    if (handoverOn === row.handoverOn) return;
    await tx.update(quotes).set({ handoverOn, updatedAt: now }).where(eq(quotes.id, id));
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: id,
        kind: "handover",
        summary: handoverOn
          ? `Réception des travaux le ${formatDate(handoverOn)}`
          : "Date de réception des travaux effacée",
        actor: activityActor(actor),
      },
    ]);
  });
}

/**
 * « Modifier » a sent quote: the next version under the same number, a draft holding a
 * copy of the content. The earlier version stays as it is until the new one is sent
 * (then it is marked « Remplacé »). Asking again while that draft exists returns it.
 */
export async function newQuoteVersion(db: Database, id: string, actor: QuoteActor): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const row = await lockQuote(tx, id);
    const series = await tx
      .select({ id: quotes.id, version: quotes.version, status: quotes.status })
      .from(quotes)
      .where(eq(quotes.seriesId, row.seriesId))
      .orderBy(desc(quotes.version))
      .for("update");
    const latest = series[0];
    if (!latest) throw new QuoteNotFoundError();
    if (latest.status === "brouillon") return { id: latest.id };
    if (latest.id !== row.id) {
      throw new QuoteStateError("Seule la dernière version d'un devis peut être modifiée.");
    }
    if (row.status === "accepte") {
      throw new QuoteStateError(
        "Ce devis a été accepté : il ne peut plus être modifié (un avenant fera l'objet d'un nouveau devis).",
      );
    }
    if (row.status === "brouillon") return { id: row.id };
    const next = randomUUID();
    const version = row.version + 1;
    await tx.insert(quotes).values({
      id: next,
      seriesId: row.seriesId,
      version,
      number: row.number,
      clientId: row.clientId,
      leadSubmissionId: row.leadSubmissionId,
      content: row.content,
      title: row.title,
      siteCity: row.siteCity,
      totalHtCents: row.totalHtCents,
      totalVatCents: row.totalVatCents,
      totalTtcCents: row.totalTtcCents,
      searchText: row.searchText,
      createdBy: actor.id,
      updatedBy: actor.id,
    });
    const displayNumber = quoteDisplayNumber(row.number, version);
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: next,
        kind: "created",
        summary: `Version ${version} créée à partir de ${quoteDisplayNumber(row.number, row.version)}`,
        data: { from: row.id },
        actor: activityActor(actor),
      },
      {
        subjectType: "devis",
        subjectId: row.id,
        kind: "new_version",
        summary: `Nouvelle version en préparation : ${displayNumber}`,
        data: { to: next },
        actor: activityActor(actor),
      },
    ]);
    return { id: next };
  });
}
