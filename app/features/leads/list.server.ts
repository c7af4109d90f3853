import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { erpLeadSearch, erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { PHONE_SEARCH_COUNTRY_CODE, PHONE_SEARCH_NOISE, phoneSearchDigits } from "#app/lib/phone.ts";
import {
  field,
  followUpDue,
  LEAD_MODULES,
  type LeadListItem,
  leadModules,
  listColumns,
  statusExpr,
  toItem,
} from "./query.server.ts";
import { LEADS_PAGE_SIZE, type LeadFilters, leadSort } from "./schema.ts";

// ─── Search index ─────────────────────────────────────────────────────────────────

const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyy";
const fold = (expr: SQL) => sql`translate(lower(${expr}), ${ACCENTED}, ${PLAIN})`;
const foldText = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
/** The phone number as a search compares it: phoneSearchDigits, in SQL. */
const phoneDigits = sql`regexp_replace(regexp_replace(${field("telephone")}, ${PHONE_SEARCH_NOISE}, '', 'g'), ${PHONE_SEARCH_COUNTRY_CODE}, '0')`;
const searchableText = fold(
  sql`${field("nom")} || ' ' || ${field("email")} || ' ' || coalesce(${erpLeads.town}, '') || ' ' || ${field("message")} || ' ' || ${field("type_projet")}`,
);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Folds the searchable text of the leads the search table does not hold yet (new
 * requests, or a lead whose town changed): the search then compares plain strings.
 */
export async function syncSearchIndex(db: Database): Promise<number> {
  const missing = db
    .select({ id: erpLeadSearch.submissionId })
    .from(erpLeadSearch)
    .where(eq(erpLeadSearch.submissionId, erpSubmissions.id));
  const rows = await db
    .insert(erpLeadSearch)
    .select(
      db
        .select({
          submissionId: erpSubmissions.id,
          text: sql<string>`${searchableText}`.as("text"),
          phone: sql<string>`${phoneDigits}`.as("phone"),
        })
        .from(erpSubmissions)
        .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
        .where(and(leadModules, sql`not exists (${missing})`)),
    )
    .onConflictDoNothing()
    .returning({ id: erpLeadSearch.submissionId });
  return rows.length;
}

// ─── Filters ──────────────────────────────────────────────────────────────────────

/** The conditions of the list's filters (the search ones need erp_lead_search joined). */
export function filterConditions(filters: LeadFilters, actorId: string | null): SQL[] {
  const conditions: SQL[] = [leadModules];
  if (filters.q) {
    // Every word must appear somewhere (name, e-mail, town, message, work type); a
    // word of digits also matches the phone number whatever its spacing.
    for (const word of filters.q.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const pattern = `%${escapeLike(foldText(word))}%`;
      const digits = phoneSearchDigits(word);
      const byText = sql`${erpLeadSearch.text} like ${pattern}`;
      conditions.push(
        digits.length >= 2 && /^[\d+ .-]+$/.test(word)
          ? (or(byText, sql`${erpLeadSearch.phone} like ${`%${escapeLike(digits)}%`}`) as SQL)
          : byText,
      );
    }
  }
  if (filters.statut) conditions.push(sql`${statusExpr} = ${filters.statut}`);
  if (filters.type) conditions.push(sql`${field("type_projet")} = ${filters.type}`);
  if (filters.budget) conditions.push(sql`${field("budget")} = ${filters.budget}`);
  // Days are Paris calendar days: from the Paris midnight of `du` to the one after `au`.
  if (filters.du) conditions.push(gte(erpSubmissions.createdAt, parisMidnight(filters.du)));
  if (filters.au) conditions.push(lt(erpSubmissions.createdAt, parisMidnight(addDays(filters.au, 1))));
  if (filters.relance === "echue") conditions.push(followUpDue(parisDay()));
  if (filters.suivi === "personne") conditions.push(isNull(erpLeads.assigneeId));
  else if (filters.suivi === "moi") conditions.push(eq(erpLeads.assigneeId, actorId ?? ""));
  else if (filters.suivi) conditions.push(eq(erpLeads.assigneeId, filters.suivi));
  return conditions;
}

/** The rows a filtered list walks: requests, their follow-up, their folded search text when searching. */
function filteredIds(db: Database, filters: LeadFilters) {
  const base = db
    .select({ id: erpSubmissions.id, createdAt: erpSubmissions.createdAt })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id));
  return filters.q ? base.innerJoin(erpLeadSearch, eq(erpLeadSearch.submissionId, erpSubmissions.id)) : base;
}

// ─── List ─────────────────────────────────────────────────────────────────────────

const photoCount = sql<number>`(select count(*)::int from ${erpSubmissionPhotos} where ${erpSubmissionPhotos.submissionId} = ${erpSubmissions.id})`;

export type LeadPage = { items: LeadListItem[]; total: number; page: number; pageCount: number };

async function itemsByIds(db: Database, ids: string[]): Promise<LeadListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...listColumns, photoCount })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId))
    .where(inArray(erpSubmissions.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toItem(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ORDER BY of the list: the chosen column, then the newest first, then the id (a stable page). */
function leadOrder(filters: LeadFilters): SQL[] {
  const { direction } = leadSort(filters);
  const by = direction === "asc" ? asc : desc;
  const newest = [desc(erpSubmissions.createdAt), desc(erpSubmissions.id)];
  // Folded, so « Éric » sorts with the e and « amandine » with the a (the database may compare bytes).
  if (filters.tri === "nom") return [by(fold(field("nom"))), ...newest];
  if (filters.tri === "relance") {
    // Leads without a call-back day come last, whichever the direction.
    return [sql`${erpLeads.nextFollowUp} is null`, by(erpLeads.nextFollowUp), ...newest];
  }
  return direction === "asc" ? [asc(erpSubmissions.createdAt), asc(erpSubmissions.id)] : newest;
}

/**
 * One page of leads, newest first unless another order is asked, with the filters of the list. The filtered,
 * sorted walk only carries ids; the 25 rows shown are read afterwards.
 */
export async function listLeads(
  db: Database,
  filters: LeadFilters,
  actorId: string | null,
): Promise<LeadPage> {
  if (filters.q) await syncSearchIndex(db);
  const where = and(...filterConditions(filters, actorId));
  const [totalRow] = await db
    .select({ n: count() })
    .from(filteredIds(db, filters).where(where).as("filtered"));
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, LEADS_PAGE_SIZE);
  const ids = await filteredIds(db, filters)
    .where(where)
    .orderBy(...leadOrder(filters))
    .limit(limit)
    .offset(offset);
  return {
    items: await itemsByIds(
      db,
      ids.map((row) => row.id),
    ),
    total,
    page,
    pageCount,
  };
}

/** Work types and budgets found in the leads, for the filters (beyond the form's own lists). */
export async function filterValues(db: Database): Promise<{ types: string[]; budgets: string[] }> {
  const where = inArray(erpSubmissions.module, [...LEAD_MODULES]);
  const [types, budgets] = await Promise.all([
    db
      .selectDistinct({ value: field("type_projet") })
      .from(erpSubmissions)
      .where(where),
    db
      .selectDistinct({ value: field("budget") })
      .from(erpSubmissions)
      .where(where),
  ]);
  const clean = (rows: { value: string }[]) =>
    rows
      .map((row) => row.value)
      .filter(Boolean)
      .sort((a, b) => a.localeCompare(b, "fr"));
  return { types: clean(types), budgets: clean(budgets) };
}
