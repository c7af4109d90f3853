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

/** Every word must appear in the folded text of the row. */
function matches(text: SQL, words: string[]): SQL {
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((word) => sql`${text} like ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
}

const fold = (value: SQL) =>
  sql`translate(lower(${value}), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa')`;

/** The rows of a raw query, whichever driver runs it (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** One page of the search, newest first (or oldest with ordre=asc). */
export async function searchFiles(db: Database, filters: FileSearchFilters): Promise<FileSearchPage> {
  const words = foldedWords(filters.q ?? "");
  const type = filters.type;
  const branches: SQL[] = [];
  if (!type || FILE_KINDS.has(type)) {
    const text = fold(
      sql`rf.file_name || ' ' || coalesce(c.name, '') || ' ' || coalesce(js.number, '') || ' ' || coalesce(js.title, '') || ' ' || coalesce(s.legal_name, '')`,
    );
    branches.push(sql`
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
      where ${type ? sql`rf.kind = ${type}` : sql`true`} and ${matches(text, words)}`);
  }
  if (!type || type === "devis") {
    branches.push(sql`
      select q.id, 'devis', 'devis', q.number || ' · ' || q.title, c.name, '/erp/clients/' || q.client_id,
        '/erp/devis/' || q.id || '/pdf', coalesce(q.sent_at, q.created_at)
      from quotes q join clients c on c.id = q.client_id
      where q.number is not null and q.status <> 'brouillon' and ${matches(fold(sql`q.number || ' ' || q.title || ' ' || c.name`), words)}`);
  }
  if (!type || type === "facture" || type === "avoir") {
    const kind =
      type === "facture" ? sql`i.kind <> 'avoir'` : type === "avoir" ? sql`i.kind = 'avoir'` : sql`true`;
    branches.push(sql`
      select i.id, 'facture', case when i.kind = 'avoir' then 'avoir' else 'facture' end, i.number, c.name,
        '/erp/clients/' || i.client_id, '/erp/factures/' || i.id || '/pdf', coalesce(i.issued_at, i.created_at)
      from invoices i join clients c on c.id = i.client_id
      where i.number is not null and ${kind} and ${matches(fold(sql`i.number || ' ' || c.name`), words)}`);
  }
  if (!type || type === "bon_commande") {
    branches.push(sql`
      select po.id, 'bon_commande', 'bon_commande', po.number, s.legal_name,
        '/erp/achats/fournisseurs/' || po.supplier_id, '/erp/achats/commandes/' || po.id || '/pdf', coalesce(po.sent_at, po.created_at)
      from purchase_orders po join suppliers s on s.id = po.supplier_id
      left join job_sites js on js.id = po.job_site_id
      where po.number is not null and ${matches(fold(sql`po.number || ' ' || s.legal_name || ' ' || coalesce(js.number, '') || ' ' || coalesce(js.title, '')`), words)}`);
  }
  const union = sql.join(branches, sql` union all `);
  const [counted] = await rowsOf(
    db,
    sql`select count(*)::int as n from (${union}) as found(id, source, type, name, owner, owner_href, href, at)`,
  );
  const total = Number(counted?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, FILE_SEARCH_PAGE_SIZE);
  const direction = filters.ordre === "asc" ? sql`asc` : sql`desc`;
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
