import { text } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { createdAtColumn, updatedAtColumn } from "./columns.ts";

/*
 * Columns that name a staff member. Apart from columns.ts because they point at
 * auth_users, and auth.ts itself builds on columns.ts.
 */

/** The staff member who did something; accounts are disabled, never deleted, but the row would outlive one. */
export const staffRef = <Name extends string>(name: Name) =>
  text(name).references(() => authUsers.id, { onDelete: "set null" });

/** When the record was written and last changed, and by whom it was written. */
export const authoredColumns = () => ({
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
  createdBy: staffRef("created_by"),
});
