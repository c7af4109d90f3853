import { eq } from "drizzle-orm";
import { company } from "#app/config/company.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { formatIban } from "#app/lib/bank.ts";
import { type EmailBlock, heading, paragraph, renderEmail, table } from "#app/lib/email-html.ts";
import type { DbExecutor, OutboxMessageInput } from "#app/lib/outbox.server.ts";

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

/** How to pay invoice `number`: the bank details, or where the terms are when the settings have none. */
export function paymentBlocks(bank: BankDetails, number: string): EmailBlock[] {
  return bank
    ? [
        heading("Coordonnées bancaires", { level: 2 }),
        table([
          ["Titulaire", bank.holder],
          ["IBAN", formatIban(bank.iban)],
          ["BIC", bank.bic],
          ["Référence à indiquer", number],
        ]),
      ]
    : [paragraph("Les modalités de règlement figurent sur la facture jointe.")];
}

/** A client's address for an invoice's e-mails: none when missing or anonymised. */
export function clientAddress(client: { email: string | null; anonymisedAt: Date | null }): string | null {
  const email = client.email?.trim().toLowerCase();
  return email && !client.anonymisedAt ? email : null;
}

/**
 * An e-mail to the client about invoice `number`: `blocks`, then the company's signature;
 * answered to the company, the document's stored PDF attached.
 */
export function mailWithInvoicePdf(
  message: { kind: string; to: string; subject: string; number: string; pdfStorageKey: string },
  blocks: Parameters<typeof renderEmail>[0]["blocks"],
): OutboxMessageInput {
  const { text, html } = renderEmail({
    title: message.subject,
    blocks: [
      ...blocks,
      paragraph(`Bien cordialement,\nL'équipe ${company.name}\n${company.phone.display} · ${company.email}`),
    ],
  });
  return {
    kind: message.kind,
    to: message.to,
    replyTo: company.email,
    subject: message.subject,
    text,
    html,
    attachments: [
      {
        filename: `${message.number.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        storageKey: message.pdfStorageKey,
      },
    ],
  };
}
