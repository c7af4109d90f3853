ALTER TABLE "record_files" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The files uploaded before this column: their name folded as app/lib/search-text.ts folds it (lower case, no accents, ligatures spelled out).
UPDATE "record_files" SET "search_text" = trim(regexp_replace(replace(replace(translate(lower("file_name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), 'œ', 'oe'), 'æ', 'ae'), '\s+', ' ', 'g'));
