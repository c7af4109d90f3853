ALTER TABLE "shop_orders" DROP CONSTRAINT "shop_orders_status_check";--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "tracking_reference" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
CREATE INDEX "shop_orders_status_created_idx" ON "shop_orders" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_status_check" CHECK ("shop_orders"."status" in ('awaiting_payment', 'paid', 'preparing', 'shipped', 'ready_for_pickup', 'delivered', 'picked_up', 'cancelled', 'expired'));