import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import {
  DECODE_CONCURRENCY,
  DECODE_MAX_WAITING,
  decodeGate,
} from "#app/features/quote-request/decode-gate.server.ts";
import { QUOTE_FORM_ERRORS } from "#app/features/quote-request/schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { deliverDueMail } from "#app/lib/outbox.server.ts";
import { action, headers as devisHeaders } from "#app/routes/site/devis.tsx";
import type { TestDatabase } from "#tests/helpers/db.ts";
import { type MailTestServices, startMailTestServices } from "#tests/helpers/mail-services.ts";
import { routerContext } from "#tests/helpers/services.ts";
import type { TestSmtpServer } from "#tests/helpers/smtp-server.ts";

// What the anonymous quote form can make the site send, and how much work it can
// make the site do: acknowledgements that repeat nothing typed, at most 3 a day per
// recipient; a company notification under 20 MB; photo decoding through a bounded gate.

const NOTIFY = "devis@batirade.test";
const SITE_URL = "https://www.example.test";
let database: TestDatabase;
let smtp: TestSmtpServer;
let services: AppServices;
let logLines: string[];
let mail: MailTestServices;

beforeAll(async () => {
  mail = await startMailTestServices("quote-limits", {
    NOTIFY_EMAIL: NOTIFY,
    SITE_URL,
    QUOTE_RATE_LIMIT: "0",
  });
  ({ database, smtp, services, logLines } = mail);
});
afterAll(async () => {
  await mail.close();
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  await database.db.delete(erpSubmissions);
  await database.db.delete(rateLimitHits);
  smtp.messages.length = 0;
  logLines.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

// A string nobody would type by chance: it must never reach the acknowledgement.
const MARK = "Zq7Xw";
const fields = {
  user_name: `Mallory ${MARK}nom`,
  user_email: "victime@example.fr",
  user_phone: "06 98 76 54 32",
  work_type: "Extension",
  budget: "30 000 € - 60 000 €",
  message: `Gagnez un iPhone sur https://arnaque.example ${MARK}texte, offre limitée !`,
  consent: "on",
  source: "modal",
  js: "1",
};

function form(overrides: Record<string, string> = {}, photos: File[] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...overrides })) body.set(name, value);
  for (const photo of photos) body.append("photos", photo, photo.name);
  return body;
}

type Answer = { status: number; body: unknown; headers: Headers };

async function post(body: FormData, ip = "203.0.113.20"): Promise<Answer> {
  const request = new Request("http://localhost/devis", { method: "POST", body });
  const result = (await action({
    request,
    params: {},
    context: routerContext(services, ip),
    unstable_pattern: "/devis",
  } as never)) as { data: unknown; init?: ResponseInit | null };
  return {
    status: result.init?.status ?? 200,
    body: result.data,
    headers: new Headers(result.init?.headers),
  };
}

async function smallPng(): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#1e4e8c" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "mur.png", { type: "image/png" });
}

