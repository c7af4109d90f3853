CREATE TABLE "supplier_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "supplier_contacts_name_check" CHECK ("supplier_contacts"."name" <> '')
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"legal_name" text NOT NULL,
	"siren" text,
	"vat_number" text,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'FR' NOT NULL,
	"email" text,
	"phone" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"payment_terms_end_of_month" boolean DEFAULT false NOT NULL,
	"iban" text,
	"bic" text,
	"default_vat_code" text DEFAULT '20' NOT NULL,
	"trade" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "suppliers_siren_unique" UNIQUE("siren"),
	CONSTRAINT "suppliers_kind_check" CHECK ("suppliers"."kind" in ('fournisseur', 'sous_traitant', 'loueur')),
	CONSTRAINT "suppliers_legal_name_check" CHECK ("suppliers"."legal_name" <> ''),
	CONSTRAINT "suppliers_siren_check" CHECK ("suppliers"."siren" ~ '^[0-9]{9}$'),
	CONSTRAINT "suppliers_country_check" CHECK ("suppliers"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "suppliers_payment_terms_check" CHECK ("suppliers"."payment_terms_days" between 0 and (case when "suppliers"."payment_terms_end_of_month" then 45 else 60 end)),
	CONSTRAINT "suppliers_default_vat_code_check" CHECK ("suppliers"."default_vat_code" in ('20', '10', '5.5', 'autoliquidation'))
);
--> statement-breakpoint
ALTER TABLE "supplier_contacts" ADD CONSTRAINT "supplier_contacts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_contacts_supplier_idx" ON "supplier_contacts" USING btree ("supplier_id","position");--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("legal_name");