CREATE TABLE "integrity_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"event" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"number" text NOT NULL,
	"author_id" text,
	"author_label" text NOT NULL,
	"record_sha256" text NOT NULL,
	"file_key" text,
	"file_sha256" text,
	"xml_sha256" text,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "integrity_entries_seq_check" CHECK ("integrity_entries"."seq" >= 1),
	CONSTRAINT "integrity_entries_event_check" CHECK ("integrity_entries"."event" in ('devis_envoye', 'devis_accepte', 'devis_refuse', 'facture_emise', 'avoir_emis', 'paiement', 'retenue_liberee')),
	CONSTRAINT "integrity_entries_hashes_check" CHECK ("integrity_entries"."hash" ~ '^[0-9a-f]{64}$' and "integrity_entries"."previous_hash" ~ '^[0-9a-f]{64}$' and "integrity_entries"."record_sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "integrity_entries_file_check" CHECK (("integrity_entries"."file_key" is null) = ("integrity_entries"."file_sha256" is null))
);
--> statement-breakpoint
CREATE INDEX "integrity_entries_subject_idx" ON "integrity_entries" USING btree ("subject_id");
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): the register is append-only.
CREATE FUNCTION "integrity_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Le registre d''intégrité ne se modifie pas : on n''y fait qu''ajouter.'
		USING ERRCODE = 'restrict_violation', TABLE = 'integrity_entries';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "integrity_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "integrity_entries" FOR EACH ROW EXECUTE FUNCTION "integrity_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "integrity_entries_no_truncate" BEFORE TRUNCATE ON "integrity_entries" FOR EACH STATEMENT EXECUTE FUNCTION "integrity_entries_append_only"();
