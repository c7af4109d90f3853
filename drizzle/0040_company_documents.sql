CREATE TABLE "company_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"replaces_id" uuid,
	"reminders_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_documents_kind_check" CHECK ("company_documents"."kind" in ('decennale', 'rc_pro', 'kbis', 'urssaf', 'fiscale', 'rge', 'qualibat', 'carte_btp', 'verification', 'autre')),
	CONSTRAINT "company_documents_validity_check" CHECK ("company_documents"."valid_until" is null or "company_documents"."valid_until" >= "company_documents"."valid_from"),
	CONSTRAINT "company_documents_replaces_check" CHECK ("company_documents"."replaces_id" is null or "company_documents"."replaces_id" <> "company_documents"."id"),
	CONSTRAINT "company_documents_size_check" CHECK ("company_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_replaces_id_company_documents_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."company_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_documents_kind_idx" ON "company_documents" USING btree ("kind","label");--> statement-breakpoint
CREATE INDEX "company_documents_valid_until_idx" ON "company_documents" USING btree ("valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "company_documents_replaces_unique" ON "company_documents" USING btree ("replaces_id");