CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "daily_job_runs_job_day_pk" PRIMARY KEY("job","day")
);--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every statement that changes the
-- shop's catalogue or its stock, from any code path or instance, notifies the channel
-- 'shop_catalogue' in its own transaction; PostgreSQL delivers it at commit (never for a
-- rollback) to every instance listening, which drops its cached catalogue (decision 020).
CREATE FUNCTION "shop_catalogue_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('shop_catalogue', '');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "shop_products_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_products" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_products_notify_truncate" AFTER TRUNCATE ON "shop_products" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_images_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_product_images" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_images_notify_truncate" AFTER TRUNCATE ON "shop_product_images" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_options_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_product_options" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_options_notify_truncate" AFTER TRUNCATE ON "shop_product_options" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_option_values_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_product_option_values" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_option_values_notify_truncate" AFTER TRUNCATE ON "shop_product_option_values" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_variants_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_variants" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_variants_notify_truncate" AFTER TRUNCATE ON "shop_variants" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_variant_prices_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_variant_prices" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_variant_prices_notify_truncate" AFTER TRUNCATE ON "shop_variant_prices" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_variant_option_values_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_variant_option_values" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_variant_option_values_notify_truncate" AFTER TRUNCATE ON "shop_variant_option_values" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_collections_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_collections" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_collections_notify_truncate" AFTER TRUNCATE ON "shop_collections" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_collections_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_product_collections" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_collections_notify_truncate" AFTER TRUNCATE ON "shop_product_collections" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_additional_info_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_product_additional_info" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_additional_info_notify_truncate" AFTER TRUNCATE ON "shop_product_additional_info" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_custom_fields_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_product_custom_fields" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_product_custom_fields_notify_truncate" AFTER TRUNCATE ON "shop_product_custom_fields" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_related_products_notify" AFTER INSERT OR UPDATE OR DELETE ON "shop_related_products" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();--> statement-breakpoint
CREATE TRIGGER "shop_related_products_notify_truncate" AFTER TRUNCATE ON "shop_related_products" FOR EACH STATEMENT EXECUTE FUNCTION "shop_catalogue_notify"();
