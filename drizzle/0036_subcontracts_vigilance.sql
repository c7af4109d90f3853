CREATE TABLE "subcontracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"job_site_id" uuid NOT NULL,
	"lot_id" uuid,
	"scope" text NOT NULL,
	"price_ht_cents" bigint NOT NULL,
	"start_on" date NOT NULL,
	"end_on" date NOT NULL,
	"signed_on" date,
	"reverse_charge" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "subcontracts_scope_check" CHECK ("subcontracts"."scope" <> ''),
	CONSTRAINT "subcontracts_price_check" CHECK ("subcontracts"."price_ht_cents" > 0),
	CONSTRAINT "subcontracts_dates_check" CHECK ("subcontracts"."end_on" >= "subcontracts"."start_on"),
	CONSTRAINT "subcontracts_status_check" CHECK ("subcontracts"."status" in ('brouillon', 'signe', 'termine', 'annule'))
);
--> statement-breakpoint
CREATE TABLE "supplier_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"issued_on" date NOT NULL,
	"valid_until" date,
	"trades" text DEFAULT '' NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	"reminders_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "supplier_documents_kind_check" CHECK ("supplier_documents"."kind" in ('attestation_vigilance', 'kbis', 'decennale', 'autre'))
);
--> statement-breakpoint
CREATE TABLE "vigilance_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"reason" text NOT NULL,
	"stop_reason" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"reference" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vigilance_overrides_reason_check" CHECK (length(trim("vigilance_overrides"."reason")) >= 10),
	CONSTRAINT "vigilance_overrides_purpose_check" CHECK ("vigilance_overrides"."purpose" in ('order', 'payment', 'subcontract'))
);
--> statement-breakpoint
ALTER TABLE "subcontracts" ADD CONSTRAINT "subcontracts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcontracts" ADD CONSTRAINT "subcontracts_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcontracts" ADD CONSTRAINT "subcontracts_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcontracts" ADD CONSTRAINT "subcontracts_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_documents" ADD CONSTRAINT "supplier_documents_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_documents" ADD CONSTRAINT "supplier_documents_uploaded_by_auth_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_overrides" ADD CONSTRAINT "vigilance_overrides_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vigilance_overrides" ADD CONSTRAINT "vigilance_overrides_owner_id_auth_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subcontracts_supplier_idx" ON "subcontracts" USING btree ("supplier_id","start_on");--> statement-breakpoint
CREATE INDEX "subcontracts_job_site_idx" ON "subcontracts" USING btree ("job_site_id");--> statement-breakpoint
CREATE INDEX "supplier_documents_supplier_idx" ON "supplier_documents" USING btree ("supplier_id","kind");--> statement-breakpoint
CREATE INDEX "supplier_documents_valid_until_idx" ON "supplier_documents" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "vigilance_overrides_supplier_idx" ON "vigilance_overrides" USING btree ("supplier_id","purpose");