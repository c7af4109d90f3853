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
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("last_name","first_name");