CREATE TABLE "client_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"label" text,
	"street" text,
	"postal_code" text,
	"city" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_sites_postal_code_check" CHECK ("client_sites"."postal_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "client_sites_city_check" CHECK ("client_sites"."city" <> '')
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"siren" text,
	"vat_number" text,
	"email" text,
	"phone" text,
	"billing_street" text,
	"billing_postal_code" text,
	"billing_city" text,
	"notes" text,
	"lead_submission_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"anonymised_at" timestamp with time zone,
	CONSTRAINT "clients_lead_submission_id_unique" UNIQUE("lead_submission_id"),
	CONSTRAINT "clients_kind_check" CHECK ("clients"."kind" in ('particulier', 'entreprise')),
	CONSTRAINT "clients_name_check" CHECK ("clients"."name" <> ''),
	CONSTRAINT "clients_siren_check" CHECK ("clients"."siren" ~ '^[0-9]{9}$'),
	CONSTRAINT "clients_vat_number_check" CHECK ("clients"."vat_number" ~ '^FR[0-9]{11}$'),
	CONSTRAINT "clients_billing_postal_code_check" CHECK ("clients"."billing_postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"client_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"pdf_storage_key" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"created_by" text,
	CONSTRAINT "issued_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "issued_documents_pdf_storage_key_unique" UNIQUE("pdf_storage_key"),
	CONSTRAINT "issued_documents_kind_check" CHECK ("issued_documents"."kind" in ('devis', 'facture', 'avoir', 'bon_commande')),
	CONSTRAINT "issued_documents_pdf_sha256_check" CHECK ("issued_documents"."pdf_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "client_sites" ADD CONSTRAINT "client_sites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_lead_submission_id_erp_submissions_id_fk" FOREIGN KEY ("lead_submission_id") REFERENCES "public"."erp_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_sites_client_idx" ON "client_sites" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "issued_documents_client_idx" ON "issued_documents" USING btree ("client_id","issued_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): an issued document is frozen.
-- A correction is a credit note with its own number (CGI annexe II art. 242 nonies A),
-- never a change to the document; the register is kept 10 years.
CREATE FUNCTION "issued_documents_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Un document émis ne peut être ni modifié ni supprimé : émettez un avoir.'
		USING ERRCODE = 'restrict_violation', TABLE = 'issued_documents';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "issued_documents_no_update_or_delete" BEFORE UPDATE OR DELETE ON "issued_documents" FOR EACH ROW EXECUTE FUNCTION "issued_documents_frozen"();--> statement-breakpoint
CREATE TRIGGER "issued_documents_no_truncate" BEFORE TRUNCATE ON "issued_documents" FOR EACH STATEMENT EXECUTE FUNCTION "issued_documents_frozen"();
