ALTER TABLE "job_site_expenses" ADD COLUMN "receipt_storage_key" text;--> statement-breakpoint
ALTER TABLE "job_site_expenses" ADD COLUMN "receipt_content_type" text;