import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { escapeLike, foldedWords } from "#app/lib/search-text.ts";
import { FILE_SEARCH_PAGE_SIZE, type FileSearchType } from "./record-files.ts";
import type { FileSearchFilters } from "./search-schema.ts";

/*
 * The search of Documents › Fichiers: the uploaded files of every client, job site and
 * supplier, and the documents the product made (quotes, invoices and credit notes, purchase
 * orders), in one list by name, number, client, site or supplier, newest first. One UNION
 * ALL whose branches each read only their own table's matching rows (bench:
 * scripts/bench-documents.ts).
 */

export type FileSearchItem = {
  id: string;
  source: "fichier" | "devis" | "facture" | "bon_commande";
  type: FileSearchType;
  name: string;
  owner: string;
  /** The record's page, and the file or PDF. */
  ownerHref: string;
  href: string;
  at: Date;
};

export type FileSearchPage = { items: FileSearchItem[]; total: number; page: number; pageCount: number };

const FILE_KINDS = new Set(["plan", "photo", "fiche_technique", "notice", "rapport", "autre"]);

const pattern = (word: string) => `%${escapeLike(word)}%`;

/**
 * Every word is found in the row's own folded words or in those of one of its owners
 * (`owners`: the column holding the owner's id, and the owner's table). The owners are
 * searched on their own `search_text` once per word (a hashed subquery), never by folding
 * the joined text of every row.
 */
function everyWord(words: string[], own: SQL, owners: [SQL, string][]): SQL {
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((word) => {
      const alternatives = [
        sql`${own} like ${pattern(word)}`,
        ...owners.map(
          ([column, table]) =>
            sql`${column} in (select id from ${sql.identifier(table)} where search_text like ${pattern(word)})`,
        ),
      ];
      return sql`(${sql.join(alternatives, sql` or `)})`;
    }),
    sql` and `,
  );
}

/** The rows of a raw query, whichever driver runs it (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** One kind of row of the search: how to count its matches, and its rows from the newest (or oldest). */
type Branch = { count: SQL; rows: (direction: SQL, limit: number) => SQL };

/** One page of the search, newest first (or oldest with ordre=asc). */
export async function searchFiles(db: Database, filters: FileSearchFilters): Promise<FileSearchPage> {
  const words = foldedWords(filters.q ?? "");
  const type = filters.type;
  const branches: Branch[] = [];
  if (!type || FILE_KINDS.has(type)) {
    const where = sql`${type ? sql`rf.kind = ${type}` : sql`true`} and ${everyWord(
      words,
      sql`rf.search_text`,
      [
        [sql`rf.client_id`, "clients"],
        [sql`rf.job_site_id`, "job_sites"],
        [sql`rf.supplier_id`, "suppliers"],
      ],
    )}`;
    branches.push({
      count: sql`select count(*) from record_files rf where ${where}`,
      rows: (direction, limit) => sql`
        select rf.id, 'fichier' as source, rf.kind as type, rf.file_name as name,
          coalesce(c.name, js.number || ' · ' || js.title, s.legal_name) as owner,
          case when rf.client_id is not null then '/erp/clients/' || rf.client_id
               when rf.job_site_id is not null then '/erp/chantiers/' || rf.job_site_id
               else '/erp/achats/fournisseurs/' || rf.supplier_id end as owner_href,
          case when rf.client_id is not null then '/erp/clients/' || rf.client_id || '/documents/' || rf.id
               when rf.job_site_id is not null then '/erp/chantiers/' || rf.job_site_id || '/documents/' || rf.id
               else '/erp/achats/fournisseurs/' || rf.supplier_id || '/fichiers/' || rf.id end as href,
          rf.created_at as at
        from record_files rf
        left join clients c on c.id = rf.client_id
        left join job_sites js on js.id = rf.job_site_id
        left join suppliers s on s.id = rf.supplier_id
        where ${where}
        order by rf.created_at ${direction}, rf.id ${direction} limit ${limit}`,
    });
  }
  if (!type || type === "devis") {
    const where = sql`q.number is not null and q.status <> 'brouillon' and ${everyWord(words, sql`q.search_text`, [[sql`q.client_id`, "clients"]])}`;
    branches.push({
      count: sql`select count(*) from quotes q where ${where}`,
      rows: (direction, limit) => sql`
        select q.id, 'devis', 'devis', q.number || ' · ' || q.title, c.name, '/erp/clients/' || q.client_id,
          '/erp/devis/' || q.id || '/pdf', coalesce(q.sent_at, q.created_at) as at
        from quotes q join clients c on c.id = q.client_id
        where ${where}
        order by at ${direction}, q.id ${direction} limit ${limit}`,
    });
  }
  if (!type || type === "facture" || type === "avoir") {
    const kind =
      type === "facture" ? sql`i.kind <> 'avoir'` : type === "avoir" ? sql`i.kind = 'avoir'` : sql`true`;
    const where = sql`i.number is not null and ${kind} and ${everyWord(words, sql`i.search_text`, [[sql`i.client_id`, "clients"]])}`;
    branches.push({
      count: sql`select count(*) from invoices i where ${where}`,
      rows: (direction, limit) => sql`
        select i.id, 'facture', case when i.kind = 'avoir' then 'avoir' else 'facture' end, i.number, c.name,
          '/erp/clients/' || i.client_id, '/erp/factures/' || i.id || '/pdf', coalesce(i.issued_at, i.created_at) as at
        from invoices i join clients c on c.id = i.client_id
        where ${where}
        order by at ${direction}, i.id ${direction} limit ${limit}`,
    });
  }
  if (!type || type === "bon_commande") {
    const where = sql`po.number is not null and ${everyWord(words, sql`lower(po.number)`, [
      [sql`po.supplier_id`, "suppliers"],
      [sql`po.job_site_id`, "job_sites"],
    ])}`;
    branches.push({
      count: sql`select count(*) from purchase_orders po where ${where}`,
      rows: (direction, limit) => sql`
        select po.id, 'bon_commande', 'bon_commande', po.number, s.legal_name,
          '/erp/achats/fournisseurs/' || po.supplier_id, '/erp/achats/commandes/' || po.id || '/pdf', coalesce(po.sent_at, po.created_at) as at
        from purchase_orders po join suppliers s on s.id = po.supplier_id
        where ${where}
        order by at ${direction}, po.id ${direction} limit ${limit}`,
    });
  }
  const [counted] = await rowsOf(
    db,
    sql`select (${sql.join(
      branches.map((branch) => sql`(${branch.count})`),
      sql` + `,
    )})::int as n`,
  );
  const total = Number(counted?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, FILE_SEARCH_PAGE_SIZE);
  const direction = filters.ordre === "asc" ? sql`asc` : sql`desc`;
  // Each kind gives at most the rows up to the end of the page asked, from its own index;
  // the page is cut from their merge.
  const union = sql.join(
    branches.map((branch) => sql`(${branch.rows(direction, offset + limit)})`),
    sql` union all `,
  );
  const rows = await rowsOf(
    db,
    sql`select * from (${union}) as found(id, source, type, name, owner, owner_href, href, at) order by at ${direction}, id ${direction} limit ${limit} offset ${offset}`,
  );
  const items = rows.map((row) => ({
    id: String(row.id),
    source: row.source as FileSearchItem["source"],
    type: row.type as FileSearchType,
    name: String(row.name ?? ""),
    owner: String(row.owner ?? ""),
    ownerHref: String(row.owner_href),
    href: String(row.href),
    at: row.at instanceof Date ? row.at : new Date(String(row.at)),
  }));
  return { items, total, page, pageCount };
}
