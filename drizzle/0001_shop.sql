CREATE TABLE "shop_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"sku" text,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"reserved_stock" boolean DEFAULT false NOT NULL,
	CONSTRAINT "shop_order_items_quantity_check" CHECK ("shop_order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"store_id" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"fulfilment" text NOT NULL,
	"shipping_address" jsonb,
	"currency_code" text DEFAULT 'eur' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"cancel_url" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "shop_orders_number_unique" UNIQUE("number"),
	CONSTRAINT "shop_orders_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "shop_orders_status_check" CHECK ("shop_orders"."status" in ('awaiting_payment', 'paid', 'cancelled', 'expired')),
	CONSTRAINT "shop_orders_provider_check" CHECK ("shop_orders"."provider" in ('manual', 'stripe')),
	CONSTRAINT "shop_orders_fulfilment_check" CHECK ("shop_orders"."fulfilment" in ('delivery', 'pickup'))
);
--> statement-breakpoint
CREATE TABLE "shop_payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_additional_info" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_collections" (
	"product_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_product_collections_product_id_collection_id_pk" PRIMARY KEY("product_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "shop_product_custom_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'image' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_option_values" (
	"id" text PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_product_options" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"ribbon_text" text,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"status" text DEFAULT 'published' NOT NULL,
	"purchasable" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"site_product_selection" text,
	"type_value" text DEFAULT 'physical' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "shop_products_status_check" CHECK ("shop_products"."status" in ('published', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "shop_related_products" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"section_title" text NOT NULL,
	"related_type" text NOT NULL,
	"related_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_variant_option_values" (
	"variant_id" text NOT NULL,
	"option_value_id" text NOT NULL,
	CONSTRAINT "shop_variant_option_values_variant_id_option_value_id_pk" PRIMARY KEY("variant_id","option_value_id")
);
--> statement-breakpoint
CREATE TABLE "shop_variant_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" text NOT NULL,
	"currency_code" text DEFAULT 'eur' NOT NULL,
	"amount" integer NOT NULL,
	"sale_amount" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_variant_prices_amount_check" CHECK ("shop_variant_prices"."amount" >= 0 and coalesce("shop_variant_prices"."sale_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"sku" text,
	"weight_grams" integer,
	"manage_inventory" boolean DEFAULT false NOT NULL,
	"inventory_quantity" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "shop_variants_inventory_check" CHECK ("shop_variants"."inventory_quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payment_events" ADD CONSTRAINT "shop_payment_events_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_additional_info" ADD CONSTRAINT "shop_product_additional_info_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_collections" ADD CONSTRAINT "shop_product_collections_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_collections" ADD CONSTRAINT "shop_product_collections_collection_id_shop_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."shop_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_custom_fields" ADD CONSTRAINT "shop_product_custom_fields_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD CONSTRAINT "shop_product_images_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_option_values" ADD CONSTRAINT "shop_product_option_values_option_id_shop_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."shop_product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_product_options" ADD CONSTRAINT "shop_product_options_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_related_products" ADD CONSTRAINT "shop_related_products_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variant_option_values" ADD CONSTRAINT "shop_variant_option_values_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variant_option_values" ADD CONSTRAINT "shop_variant_option_values_option_value_id_shop_product_option_values_id_fk" FOREIGN KEY ("option_value_id") REFERENCES "public"."shop_product_option_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variant_prices" ADD CONSTRAINT "shop_variant_prices_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_order_items_order_idx" ON "shop_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_store_created_idx" ON "shop_orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_product_additional_info_product_idx" ON "shop_product_additional_info" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shop_product_custom_fields_product_idx" ON "shop_product_custom_fields" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shop_product_images_product_idx" ON "shop_product_images" USING btree ("product_id","sort_order");--> statement-breakpoint
CREATE INDEX "shop_product_option_values_option_idx" ON "shop_product_option_values" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "shop_product_options_product_idx" ON "shop_product_options" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shop_products_store_order_idx" ON "shop_products" USING btree ("store_id","sort_order");--> statement-breakpoint
CREATE INDEX "shop_related_products_product_idx" ON "shop_related_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "shop_variant_prices_variant_idx" ON "shop_variant_prices" USING btree ("variant_id","sort_order");--> statement-breakpoint
CREATE INDEX "shop_variants_product_idx" ON "shop_variants" USING btree ("product_id","sort_order");