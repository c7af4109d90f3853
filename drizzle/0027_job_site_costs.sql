CREATE TABLE "job_site_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_site_id" uuid NOT NULL,
	"lot_id" uuid,
	"spent_on" date NOT NULL,
	"label" text NOT NULL,
	"amount_ht_cents" bigint NOT NULL,
	"vat_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "job_site_expenses_label_check" CHECK ("job_site_expenses"."label" <> ''),
	CONSTRAINT "job_site_expenses_amount_check" CHECK ("job_site_expenses"."amount_ht_cents" > 0),
	CONSTRAINT "job_site_expenses_vat_check" CHECK ("job_site_expenses"."vat_code" in ('20', '10', '5.5', '0'))
);
--> statement-breakpoint
CREATE TABLE "job_site_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_site_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	"recorded_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "job_site_progress_percent_check" CHECK ("job_site_progress"."percent_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "job_site_lots" ADD COLUMN "quote_lot_id" text;--> statement-breakpoint
ALTER TABLE "job_site_expenses" ADD CONSTRAINT "job_site_expenses_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_expenses" ADD CONSTRAINT "job_site_expenses_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_expenses" ADD CONSTRAINT "job_site_expenses_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_progress" ADD CONSTRAINT "job_site_progress_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_progress" ADD CONSTRAINT "job_site_progress_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_progress" ADD CONSTRAINT "job_site_progress_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_site_expenses_site_idx" ON "job_site_expenses" USING btree ("job_site_id","spent_on");--> statement-breakpoint
CREATE INDEX "job_site_progress_lot_idx" ON "job_site_progress" USING btree ("lot_id","recorded_on","created_at");--> statement-breakpoint
CREATE INDEX "job_site_progress_site_idx" ON "job_site_progress" USING btree ("job_site_id");