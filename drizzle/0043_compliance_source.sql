ALTER TABLE "company_settings" DROP CONSTRAINT "company_settings_insurance_check";--> statement-breakpoint
ALTER TABLE "company_settings" DROP CONSTRAINT "company_settings_rge_check";--> statement-breakpoint
ALTER TABLE "company_documents" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ALTER COLUMN "content_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ALTER COLUMN "file_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ALTER COLUMN "size_bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ALTER COLUMN "sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ADD COLUMN "issuer_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ADD COLUMN "coverage" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- ─── Hand-written data move (docs/decisions/035-compliance-source.md) ─────────────────
-- Runs after the register's new columns exist and before the settings' columns go: the
-- décennale, RC pro and RGE typed in « Paramètres de l'entreprise » become register rows
-- without a file (« Fichier à joindre »), unless the register already holds that kind. A
-- current décennale already filed gets the insurer's address and coverage it lacked.
-- valid_from: least(today, valid_until), today without an end (Paris calendar day).
UPDATE "company_documents" AS d SET
  "issuer_address" = CASE WHEN d."issuer_address" = '' THEN s."insurer_address" ELSE d."issuer_address" END,
  "coverage" = CASE WHEN d."coverage" = '' THEN s."insurance_coverage" ELSE d."coverage" END
FROM "company_settings" AS s
WHERE s."id" = 1 AND d."kind" = 'decennale'
  AND NOT EXISTS (SELECT 1 FROM "company_documents" n WHERE n."replaces_id" = d."id");--> statement-breakpoint
INSERT INTO "company_documents" ("kind", "label", "issuer", "number", "issuer_address", "coverage", "valid_from", "valid_until", "notes")
SELECT 'decennale', '', s."insurer_name", s."decennial_policy", s."insurer_address", s."insurance_coverage",
  CASE WHEN s."insurance_valid_until" IS NULL THEN (now() AT TIME ZONE 'Europe/Paris')::date
       ELSE least((now() AT TIME ZONE 'Europe/Paris')::date, s."insurance_valid_until") END,
  s."insurance_valid_until",
  'Repris des paramètres de l''entreprise : joignez l''attestation.'
FROM "company_settings" AS s
WHERE s."id" = 1 AND NOT EXISTS (SELECT 1 FROM "company_documents" d WHERE d."kind" = 'decennale');--> statement-breakpoint
INSERT INTO "company_documents" ("kind", "label", "issuer", "number", "valid_from", "valid_until", "notes")
SELECT 'rc_pro', '', s."insurer_name", s."liability_policy", (now() AT TIME ZONE 'Europe/Paris')::date, NULL,
  'Repris des paramètres de l''entreprise : joignez l''attestation et sa date de fin de validité.'
FROM "company_settings" AS s
WHERE s."id" = 1 AND NOT EXISTS (SELECT 1 FROM "company_documents" d WHERE d."kind" = 'rc_pro');--> statement-breakpoint
INSERT INTO "company_documents" ("kind", "label", "issuer", "number", "valid_from", "valid_until", "notes")
SELECT 'rge', '', '', s."rge_number",
  least((now() AT TIME ZONE 'Europe/Paris')::date, s."rge_valid_until"), s."rge_valid_until",
  'Repris des paramètres de l''entreprise : joignez le certificat.'
FROM "company_settings" AS s
WHERE s."id" = 1 AND s."rge_number" IS NOT NULL AND s."rge_valid_until" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "company_documents" d WHERE d."kind" = 'rge');--> statement-breakpoint
-- ─── End of the hand-written data move ──────────────────────────────────────────────────
ALTER TABLE "company_settings" DROP COLUMN "insurer_name";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "insurer_address";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "decennial_policy";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "liability_policy";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "insurance_coverage";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "insurance_valid_until";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "rge_number";--> statement-breakpoint
ALTER TABLE "company_settings" DROP COLUMN "rge_valid_until";--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_file_check" CHECK (("company_documents"."storage_key" is null) = ("company_documents"."content_type" is null) and ("company_documents"."storage_key" is null) = ("company_documents"."file_name" is null) and ("company_documents"."storage_key" is null) = ("company_documents"."size_bytes" is null) and ("company_documents"."storage_key" is null) = ("company_documents"."sha256" is null));