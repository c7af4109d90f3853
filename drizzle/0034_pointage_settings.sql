CREATE TABLE "allowance_rate_versions" (
	"valid_from" date PRIMARY KEY NOT NULL,
	"meal_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "allowance_rate_versions_meal_check" CHECK ("allowance_rate_versions"."meal_cents" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "allowance_rates" (
	"valid_from" date NOT NULL,
	"zone" integer NOT NULL,
	"transport_cents" integer NOT NULL,
	"travel_time_cents" integer NOT NULL,
	CONSTRAINT "allowance_rates_pk" PRIMARY KEY("valid_from","zone"),
	CONSTRAINT "allowance_rates_zone_check" CHECK ("allowance_rates"."zone" between 1 and 5),
	CONSTRAINT "allowance_rates_amounts_check" CHECK ("allowance_rates"."transport_cents" between 0 and 100000 and "allowance_rates"."travel_time_cents" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "job_sites" ADD COLUMN "site_latitude" double precision;--> statement-breakpoint
ALTER TABLE "job_sites" ADD COLUMN "site_longitude" double precision;--> statement-breakpoint
ALTER TABLE "job_sites" ADD COLUMN "geocoding_status" text;--> statement-breakpoint
ALTER TABLE "job_sites" ADD COLUMN "distance_override_metres" integer;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "zone_origin" text DEFAULT 'siege' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "office_latitude" double precision;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "office_longitude" double precision;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "office_geocoding_status" text;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "overtime_quota_hours" integer DEFAULT 220 NOT NULL;--> statement-breakpoint
ALTER TABLE "allowance_rate_versions" ADD CONSTRAINT "allowance_rate_versions_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_rates" ADD CONSTRAINT "allowance_rates_valid_from_allowance_rate_versions_valid_from_fk" FOREIGN KEY ("valid_from") REFERENCES "public"."allowance_rate_versions"("valid_from") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_sites" ADD CONSTRAINT "job_sites_position_check" CHECK (("job_sites"."site_latitude" is null) = ("job_sites"."site_longitude" is null) and "job_sites"."site_latitude" between -90 and 90 and "job_sites"."site_longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "job_sites" ADD CONSTRAINT "job_sites_geocoding_status_check" CHECK ("job_sites"."geocoding_status" in ('ok', 'unreachable', 'not_found', 'uncertain') and coalesce("job_sites"."geocoding_status" = 'ok', false) = ("job_sites"."site_latitude" is not null));--> statement-breakpoint
ALTER TABLE "job_sites" ADD CONSTRAINT "job_sites_distance_override_check" CHECK ("job_sites"."distance_override_metres" between 1 and 1000000);--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_zone_origin_check" CHECK ("company_settings"."zone_origin" in ('siege', 'domicile'));--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_office_position_check" CHECK (("company_settings"."office_latitude" is null) = ("company_settings"."office_longitude" is null) and "company_settings"."office_latitude" between -90 and 90 and "company_settings"."office_longitude" between -180 and 180);--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_office_geocoding_check" CHECK ("company_settings"."office_geocoding_status" in ('ok', 'unreachable', 'not_found', 'uncertain') and coalesce("company_settings"."office_geocoding_status" = 'ok', false) = ("company_settings"."office_latitude" is not null));--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_overtime_quota_check" CHECK ("company_settings"."overtime_quota_hours" between 1 and 1000);