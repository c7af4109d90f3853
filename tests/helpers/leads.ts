import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import {
  type DevisSubmissionData,
  erpSubmissionPhotos,
  erpSubmissions,
} from "#app/db/schema/quote-requests.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { type FileStorage, newStorageKey } from "#app/lib/storage.server.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { signedInStaff, staffTestServices } from "./staff.ts";

/** A quote request row as the public form writes it (erp_submissions, module 'devis'). */
// Requests inserted one after the other must sort in that order ("newest first"):
// two calls within the same millisecond would otherwise tie and fall back on the
// random id. Each default time is at least 1 ms after the previous one.
let lastDefaultTime = 0;
function nextDefaultTime(): Date {
  lastDefaultTime = Math.max(Date.now(), lastDefaultTime + 1);
  return new Date(lastDefaultTime);
}

export async function insertQuoteRequest(
  db: Database,
  data: Partial<DevisSubmissionData> = {},
  createdAt = nextDefaultTime(),
): Promise<string> {
  const [row] = await db
    .insert(erpSubmissions)
    .values({
      module: "devis",
      data: {
        nom: "Camille Martin",
        email: "camille.martin@example.fr",
        telephone: "06 12 34 56 78",
        type_projet: "Rénovation complète",
        budget: "15 000 € - 30 000 €",
        message: "Rénovation d'un appartement de 70 m² à Toulon, cuisine et salle de bains.",
        source: "Site Web - Modal Devis",
        ...data,
      },
      createdAt,
      consentAt: createdAt,
      lastActivityAt: createdAt,
    })
    .returning({ id: erpSubmissions.id });
  if (!row) throw new Error("insertion impossible");
  return row.id;
}

/** A real JPEG of the given size and colour. */
export function jpeg(width = 64, height = 48, color = "#c73e1d"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Attaches a photo to a request, stored like the quote form stores it. */
export async function attachPhoto(
  db: Database,
  storage: FileStorage,
  submissionId: string,
  content: Buffer,
  fileName = "facade.jpg",
): Promise<{ id: string; storageKey: string }> {
  const storageKey = newStorageKey("devis", "jpg");
  await storage.put(storageKey, content, "image/jpeg");
  const meta = await sharp(content).metadata();
  const [row] = await db
    .insert(erpSubmissionPhotos)
    .values({
      submissionId,
      storageKey,
      fileName,
      contentType: "image/jpeg",
      sizeBytes: content.byteLength,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
    })
    .returning({ id: erpSubmissionPhotos.id });
  if (!row) throw new Error("insertion impossible");
  return { id: row.id, storageKey };
}

/**
 * The set-up of the Prospects unit tests: a fresh database and data directory for the
 * file, two staff members (alice acts, bastien is the colleague), no request left
 * from the previous test. Read the fields inside tests (they are set in beforeAll).
 */
export function leadsTestDatabase() {
  const context = {} as {
    database: TestDatabase;
    services: AppServices;
    actor: { id: string; email: string };
    colleague: { id: string; email: string };
  };
  let dataDir = "";
  beforeAll(async () => {
    context.database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "leads-test-"));
    context.services = staffTestServices(context.database, { DATA_DIR: dataDir });
    const a = await signedInStaff(context.services, "staff", "alice@batirade.test");
    const b = await signedInStaff(context.services, "staff", "bastien@batirade.test");
    context.actor = { id: a.userId, email: a.email };
    context.colleague = { id: b.userId, email: b.email };
  });
  afterAll(async () => {
    await context.database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await context.database.db.delete(erpSubmissions);
  });
  return context;
}
