CREATE TABLE "shop_stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" text NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text NOT NULL,
	CONSTRAINT "shop_stock_movements_reason_check" CHECK ("shop_stock_movements"."reason" in ('reception', 'inventaire', 'casse', 'commande', 'annulation')),
	CONSTRAINT "shop_stock_movements_after_check" CHECK ("shop_stock_movements"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_product_images" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "shop_variants" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_stock_movements" ADD CONSTRAINT "shop_stock_movements_variant_id_shop_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."shop_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_stock_movements_variant_idx" ON "shop_stock_movements" USING btree ("variant_id","id");--> statement-breakpoint
ALTER TABLE "shop_variants" ADD CONSTRAINT "shop_variants_low_stock_check" CHECK ("shop_variants"."low_stock_threshold" between 0 and 100000);