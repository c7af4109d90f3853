import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients, issuedDocuments } from "#app/db/schema/clients.ts";
import { documentCounters } from "#app/db/schema/documents.ts";
import { createTestDatabase, databaseRefusal, type TestDatabase } from "#tests/helpers/db.ts";
import { listActivity } from "./activity.server.ts";
import { DocumentClientError, documentStorageKey, issueDocument } from "./documents.server.ts";
import { renderDocumentPdf } from "./pdf/document.server.ts";
import { identityFromCompanyConfig } from "./pdf/identity.ts";
import { sha256Hex } from "./pdf/store.server.ts";
import { createLocalStorage, type FileStorage } from "./storage.server.ts";

const FROZEN = "Un document émis ne peut être ni modifié ni supprimé : émettez un avoir.";
const ISSUED_AT = new Date("2026-11-23T10:00:00Z");
const CREATED = new Date("2026-11-23T09:30:00Z");
const actor = { id: "u-issuer", email: "emetteur@batirade.test" };

let database: TestDatabase;
let storage: FileStorage;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "documents-test-"));
  storage = createLocalStorage(dataDir);
  await database.db.insert(authUsers).values({ id: actor.id, name: "Émetteur", email: actor.email });
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newClient(name = "Élodie Dupont"): Promise<string> {
  const [row] = await database.db
    .insert(clients)
    .values({ kind: "particulier", name, email: "elodie@example.fr", searchText: "elodie dupont" })
    .returning({ id: clients.id });
  if (!row) throw new Error("client non créé");
  return row.id;
}

/** A small real quote PDF carrying its number. */
function render(number: string) {
  return renderDocumentPdf(
    {
      identity: identityFromCompanyConfig(company),
      title: "Devis",
      number,
      date: ISSUED_AT,
      creationDate: CREATED,
    },
    (content) => content.paragraph("Réfection d'une salle de bains."),
  );
}

describe("issueDocument", () => {
  it("numbers, renders, stores with its SHA-256, registers and writes the client's history", async () => {
    const clientId = await newClient();
    const issued = await database.db.transaction((tx) =>
      issueDocument(tx, { kind: "devis", clientId, issuedAt: ISSUED_AT, actor, render, storage }),
    );
    expect(issued.number).toBe("DEV-2026-0001");
    expect(issued.pdfStorageKey).toBe("documents/devis/2026/dev-2026-0001.pdf");
    expect(issued.pdfStorageKey).toBe(documentStorageKey("devis", 2026, "DEV-2026-0001"));
    const stored = await storage.get(issued.pdfStorageKey);
    expect(stored.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(sha256Hex(stored)).toBe(issued.pdfSha256);
    // Rendering the same number again gives the same bytes: what was stored is the document.
    expect(sha256Hex(await render("DEV-2026-0001"))).toBe(issued.pdfSha256);

    const [row] = await database.db.select().from(issuedDocuments).where(eq(issuedDocuments.id, issued.id));
    expect(row).toMatchObject({
      kind: "devis",
      number: "DEV-2026-0001",
      clientId,
      pdfSha256: issued.pdfSha256,
      createdBy: actor.id,
    });
    expect(row?.issuedAt.toISOString()).toBe(ISSUED_AT.toISOString());
    const history = await listActivity(database.db, "client", clientId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: "document_issued",
      summary: "Devis DEV-2026-0001 émis",
      actorEmail: actor.email,
    });

    const next = await database.db.transaction((tx) =>
      issueDocument(tx, { kind: "devis", clientId, issuedAt: ISSUED_AT, actor, render, storage }),
    );
    expect(next.number).toBe("DEV-2026-0002");
  });

  it("the database refuses to change or delete an issued document, and to delete its client", async () => {
    const clientId = await newClient("Client Protégé");
    const issued = await database.db.transaction((tx) =>
      issueDocument(tx, { kind: "facture", clientId, issuedAt: ISSUED_AT, actor, render, storage }),
    );
    const { db } = database;
    expect(
      await databaseRefusal(() =>
        db
          .update(issuedDocuments)
          .set({ pdfSha256: "0".repeat(64) })
          .where(eq(issuedDocuments.id, issued.id)),
      ),
    ).toContain(FROZEN);
    expect(
      await databaseRefusal(() =>
        db
          .update(issuedDocuments)
          .set({ issuedAt: new Date("2026-01-01T00:00:00Z") })
          .where(eq(issuedDocuments.id, issued.id)),
      ),
    ).toContain(FROZEN);
    expect(
      await databaseRefusal(() => db.delete(issuedDocuments).where(eq(issuedDocuments.id, issued.id))),
    ).toContain(FROZEN);
    // TRUNCATE is refused too: by the trigger, or first by the foreign keys that point to
    // the register (a sent quote's `issued_document_id`).
    expect(await databaseRefusal(() => db.execute(sql`truncate issued_documents`))).toMatch(
      /ni modifié ni supprimé|cannot truncate a table referenced in a foreign key constraint/,
    );
    // ON DELETE RESTRICT: the client of an issued document stays.
    expect(await databaseRefusal(() => db.delete(clients).where(eq(clients.id, clientId)))).toMatch(
      /issued_documents_client_id_clients_id_fk/,
    );
    // Nor can the account that issued it disappear (it is disabled instead).
    expect(await databaseRefusal(() => db.delete(authUsers).where(eq(authUsers.id, actor.id)))).toMatch(
      /issued_documents_created_by_auth_users_id_fk/,
    );

    const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.id, issued.id));
    expect(row?.pdfSha256).toBe(issued.pdfSha256);
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    expect(client?.id).toBe(clientId);
  });

  it("gives the number back when the issue fails, and refuses an anonymised or unknown client", async () => {
    const clientId = await newClient("Client Rendu Raté");
    const counter = () =>
      database.db
        .select({ last: documentCounters.lastNumber })
        .from(documentCounters)
        .where(eq(documentCounters.kind, "avoir"));
    await expect(
      database.db.transaction((tx) =>
        issueDocument(tx, {
          kind: "avoir",
          clientId,
          issuedAt: ISSUED_AT,
          actor,
          render: async () => {
            throw new Error("rendu impossible");
          },
          storage,
        }),
      ),
    ).rejects.toThrow("rendu impossible");
    expect(await counter()).toEqual([]);
    expect(
      await database.db.select().from(issuedDocuments).where(eq(issuedDocuments.clientId, clientId)),
    ).toEqual([]);

    await database.db.update(clients).set({ anonymisedAt: new Date() }).where(eq(clients.id, clientId));
    await expect(
      database.db.transaction((tx) =>
        issueDocument(tx, { kind: "avoir", clientId, issuedAt: ISSUED_AT, actor, render, storage }),
      ),
    ).rejects.toThrow(DocumentClientError);
    await expect(
      database.db.transaction((tx) =>
        issueDocument(tx, {
          kind: "avoir",
          clientId: "00000000-0000-4000-8000-000000000000",
          issuedAt: ISSUED_AT,
          actor,
          render,
          storage,
        }),
      ),
    ).rejects.toThrow("Ce client n'existe pas ou a été supprimé.");
    expect(await counter()).toEqual([]);
  });
});
