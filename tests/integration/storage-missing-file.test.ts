import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordPaperAcceptance } from "#app/features/quotes/acceptance-proof.server.ts";
import { QuoteDraftSchema, toDraftInput } from "#app/features/quotes/content.ts";
import { createQuote, getQuote, saveQuoteDraft } from "#app/features/quotes/quotes.server.ts";
import { sendQuote } from "#app/features/quotes/send.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { newStorageKey } from "#app/lib/storage.server.ts";
import * as photoRoute from "#app/routes/api/erp/photo.ts";
import * as quoteRoute from "#app/routes/erp/devis/detail.tsx";
import * as quotePdfRoute from "#app/routes/erp/devis/pdf.ts";
import * as invoiceRoute from "#app/routes/erp/factures/detail.tsx";
import * as invoicePdfRoute from "#app/routes/erp/factures/pdf.ts";
import * as productImageRoute from "#app/routes/shop/product-image.ts";
import * as clientFileRoute from "#app/routes/site/accord-pdf.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { filledDraft, insertClient } from "#tests/helpers/quotes.ts";
import { type RouteCallInit, routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// Instances over one database: A wrote every file on its own disk; B has another disk (the
// files are not there: 404 and a warning, never a 500); C points at a bucket that refuses
// (503, logged as an error). With S3 on both, the same files are served by either.

type LogLine = { level: number; msg: string; [field: string]: unknown };
type Instance = { services: AppServices; logs: LogLine[] };

let database: TestDatabase;
let s3: TestS3Server;
const folders: string[] = [];
let instanceA: Instance;
let instanceB: Instance;
let refusing: Instance;
let staff: { cookie: string; userId: string; email: string };
let photoId: string;
let quoteId: string;
let quoteToken: string;
let invoiceId: string;

/** Services over the test database whose logger keeps what it writes. */
function instance(overrides: Record<string, string>): Instance {
  const logs: LogLine[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) });
  return { services: { ...staffTestServices(database, overrides), logger }, logs };
}

function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "batirade-missing-"));
  folders.push(folder);
  return folder;
}

type Handler = (args: never) => Promise<unknown>;

function call(on: Instance, handler: Handler, url: string, init: RouteCallInit = {}) {
  return routeOutcome(() => handler(routeArgs(on.services, url, { cookie: staff.cookie, ...init }) as never));
}

/** The JSON message of a Response, or the data of a thrown `data()`. */
async function messageOf(outcome: { data: unknown }): Promise<string> {
  const body = outcome.data instanceof Response ? await outcome.data.json() : outcome.data;
  return (body as { message: string }).message;
}

const warnings = (on: Instance) => on.logs.filter((line) => line.level === 40);
const errors = (on: Instance) => on.logs.filter((line) => line.level === 50);

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startS3Server();
  instanceA = instance({ DATA_DIR: dataDir() });
  instanceB = instance({ DATA_DIR: dataDir() });
  refusing = instance({ DATA_DIR: dataDir(), ...s3.env("compartiment-absent") });
  const a = instanceA.services;
  staff = await signedInStaff(a, "owner", "stockage@batirade.test");
  const actor = { id: staff.userId, email: staff.email };

  // A quote request's photo.
  const requestId = await insertQuoteRequest(a.db);
  photoId = (await attachPhoto(a.db, a.storage, requestId, await jpeg(), "facade.jpg")).id;

  // A quote sent (its PDF stored) and accepted on paper (the scan stored), then invoiced.
  await fillInvoiceSettings(a.db);
  const clientId = await insertClient(a.db, { email: "stockage@example.fr" });
  quoteId = (await createQuote(a.db, { clientId }, actor)).id;
  const view = await getQuote(a.db, quoteId);
  const content = QuoteDraftSchema.parse(filledDraft(toDraftInput(view.quote.content)));
  await saveQuoteDraft(a.db, quoteId, { revision: view.quote.revision, content }, actor);
  const sent = await sendQuote(
    a.db,
    { storage: a.storage, identity: await documentIdentity(a.db), siteUrl: "http://localhost" },
    quoteId,
    actor,
  );
  quoteToken = /\/accord\/([A-Za-z0-9_-]+)/.exec(sent.link)?.[1] ?? "";
  await recordPaperAcceptance(
    a.db,
    a.storage,
    quoteId,
    { signerName: "Élodie Garnier", scan: await jpeg(), contentType: "image/jpeg" },
    actor,
  );
  const created = await call(instanceA, quoteRoute.action, `/erp/devis/${quoteId}`, {
    params: { id: quoteId },
    form: { intent: "facturer", kind: "acompte", mode: "pourcentage", value: "30" },
  });
  expect(created.status, JSON.stringify(created.data)).toBe(303);
  invoiceId = (created.headers.get("location") ?? "").split("/").pop() ?? "";
  const issued = await call(instanceA, invoiceRoute.action, `/erp/factures/${invoiceId}`, {
    params: { id: invoiceId },
    form: { intent: "emettre" },
  });
  expect(issued.status, JSON.stringify(issued.data)).toBe(303);
});

