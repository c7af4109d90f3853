CREATE TABLE "quote_library_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"designation" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"unit_price_ht_cents" bigint NOT NULL,
	"vat_code" text NOT NULL,
	"labour_hours" integer DEFAULT 0 NOT NULL,
	"materials_cents" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "quote_library_items_designation_check" CHECK ("quote_library_items"."designation" <> ''),
	CONSTRAINT "quote_library_items_unit_check" CHECK ("quote_library_items"."unit" in ('u', 'h', 'm', 'ml', 'm²', 'm³', 'kg', 'l', 'forfait')),
	CONSTRAINT "quote_library_items_vat_check" CHECK ("quote_library_items"."vat_code" in ('20', '10', '5.5')),
	CONSTRAINT "quote_library_items_price_check" CHECK ("quote_library_items"."unit_price_ht_cents" between 0 and 999999999999),
	CONSTRAINT "quote_library_items_labour_check" CHECK ("quote_library_items"."labour_hours" between 0 and 9999999),
	CONSTRAINT "quote_library_items_materials_check" CHECK ("quote_library_items"."materials_cents" between 0 and 999999999999)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"number" text,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"client_id" uuid NOT NULL,
	"lead_submission_id" uuid,
	"content" jsonb NOT NULL,
	"title" text NOT NULL,
	"site_city" text DEFAULT '' NOT NULL,
	"total_ht_cents" bigint DEFAULT 0 NOT NULL,
	"total_vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_ttc_cents" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"valid_until" date,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"issued_document_id" uuid,
	"pdf_sha256" text,
	"pdf_storage_key" text,
	"first_viewed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"refusal_reason" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('brouillon', 'envoye', 'accepte', 'refuse', 'expire', 'remplace')),
	CONSTRAINT "quotes_version_check" CHECK ("quotes"."version" >= 1),
	CONSTRAINT "quotes_title_check" CHECK ("quotes"."title" <> ''),
	CONSTRAINT "quotes_sent_check" CHECK (("quotes"."status" = 'brouillon') = ("quotes"."sent_at" is null)),
	CONSTRAINT "quotes_sent_facts_check" CHECK ("quotes"."status" = 'brouillon' or ("quotes"."number" is not null and "quotes"."valid_until" is not null and "quotes"."sent_to" is not null and "quotes"."pdf_sha256" is not null)),
	CONSTRAINT "quotes_pdf_sha256_check" CHECK ("quotes"."pdf_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "quote_library_items" ADD CONSTRAINT "quote_library_items_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_submission_id_erp_submissions_id_fk" FOREIGN KEY ("lead_submission_id") REFERENCES "public"."erp_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_issued_document_id_issued_documents_id_fk" FOREIGN KEY ("issued_document_id") REFERENCES "public"."issued_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_updated_by_auth_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_library_items_designation_idx" ON "quote_library_items" USING btree ("designation");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_version_unique" ON "quotes" USING btree ("number","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_series_version_unique" ON "quotes" USING btree ("series_id","version");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quotes_lead_idx" ON "quotes" USING btree ("lead_submission_id");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","valid_until");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): a sent version of a quote is
-- frozen. Its content, number, totals and proof of sending never change and it is never
-- deleted; « Modifier » inserts the next version. Only its life after sending moves on:
-- status (accepted, refused, expired, replaced), first view, decision, search text.
CREATE FUNCTION "quotes_sent_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD.status <> 'brouillon' THEN
			RAISE EXCEPTION 'Un devis envoyé ne peut pas être supprimé : il reste lisible, et remplacé par sa version suivante.'
				USING ERRCODE = 'restrict_violation', TABLE = 'quotes';
		END IF;
		RETURN OLD;
	END IF;
	IF OLD.status <> 'brouillon' AND (
		NEW.status = 'brouillon'
		OR NEW.content IS DISTINCT FROM OLD.content
		OR NEW.number IS DISTINCT FROM OLD.number
		OR NEW.version IS DISTINCT FROM OLD.version
		OR NEW.series_id IS DISTINCT FROM OLD.series_id
		OR NEW.client_id IS DISTINCT FROM OLD.client_id
		OR NEW.title IS DISTINCT FROM OLD.title
		OR NEW.total_ht_cents IS DISTINCT FROM OLD.total_ht_cents
		OR NEW.total_vat_cents IS DISTINCT FROM OLD.total_vat_cents
		OR NEW.total_ttc_cents IS DISTINCT FROM OLD.total_ttc_cents
		OR NEW.valid_until IS DISTINCT FROM OLD.valid_until
		OR NEW.sent_at IS DISTINCT FROM OLD.sent_at
		OR NEW.issued_document_id IS DISTINCT FROM OLD.issued_document_id
		OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256
		OR NEW.pdf_storage_key IS DISTINCT FROM OLD.pdf_storage_key
	) THEN
		RAISE EXCEPTION 'Un devis envoyé est figé : « Modifier » en crée une nouvelle version.'
			USING ERRCODE = 'restrict_violation', TABLE = 'quotes';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quotes_sent_no_change" BEFORE UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "quotes_sent_frozen"();
