import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { clients, issuedDocuments } from "./clients.ts";
import {
  archivedAtColumn,
  bigNumber,
  createdAtColumn,
  emailCodeColumns,
  emailCodeRules,
  isoDate,
  optionalText,
  revisionColumn,
  searchTextColumn,
  timestampTz,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { erpSubmissions } from "./quote-requests.ts";
import { authoredColumns, staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Devis ───────────────────────────────────────────────────────────────
// One row per version of a quote. A draft has no number; the first sending gives it
// DEV-YYYY-NNNN (app/lib/numbering.server.ts) and freezes it: a trigger of the migration
// refuses any change to a sent version's content, number or totals, and its deletion.
// « Modifier » a sent quote inserts version 2 under the same number (same `series_id`),
// and the earlier version becomes « remplace ». The content (header, lots, lines, terms)
// is one JSON document validated by app/features/quotes/content.ts: a quote is edited,
// saved and frozen as a whole (docs/decisions/016-quotes.md). The totals are columns,
// written by the server from the content, for the list and the dashboard.

/** The statuses of a version (labels in app/features/quotes/content.ts). */
export const QUOTE_STATUS_VALUES = [
  "brouillon",
  "envoye",
  "accepte",
  "refuse",
  "expire",
  "remplace",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUS_VALUES)[number];
export const QUOTE_UNIT_VALUES = ["u", "h", "m", "ml", "m²", "m³", "kg", "l", "forfait"] as const;
export type QuoteUnit = (typeof QUOTE_UNIT_VALUES)[number];
/** The rates a line may carry; reverse charge is a choice of the whole quote, not of a line. */
export const LINE_VAT_CODE_VALUES = ["20", "10", "5.5"] as const;
export type LineVatCode = (typeof LINE_VAT_CODE_VALUES)[number];

/** A percentage (basis points) or an amount (cents): the shape of app/lib/vat.ts's PercentOrAmount. */
export type StoredPercentOrAmount =
  | { kind: "percent"; basisPoints: number }
  | { kind: "amount"; cents: number };

/** The content of a quote as stored (JSON); amounts in cents, quantities in thousandths. */
export type QuoteItemLine = {
  id: string;
  kind: "item";
  designation: string;
  description: string;
  unit: QuoteUnit;
  /** Null while the staff have not entered it (a draft). */
  quantity: number | null;
  unitPriceHt: number | null;
  vatCode: LineVatCode;
  /** « En option »: shown apart, not counted in the totals. */
  optional: boolean;
  /** The library item it was inserted from (the line keeps its own copy of everything). */
  libraryItemId: string | null;
  /** Cost of one unit, copied from the library at insertion: never shown to the client. */
  cost: { labourHours: number; materialsCents: number } | null;
};
export type QuoteTextLine = { id: string; kind: "text"; text: string };
export type QuoteLine = QuoteItemLine | QuoteTextLine;
export type QuoteLot = { id: string; title: string; lines: QuoteLine[] };

export type QuoteTerms = {
  validityDays: number;
  /** Estimated start, AAAA-MM-JJ. */
  startOn: string | null;
  /** « 3 semaines », free text. */
  duration: string;
  deposit: StoredPercentOrAmount | null;
  /** « 30 % à la signature, le solde à la réception des travaux. » */
  depositSchedule: string;
  paymentTerms: string;
  /** A paid quote (the law asks the document to say whether it is free or paid) and its price TTC. */
  paid: boolean;
  priceCents: number | null;
  noteToClient: string;
  /**
   * Retention (« retenue de garantie », loi n° 71-584): 5 % at most (500 basis points)
   * withheld on each progress and final invoice, or replaced by a bank guarantee. Absent
   * from contents saved before it existed: read as none.
   */
  retention?: { basisPoints: number; bankGuarantee: boolean } | null;
};

export type QuoteContent = {
  title: string;
  /** The exact nature of the work (arrêté of 24 January 2017). */
  description: string;
  site: { street: string; postalCode: string; city: string };
  /** Subcontracted work for a business client who is the main contractor: no VAT (CGI 283-2 nonies). */
  reverseCharge: boolean;
  /** Signed off-premises (at the client's home): no payment within 7 days (Code de la consommation L221-10). */
  offPremises: boolean;
  lots: QuoteLot[];
  discount: StoredPercentOrAmount | null;
  travel: { amountHt: number; vatCode: LineVatCode } | null;
  terms: QuoteTerms;
};

export const quotes = pgTable(
  "quotes",
  {
    id: uuidPrimaryKey(),
    /** The first version's id, shared by every version of the quote. */
    seriesId: uuid("series_id").notNull(),
    version: integer("version").notNull().default(1),
    /** « DEV-2026-0007 » once sent, shared by the versions; null for a draft never sent. */
    number: text("number"),
    status: text("status").$type<QuoteStatus>().notNull().default("brouillon"),
    clientId: uuidParent("client_id", () => clients.id, "cascade"),
    /** The website request the quote answers: its photos beside the editor, its status follows. */
    leadSubmissionId: uuid("lead_submission_id").references(() => erpSubmissions.id, {
      onDelete: "set null",
    }),
    content: jsonb("content").$type<QuoteContent>().notNull(),
    /** Copies of the content for the list: its title and the site's town. */
    title: text("title").notNull(),
    siteCity: optionalText("site_city"),
    totalHtCents: bigNumber("total_ht_cents").notNull().default(0),
    totalVatCents: bigNumber("total_vat_cents").notNull().default(0),
    totalTtcCents: bigNumber("total_ttc_cents").notNull().default(0),
    /** Folded number, client name and title: what the list's search compares. */
    searchText: searchTextColumn(),
    /** Set when the version is sent: sent day + validity days. */
    validUntil: isoDate("valid_until"),
    sentAt: timestampTz("sent_at"),
    sentTo: text("sent_to"),
    /** The register row of this version's PDF (its SHA-256 and storage key). */
    issuedDocumentId: uuid("issued_document_id").references(() => issuedDocuments.id, {
      onDelete: "restrict",
    }),
    pdfSha256: text("pdf_sha256"),
    pdfStorageKey: text("pdf_storage_key"),
    /**
     * The company's identity as printed on the sent PDF (settings change later): the
     * signed copy is rendered again from it, page for page the same, plus its certificate.
     */
    pdfIdentity: jsonb("pdf_identity").$type<Record<string, unknown>>(),
    firstViewedAt: timestampTz("first_viewed_at"),
    /** Accepted, refused, expired or replaced. */
    decidedAt: timestampTz("decided_at"),
    refusalReason: text("refusal_reason"),
    /**
     * The day the works were handed over (« réception des travaux »), entered on the
     * accepted quote until job sites exist: the retention is released one year later.
     * Not part of the frozen document: it is recorded after acceptance.
     */
    handoverOn: isoDate("handover_on"),
    /** Incremented by every save: a save over an older revision is refused, not merged. */
    revision: revisionColumn(),
    ...authoredColumns(),
    updatedBy: staffRef("updated_by"),
  },
  (t) => [
    uniqueIndex("quotes_number_version_unique").on(t.number, t.version),
    uniqueIndex("quotes_series_version_unique").on(t.seriesId, t.version),
    index("quotes_created_idx").on(t.createdAt, t.id),
    index("quotes_client_idx").on(t.clientId),
    index("quotes_lead_idx").on(t.leadSubmissionId),
    index("quotes_status_idx").on(t.status, t.validUntil),
    check(
      "quotes_status_check",
      sql`${t.status} in ('brouillon', 'envoye', 'accepte', 'refuse', 'expire', 'remplace')`,
    ),
    check("quotes_version_check", sql`${t.version} >= 1`),
    check("quotes_title_check", sql`${t.title} <> ''`),
    check("quotes_sent_check", sql`(${t.status} = 'brouillon') = (${t.sentAt} is null)`),
    check(
      "quotes_sent_facts_check",
      sql`${t.status} = 'brouillon' or (${t.number} is not null and ${t.validUntil} is not null and ${t.sentTo} is not null and ${t.pdfSha256} is not null)`,
    ),
    check("quotes_pdf_sha256_check", sql`${t.pdfSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;

/** The price library: reusable items inserted into quotes (copied: editing an item never changes a quote). */
export const quoteLibraryItems = pgTable(
  "quote_library_items",
  {
    id: uuidPrimaryKey(),
    designation: text("designation").notNull(),
    description: optionalText("description"),
    /** One of QUOTE_UNITS (app/features/quotes/content.ts). */
    unit: text("unit").notNull(),
    unitPriceHtCents: bigNumber("unit_price_ht_cents").notNull(),
    /** « 20 », « 10 » or « 5.5 ». */
    vatCode: text("vat_code").notNull(),
    /** Labour per unit, in thousandths of an hour (1,5 h is 1500). */
    labourHours: integer("labour_hours").notNull().default(0),
    /** Materials per unit, in cents. */
    materialsCents: bigNumber("materials_cents").notNull().default(0),
    /** Folded designation and description: what the search compares. */
    searchText: searchTextColumn(),
    /** An archived item is no longer offered; the quotes that copied it keep their lines. */
    archivedAt: archivedAtColumn(),
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("quote_library_items_designation_idx").on(t.designation),
    check("quote_library_items_designation_check", sql`${t.designation} <> ''`),
    check(
      "quote_library_items_unit_check",
      sql`${t.unit} in ('u', 'h', 'm', 'ml', 'm²', 'm³', 'kg', 'l', 'forfait')`,
    ),
    check("quote_library_items_vat_check", sql`${t.vatCode} in ('20', '10', '5.5')`),
    check("quote_library_items_price_check", sql`${t.unitPriceHtCents} between 0 and 999999999999`),
    check("quote_library_items_labour_check", sql`${t.labourHours} between 0 and 9999999`),
    check("quote_library_items_materials_check", sql`${t.materialsCents} between 0 and 999999999999`),
  ],
);

export type QuoteLibraryItemRow = typeof quoteLibraryItems.$inferSelect;

/**
 * The client's link to a sent quote, /accord/{token}: 256 random bits given once in the
 * e-mail, only their SHA-256 stored. Valid until the end of the quote's validity.
 */
export const quoteLinks = pgTable(
  "quote_links",
  {
    id: uuidPrimaryKey(),
    quoteId: uuidParent("quote_id", () => quotes.id, "cascade"),
    /** Lower-case hex SHA-256 of the token. */
    tokenHash: text("token_hash").notNull().unique("quote_links_token_hash_unique"),
    /** The e-mail the link was sent to. */
    sentTo: text("sent_to").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestampTz("expires_at").notNull(),
  },
  (t) => [
    index("quote_links_quote_idx").on(t.quoteId),
    check("quote_links_token_hash_check", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** A six-digit code e-mailed to prove the signer's address: 5 tries, 10 minutes, stored hashed. */
export const quoteAcceptanceCodes = pgTable(
  "quote_acceptance_codes",
  {
    id: uuidPrimaryKey(),
    quoteId: uuidParent("quote_id", () => quotes.id, "cascade"),
    /** `used_at`: set when the right code was typed. */
    ...emailCodeColumns(),
  },
  (t) => emailCodeRules("quote_acceptance_codes", "quote", t.quoteId, t),
);

export const QUOTE_DECISION_VALUES = ["accepte", "refuse"] as const;
export type QuoteDecisionKind = (typeof QUOTE_DECISION_VALUES)[number];

/**
 * The client's answer and its proof, one per version, frozen by a trigger of the
 * migration: who (name, e-mail proven by the code), when, from where (IP, browser), the
 * SHA-256 of the exact PDF shown, the VAT certification ticked, and the signed copy.
 * An acceptance on paper (signed at the office) keeps the scan instead of the code.
 */
export const quoteDecisions = pgTable(
  "quote_decisions",
  {
    id: uuidPrimaryKey(),
    quoteId: uuid("quote_id")
      .notNull()
      .unique("quote_decisions_quote_unique")
      .references(() => quotes.id, { onDelete: "restrict" }),
    decision: text("decision").$type<QuoteDecisionKind>().notNull(),
    /** « en_ligne » (the client's page) or « papier » (a scan recorded by the staff). */
    channel: text("channel").notNull(),
    signerName: text("signer_name"),
    signerEmail: text("signer_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    codeVerifiedAt: timestampTz("code_verified_at"),
    /** SHA-256 of the PDF the client was shown (the sent version's). */
    pdfSha256: text("pdf_sha256").notNull(),
    certificationConfirmed: boolean("certification_confirmed").notNull().default(false),
    /** The drawn signature (PNG), when the client drew one. */
    signatureStorageKey: text("signature_storage_key"),
    refusalReason: text("refusal_reason"),
    /** The signed copy: the quote's PDF with its « Certificat d'acceptation », or the uploaded scan. */
    signedCopyStorageKey: text("signed_copy_storage_key"),
    signedCopySha256: text("signed_copy_sha256"),
    /** application/pdf, image/jpeg or image/png (a scan). */
    signedCopyContentType: text("signed_copy_content_type"),
    recordedBy: text("recorded_by").references(() => authUsers.id, { onDelete: "restrict" }),
    decidedAt: timestampTz("decided_at").notNull(),
  },
  (t) => [
    check("quote_decisions_decision_check", sql`${t.decision} in ('accepte', 'refuse')`),
    check("quote_decisions_channel_check", sql`${t.channel} in ('en_ligne', 'papier')`),
    check("quote_decisions_pdf_sha256_check", sql`${t.pdfSha256} ~ '^[0-9a-f]{64}$'`),
    check(
      "quote_decisions_signed_check",
      sql`${t.decision} = 'refuse' or (${t.signedCopyStorageKey} is not null and ${t.signedCopySha256} ~ '^[0-9a-f]{64}$' and ${t.signedCopyContentType} is not null)`,
    ),
    check(
      "quote_decisions_online_check",
      sql`${t.channel} = 'papier' or (${t.signerEmail} is not null and ${t.ip} is not null)`,
    ),
  ],
);
