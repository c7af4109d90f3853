CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0 and "invoice_payments"."amount_cents" <= 999999999999),
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('virement', 'cheque', 'carte', 'especes'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"number" text,
	"client_id" uuid NOT NULL,
	"quote_id" uuid,
	"credited_invoice_id" uuid,
	"sequence" integer DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"issued_on" date,
	"due_on" date,
	"total_ht_cents" bigint DEFAULT 0 NOT NULL,
	"total_vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_ttc_cents" bigint DEFAULT 0 NOT NULL,
	"prepaid_cents" bigint DEFAULT 0 NOT NULL,
	"retention_cents" bigint DEFAULT 0 NOT NULL,
	"net_to_pay_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"issued_document_id" uuid,
	"pdf_sha256" text,
	"pdf_storage_key" text,
	"facturx_sha256" text,
	"reminders_suspended" boolean DEFAULT false NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminder_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('acompte', 'situation', 'solde', 'facture', 'avoir')),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('brouillon', 'emise', 'partiellement_payee', 'payee', 'en_retard', 'annulee')),
	CONSTRAINT "invoices_credit_check" CHECK (("invoices"."kind" = 'avoir') = ("invoices"."credited_invoice_id" is not null)),
	CONSTRAINT "invoices_issued_check" CHECK ("invoices"."status" = 'brouillon' or ("invoices"."number" is not null and "invoices"."issued_on" is not null and "invoices"."issued_at" is not null and "invoices"."pdf_sha256" ~ '^[0-9a-f]{64}$')),
	CONSTRAINT "invoices_draft_check" CHECK ("invoices"."status" <> 'brouillon' or "invoices"."number" is null),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" >= 1),
	CONSTRAINT "invoices_reminders_check" CHECK ("invoices"."reminders_sent" between 0 and 3),
	CONSTRAINT "invoices_paid_check" CHECK ("invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_document_id_issued_documents_id_fk" FOREIGN KEY ("issued_document_id") REFERENCES "public"."issued_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","paid_on");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invoices_quote_idx" ON "invoices" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_on");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): an issued invoice or credit note
-- is frozen. Its content, figures, number, dates, client, quote and PDF never change and
-- it is never deleted (CGI annexe II art. 242 nonies A: a correction is a credit note);
-- only its life after issue moves: status, sum paid, reminders, search text.
CREATE FUNCTION "invoices_issued_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD.status <> 'brouillon' THEN
			RAISE EXCEPTION 'Une facture émise ne peut pas être supprimée : émettez un avoir.'
				USING ERRCODE = 'restrict_violation', TABLE = 'invoices';
		END IF;
		RETURN OLD;
	END IF;
	IF OLD.status <> 'brouillon' AND (
		NEW.status = 'brouillon'
		OR NEW.kind IS DISTINCT FROM OLD.kind
		OR NEW.number IS DISTINCT FROM OLD.number
		OR NEW.client_id IS DISTINCT FROM OLD.client_id
		OR NEW.quote_id IS DISTINCT FROM OLD.quote_id
		OR NEW.credited_invoice_id IS DISTINCT FROM OLD.credited_invoice_id
		OR NEW.sequence IS DISTINCT FROM OLD.sequence
		OR NEW.content IS DISTINCT FROM OLD.content
		OR NEW.issued_on IS DISTINCT FROM OLD.issued_on
		OR NEW.due_on IS DISTINCT FROM OLD.due_on
		OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
		OR NEW.total_ht_cents IS DISTINCT FROM OLD.total_ht_cents
		OR NEW.total_vat_cents IS DISTINCT FROM OLD.total_vat_cents
		OR NEW.total_ttc_cents IS DISTINCT FROM OLD.total_ttc_cents
		OR NEW.prepaid_cents IS DISTINCT FROM OLD.prepaid_cents
		OR NEW.retention_cents IS DISTINCT FROM OLD.retention_cents
		OR NEW.net_to_pay_cents IS DISTINCT FROM OLD.net_to_pay_cents
		OR NEW.issued_document_id IS DISTINCT FROM OLD.issued_document_id
		OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256
		OR NEW.pdf_storage_key IS DISTINCT FROM OLD.pdf_storage_key
		OR NEW.facturx_sha256 IS DISTINCT FROM OLD.facturx_sha256
	) THEN
		RAISE EXCEPTION 'Une facture émise est figée : corrigez-la par un avoir.'
			USING ERRCODE = 'restrict_violation', TABLE = 'invoices';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_issued_no_change" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_issued_frozen"();
