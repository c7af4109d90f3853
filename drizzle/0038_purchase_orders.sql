CREATE TABLE "purchase_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"photo_storage_key" text,
	"photo_content_type" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "purchase_delivery_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity_milli" bigint NOT NULL,
	CONSTRAINT "purchase_delivery_lines_quantity_check" CHECK ("purchase_delivery_lines"."quantity_milli" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"designation" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"quantity_milli" bigint NOT NULL,
	"unit_price_ht_cents" bigint NOT NULL,
	"vat_code" text NOT NULL,
	"total_ht_cents" bigint NOT NULL,
	CONSTRAINT "purchase_order_lines_designation_check" CHECK ("purchase_order_lines"."designation" <> ''),
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity_milli" > 0),
	CONSTRAINT "purchase_order_lines_price_check" CHECK ("purchase_order_lines"."unit_price_ht_cents" >= 0),
	CONSTRAINT "purchase_order_lines_vat_code_check" CHECK ("purchase_order_lines"."vat_code" in ('20', '10', '5.5', 'autoliquidation'))
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text,
	"supplier_id" uuid NOT NULL,
	"job_site_id" uuid,
	"lot_id" uuid,
	"delivery_place" text DEFAULT 'chantier' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"wanted_on" date,
	"status" text DEFAULT 'brouillon' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"total_ht_cents" bigint DEFAULT 0 NOT NULL,
	"total_vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_ttc_cents" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"pdf_storage_key" text,
	"pdf_sha256" text,
	"cancelled_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "purchase_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('brouillon', 'envoye', 'livre_partiellement', 'livre', 'annule')),
	CONSTRAINT "purchase_orders_place_check" CHECK ("purchase_orders"."delivery_place" in ('chantier', 'depot')),
	CONSTRAINT "purchase_orders_number_check" CHECK (("purchase_orders"."status" = 'brouillon') = ("purchase_orders"."number" is null) or ("purchase_orders"."status" = 'annule')),
	CONSTRAINT "purchase_orders_site_place_check" CHECK ("purchase_orders"."delivery_place" = 'depot' or "purchase_orders"."job_site_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "purchase_deliveries" ADD CONSTRAINT "purchase_deliveries_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_deliveries" ADD CONSTRAINT "purchase_deliveries_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_delivery_lines" ADD CONSTRAINT "purchase_delivery_lines_delivery_id_purchase_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."purchase_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_delivery_lines" ADD CONSTRAINT "purchase_delivery_lines_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_job_site_id_job_sites_id_fk" FOREIGN KEY ("job_site_id") REFERENCES "public"."job_sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_lot_id_job_site_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."job_site_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_auth_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_deliveries_order_idx" ON "purchase_deliveries" USING btree ("order_id","received_on");--> statement-breakpoint
CREATE INDEX "purchase_delivery_lines_line_idx" ON "purchase_delivery_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_site_idx" ON "purchase_orders" USING btree ("job_site_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","created_at");