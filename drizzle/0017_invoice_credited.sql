ALTER TABLE "invoices" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_check" CHECK ("invoices"."credited_cents" >= 0);--> statement-breakpoint
-- Invoices credited before the column existed: the sum of their issued credit notes.
UPDATE "invoices" AS "invoice" SET "credited_cents" = "credits"."amount"
FROM (
	SELECT "credited_invoice_id" AS "id", -sum("net_to_pay_cents") AS "amount"
	FROM "invoices"
	WHERE "kind" = 'avoir' AND "status" <> 'brouillon'
	GROUP BY "credited_invoice_id"
) AS "credits"
WHERE "invoice"."id" = "credits"."id";
