CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"qualification" text DEFAULT '' NOT NULL,
	"coefficient" integer,
	"contract_kind" text NOT NULL,
	"weekly_minutes" integer NOT NULL,
	"hire_date" date NOT NULL,
	"leave_date" date,
	"loaded_hourly_cost_cents" bigint,
	"home_street" text DEFAULT '' NOT NULL,
	"home_postal_code" text DEFAULT '' NOT NULL,
	"home_city" text DEFAULT '' NOT NULL,
	"home_latitude" double precision,
	"home_longitude" double precision,
	"user_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "employees_user_unique" UNIQUE("user_id"),
	CONSTRAINT "employees_contract_check" CHECK ("employees"."contract_kind" in ('temps_plein', 'temps_partiel')),
	CONSTRAINT "employees_weekly_minutes_check" CHECK ("employees"."weekly_minutes" between 60 and 2880 and ("employees"."contract_kind" = 'temps_partiel') = ("employees"."weekly_minutes" < 2100)),
	CONSTRAINT "employees_coefficient_check" CHECK ("employees"."coefficient" is null or "employees"."coefficient" between 100 and 999),
	CONSTRAINT "employees_cost_check" CHECK ("employees"."loaded_hourly_cost_cents" is null or "employees"."loaded_hourly_cost_cents" between 0 and 100000),
	CONSTRAINT "employees_leave_check" CHECK ("employees"."leave_date" is null or "employees"."leave_date" >= "employees"."hire_date")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"day" date NOT NULL,
	"week_start" date NOT NULL,
	"kind" text DEFAULT 'travail' NOT NULL,
	"job_site_id" uuid,
	"lot_id" uuid,
	"start_time" text,
	"end_time" text,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"minutes" integer NOT NULL,
	"went_home_for_lunch" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "time_entries_kind_check" CHECK ("time_entries"."kind" in ('travail', 'conges_payes', 'rtt', 'maladie', 'accident_travail', 'intemperies', 'formation', 'jour_ferie', 'absence_injustifiee')),
	CONSTRAINT "time_entries_minutes_check" CHECK ("time_entries"."minutes" > 0 and "time_entries"."minutes" <= 1440),
	CONSTRAINT "time_entries_break_check" CHECK ("time_entries"."break_minutes" >= 0 and "time_entries"."break_minutes" < 1440),
	CONSTRAINT "time_entries_times_check" CHECK (("time_entries"."start_time" is null) = ("time_entries"."end_time" is null)),
	CONSTRAINT "time_entries_site_check" CHECK ("time_entries"."kind" in ('travail', 'intemperies') or "time_entries"."job_site_id" is null)
);
--> statement-breakpoint
CREATE TABLE "time_entry_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"day" date NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
CREATE TABLE "time_weeks" (
	"employee_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"validated_at" timestamp with time zone NOT NULL,
	"validated_by" text,
	CONSTRAINT "time_weeks_employee_id_week_start_pk" PRIMARY KEY("employee_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_changes" ADD CONSTRAINT "time_entry_changes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_changes" ADD CONSTRAINT "time_entry_changes_changed_by_auth_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_weeks" ADD CONSTRAINT "time_weeks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_weeks" ADD CONSTRAINT "time_weeks_validated_by_auth_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "time_entries_employee_day_idx" ON "time_entries" USING btree ("employee_id","day");--> statement-breakpoint
CREATE INDEX "time_entries_week_idx" ON "time_entries" USING btree ("week_start","employee_id");--> statement-breakpoint
CREATE INDEX "time_entries_site_idx" ON "time_entries" USING btree ("job_site_id","day");--> statement-breakpoint
CREATE INDEX "time_entry_changes_week_idx" ON "time_entry_changes" USING btree ("employee_id","week_start","changed_at");