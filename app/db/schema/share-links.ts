import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, isoDate, timestampTz, uuidPrimaryKey } from "./columns.ts";
import { jobSites } from "./job-sites.ts";
import { staffRef } from "./staff-columns.ts";

// ─── Documents › share links ─────────────────────────────────────────────────────────
// A link given to someone outside the company, without an account: « attestations », the
// public extract of the compliance register (the company's current valid attestations),
// or « dossier », the handover file of one job site. Only the SHA-256 of the token is kept
// (the token, 32 random bytes in base64url, is shown once in the URL); every link ends on a
// Paris day and can be revoked (docs/decisions/037-share-links-handover.md).

export const SHARE_LINK_KIND_VALUES = ["attestations", "dossier"] as const;
export type ShareLinkKind = (typeof SHARE_LINK_KIND_VALUES)[number];

export const shareLinks = pgTable(
  "share_links",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").$type<ShareLinkKind>().notNull(),
    /** Lower-case hex SHA-256 of the token, never the token. */
    tokenHash: text("token_hash").notNull().unique("share_links_token_hash_unique"),
    /** The job site of a « dossier » link; null for « attestations ». */
    jobSiteId: uuid("job_site_id").references(() => jobSites.id, { onDelete: "cascade" }),
    /** Whom it is for: « SCI Les Pins », « Appel d'offres mairie de Hyères ». */
    label: text("label").notNull(),
    /** The last Paris day the link opens. */
    expiresOn: isoDate("expires_on").notNull(),
    revokedAt: timestampTz("revoked_at"),
    revokedBy: staffRef("revoked_by"),
    lastOpenedAt: timestampTz("last_opened_at"),
    openCount: integer("open_count").notNull().default(0),
    createdBy: staffRef("created_by"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("share_links_kind_idx").on(t.kind, t.createdAt),
    index("share_links_job_site_idx").on(t.jobSiteId),
    check("share_links_kind_check", sql`${t.kind} in ('attestations', 'dossier')`),
    check("share_links_token_hash_check", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check("share_links_label_check", sql`length(${t.label}) between 1 and 200`),
    check("share_links_open_count_check", sql`${t.openCount} >= 0`),
    check("share_links_site_check", sql`(${t.kind} = 'dossier') = (${t.jobSiteId} is not null)`),
  ],
);

export type ShareLinkRow = typeof shareLinks.$inferSelect;
