CREATE TABLE "retention_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"released_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "retention_releases_amount_check" CHECK ("retention_releases"."amount_cents" > 0 and "retention_releases"."amount_cents" <= 999999999999),
	CONSTRAINT "retention_releases_method_check" CHECK ("retention_releases"."method" in ('virement', 'cheque', 'carte', 'especes'))
);
--> statement-breakpoint
ALTER TABLE "retention_releases" ADD CONSTRAINT "retention_releases_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_releases" ADD CONSTRAINT "retention_releases_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_releases_quote_idx" ON "retention_releases" USING btree ("quote_id");