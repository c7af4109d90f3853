import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import type { QuoteContent } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import type { Cents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { foldText } from "#app/lib/search-text.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { computeStandaloneInvoice, STANDALONE_MESSAGES } from "./billing.ts";
import {
  type InvoiceActor,
  InvoiceConflictError,
  InvoiceNotFoundError,
  InvoiceStateError,
  recordInvoiceActivity,
  standaloneContent,
  totalsColumns,
  withLockedInvoice,
} from "./query.server.ts";

/*
 * Standalone invoices (a small job without a quote): created as a draft with no line,
 * edited over a revision (an older one is refused, not merged).
 */

/** The lines of a new standalone invoice: one lot, no line; the client's address as the site. */
export function newStandaloneContent(client: typeof clients.$inferSelect): QuoteContent {
  return {
    title: "",
    description: "",
    site: {
      street: client.billingStreet ?? "",
      postalCode: client.billingPostalCode ?? "",
      city: client.billingCity ?? "",
    },
    reverseCharge: client.kind === "entreprise" && client.mainContractor,
    offPremises: false,
    lots: [{ id: randomUUID().replaceAll("-", "").slice(0, 20), title: "Prestations", lines: [] }],
    discount: null,
    travel: null,
    // The editor's terms are a quote's; a standalone invoice ignores them.
    terms: {
      validityDays: 30,
      startOn: null,
      duration: "",
      deposit: null,
      depositSchedule: "",
      paymentTerms: "",
      paid: false,
      priceCents: null,
      noteToClient: "",
      retention: null,
    },
  };
}

/** A standalone draft's stored JSON and figures: its billing when its lines add up, else none yet. */
function standaloneDraftValues(content: QuoteContent) {
  const result = computeStandaloneInvoice(content);
  const billing = result.ok ? result.invoice : null;
  return {
    content: { billing, request: { kind: "facture" }, source: content } as unknown as Record<string, unknown>,
    ...(billing
      ? totalsColumns(billing)
      : {
          totalHtCents: 0,
          totalVatCents: 0,
          totalTtcCents: 0,
          prepaidCents: 0,
          retentionCents: 0,
          netToPayCents: 0,
        }),
  };
}

/** A standalone invoice (a small job without a quote), as a draft with no line yet. */
export async function createStandaloneDraft(
  db: Database,
  clientId: string,
  actor: InvoiceActor,
): Promise<{ id: string }> {
  if (!isUuid(clientId)) throw new InvoiceNotFoundError("Ce client n'existe pas.");
  return db.transaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    if (!client) throw new InvoiceNotFoundError("Ce client n'existe pas.");
    if (client.anonymisedAt)
      throw new InvoiceStateError("Ce client a été anonymisé : il ne peut plus être facturé.");
    const id = randomUUID();
    await tx.insert(invoices).values({
      id,
      kind: "facture",
      clientId,
      quoteId: null,
      ...standaloneDraftValues(newStandaloneContent(client)),
      searchText: foldText(`facture ${client.name}`),
      createdBy: actor.id,
    });
    await recordInvoiceActivity(tx, id, actor, {
      kind: "created",
      summary: "Facture sans devis en brouillon",
    });
    return { id };
  });
}

/**
 * What a standalone draft's page edits: its lines, header and site, its revision, the
 * client's kind and the hourly cost (for the margin). Null for any other invoice.
 */
export async function standaloneDraftEditor(
  db: DbExecutor,
  row: InvoiceRow,
): Promise<{
  content: QuoteContent;
  revision: number;
  clientKind: "particulier" | "entreprise";
  hourlyCostCents: Cents;
} | null> {
  if (row.kind !== "facture" || row.quoteId || row.status !== "brouillon") return null;
  const [[client], [settings]] = await Promise.all([
    db.select({ kind: clients.kind }).from(clients).where(eq(clients.id, row.clientId)),
    db
      .select({ hourlyCostCents: companySettings.hourlyCostCents })
      .from(companySettings)
      .where(eq(companySettings.id, 1)),
  ]);
  return {
    content: standaloneContent(row),
    revision: row.revision,
    clientKind: client?.kind ?? "particulier",
    hourlyCostCents: settings?.hourlyCostCents ?? 0,
  };
}

/**
 * Saves a standalone draft's lines over the revision it was loaded at (an older one is
 * refused, not merged). Refused: a document discount, travel costs or optional lines.
 */
export async function saveStandaloneDraft(
  db: Database,
  id: string,
  input: { revision: number; content: QuoteContent },
  actor: InvoiceActor,
): Promise<{ revision: number }> {
  return withLockedInvoice(db, id, async (tx, row) => {
    if (row.kind !== "facture" || row.quoteId)
      throw new InvoiceStateError("Seule une facture sans devis se modifie ainsi.");
    if (row.status !== "brouillon")
      throw new InvoiceStateError("Cette facture est émise : elle ne se modifie plus.");
    if (row.revision !== input.revision) throw new InvoiceConflictError();
    const result = computeStandaloneInvoice(input.content);
    if (!result.ok && result.message !== STANDALONE_MESSAGES.empty)
      throw new InvoiceStateError(result.message);
    const [client] = await tx
      .select({ name: clients.name })
      .from(clients)
      .where(eq(clients.id, row.clientId));
    const revision = row.revision + 1;
    await tx
      .update(invoices)
      .set({
        ...standaloneDraftValues(input.content),
        searchText: foldText(`facture ${input.content.title} ${client?.name ?? ""}`),
        revision,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    await recordInvoiceActivity(tx, id, actor, {
      kind: "saved",
      summary: "Brouillon enregistré",
    });
    return { revision };
  });
}
