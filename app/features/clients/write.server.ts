import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { PHONE_SEARCH_COUNTRY_CODE, PHONE_SEARCH_NOISE, phoneSearchDigits } from "#app/lib/phone.ts";
import { type Actor, ClientAnonymisedError, lockClient, refreshSearchText } from "./query.server.ts";
import {
  CLIENT_FIELDS,
  type ClientData,
  type ClientField,
  clientFieldNames,
  type PossibleDuplicate,
} from "./schema.ts";
import { clientSearchText } from "./search-text.ts";

// ─── Possible duplicates ──────────────────────────────────────────────────────────────

/** The phone number as the duplicate check compares it: phoneSearchDigits, in SQL. */
const phoneDigits = sql<string>`regexp_replace(regexp_replace(${clients.phone}, ${PHONE_SEARCH_NOISE}, '', 'g'), ${PHONE_SEARCH_COUNTRY_CODE}, '0')`;

/**
 * Clients that may be the same person or company: the same e-mail (whatever its case)
 * or the same phone number (whatever its spacing, +33 or 0). Anonymised clients match
 * nothing. `exceptId`: the client being edited.
 */
export async function findPossibleDuplicates(
  db: DbExecutor,
  contact: { email: string | null; phone: string | null },
  exceptId?: string,
): Promise<PossibleDuplicate[]> {
  const email = contact.email?.trim().toLowerCase() || null;
  const phone = contact.phone ? phoneSearchDigits(contact.phone) : "";
  const matches: SQL[] = [];
  if (email) matches.push(sql`lower(${clients.email}) = ${email}`);
  if (phone.length >= 10) matches.push(sql`${phoneDigits} = ${phone}`);
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      kind: clients.kind,
      email: clients.email,
      phone: clients.phone,
      sameEmail: email
        ? sql<boolean>`coalesce(lower(${clients.email}) = ${email}, false)`
        : sql<boolean>`false`,
      samePhone: phone ? sql<boolean>`coalesce(${phoneDigits} = ${phone}, false)` : sql<boolean>`false`,
    })
    .from(clients)
    .where(and(or(...matches), isNull(clients.anonymisedAt), exceptId ? ne(clients.id, exceptId) : undefined))
    .orderBy(clients.name)
    .limit(10);
  return rows.map(({ sameEmail, samePhone, ...row }) => ({
    ...row,
    same: [...(sameEmail ? (["email"] as const) : []), ...(samePhone ? (["phone"] as const) : [])],
  }));
}

export type SaveResult = { ok: true; id: string } | { ok: false; duplicates: PossibleDuplicate[] };

/** The client's columns: the form's fields as they are (its sites go to their own table), and its search text. */
function clientColumns(data: ClientData) {
  const { sites: _sites, ...fields } = data;
  return { ...fields, searchText: clientSearchText(data) };
}

function siteColumns(site: ClientData["sites"][number], position: number) {
  return {
    label: site.label,
    street: site.street,
    postalCode: site.postalCode,
    city: site.city ?? "",
    position,
  };
}

// ─── Create ───────────────────────────────────────────────────────────────────────────

/**
 * Creates a client and its sites. When another client has the same e-mail or phone,
 * nothing is created and the possible duplicates come back, unless the staff confirmed
 * (« Créer quand même »).
 */
export async function createClient(
  db: Database,
  actor: Actor,
  data: ClientData,
  { confirmDuplicate = false }: { confirmDuplicate?: boolean } = {},
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    if (!confirmDuplicate) {
      const duplicates = await findPossibleDuplicates(tx, data);
      if (duplicates.length > 0) return { ok: false, duplicates };
    }
    const [row] = await tx
      .insert(clients)
      .values({ ...clientColumns(data), createdBy: actor.id })
      .returning({ id: clients.id });
    if (!row) throw new Error("Client non enregistré.");
    if (data.sites.length > 0) {
      await tx
        .insert(clientSites)
        .values(data.sites.map((site, position) => ({ ...siteColumns(site, position), clientId: row.id })));
    }
    await recordActivity(tx, {
      subjectType: "client",
      subjectId: row.id,
      kind: "created",
      summary: confirmDuplicate ? "Client créé (malgré un doublon possible signalé)" : "Client créé",
      data: { kind: data.kind },
      actor,
    });
    return { ok: true, id: row.id };
  });
}

// ─── Edit ─────────────────────────────────────────────────────────────────────────────

/**
 * Saves the edit form: the client's fields, and its sites (kept by id, added, or
 * removed when the form no longer has them). The duplicate check runs only when the
 * e-mail or the phone changed.
 */
export async function updateClient(
  db: Database,
  actor: Actor,
  id: string,
  data: ClientData,
  { confirmDuplicate = false }: { confirmDuplicate?: boolean } = {},
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const before = await lockClient(tx, id);
    if (before.anonymisedAt) throw new ClientAnonymisedError();
    const contactChanged =
      (before.email ?? null) !== data.email ||
      phoneSearchDigits(before.phone ?? "") !== phoneSearchDigits(data.phone ?? "");
    if (!confirmDuplicate && contactChanged) {
      const duplicates = await findPossibleDuplicates(tx, data, id);
      if (duplicates.length > 0) return { ok: false, duplicates };
    }

    const changed: ClientField[] = CLIENT_FIELDS.filter(
      (field) => (before[field] ?? null) !== (data[field] ?? null),
    );

    const existing = await tx.select().from(clientSites).where(eq(clientSites.clientId, id));
    const byId = new Map(existing.map((site) => [site.id, site]));
    const kept = new Set<string>();
    let sitesChanged = false;
    for (const [position, site] of data.sites.entries()) {
      const current = site.id ? byId.get(site.id) : undefined;
      const next = siteColumns(site, position);
      if (current && !kept.has(current.id)) {
        kept.add(current.id);
        const differs =
          current.label !== next.label ||
          current.street !== next.street ||
          current.postalCode !== next.postalCode ||
          current.city !== next.city;
        if (differs) sitesChanged = true;
        if (differs || current.position !== position) {
          await tx.update(clientSites).set(next).where(eq(clientSites.id, current.id));
        }
      } else {
        // A new row, or an id that is not one of this client's sites (a forged post).
        sitesChanged = true;
        await tx.insert(clientSites).values({ ...next, clientId: id });
      }
    }
    for (const site of existing) {
      if (kept.has(site.id)) continue;
      sitesChanged = true;
      await tx.delete(clientSites).where(eq(clientSites.id, site.id));
    }

    if (changed.length === 0 && !sitesChanged) return { ok: true, id };
    await tx
      .update(clients)
      .set({ ...clientColumns(data), updatedAt: new Date() })
      .where(eq(clients.id, id));
    await refreshSearchText(tx, id);
    const names = [
      ...changed.map((field) => clientFieldNames[field]),
      ...(sitesChanged ? ["adresses de chantier"] : []),
    ];
    await recordActivity(tx, {
      subjectType: "client",
      subjectId: id,
      kind: "updated",
      summary: `Fiche modifiée : ${names.join(", ")}`,
      data: { fields: [...changed, ...(sitesChanged ? ["sites"] : [])] },
      actor,
    });
    return { ok: true, id };
  });
}
