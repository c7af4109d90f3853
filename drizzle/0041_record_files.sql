CREATE TABLE "record_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"job_site_id" uuid,
	"supplier_id" uuid,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_files_owner_check" CHECK (num_nonnulls("record_files"."client_id", "record_files"."job_site_id", "record_files"."supplier_id") = 1),
	CONSTRAINT "record_files_kind_check" CHECK ("record_files"."kind" in ('plan', 'photo', 'fiche_technique', 'notice', 'rapport', 'autre')),
	CONSTRAINT "record_files_size_check" CHECK ("record_files"."size_bytes" > 0),
	CONSTRAINT "record_files_name_check" CHECK (length("record_files"."file_name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_files_client_idx" ON "record_files" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "record_files_job_site_idx" ON "record_files" USING btree ("job_site_id","created_at");--> statement-breakpoint
CREATE INDEX "record_files_supplier_idx" ON "record_files" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "record_files_created_idx" ON "record_files" USING btree ("created_at");