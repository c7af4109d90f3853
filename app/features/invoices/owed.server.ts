import { type SQL, sql } from "drizzle-orm";
import { invoices } from "#app/db/schema/invoices.ts";
import { OWING_STATUSES } from "./owed.ts";

/**
 * `amountOwed` (owed.ts) as a SQL expression over the `invoices` table, for the sums
 * PostgreSQL computes (the list's footer, the dashboard): the same rule, the same order
 * of terms. `owed.server.test.ts` compares the two on every kind of row.
 */
export function owedSql(table: typeof invoices = invoices): SQL<string> {
  const statuses = sql.join(
    OWING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<string>`(case when ${table.kind} <> 'avoir' and ${table.status} in (${statuses}) then greatest(${table.netToPayCents} - ${table.creditedCents} - ${table.paidCents}, 0) else 0 end)`;
}
