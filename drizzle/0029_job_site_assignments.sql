CREATE TABLE "job_site_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_site_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"slot" text DEFAULT 'journee' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "job_site_assignments_period_check" CHECK ("job_site_assignments"."end_date" >= "job_site_assignments"."start_date"),
	CONSTRAINT "job_site_assignments_slot_check" CHECK ("job_site_assignments"."slot" in ('journee', 'matin', 'apres_midi'))
);
--> statement-breakpoint
ALTER TABLE "job_site_assignments" ADD CONSTRAINT "job_site_assignments_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_assignments" ADD CONSTRAINT "job_site_assignments_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_assignments" ADD CONSTRAINT "job_site_assignments_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_assignments_user_idx" ON "job_site_assignments" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "job_site_assignments_site_idx" ON "job_site_assignments" USING btree ("job_site_id","start_date");--> statement-breakpoint
CREATE INDEX "job_site_assignments_period_idx" ON "job_site_assignments" USING btree ("start_date","end_date");