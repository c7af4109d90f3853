CREATE TABLE "job_site_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_site_id" uuid NOT NULL,
	"quote_id" uuid,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"sale_ht_cents" bigint NOT NULL,
	"labour_hours_milli" bigint DEFAULT 0 NOT NULL,
	"materials_cents" bigint DEFAULT 0 NOT NULL,
	"estimated_cost_cents" bigint,
	"hourly_cost_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_site_lots_title_check" CHECK ("job_site_lots"."title" <> ''),
	CONSTRAINT "job_site_lots_amounts_check" CHECK ("job_site_lots"."labour_hours_milli" >= 0 and "job_site_lots"."materials_cents" >= 0),
	CONSTRAINT "job_site_lots_hourly_cost_check" CHECK ("job_site_lots"."hourly_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_site_quotes" (
	"job_site_id" uuid NOT NULL,
	"quote_series_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'a_planifier' NOT NULL,
	"site_street" text DEFAULT '' NOT NULL,
	"site_postal_code" text DEFAULT '' NOT NULL,
	"site_city" text NOT NULL,
	"access_code" text DEFAULT '' NOT NULL,
	"keys" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"parking" text DEFAULT '' NOT NULL,
	"constraints" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"planned_start" date,
	"planned_end" date,
	"actual_start" date,
	"actual_end" date,
	"search_text" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "job_sites_number_unique" UNIQUE("number"),
	CONSTRAINT "job_sites_status_check" CHECK ("job_sites"."status" in ('a_planifier', 'planifie', 'en_cours', 'suspendu', 'receptionne', 'clos')),
	CONSTRAINT "job_sites_title_check" CHECK ("job_sites"."title" <> ''),
	CONSTRAINT "job_sites_city_check" CHECK ("job_sites"."site_city" <> ''),
	CONSTRAINT "job_sites_postal_code_check" CHECK ("job_sites"."site_postal_code" = '' or "job_sites"."site_postal_code" ~ '^[0-9]{5}$'),
	CONSTRAINT "job_sites_planned_check" CHECK ("job_sites"."planned_end" is null or "job_sites"."planned_start" is null or "job_sites"."planned_end" >= "job_sites"."planned_start"),
	CONSTRAINT "job_sites_actual_check" CHECK ("job_sites"."actual_end" is null or "job_sites"."actual_start" is null or "job_sites"."actual_end" >= "job_sites"."actual_start")
);
--> statement-breakpoint
ALTER TABLE "document_counters" DROP CONSTRAINT "document_counters_kind_check";--> statement-breakpoint
ALTER TABLE "job_site_lots" ADD CONSTRAINT "job_site_lots_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_lots" ADD CONSTRAINT "job_site_lots_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_quotes" ADD CONSTRAINT "job_site_quotes_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_site_quotes" ADD CONSTRAINT "job_site_quotes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_sites" ADD CONSTRAINT "job_sites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_sites" ADD CONSTRAINT "job_sites_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_lots_position_unique" ON "job_site_lots" USING btree ("job_site_id","position");--> statement-breakpoint
CREATE INDEX "job_site_lots_quote_idx" ON "job_site_lots" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_quotes_series_unique" ON "job_site_quotes" USING btree ("quote_series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_site_quotes_position_unique" ON "job_site_quotes" USING btree ("job_site_id","position");--> statement-breakpoint
CREATE INDEX "job_sites_client_idx" ON "job_sites" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "job_sites_status_idx" ON "job_sites" USING btree ("status","planned_start");--> statement-breakpoint
CREATE INDEX "job_sites_created_idx" ON "job_sites" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_kind_check" CHECK ("document_counters"."kind" in ('devis', 'facture', 'avoir', 'bon_commande', 'chantier'));