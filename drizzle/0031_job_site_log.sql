CREATE TABLE "job_site_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_site_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"answer_to" uuid,
	"body" text NOT NULL,
	"weather" text DEFAULT '' NOT NULL,
	"people_present" text DEFAULT '' NOT NULL,
	"is_problem" boolean DEFAULT false NOT NULL,
	"occurred_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "job_site_log_entries_weather_check" CHECK ("job_site_log_entries"."weather" in ('', 'ensoleille', 'nuageux', 'pluie', 'vent_fort', 'gel_neige')),
	CONSTRAINT "job_site_log_entries_answer_check" CHECK ("job_site_log_entries"."answer_to" is null or "job_site_log_entries"."answer_to" <> "job_site_log_entries"."id")
);
--> statement-breakpoint
CREATE TABLE "job_site_log_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"taken_at" timestamp with time zone,
	"byte_size" bigint NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_log_photos_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "job_site_log_photos_size_check" CHECK ("job_site_log_photos"."width" > 0 and "job_site_log_photos"."height" > 0 and "job_site_log_photos"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "job_site_log_entries" ADD CONSTRAINT "job_site_log_entries_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_log_entries" ADD CONSTRAINT "job_site_log_entries_author_id_auth_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_log_entries" ADD CONSTRAINT "job_site_log_entries_answer_to_job_site_log_entries_id_fk" FOREIGN KEY ("answer_to") REFERENCES "public"."job_site_log_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_log_photos" ADD CONSTRAINT "job_site_log_photos_entry_id_job_site_log_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."job_site_log_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_log_entries_site_idx" ON "job_site_log_entries" USING btree ("job_site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_site_log_entries_answer_idx" ON "job_site_log_entries" USING btree ("answer_to","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_log_photos_position_unique" ON "job_site_log_photos" USING btree ("entry_id","position");