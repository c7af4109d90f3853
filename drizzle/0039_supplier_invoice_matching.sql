CREATE TABLE "supplier_invoice_line_pairings" (
	"invoice_line_id" uuid PRIMARY KEY NOT NULL,
	"order_line_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "supplier_invoice_match_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_by_email" text DEFAULT '' NOT NULL,
	CONSTRAINT "supplier_invoice_match_decisions_subject_unique" UNIQUE("invoice_id","kind","subject_id"),
	CONSTRAINT "supplier_invoice_match_decisions_kind_check" CHECK ("supplier_invoice_match_decisions"."kind" in ('quantite', 'prix', 'absente')),
	CONSTRAINT "supplier_invoice_match_decisions_decision_check" CHECK ("supplier_invoice_match_decisions"."decision" in ('accepte', 'conteste'))
);
--> statement-breakpoint
CREATE TABLE "supplier_invoice_order_links" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "supplier_invoice_order_links_source_check" CHECK ("supplier_invoice_order_links"."source" in ('auto', 'manuel'))
);
--> statement-breakpoint
ALTER TABLE "supplier_invoice_line_pairings" ADD CONSTRAINT "supplier_invoice_line_pairings_invoice_line_id_supplier_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."supplier_invoice_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_line_pairings" ADD CONSTRAINT "supplier_invoice_line_pairings_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_line_pairings" ADD CONSTRAINT "supplier_invoice_line_pairings_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_match_decisions" ADD CONSTRAINT "supplier_invoice_match_decisions_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_match_decisions" ADD CONSTRAINT "supplier_invoice_match_decisions_decided_by_auth_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_order_links" ADD CONSTRAINT "supplier_invoice_order_links_invoice_id_supplier_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."supplier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_order_links" ADD CONSTRAINT "supplier_invoice_order_links_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_invoice_order_links" ADD CONSTRAINT "supplier_invoice_order_links_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_invoice_line_pairings_order_line_idx" ON "supplier_invoice_line_pairings" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "supplier_invoice_order_links_order_idx" ON "supplier_invoice_order_links" USING btree ("order_id");