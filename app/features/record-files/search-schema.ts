import { enumFilter, listFiltersSchema } from "#app/lib/list-filters.ts";
import type { z } from "#app/lib/zod.ts";
import { FILE_SEARCH_TYPES } from "./record-files.ts";

/** The URL of /erp/docs/fichiers: ?q= (name, number, client, site, supplier), &type=, &page=. */
export const FileSearchSchema = listFiltersSchema(["date"], {
  type: enumFilter(FILE_SEARCH_TYPES, "Ce type de document n'existe pas."),
});
export type FileSearchFilters = z.output<typeof FileSearchSchema>;
