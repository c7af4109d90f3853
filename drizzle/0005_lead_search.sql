CREATE TABLE "erp_lead_search" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"phone" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_lead_search" ADD CONSTRAINT "erp_lead_search_submission_id_erp_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."erp_submissions"("id") ON DELETE cascade ON UPDATE no action;