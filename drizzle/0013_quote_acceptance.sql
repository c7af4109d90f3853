CREATE TABLE "quote_acceptance_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"email" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "quote_acceptance_codes_attempts_check" CHECK ("quote_acceptance_codes"."attempts" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "quote_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"channel" text NOT NULL,
	"signer_name" text,
	"signer_email" text,
	"ip" text,
	"user_agent" text,
	"code_verified_at" timestamp with time zone,
	"pdf_sha256" text NOT NULL,
	"certification_confirmed" boolean DEFAULT false NOT NULL,
	"signature_storage_key" text,
	"refusal_reason" text,
	"signed_copy_storage_key" text,
	"signed_copy_sha256" text,
	"signed_copy_content_type" text,
	"recorded_by" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_decisions_quote_unique" UNIQUE("quote_id"),
	CONSTRAINT "quote_decisions_decision_check" CHECK ("quote_decisions"."decision" in ('accepte', 'refuse')),
	CONSTRAINT "quote_decisions_channel_check" CHECK ("quote_decisions"."channel" in ('en_ligne', 'papier')),
	CONSTRAINT "quote_decisions_pdf_sha256_check" CHECK ("quote_decisions"."pdf_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "quote_decisions_signed_check" CHECK ("quote_decisions"."decision" = 'refuse' or ("quote_decisions"."signed_copy_storage_key" is not null and "quote_decisions"."signed_copy_sha256" ~ '^[0-9a-f]{64}$' and "quote_decisions"."signed_copy_content_type" is not null)),
	CONSTRAINT "quote_decisions_online_check" CHECK ("quote_decisions"."channel" = 'papier' or ("quote_decisions"."signer_email" is not null and "quote_decisions"."ip" is not null))
);
--> statement-breakpoint
CREATE TABLE "quote_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "quote_links_token_hash_check" CHECK ("quote_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "pdf_identity" jsonb;--> statement-breakpoint
ALTER TABLE "quote_acceptance_codes" ADD CONSTRAINT "quote_acceptance_codes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_decisions" ADD CONSTRAINT "quote_decisions_recorded_by_auth_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."auth_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_acceptance_codes_quote_idx" ON "quote_acceptance_codes" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_links_quote_idx" ON "quote_links" USING btree ("quote_id");--> statement-breakpoint
-- Written by hand: the proof of a client's answer is never changed nor deleted.
CREATE FUNCTION "quote_decisions_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'La réponse du client à un devis est une preuve : elle ne peut être ni modifiée ni supprimée.'
		USING ERRCODE = 'restrict_violation', TABLE = 'quote_decisions';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quote_decisions_no_update_or_delete" BEFORE UPDATE OR DELETE ON "quote_decisions" FOR EACH ROW EXECUTE FUNCTION "quote_decisions_frozen"();
--> statement-breakpoint
-- The identity printed on a sent version is frozen with it.
CREATE OR REPLACE FUNCTION "quotes_sent_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
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
		OR NEW.pdf_identity IS DISTINCT FROM OLD.pdf_identity
	) THEN
		RAISE EXCEPTION 'Un devis envoyé est figé : « Modifier » en crée une nouvelle version.'
			USING ERRCODE = 'restrict_violation', TABLE = 'quotes';
	END IF;
	RETURN NEW;
END;
$$;
