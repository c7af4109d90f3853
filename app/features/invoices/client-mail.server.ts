import { eq } from "drizzle-orm";
import { companySettings } from "#app/db/schema/settings.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";

/*
 * What every e-mail about an invoice needs (its sending, its reminders): the client's
 * address, and the bank details a payment is asked to.
 */

/** The company's bank details as the settings hold them; null until all three are filled in. */
export type BankDetails = { holder: string; iban: string; bic: string } | null;

export async function bankDetails(db: DbExecutor): Promise<BankDetails> {
  const [settings] = await db
    .select({
      holder: companySettings.bankAccountHolder,
      iban: companySettings.iban,
      bic: companySettings.bic,
    })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  return settings?.holder && settings.iban && settings.bic
    ? { holder: settings.holder, iban: settings.iban, bic: settings.bic }
    : null;
}

/** A client's address for an invoice's e-mails: none when missing or anonymised. */
export function clientAddress(client: { email: string | null; anonymisedAt: Date | null }): string | null {
  const email = client.email?.trim().toLowerCase();
  return email && !client.anonymisedAt ? email : null;
}
