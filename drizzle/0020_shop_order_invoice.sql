ALTER TABLE "shop_orders" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "invoice_problem" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;