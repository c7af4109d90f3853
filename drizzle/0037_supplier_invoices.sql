CREATE TABLE "supplier_invoice_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_id" uuid,
	"job_site_id" uuid NOT NULL,
	"lot_id" uuid,
	"amount_ht_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_invoice_allocations_amount_check" CHECK ("supplier_invoice_allocations"."amount_ht_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"reference" text,
	"designation" text NOT NULL,
	"quantity" text NOT NULL,
	"quantity_milli" bigint,
	"unit" text,
	"unit_price" text,
	"net_cents" bigint NOT NULL,
	"vat_rate_bp" integer,
	"vat_category" text
);
--> statement-breakpoint
CREATE TABLE "supplier_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"number" text NOT NULL,
	"is_credit_note" boolean DEFAULT false NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"order_reference" text,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"due_cents" bigint NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'a_payer' NOT NULL,
	"paid_on" date,
	"payment_method" text,
	"payment_reference" text,
	"dispute_reason" text,
	"source" text NOT NULL,
	"format" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original_storage_key" text NOT NULL,
	"original_content_type" text NOT NULL,
	"original_file_name" text NOT NULL,
	"original_sha256" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "supplier_invoices_sha256_unique" UNIQUE("original_sha256"),
	CONSTRAINT "supplier_invoices_status_check" CHECK ("supplier_invoices"."status" in ('a_payer', 'payee', 'en_litige')),
	CONSTRAINT "supplier_invoices_payment_method_check" CHECK ("supplier_invoices"."payment_method" in ('virement', 'cheque', 'carte', 'especes', 'prelevement')),
	CONSTRAINT "supplier_invoices_source_check" CHECK ("supplier_invoices"."source" in ('einvoice', 'manual')),
	CONSTRAINT "supplier_invoices_format_check" CHECK ("supplier_invoices"."format" in ('facturx', 'cii', 'ubl')),
	CONSTRAINT "supplier_invoices_currency_check" CHECK ("supplier_invoices"."currency" = 'EUR'),
	CONSTRAINT "supplier_invoices_number_check" CHECK ("supplier_invoices"."number" <> ''),
	CONSTRAINT "supplier_invoices_sha256_check" CHECK ("supplier_invoices"."original_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "supplier_invoices_paid_check" CHECK (("supplier_invoices"."status" = 'payee') = ("supplier_invoices"."paid_on" is not null and "supplier_invoices"."payment_method" is not null))
);
--> statement-breakpoint
ALTER TABLE "supplier_invoice_allocations" ADD CONSTRAINT "supplier_invoice_allocations_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_allocations" ADD CONSTRAINT "supplier_invoice_allocations_line_id_supplier_invoice_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."supplier_invoice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_allocations" ADD CONSTRAINT "supplier_invoice_allocations_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_allocations" ADD CONSTRAINT "supplier_invoice_allocations_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_lines" ADD CONSTRAINT "supplier_invoice_lines_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD CONSTRAINT "supplier_invoices_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_invoice_allocations_invoice_idx" ON "supplier_invoice_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "supplier_invoice_allocations_site_idx" ON "supplier_invoice_allocations" USING btree ("job_site_id");--> statement-breakpoint
CREATE INDEX "supplier_invoice_lines_invoice_idx" ON "supplier_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "supplier_invoices_supplier_idx" ON "supplier_invoices" USING btree ("supplier_id","number");--> statement-breakpoint
CREATE INDEX "supplier_invoices_due_idx" ON "supplier_invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "supplier_invoices_issue_idx" ON "supplier_invoices" USING btree ("issue_date");