afterAll(async () => {
  await database?.cleanup();
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("a file the storage cannot find", () => {
  it("a quote photo on another instance's disk: 404 with a French message and a warning, not a 500", async () => {
    const url = `/api/erp/photos/${photoId}`;
    expect((await call(instanceA, photoRoute.loader, url, { params: { id: photoId } })).status).toBe(200);
    for (const size of ["", "?taille=vignette"]) {
      const before = warnings(instanceB).length;
      const missing = await call(instanceB, photoRoute.loader, `${url}${size}`, { params: { id: photoId } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get("cache-control")).toBe("no-store");
      expect(await messageOf(missing)).toBe(
        "Le fichier de cette photo est introuvable dans le stockage des fichiers.",
      );
      const logged = warnings(instanceB).slice(before);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ msg: "photo d'une demande introuvable dans le stockage", photoId });
    }
    expect(errors(instanceB)).toEqual([]);
  });

  it("a sent quote's PDF and its signed copy: 404 and a warning, in the Espace Pro and on the client's link", async () => {
    for (const [handler, url, params, expected] of [
      [
        quotePdfRoute.loader,
        `/erp/devis/${quoteId}/pdf`,
        { id: quoteId },
        "Le PDF de ce devis est introuvable dans le stockage des fichiers.",
      ],
      [
        quotePdfRoute.loader,
        `/erp/devis/${quoteId}/copie-signee`,
        { id: quoteId },
        "L'exemplaire signé de ce devis est introuvable dans le stockage des fichiers.",
      ],
      [
        clientFileRoute.loader,
        `/accord/${quoteToken}/pdf`,
        { token: quoteToken },
        "Ce document est introuvable : contactez-nous.",
      ],
      [
        clientFileRoute.loader,
        `/accord/${quoteToken}/copie-signee`,
        { token: quoteToken },
        "Ce document est introuvable : contactez-nous.",
      ],
    ] as const) {
      expect((await call(instanceA, handler, url, { params })).status, url).toBe(200);
      const before = warnings(instanceB).length;
      const missing = await call(instanceB, handler, url, { params });
      expect(missing.status, url).toBe(404);
      expect(await messageOf(missing)).toBe(expected);
      expect(warnings(instanceB).length, url).toBe(before + 1);
    }
  });

  it("an issued invoice's PDF: 404 and a warning", async () => {
    const url = `/erp/factures/${invoiceId}/pdf`;
    expect((await call(instanceA, invoicePdfRoute.loader, url, { params: { id: invoiceId } })).status).toBe(
      200,
    );
    const before = warnings(instanceB).length;
    const missing = await call(instanceB, invoicePdfRoute.loader, url, { params: { id: invoiceId } });
    expect(missing.status).toBe(404);
    expect(await messageOf(missing)).toBe(
      "Le PDF de cette facture est introuvable dans le stockage des fichiers.",
    );
    expect(warnings(instanceB).length).toBe(before + 1);
  });

  it("a product image: 404 and a warning", async () => {
    const key = newStorageKey("produits", "webp");
    const before = warnings(instanceB).length;
    const missing = await call(instanceB, productImageRoute.loader, `/images/${key}`, {
      params: { "*": key },
    });
    expect(missing.status).toBe(404);
    expect(await (missing.data as Response).text()).toBe("Image introuvable.");
    expect(warnings(instanceB).length).toBe(before + 1);
  });
});

describe("a storage that refuses (S3 bucket absent)", () => {
  it("answers 503 with a French message on every route that reads a file, logged as an error", async () => {
    const productKey = newStorageKey("produits", "webp");
    for (const [handler, url, params] of [
      [photoRoute.loader, `/api/erp/photos/${photoId}`, { id: photoId }],
      [quotePdfRoute.loader, `/erp/devis/${quoteId}/pdf`, { id: quoteId }],
      [quotePdfRoute.loader, `/erp/devis/${quoteId}/copie-signee`, { id: quoteId }],
      [clientFileRoute.loader, `/accord/${quoteToken}/pdf`, { token: quoteToken }],
      [invoicePdfRoute.loader, `/erp/factures/${invoiceId}/pdf`, { id: invoiceId }],
      [productImageRoute.loader, `/images/${productKey}`, { "*": productKey }],
    ] as const) {
      const before = errors(refusing).length;
      const outcome = await call(refusing, handler, url, { params });
      expect(outcome.status, url).toBe(503);
      expect(outcome.headers.get("retry-after"), url).toBe("30");
      const body =
        handler === productImageRoute.loader
          ? await (outcome.data as Response).text()
          : await messageOf(outcome);
      expect(body, url).toMatch(/indisponible|ne répond pas/);
      const logged = errors(refusing).slice(before);
      expect(logged, url).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toContain("NoSuchBucket");
      expect(JSON.stringify(logged[0])).not.toContain("S3RVER");
    }
  });
});

describe("files on S3, shared by the instances", () => {
  it("a photo written by one instance is served by another", async () => {
    const first = instance({ DATA_DIR: dataDir(), ...s3.env() });
    const second = instance({ DATA_DIR: dataDir(), ...s3.env() });
    const requestId = await insertQuoteRequest(first.services.db);
    const original = await jpeg(80, 60);
    const photo = await attachPhoto(
      first.services.db,
      first.services.storage,
      requestId,
      original,
      "toit.jpg",
    );
    const served = await call(second, photoRoute.loader, `/api/erp/photos/${photo.id}`, {
      params: { id: photo.id },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await (served.data as Response).arrayBuffer()).equals(original)).toBe(true);
  });
});
