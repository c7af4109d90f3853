import { asc, eq } from "drizzle-orm";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { clientSearchText } from "./search-text.ts";

/*
 * What the clients' server modules share: who acts, the errors the screens turn into
 * French messages, and the one way `search_text` is rewritten.
 */

/** Who does something to a client (written in its history). */
export type Actor = { id: string; email: string };

export class ClientNotFoundError extends namedError(
  "ClientNotFoundError",
  "Ce client n'existe pas ou a été supprimé.",
) {}

export class ClientAnonymisedError extends namedError(
  "ClientAnonymisedError",
  "Ce client a été anonymisé : sa fiche ne peut plus être modifiée.",
) {}

/**
 * Rewrites a client's `search_text` from its row and its sites, inside the transaction
 * that changed them: the search never sees a client as it was before.
 */
export async function refreshSearchText(tx: DbExecutor, clientId: string): Promise<void> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  if (!client) return;
  const sites = await tx
    .select({
      label: clientSites.label,
      street: clientSites.street,
      postalCode: clientSites.postalCode,
      city: clientSites.city,
    })
    .from(clientSites)
    .where(eq(clientSites.clientId, clientId))
    .orderBy(asc(clientSites.position), asc(clientSites.createdAt), asc(clientSites.id));
  await tx
    .update(clients)
    .set({ searchText: clientSearchText({ ...client, sites }) })
    .where(eq(clients.id, clientId));
}

/** Locks the client's row until the transaction ends; throws ClientNotFoundError if there is none. */
export async function lockClient(tx: DbTransaction, id: string) {
  if (!isUuid(id)) throw new ClientNotFoundError();
  const [client] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
  if (!client) throw new ClientNotFoundError();
  return client;
}
