import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "#app/db/client.server.ts";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { sortableText } from "#app/lib/sortable-text.server.ts";
import {
  CLIENTS_PAGE_SIZE,
  type ClientFilters,
  type ClientKind,
  clientSort,
  parseClientFilters,
} from "./schema.ts";
import { escapeLike, searchFragments } from "./search-text.ts";

export type ClientListItem = {
  id: string;
  kind: ClientKind;
  name: string;
  legalName: string | null;
  email: string | null;
  phone: string | null;
  /** The billing town, or the first site's. */
  town: string | null;
  createdAt: Date;
  anonymised: boolean;
};

export type ClientPage = { items: ClientListItem[]; total: number; page: number; pageCount: number };

/** The name as the list sorts it: « Élodie » with the e, not after « Zoé ». */
const sortableName = sortableText(clients.name);

const firstSiteCity = sql<
  string | null
>`(select ${clientSites.city} from ${clientSites} where ${clientSites.clientId} = ${clients.id} order by ${clientSites.position}, ${clientSites.createdAt}, ${clientSites.id} limit 1)`;

function conditions(filters: ClientFilters): SQL[] {
  const where: SQL[] = [];
  // Every fragment must appear in the folded text (names, e-mail, towns, SIREN, phone digits).
  for (const fragment of searchFragments(filters.q ?? "")) {
    where.push(sql`${clients.searchText} like ${`%${escapeLike(fragment)}%`}`);
  }
  if (filters.type) where.push(eq(clients.kind, filters.type));
  return where;
}

/** One page of the register, sorted as the URL says (newest first by default). */
export async function listClients(db: Database, filters: ClientFilters): Promise<ClientPage> {
  const where = and(...conditions(filters));
  const [totalRow] = await db.select({ n: count() }).from(clients).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, CLIENTS_PAGE_SIZE);
  const sort = clientSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "nom"
      ? [direction(sortableName), direction(clients.id)]
      : [direction(clients.createdAt), direction(clients.id)];
  const rows = await db
    .select({
      id: clients.id,
      kind: clients.kind,
      name: clients.name,
      legalName: clients.legalName,
      email: clients.email,
      phone: clients.phone,
      town: sql<string | null>`coalesce(${clients.billingCity}, ${firstSiteCity})`,
      createdAt: clients.createdAt,
      anonymisedAt: clients.anonymisedAt,
    })
    .from(clients)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(({ anonymisedAt, ...row }) => ({ ...row, anonymised: anonymisedAt !== null })),
    total,
    page,
    pageCount,
  };
}

/**
 * The clients a « Nouveau devis » / « Nouvelle facture » page offers: those matching `q`
 * (by name), else the most recent; never an anonymised one. 12 at most. A search the
 * list refuses is a 400 page with its message.
 */
export async function pickableClients(
  db: Database,
  request: Request,
): Promise<{ clients: ClientListItem[]; q: string }> {
  const url = new URL(request.url);
  const parsed = parseClientFilters(new URLSearchParams({ q: url.searchParams.get("q") ?? "" }));
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const page = await listClients(db, { ...parsed.filters, tri: parsed.filters.q ? "nom" : "cree" });
  return {
    clients: page.items.filter((client) => !client.anonymised).slice(0, 12),
    q: parsed.filters.q ?? "",
  };
}