function uploadedFiles(): string[] {
  try {
    return readdirSync(path.join(mail.dataDir, "uploads"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function deliverAll(expected: number) {
  const report = await deliverDueMail(services, { batchSize: 50 });
  expect(report.sent).toBe(expected);
  return smtp.waitForMessages(expected);
}

const toVictim = () => smtp.messages.filter((mail) => mail.envelope.to.includes("victime@example.fr"));
const acknowledgements = () =>
  smtp.messages.filter((mail) => mail.parsed?.subject?.startsWith("Votre demande de devis"));
const toCompany = () => smtp.messages.filter((mail) => mail.envelope.to.includes(NOTIFY));

describe("the acknowledgement repeats nothing the visitor typed", () => {
  it("no name, phone nor description; the work type, budget, date and the company's details", async () => {
    expect((await post(form())).status).toBe(200);
    await deliverAll(2);
    const [acknowledgement] = toVictim();
    const [notification] = toCompany();
    if (!acknowledgement?.parsed || !notification?.parsed) throw new Error("e-mail manquant");

    const raw = acknowledgement.raw.toString("utf8");
    const { subject, text } = acknowledgement.parsed;
    const html = String(acknowledgement.parsed.html);
    for (const typed of [MARK, "Mallory", "arnaque.example", "iPhone", "06 98 76 54 32"]) {
      expect(raw, typed).not.toContain(typed);
      expect(subject, typed).not.toContain(typed);
      expect(text, typed).not.toContain(typed);
      expect(html, typed).not.toContain(typed);
    }
    expect(text).toContain("Bonjour,");
    expect(text).toContain("Type de travaux : Extension");
    expect(text).toContain("Budget : 30 000 € - 60 000 €");
    expect(text).toMatch(/Date de la demande : \w+ \d{1,2} \w+ \d{4}/);
    expect(text).toContain("04 94 00 12 34");
    expect(text).toContain("contact@batirade-toulon.fr");

    // The company's copy keeps every field.
    for (const typed of [`Mallory ${MARK}nom`, `${MARK}texte`, "06 98 76 54 32", "victime@example.fr"]) {
      expect(notification.parsed.text, typed).toContain(typed);
    }
  });

  it("a 4th acknowledgement to one address within 24 hours is not sent; the request is stored and the company told", async () => {
    const start = new Date();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    // The address written three ways is one mailbox.
    for (const address of ["victime@example.fr", "Victime@Example.FR", "victime+devis@example.fr"]) {
      expect((await post(form({ user_email: address }))).status).toBe(200);
    }
    vi.setSystemTime(new Date(start.getTime() + 23 * 60 * 60_000));
    const fourth = await post(form());
    expect(fourth.status).toBe(200);

    expect(await database.db.select().from(erpSubmissions)).toHaveLength(4);
    await deliverAll(7);
    expect(toCompany()).toHaveLength(4);
    expect(acknowledgements()).toHaveLength(3);
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(
      logged.filter((entry) => entry.level === 30 && entry.msg.includes("accusé de réception non envoyé")),
    ).toHaveLength(1);

    // A day after the first, the address has a share again.
    vi.setSystemTime(new Date(start.getTime() + 24 * 60 * 60_000 + 60_000));
    expect((await post(form())).status).toBe(200);
    await deliverAll(2);
    expect(acknowledgements()).toHaveLength(3 + 1);
    expect(acknowledgements().at(-1)?.envelope.to).toEqual(["victime@example.fr"]);
  });
});

describe("the company's notification stays under 20 MB", () => {
  it("ten photos of 4.8 MB: attached while the message fits, the rest counted and linked to the lead", async () => {
    // Noise does not compress: the PNG weighs about its raw size, before and after re-encoding.
    const side = 1265;
    const noise = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.byteLength).toBeGreaterThan(4_700_000);
    expect(noise.byteLength).toBeLessThan(5 * 1024 * 1024);
    const photos = Array.from(
      { length: 10 },
      (_, index) => new File([new Uint8Array(noise)], `photo-${index + 1}.png`, { type: "image/png" }),
    );
    const answer = await post(form({}, photos));
    expect(answer.status).toBe(200);
    const [row] = await database.db.select().from(erpSubmissions);
    if (!row) throw new Error("demande non enregistrée");

    await deliverAll(2);
    const [notification] = toCompany();
    if (!notification?.parsed) throw new Error("notification manquante");
    expect(notification.raw.byteLength).toBeLessThan(20_000_000);
    const attached = notification.parsed.attachments.length;
    expect(attached).toBeGreaterThan(0);
    expect(attached).toBeLessThan(10);
    const left = 10 - attached;
    const leadUrl = `${SITE_URL}/erp/leads/${row.id}`;
    const text = notification.parsed.text ?? "";
    expect(text).toContain(`${left} photos non jointes`);
    expect(text).toContain(`Toutes les photos sont dans l'Espace Pro : ${leadUrl}`);
    expect(String(notification.parsed.html)).toContain(`href="${leadUrl}"`);
  });

  it("a few small photos are all attached, and the lead link is there too", async () => {
    expect((await post(form({}, [await smallPng(), await smallPng()]))).status).toBe(200);
    const [row] = await database.db.select().from(erpSubmissions);
    await deliverAll(2);
    const [notification] = toCompany();
    expect(notification?.parsed?.attachments).toHaveLength(2);
    expect(notification?.parsed?.text).toContain("Photos : 2 en pièce jointe");
    expect(notification?.parsed?.text).toContain(`${SITE_URL}/erp/leads/${row?.id}`);
    expect(notification?.parsed?.text).not.toContain("non jointe");
  });
});

describe("photo decoding goes through a bounded gate", () => {
  /** Occupies `count` places of the process's gate until `release` is called. */
  function occupy(count: number) {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: count }, () => decodeGate.run(() => released));
    return {
      release: async () => {
        release();
        await Promise.all(held);
      },
    };
  }

  const waitUntil = async (condition: () => boolean) => {
    for (let tries = 0; tries < 400 && !condition(); tries++) await new Promise((r) => setTimeout(r, 10));
    expect(condition()).toBe(true);
  };

  it("beyond the decodes running, requests wait their turn, then are stored", async () => {
    const busy = occupy(DECODE_CONCURRENCY);
    const photo = await smallPng();
    const pending = [post(form({}, [photo])), post(form({}, [photo]))];
    try {
      await waitUntil(() => decodeGate.stats().waiting === 2);
      expect(decodeGate.stats().running).toBe(DECODE_CONCURRENCY);
      expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
    } finally {
      await busy.release();
    }
    expect((await Promise.all(pending)).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(2);
  });

  it("with the queue full: 503, Retry-After and a French message; nothing stored, no file left", async () => {
    const busy = occupy(DECODE_CONCURRENCY + DECODE_MAX_WAITING);
    const before = uploadedFiles().length;
    let answer: Answer;
    try {
      expect(decodeGate.stats()).toEqual({ running: DECODE_CONCURRENCY, waiting: DECODE_MAX_WAITING });
      answer = await post(form({}, [await smallPng()]));
    } finally {
      await busy.release();
    }
    expect(answer.status).toBe(503);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(answer.body).toMatchObject({ status: "error", formError: QUOTE_FORM_ERRORS.busy });
    expect(QUOTE_FORM_ERRORS.busy).toContain("n'a pas été enregistrée");
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);
    expect(uploadedFiles()).toHaveLength(before);
    // The page answered to a form posted without JavaScript carries Retry-After too.
    const pageHeaders = new Headers(
      devisHeaders({
        actionHeaders: answer.headers,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(pageHeaders.get("Retry-After")).toBe(answer.headers.get("Retry-After"));
    expect(pageHeaders.get("Cache-Control")).toBe("no-store");
    // A request without photos decodes nothing: it never waits at the gate.
    const blocked = occupy(DECODE_CONCURRENCY + DECODE_MAX_WAITING);
    try {
      expect((await post(form())).status).toBe(200);
    } finally {
      await blocked.release();
    }
  });
});
