import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import {
  archivedAtColumn,
  optionalText,
  revisionColumn,
  searchTextColumn,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { authoredColumns } from "./staff-columns.ts";

// ─── Espace Pro › Achats: the register of suppliers and subcontractors ───────────────
// Whom the company buys from: materials (« fournisseur »), work it subcontracts
// (« sous_traitant », whose trade the décennale attestation will have to cover) and
// equipment it hires (« loueur »). Orders, supplier invoices and the vigilance file come
// in later slices and point to a supplier; a supplier is archived, never deleted.

export const SUPPLIER_KIND_VALUES = ["fournisseur", "sous_traitant", "loueur"] as const;
export type SupplierKind = (typeof SUPPLIER_KIND_VALUES)[number];

/** The VAT codes of app/lib/vat.ts (db imports no lib: the feature checks they are the same). */
export const SUPPLIER_VAT_CODE_VALUES = ["20", "10", "5.5", "autoliquidation"] as const;
export type SupplierVatCode = (typeof SUPPLIER_VAT_CODE_VALUES)[number];

export const suppliers = pgTable(
  "suppliers",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").$type<SupplierKind>().notNull(),
    /** The registered name (raison sociale), as its invoices print it. */
    legalName: text("legal_name").notNull(),
    /** 9 digits, Luhn key checked (app/lib/company-ids.ts); one supplier per SIREN. */
    siren: text("siren").unique("suppliers_siren_unique"),
    /** The intra-community VAT number (FR + key + SIREN for a French company). */
    vatNumber: text("vat_number"),
    street: optionalText("street"),
    postcode: optionalText("postcode"),
    city: optionalText("city"),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull().default("FR"),
    /** Lower case. */
    email: text("email"),
    phone: text("phone"),
    /**
     * Payment terms agreed with the supplier (Code de commerce L441-10): at most 60 days
     * from the invoice's date, or 45 days end of month (`paymentTermsEndOfMonth`).
     */
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    paymentTermsEndOfMonth: boolean("payment_terms_end_of_month").notNull().default(false),
    /** As the machine reads it (app/lib/bank.ts): capitals, no space. */
    iban: text("iban"),
    bic: text("bic"),
    /** The VAT its invoice lines usually carry (app/lib/vat.ts). */
    defaultVatCode: text("default_vat_code").$type<SupplierVatCode>().notNull().default("20"),
    /** A subcontractor's trade (corps de métier): what its décennale must cover. */
    trade: optionalText("trade"),
    notes: optionalText("notes"),
    /** Folded name, SIREN, VAT number, town and trade, for the register's search. */
    searchText: searchTextColumn(),
    /** Set when archived: hidden from the register and from new orders; its history stays. */
    archivedAt: archivedAtColumn(),
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("suppliers_name_idx").on(t.legalName),
    check("suppliers_kind_check", sql`${t.kind} in ('fournisseur', 'sous_traitant', 'loueur')`),
    check("suppliers_legal_name_check", sql`${t.legalName} <> ''`),
    check("suppliers_siren_check", sql`${t.siren} ~ '^[0-9]{9}$'`),
    check("suppliers_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`),
    check(
      "suppliers_payment_terms_check",
      sql`${t.paymentTermsDays} between 0 and (case when ${t.paymentTermsEndOfMonth} then 45 else 60 end)`,
    ),
    check(
      "suppliers_default_vat_code_check",
      sql`${t.defaultVatCode} in ('20', '10', '5.5', 'autoliquidation')`,
    ),
  ],
);

export type SupplierRow = typeof suppliers.$inferSelect;

/** The people to reach at a supplier (sales, accounts, the site foreman…), in the staff's order. */
export const supplierContacts = pgTable(
  "supplier_contacts",
  {
    id: uuidPrimaryKey(),
    supplierId: uuidParent("supplier_id", () => suppliers.id, "cascade"),
    name: text("name").notNull(),
    /** « Commercial », « Comptabilité », « Conducteur de travaux »… */
    role: optionalText("role"),
    email: text("email"),
    phone: text("phone"),
    /** The order the form gave them, from 0. */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("supplier_contacts_supplier_idx").on(t.supplierId, t.position),
    check("supplier_contacts_name_check", sql`${t.name} <> ''`),
  ],
);

export type SupplierContactRow = typeof supplierContacts.$inferSelect;
