CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"insurer_name" text NOT NULL,
	"insurer_address" text NOT NULL,
	"decennial_policy" text NOT NULL,
	"liability_policy" text NOT NULL,
	"insurance_coverage" text NOT NULL,
	"insurance_valid_until" date,
	"rge_number" text,
	"rge_valid_until" date,
	"bank_account_holder" text,
	"iban" text,
	"bic" text,
	"payment_terms_days" integer NOT NULL,
	"payment_terms_text" text NOT NULL,
	"quote_validity_days" integer NOT NULL,
	"late_payment_rate_bp" integer NOT NULL,
	"vat_on_debits" boolean DEFAULT false NOT NULL,
	"hourly_cost_cents" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "company_settings_single_row_check" CHECK ("company_settings"."id" = 1),
	CONSTRAINT "company_settings_insurance_check" CHECK ("company_settings"."insurer_name" <> '' and "company_settings"."insurer_address" <> '' and "company_settings"."decennial_policy" <> '' and "company_settings"."liability_policy" <> '' and "company_settings"."insurance_coverage" <> ''),
	CONSTRAINT "company_settings_rge_check" CHECK (("company_settings"."rge_number" is null) = ("company_settings"."rge_valid_until" is null) and "company_settings"."rge_number" <> ''),
	CONSTRAINT "company_settings_bank_check" CHECK (("company_settings"."bank_account_holder" is null) = ("company_settings"."iban" is null) and ("company_settings"."iban" is null) = ("company_settings"."bic" is null) and "company_settings"."bank_account_holder" <> ''),
	CONSTRAINT "company_settings_iban_check" CHECK ("company_settings"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
	CONSTRAINT "company_settings_bic_check" CHECK ("company_settings"."bic" ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
	CONSTRAINT "company_settings_payment_terms_check" CHECK ("company_settings"."payment_terms_days" between 0 and 60),
	CONSTRAINT "company_settings_payment_text_check" CHECK ("company_settings"."payment_terms_text" <> ''),
	CONSTRAINT "company_settings_quote_validity_check" CHECK ("company_settings"."quote_validity_days" between 1 and 365),
	CONSTRAINT "company_settings_late_rate_check" CHECK ("company_settings"."late_payment_rate_bp" between 1 and 10000),
	CONSTRAINT "company_settings_hourly_cost_check" CHECK ("company_settings"."hourly_cost_cents" between 1 and 100000),
	CONSTRAINT "company_settings_revision_check" CHECK ("company_settings"."revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The one row of settings, so that a fresh installation prints complete documents. The
-- insurer's values are copied from app/config/company.ts (`company.insurer`: name,
-- address, decennialPolicy, liabilityPolicy, coverage) as they stood when this
-- migration was written; from now on the owners change them on /erp/parametres, and
-- the documents read them from this row. Defaults: invoices payable at 30 days, quotes
-- valid 30 days, late-payment penalties at 12,15 %, labour at 45,00 € an hour; no RGE
-- qualification, no insurance end date and no bank details until entered.
INSERT INTO "company_settings" (
	"id",
	"insurer_name",
	"insurer_address",
	"decennial_policy",
	"liability_policy",
	"insurance_coverage",
	"payment_terms_days",
	"payment_terms_text",
	"quote_validity_days",
	"late_payment_rate_bp",
	"vat_on_debits",
	"hourly_cost_cents"
) VALUES (
	1,
	'Mutuelle des Artisans du Sud',
	'12 boulevard de Strasbourg, 83000 Toulon',
	'DEC-2023-004512',
	'RCP-2023-004513',
	'France métropolitaine',
	30,
	'Paiement à 30 jours à réception de facture, par virement.',
	30,
	1215,
	false,
	4500
) ON CONFLICT ("id") DO NOTHING;
