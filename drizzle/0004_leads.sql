CREATE TABLE "erp_lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"from_value" text,
	"to_value" text,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_leads" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'nouveau' NOT NULL,
	"do_not_contact" boolean DEFAULT false NOT NULL,
	"assignee_id" text,
	"next_follow_up" date,
	"town" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_leads_status_check" CHECK ("erp_leads"."status" in ('nouveau', 'contacte', 'devis_envoye', 'gagne', 'perdu'))
);
--> statement-breakpoint
ALTER TABLE "erp_lead_events" ADD CONSTRAINT "erp_lead_events_submission_id_erp_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."erp_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_lead_events" ADD CONSTRAINT "erp_lead_events_actor_id_auth_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_leads" ADD CONSTRAINT "erp_leads_submission_id_erp_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."erp_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_leads" ADD CONSTRAINT "erp_leads_assignee_id_auth_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_lead_events_submission_idx" ON "erp_lead_events" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "erp_leads_status_idx" ON "erp_leads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "erp_leads_follow_up_idx" ON "erp_leads" USING btree ("next_follow_up");