CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"job_site_id" uuid,
	"label" text NOT NULL,
	"expires_on" date NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "share_links_kind_check" CHECK ("share_links"."kind" in ('attestations', 'dossier')),
	CONSTRAINT "share_links_token_hash_check" CHECK ("share_links"."token_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "share_links_label_check" CHECK (length("share_links"."label") between 1 and 200),
	CONSTRAINT "share_links_open_count_check" CHECK ("share_links"."open_count" >= 0),
	CONSTRAINT "share_links_site_check" CHECK (("share_links"."kind" = 'dossier') = ("share_links"."job_site_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_revoked_by_auth_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_links_kind_idx" ON "share_links" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "share_links_job_site_idx" ON "share_links" USING btree ("job_site_id");