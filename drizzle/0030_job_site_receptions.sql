CREATE TABLE "job_site_reception_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reception_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "job_site_reception_codes_attempts_check" CHECK ("job_site_reception_codes"."attempts" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "job_site_receptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_site_id" uuid NOT NULL,
	"kind" text DEFAULT 'reception' NOT NULL,
	"received_on" date NOT NULL,
	"with_reservations" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"signing" text,
	"token_hash" text,
	"link_sent_to" text,
	"link_sent_at" timestamp with time zone,
	"pdf_storage_key" text,
	"pdf_sha256" text,
	"signer_name" text,
	"signer_email" text,
	"ip" text,
	"user_agent" text,
	"code_verified_at" timestamp with time zone,
	"signature_storage_key" text,
	"signed_pdf_storage_key" text,
	"paper_scan_storage_key" text,
	"signed_copy_sha256" text,
	"signed_copy_content_type" text,
	"signed_at" timestamp with time zone,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "job_site_receptions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "job_site_receptions_kind_check" CHECK ("job_site_receptions"."kind" in ('reception', 'levee')),
	CONSTRAINT "job_site_receptions_status_check" CHECK ("job_site_receptions"."status" in ('brouillon', 'a_signer', 'signe')),
	CONSTRAINT "job_site_receptions_signing_check" CHECK ("job_site_receptions"."signing" is null or "job_site_receptions"."signing" in ('en_ligne', 'papier')),
	CONSTRAINT "job_site_receptions_levee_check" CHECK ("job_site_receptions"."kind" = 'reception' or not "job_site_receptions"."with_reservations"),
	CONSTRAINT "job_site_receptions_hashes_check" CHECK (("job_site_receptions"."token_hash" is null or "job_site_receptions"."token_hash" ~ '^[0-9a-f]{64}$') and ("job_site_receptions"."pdf_sha256" is null or "job_site_receptions"."pdf_sha256" ~ '^[0-9a-f]{64}$') and ("job_site_receptions"."signed_copy_sha256" is null or "job_site_receptions"."signed_copy_sha256" ~ '^[0-9a-f]{64}$')),
	CONSTRAINT "job_site_receptions_signed_check" CHECK ("job_site_receptions"."status" <> 'signe' or ("job_site_receptions"."signing" is not null and "job_site_receptions"."signed_at" is not null and "job_site_receptions"."signed_copy_sha256" is not null and "job_site_receptions"."signed_copy_content_type" is not null and ("job_site_receptions"."signed_pdf_storage_key" is not null or "job_site_receptions"."paper_scan_storage_key" is not null))),
	CONSTRAINT "job_site_receptions_online_check" CHECK ("job_site_receptions"."signing" is distinct from 'en_ligne' or ("job_site_receptions"."signer_name" is not null and "job_site_receptions"."signer_email" is not null and "job_site_receptions"."ip" is not null and "job_site_receptions"."code_verified_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "job_site_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reception_id" uuid NOT NULL,
	"lot_id" uuid,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"photo_storage_key" text,
	"deadline" date NOT NULL,
	"lifted_on" date,
	"lifted_photo_storage_key" text,
	"lifting_reception_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_reservations_description_check" CHECK ("job_site_reservations"."description" <> ''),
	CONSTRAINT "job_site_reservations_lifted_check" CHECK ("job_site_reservations"."lifted_on" is not null or "job_site_reservations"."lifting_reception_id" is null)
);
--> statement-breakpoint
ALTER TABLE "integrity_entries" DROP CONSTRAINT "integrity_entries_event_check";--> statement-breakpoint
ALTER TABLE "job_site_reception_codes" ADD CONSTRAINT "job_site_reception_codes_reception_id_job_site_receptions_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."job_site_receptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_receptions" ADD CONSTRAINT "job_site_receptions_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_receptions" ADD CONSTRAINT "job_site_receptions_recorded_by_auth_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_receptions" ADD CONSTRAINT "job_site_receptions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_reservations" ADD CONSTRAINT "job_site_reservations_reception_id_job_site_receptions_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."job_site_receptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_reservations" ADD CONSTRAINT "job_site_reservations_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_reservations" ADD CONSTRAINT "job_site_reservations_lifting_reception_id_job_site_receptions_id_fk" FOREIGN KEY ("lifting_reception_id") REFERENCES "public"."job_site_receptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_reception_codes_reception_idx" ON "job_site_reception_codes" USING btree ("reception_id","created_at");--> statement-breakpoint
CREATE INDEX "job_site_receptions_site_idx" ON "job_site_receptions" USING btree ("job_site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_receptions_one_per_site" ON "job_site_receptions" USING btree ("job_site_id") WHERE "job_site_receptions"."kind" = 'reception';--> statement-breakpoint
CREATE INDEX "job_site_reservations_reception_idx" ON "job_site_reservations" USING btree ("reception_id","position");--> statement-breakpoint
CREATE INDEX "job_site_reservations_deadline_idx" ON "job_site_reservations" USING btree ("deadline");--> statement-breakpoint
ALTER TABLE "integrity_entries" ADD CONSTRAINT "integrity_entries_event_check" CHECK ("integrity_entries"."event" in ('devis_envoye', 'devis_accepte', 'devis_refuse', 'facture_emise', 'avoir_emis', 'paiement', 'retenue_liberee', 'pv_signe'));