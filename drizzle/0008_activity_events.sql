CREATE TABLE "activity_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"data" jsonb,
	"actor_id" text,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_events_subject_type_check" CHECK ("activity_events"."subject_type" ~ '^[a-z][a-z_]*$'),
	CONSTRAINT "activity_events_kind_check" CHECK ("activity_events"."kind" ~ '^[a-z][a-z_]*$'),
	CONSTRAINT "activity_events_subject_id_check" CHECK ("activity_events"."subject_id" <> ''),
	CONSTRAINT "activity_events_summary_check" CHECK ("activity_events"."summary" <> '')
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_actor_id_auth_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_subject_idx" ON "activity_events" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_events_actor_idx" ON "activity_events" USING btree ("actor_id");