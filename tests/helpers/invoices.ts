import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";

/** What « Émettre » needs in the company settings: the décennale's end date and the bank details. */
export async function fillInvoiceSettings(db: Database): Promise<void> {
  await db
    .update(companySettings)
    .set({
      insuranceValidUntil: addDays(parisDay(), 300),
      bankAccountHolder: "BATI RADE TOULON",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
    })
    .where(eq(companySettings.id, 1));
}
