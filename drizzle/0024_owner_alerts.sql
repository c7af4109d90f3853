CREATE TABLE "owner_alert_mails" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_alert_mails_kind_day_pk" PRIMARY KEY("kind","day")
);
--> statement-breakpoint
CREATE TABLE "owner_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "owner_checks" (
	"name" text PRIMARY KEY NOT NULL,
	"watched_since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_success_detail" text,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_alerts_open_kind_unique" ON "owner_alerts" USING btree ("kind") WHERE "owner_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "owner_alerts_opened_idx" ON "owner_alerts" USING btree ("opened_at");