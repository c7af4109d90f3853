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
ALTER TABLE "job_site_receptions" ADD COLUMN "link_sent_to" text;--> statement-breakpoint
ALTER TABLE "job_site_receptions" ADD COLUMN "link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_site_reception_codes" ADD CONSTRAINT "job_site_reception_codes_reception_id_job_site_receptions_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."job_site_receptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_reception_codes_reception_idx" ON "job_site_reception_codes" USING btree ("reception_id","created_at");