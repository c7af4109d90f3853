import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { clientSearchText } from "#app/features/clients/search-text.ts";
import { recordPaperAcceptance } from "#app/features/quotes/acceptance-proof.server.ts";
import { type QuoteDraftInput, QuoteDraftSchema, toDraftInput } from "#app/features/quotes/content.ts";
import { createQuote, getQuote, saveQuoteDraft } from "#app/features/quotes/quotes.server.ts";
import { sendQuote } from "#app/features/quotes/send.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { jpeg } from "#tests/helpers/leads.ts";
import { seedCompliance } from "./compliance.ts";

/** A client as the register writes it (its folded search text included). */
export async function insertClient(
  db: Database,
  values: Partial<typeof clients.$inferInsert> = {},
): Promise<string> {
  const client = {
    kind: "particulier" as const,
    name: "Élodie Garnier",
    email: "elodie.garnier@example.fr",
    billingStreet: "12 rue des Lilas",
    billingPostalCode: "83000",
    billingCity: "Toulon",
    ...values,
  };
  const [row] = await db
    .insert(clients)
    .values({ ...client, searchText: clientSearchText(client) })
    .returning({ id: clients.id });
  if (!row) throw new Error("client non créé");
  return row.id;
}

/**
 * A draft with two lots: 20 % and 10 % lines, an option, a text line; its works start
 * in a month and last three weeks (« Avant l'envoi » asks for both).
 */
export function filledDraft(base: QuoteDraftInput): QuoteDraftInput {
  return {
    ...base,
    title: "Rénovation de la salle de bains",
    description: "Dépose de l'existant, plâtrerie, carrelage et peinture.",
    site: { street: "12 rue des Lilas", postalCode: "83000", city: "Toulon" },
    terms: { ...base.terms, startOn: addDays(parisDay(), 30), duration: "3 semaines" },
    lots: [
      {
        id: "lot1",
        title: "Démolition",
        lines: [
          {
            id: "l1",
            kind: "item",
            designation: "Dépose de la baignoire",
            description: "",
            unit: "forfait",
            quantity: "1",
            unitPriceHt: "350",
            vatCode: "10",
            optional: false,
            libraryItemId: null,
            cost: { labourHours: 4000, materialsCents: 0 },
          },
          { id: "t1", kind: "text", text: "Évacuation des gravats en déchetterie agréée." },
        ],
      },
      {
        id: "lot2",
        title: "Plâtrerie",
        lines: [
          {
            id: "l2",
            kind: "item",
            designation: "Cloison BA13",
            description: "Sur ossature métallique",
            unit: "m²",
            quantity: "12,5",
            unitPriceHt: "45,50",
            vatCode: "10",
            optional: false,
            libraryItemId: null,
            cost: null,
          },
          {
            id: "l3",
            kind: "item",
            designation: "Sèche-serviettes",
            description: "",
            unit: "u",
            quantity: "1",
            unitPriceHt: "420",
            vatCode: "20",
            optional: true,
            libraryItemId: null,
            cost: null,
          },
        ],
      },
    ],
  };
}

/** A draft quote for the client, written with `filledDraft` changed by `edit`. Returns its id. */
export async function filledDraftQuote(
  db: Database,
  actor: { id: string; email: string },
  clientId: string,
  edit: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
): Promise<string> {
  const { id } = await createQuote(db, { clientId }, actor);
  const view = await getQuote(db, id);
  const content = QuoteDraftSchema.parse(edit(filledDraft(toDraftInput(view.quote.content))));
  await saveQuoteDraft(db, id, { revision: view.quote.revision, content }, actor);
  return id;
}

/**
 * A quote for this client, written with `filledDraft` (918,75 € HT, 10 % and 20 % lines),
 * changed by `edit`, sent and accepted on paper by `signerName`: ready to invoice.
 * Returns its id.
 */
export async function acceptedQuoteFor(
  services: AppServices,
  actor: { id: string; email: string },
  clientId: string,
  edit: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
  signerName = "Élodie Garnier",
): Promise<string> {
  const id = await filledDraftQuote(services.db, actor, clientId, edit);
  const identity = await documentIdentity(services.db);
  await sendQuote(
    services.db,
    { storage: services.storage, identity, siteUrl: "http://localhost" },
    id,
    actor,
  );
  await recordPaperAcceptance(
    services.db,
    services.storage,
    id,
    { signerName, scan: await jpeg(), contentType: "image/jpeg" },
    actor,
  );
  return id;
}

/** `acceptedQuoteFor` a new client (an e-mail of its own unless `client` gives one). */
export async function acceptedQuote(
  services: AppServices,
  actor: { id: string; email: string },
  edit: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
  client: Partial<typeof clients.$inferInsert> = {},
): Promise<string> {
  const clientId = await insertClient(services.db, {
    email: `accepte-${randomUUID()}@example.fr`,
    ...client,
  });
  return acceptedQuoteFor(services, actor, clientId, edit);
}

/**
 * What sending a quote needs: a décennale valid for 200 more days in the compliance register
 * (`extra` sets settings fields too).
 */
export async function fillQuoteSettings(
  db: Database,
  extra: Partial<typeof companySettings.$inferInsert> = {},
): Promise<void> {
  await seedCompliance(db, { decennaleUntil: addDays(parisDay(), 200) });
  if (Object.keys(extra).length > 0) {
    await db.update(companySettings).set(extra).where(eq(companySettings.id, 1));
  }
}
