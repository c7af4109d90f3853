CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	"last_issued_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "document_counters_kind_check" CHECK ("document_counters"."kind" in ('devis', 'facture', 'avoir', 'bon_commande')),
	CONSTRAINT "document_counters_year_check" CHECK ("document_counters"."year" between 2000 and 9999),
	CONSTRAINT "document_counters_last_number_check" CHECK ("document_counters"."last_number" >= 1),
	CONSTRAINT "document_counters_issued_on_check" CHECK (extract(year from "document_counters"."last_issued_on")::integer = "document_counters"."year")
);
