import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import {
  createdAtColumn,
  emailCodeColumns,
  emailCodeRules,
  isoDate,
  timestampTz,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { jobSiteLots, jobSites } from "./job-sites.ts";
import { authoredColumns } from "./staff-columns.ts";

// ─── Espace Pro › Chantiers › Réception ──────────────────────────────────────────────
// The handover report (« PV de réception », Code civil 1792-6) of a job site, with or
// without reservations, and the « PV de levée des réserves » that records their lifting.
// Both are signed by the client: online (the quotes' way: an unguessable link, an e-mailed
// code, the name, an optional drawn signature, the proof) or on paper (the scan uploaded).
// The reception's date starts the warranties and the retention's release clock
// (app/features/job-sites/warranty.ts).

/** « reception »: the PV de réception; « levee »: a PV de levée des réserves. */
export const RECEPTION_KIND_VALUES = ["reception", "levee"] as const;
export type ReceptionKind = (typeof RECEPTION_KIND_VALUES)[number];

/** brouillon → a_signer (the PV's PDF is frozen) → signe. */
export const RECEPTION_STATUS_VALUES = ["brouillon", "a_signer", "signe"] as const;
export type ReceptionStatus = (typeof RECEPTION_STATUS_VALUES)[number];

/** How the client signed: on the online page, or on paper (scan uploaded). */
export const RECEPTION_SIGNING_VALUES = ["en_ligne", "papier"] as const;
export type ReceptionSigning = (typeof RECEPTION_SIGNING_VALUES)[number];

export const jobSiteReceptions = pgTable(
  "job_site_receptions",
  {
    id: uuidPrimaryKey(),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "restrict"),
    kind: text("kind").$type<ReceptionKind>().notNull().default("reception"),
    /** The day of the reception (or of the lifting, for a PV de levée): a Paris day. */
    receivedOn: isoDate("received_on").notNull(),
    /** « Avec réserves »: the PV lists reservations (a PV de levée: always false). */
    withReservations: boolean("with_reservations").notNull().default(false),
    status: text("status").$type<ReceptionStatus>().notNull().default("brouillon"),
    /** Set when it is signed. */
    signing: text("signing").$type<ReceptionSigning>(),
    /** The client's link /reception/{token}: lower-case hex SHA-256 of the token, never the token. */
    tokenHash: text("token_hash").unique("job_site_receptions_token_hash_unique"),
    /** The address the link was e-mailed to (the code goes there, never elsewhere), and when. */
    linkSentTo: text("link_sent_to"),
    linkSentAt: timestampTz("link_sent_at"),
    /** The PV as presented for signature (frozen when it goes « à signer »). */
    pdfStorageKey: text("pdf_storage_key"),
    pdfSha256: text("pdf_sha256"),
    // The proof, as the quotes' acceptance keeps it.
    signerName: text("signer_name"),
    signerEmail: text("signer_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    codeVerifiedAt: timestampTz("code_verified_at"),
    /** The drawn signature (PNG), when the client drew one. */
    signatureStorageKey: text("signature_storage_key"),
    /** The signed PV (online: the PV with its certificate). */
    signedPdfStorageKey: text("signed_pdf_storage_key"),
    /** The signed paper copy as scanned (PDF, JPEG or PNG). */
    paperScanStorageKey: text("paper_scan_storage_key"),
    /** SHA-256 of the signed copy (the signed PDF or the scan): what the register fingerprints. */
    signedCopySha256: text("signed_copy_sha256"),
    signedCopyContentType: text("signed_copy_content_type"),
    signedAt: timestampTz("signed_at"),
    /** The staff account that recorded a paper signature. */
    recordedBy: text("recorded_by").references(() => authUsers.id, { onDelete: "restrict" }),
    ...authoredColumns(),
  },
  (t) => [
    index("job_site_receptions_site_idx").on(t.jobSiteId, t.createdAt),
    // One PV de réception per site; PV de levée, as many as needed.
    uniqueIndex("job_site_receptions_one_per_site").on(t.jobSiteId).where(sql`${t.kind} = 'reception'`),
    check("job_site_receptions_kind_check", sql`${t.kind} in ('reception', 'levee')`),
    check("job_site_receptions_status_check", sql`${t.status} in ('brouillon', 'a_signer', 'signe')`),
    check(
      "job_site_receptions_signing_check",
      sql`${t.signing} is null or ${t.signing} in ('en_ligne', 'papier')`,
    ),
    check("job_site_receptions_levee_check", sql`${t.kind} = 'reception' or not ${t.withReservations}`),
    check(
      "job_site_receptions_hashes_check",
      sql`(${t.tokenHash} is null or ${t.tokenHash} ~ '^[0-9a-f]{64}$') and (${t.pdfSha256} is null or ${t.pdfSha256} ~ '^[0-9a-f]{64}$') and (${t.signedCopySha256} is null or ${t.signedCopySha256} ~ '^[0-9a-f]{64}$')`,
    ),
    check(
      "job_site_receptions_signed_check",
      sql`${t.status} <> 'signe' or (${t.signing} is not null and ${t.signedAt} is not null and ${t.signedCopySha256} is not null and ${t.signedCopyContentType} is not null and (${t.signedPdfStorageKey} is not null or ${t.paperScanStorageKey} is not null))`,
    ),
    check(
      "job_site_receptions_online_check",
      sql`${t.signing} is distinct from 'en_ligne' or (${t.signerName} is not null and ${t.signerEmail} is not null and ${t.ip} is not null and ${t.codeVerifiedAt} is not null)`,
    ),
  ],
);

export type JobSiteReceptionRow = typeof jobSiteReceptions.$inferSelect;

/** A reservation of a PV de réception: what is to be put right, by when; then its lifting. */
export const jobSiteReservations = pgTable(
  "job_site_reservations",
  {
    id: uuidPrimaryKey(),
    receptionId: uuidParent("reception_id", () => jobSiteReceptions.id, "cascade"),
    /** The lot concerned; null for the whole site. */
    lotId: uuid("lot_id").references(() => jobSiteLots.id, { onDelete: "restrict" }),
    /** The order on the PV, from 0. */
    position: integer("position").notNull(),
    description: text("description").notNull(),
    photoStorageKey: text("photo_storage_key"),
    /** The day by which it must be put right. */
    deadline: isoDate("deadline").notNull(),
    /** The day it was lifted, and the photo that shows it. */
    liftedOn: isoDate("lifted_on"),
    liftedPhotoStorageKey: text("lifted_photo_storage_key"),
    /** The PV de levée des réserves that records the lifting. */
    liftingReceptionId: uuid("lifting_reception_id").references(() => jobSiteReceptions.id, {
      onDelete: "set null",
    }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("job_site_reservations_reception_idx").on(t.receptionId, t.position),
    index("job_site_reservations_deadline_idx").on(t.deadline),
    check("job_site_reservations_description_check", sql`${t.description} <> ''`),
    check(
      "job_site_reservations_lifted_check",
      sql`${t.liftedOn} is not null or ${t.liftingReceptionId} is null`,
    ),
  ],
);

export type JobSiteReservationRow = typeof jobSiteReservations.$inferSelect;

/** A six-digit code e-mailed to prove the signer's address on the PV's page: 5 tries, 10 minutes, stored hashed. */
export const jobSiteReceptionCodes = pgTable(
  "job_site_reception_codes",
  {
    id: uuidPrimaryKey(),
    receptionId: uuidParent("reception_id", () => jobSiteReceptions.id, "cascade"),
    /** `used_at`: set when the right code was typed, or when a newer code was sent. */
    ...emailCodeColumns(),
  },
  (t) => emailCodeRules("job_site_reception_codes", "reception", t.receptionId, t),
);
