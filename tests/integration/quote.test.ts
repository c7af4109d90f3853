import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import {
  QUOTE_FORM_ERRORS,
  QuoteRequestSchema,
  SOURCE_LABELS,
  WORK_TYPES,
} from "#app/features/quote-request/schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { deliverDueMail, GIVE_UP_AFTER_MS, startOutboxWorker } from "#app/lib/outbox.server.ts";
import { action } from "#app/routes/site/devis.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext, testEnv, testServices } from "#tests/helpers/services.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";

const NOTIFY = "devis@batirade.test";
let database: TestDatabase;
let smtp: TestSmtpServer;
let dataDir: string;
let services: AppServices;

function makeServices(overrides: Record<string, string> = {}): AppServices {
  return testServices(
    database,
    testEnv({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: NOTIFY,
      QUOTE_RATE_LIMIT: "0",
      ...overrides,
    }),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-quote-"));
  services = makeServices();
});
afterAll(async () => {
  services.mailer.close();
  await smtp.close();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  await database.db.delete(erpSubmissions);
  // Acknowledgements per recipient are limited: each test starts with a fresh share.
  await database.db.delete(rateLimitHits);
  smtp.messages.length = 0;
});

const validFields = {
  user_name: "Marie Dupont",
  user_email: "marie.dupont@example.fr",
  user_phone: "06 12 34 56 78",
  work_type: "Ravalement de façade",
  budget: "15 000 € - 30 000 €",
  message: "Ravalement d'une maison de 120 m² à La Garde, façade nord abîmée.",
  consent: "on",
  source: "modal",
  js: "1",
};

function form(fields: Record<string, string> = {}, photos: File[] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...validFields, ...fields })) body.set(name, value);
  for (const photo of photos) body.append("photos", photo, photo.name);
  return body;
}

type Answer = { status: number; body?: unknown; location?: string | null };

async function post(
  body: BodyInit,
  { ip = "203.0.113.7", using = services, headers = {} as Record<string, string> } = {},
): Promise<Answer> {
  const request = new Request("http://localhost/devis", { method: "POST", body, headers });
  try {
    const result = (await action({
      request,
      params: {},
      context: routerContext(using, ip),
      unstable_pattern: "/devis",
    } as never)) as { data: unknown; init?: ResponseInit | null };
    return { status: result.init?.status ?? 200, body: result.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

async function png(width = 16, height = 12): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#c73e1d" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "facade.png", { type: "image/png" });
}

function uploadedFiles(): string[] {
  const root = path.join(dataDir, "uploads");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe("the /devis action stores the request", () => {
  it("stores the erp_submissions row exactly as the spec shows it, and two outbox messages", async () => {
    const answer = await post(form());
    expect(answer).toEqual({
      status: 200,
      body: { status: "success", source: "modal", workType: "Ravalement de façade" },
    });
    const rows = await database.db.select().from(erpSubmissions);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.module).toBe("devis");
    expect(row?.data).toStrictEqual({
      nom: "Marie Dupont",
      email: "marie.dupont@example.fr",
      telephone: "06 12 34 56 78",
      type_projet: "Ravalement de façade",
      budget: "15 000 € - 30 000 €",
      message: "Ravalement d'une maison de 120 m² à La Garde, façade nord abîmée.",
      source: "Site Web - Modal Devis",
    });
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.lastActivityAt).toBeInstanceOf(Date);
    const outbox = await database.db.select().from(outboxMessages);
    expect(outbox.map((message) => [message.kind, message.payload.to, message.status]).sort()).toEqual([
      ["quote.acknowledgement", "marie.dupont@example.fr", "pending"],
      ["quote.notification", NOTIFY, "pending"],
    ]);
  });

  it("a submission from /devis without JavaScript is redirected to /merci, with the page as source", async () => {
    const body = form({ source: "page" });
    body.delete("js");
    expect(await post(body)).toEqual({ status: 303, location: "/merci" });
    const [row] = await database.db.select().from(erpSubmissions);
    expect(row?.data.source).toBe(SOURCE_LABELS.page);
    expect(row?.data.source).toBe("Site Web - Page Devis");
  });

  it("refused fields come back with the spec's messages and the typed values, and nothing is stored", async () => {
    const body = form({ user_name: "A", user_phone: "12345", message: "court", consent: "" });
    body.delete("consent");
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: "error",
      fieldErrors: {
        user_name: "Le nom/prénom est requis.",
        user_phone: "Le numéro de téléphone est invalide.",
        message: "Veuillez décrire votre projet (10 caractères minimum).",
        consent: "Vous devez accepter notre politique de confidentialité.",
      },
      values: { user_name: "A", user_email: "marie.dupont@example.fr", message: "court", consent: false },
    });
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);
  });
});

describe("e-mails through a real SMTP server", () => {
  it("the company gets every field and the photo attached; the visitor gets a French acknowledgement", async () => {
    const photo = await png(40, 30);
    const answer = await post(
      form(
        {
          user_name: "Marie <b>Dupont</b>",
          message: "Toiture & façade <script>alert('x')</script>\nDeuxième ligne",
          budget: "",
        },
        [photo],
      ),
    );
    expect(answer.status).toBe(200);
    const report = await deliverDueMail(services);
    expect(report).toMatchObject({ claimed: 2, sent: 2 });
    const mails = await smtp.waitForMessages(2);
    const notification = mails.find((mail) => mail.envelope.to.includes(NOTIFY))?.parsed;
    const acknowledgement = mails.find((mail) =>
      mail.envelope.to.includes("marie.dupont@example.fr"),
    )?.parsed;
    if (!notification || !acknowledgement) throw new Error("e-mail manquant");

    expect(notification.subject).toBe(
      "Nouvelle demande de devis : Ravalement de façade – Marie <b>Dupont</b>",
    );
    expect(notification.replyTo?.text).toContain("marie.dupont@example.fr");
    for (const value of [
      "Marie <b>Dupont</b>",
      "marie.dupont@example.fr",
      "06 12 34 56 78",
      "Ravalement de façade",
      "Budget : Non précisé",
      "Site Web - Modal Devis",
      "Toiture & façade <script>alert('x')</script>",
      "Deuxième ligne",
      "1 en pièce jointe",
    ]) {
      expect(notification.text, value).toContain(value);
    }
    const html = String(notification.html);
    expect(html).toContain("Marie &lt;b&gt;Dupont&lt;/b&gt;");
    expect(html).toContain(
      "Toiture &amp; façade &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;<br>Deuxième ligne",
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Dupont");
    expect(notification.attachments).toHaveLength(1);
    const attachment = notification.attachments[0];
    expect(attachment?.filename).toBe("facade.png");
    expect(attachment?.contentType).toBe("image/png");
    const metadata = await sharp(attachment?.content).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 40, 30]);

    expect(acknowledgement.subject).toBe("Votre demande de devis a bien été reçue – Bâti Rade Toulon");
    expect(acknowledgement.text).toContain("Bonjour,");
    expect(acknowledgement.text).toContain("vous répondra sous 48 heures");
    expect(acknowledgement.text).toContain("Type de travaux : Ravalement de façade");
    // Nothing the visitor typed comes back to the address they typed.
    for (const typed of ["Dupont", "Toiture", "Deuxième ligne", "06 12 34 56 78"]) {
      expect(acknowledgement.text, typed).not.toContain(typed);
      expect(String(acknowledgement.html), typed).not.toContain(typed);
    }
    expect(acknowledgement.attachments).toHaveLength(0);

    const sent = await database.db.select().from(outboxMessages);
    expect(sent.every((message) => message.status === "sent" && message.sentAt)).toBe(true);
    // A second pass finds nothing left to send.
    expect((await deliverDueMail(services)).claimed).toBe(0);
  });

  it("keeps the photo under DATA_DIR/uploads, re-encoded without its EXIF and GPS data", async () => {
    const withGps = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#1e4e8c" } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: "Appareil" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "43/1 7/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const before = new Set(uploadedFiles());
    const answer = await post(
      form({}, [new File([new Uint8Array(withGps)], "Façade côté rue.JPG", { type: "image/jpeg" })]),
    );
    expect(answer.status).toBe(200);
    const [photo] = await database.db.select().from(erpSubmissionPhotos);
    expect(photo).toMatchObject({
      fileName: "Facade-cote-rue.jpg",
      contentType: "image/jpeg",
      width: 30,
      height: 20,
    });
    const added = uploadedFiles().filter((file) => !before.has(file));
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(path.join(dataDir, "uploads", "devis"));
    expect(added[0]?.endsWith(photo?.storageKey.split("/").at(-1) ?? "?")).toBe(true);
    const stored = await sharp(readFileSync(added[0] ?? "")).metadata();
    expect(stored.format).toBe("jpeg");
    expect(stored.exif).toBeUndefined();
  });

  it("with the SMTP server down the request still succeeds, and the messages arrive once it is back", async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    const local = makeServices({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      expect((await post(form(), { using: local })).status).toBe(200);
      const first = await deliverDueMail(local);
      expect(first).toMatchObject({ claimed: 2, sent: 0, retried: 2 });
      const pending = await database.db.select().from(outboxMessages);
      expect(pending.every((message) => message.status === "pending" && message.attempts === 1)).toBe(true);
      expect(pending.every((message) => message.lastError && message.lockedUntil === null)).toBe(true);
      // Not due yet: nothing is tried again before the retry delay.
      expect((await deliverDueMail(local)).claimed).toBe(0);

      const back = await startSmtpServer({ port });
      try {
        const later = new Date(Math.max(...pending.map((message) => message.nextAttemptAt.getTime())));
        expect(await deliverDueMail(local, { now: later })).toMatchObject({ claimed: 2, sent: 2 });
        const received = await back.waitForMessages(2);
        expect(received.map((mail) => mail.envelope.to[0]).sort()).toEqual([
          NOTIFY,
          "marie.dupont@example.fr",
        ]);
        const rows = await database.db.select().from(outboxMessages);
        expect(rows.every((message) => message.status === "sent" && message.attempts === 2)).toBe(true);
      } finally {
        local.mailer.close();
        await back.close();
      }
    } finally {
      local.mailer.close();
    }
  });

  it("a message still failing after 24 hours is marked failed and logged", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      }),
    );
    const down = await startSmtpServer();
    await down.close();
    const local = { ...makeServices({ SMTP_URL: `smtp://127.0.0.1:${down.port}` }), logger };
    try {
      expect((await post(form(), { using: local })).status).toBe(200);
      const [created] = await database.db.select().from(outboxMessages);
      const afterADay = new Date((created?.createdAt.getTime() ?? 0) + GIVE_UP_AFTER_MS + 60_000);
      expect(await deliverDueMail(local, { now: afterADay })).toMatchObject({ claimed: 2, failed: 2 });
      const rows = await database.db.select().from(outboxMessages);
      expect(rows.every((message) => message.status === "failed")).toBe(true);
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged.filter((entry) => entry.level === 50 && entry.msg.includes("abandonné"))).toHaveLength(2);
      // A failed message is never tried again.
      expect(
        (await deliverDueMail(local, { now: new Date(afterADay.getTime() + GIVE_UP_AFTER_MS) })).claimed,
      ).toBe(0);
    } finally {
      local.mailer.close();
    }
  });

  it("the running worker sends a request's e-mails as soon as it is stored, and stops cleanly", async () => {
    // Poll once an hour: only the wake-up after the commit can explain a prompt delivery.
    const worker = startOutboxWorker(services, { pollMs: 60 * 60_000, coalesceMs: 10 });
    try {
      expect((await post(form())).status).toBe(200);
      const mails = await smtp.waitForMessages(2);
      expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual([NOTIFY, "marie.dupont@example.fr"]);
    } finally {
      await worker.stop();
    }
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.map((message) => message.status)).toEqual(["sent", "sent"]);
  });

  it("two workers draining at once send each message exactly once", async () => {
    for (let index = 0; index < 6; index++) {
      expect((await post(form({ user_email: `client${index}@example.fr` }))).status).toBe(200);
    }
    const reports = await Promise.all([
      deliverDueMail(services, { batchSize: 5 }),
      deliverDueMail(services, { batchSize: 5 }),
      deliverDueMail(services, { batchSize: 5 }),
    ]);
    let total = reports.reduce((sum, report) => sum + report.sent, 0);
    while (total < 12) {
      const more = await deliverDueMail(services);
      if (more.claimed === 0) break;
      total += more.sent;
    }
    expect(total).toBe(12);
    await smtp.waitForMessages(12);
    const ids = smtp.messages.map((mail) => mail.parsed?.messageId);
    expect(new Set(ids).size).toBe(12);
    expect(smtp.messages).toHaveLength(12);
  });
});

describe("the action never trusts the browser", () => {
  it("the trap field answers like a success, stores nothing and sends nothing", async () => {
    expect(await post(form({ honeypot: "https://spam.example" }))).toEqual({
      status: 200,
      body: { status: "success", source: "modal", workType: "Ravalement de façade" },
    });
    const noScript = form({ honeypot: "oui", source: "page" });
    noScript.delete("js");
    expect(await post(noScript)).toEqual({ status: 303, location: "/merci" });
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("an executable renamed .jpg is refused from its bytes", async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    exe.set(new TextEncoder().encode("This program cannot be run in DOS mode."), 0x4e);
    const before = uploadedFiles().length;
    const answer = await post(form({}, [new File([exe], "photo.jpg", { type: "image/jpeg" })]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fieldErrors: { photos: "Formats acceptés : .jpg, .jpeg, .png, .webp." },
    });
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
    expect(uploadedFiles()).toHaveLength(before);
  });

  it("a 6 MB photo is refused with the spec's message", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await (await png()).bytes());
    const answer = await post(form({}, [new File([big], "grande.png", { type: "image/png" })]));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ fieldErrors: { photos: "La taille max. par photo est 5MB." } });
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
  });

  it("more than 10 photos are refused", async () => {
    const photo = await png();
    const answer = await post(
      form(
        {},
        Array.from({ length: 11 }, () => photo),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      fieldErrors: { photos: "Vous pouvez joindre 10 photos au maximum." },
    });
  });

  it("a broken multipart body gets a 400 and a French message", async () => {
    const answer = await post('--x\r\nContent-Disposition: form-data; name="user_name"\r\n\r\nMarie', {
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(answer).toMatchObject({ status: 400, body: { formError: QUOTE_FORM_ERRORS.unreadable } });
    const json = await post(JSON.stringify(validFields), { headers: { "content-type": "application/json" } });
    expect(json).toMatchObject({ status: 400, body: { formError: QUOTE_FORM_ERRORS.unreadable } });
  });

  it("megabytes of text and control characters get a 400, not a 500", async () => {
    const huge = await post(form({ message: "x".repeat(3 * 1024 * 1024), user_name: "é".repeat(200_000) }));
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      fieldErrors: {
        user_name: "Le nom/prénom ne doit pas dépasser 100 caractères.",
        message: "Votre description ne doit pas dépasser 5 000 caractères.",
      },
    });
    const control = await post(form({ user_name: "Marie\u0000\u001b[2J" }));
    expect(control).toMatchObject({
      status: 400,
      body: { fieldErrors: { user_name: "Ce texte contient des caractères non autorisés." } },
    });
    expect(await database.db.select().from(erpSubmissions)).toHaveLength(0);
  });

  it("limits requests per address (QUOTE_RATE_LIMIT), refused ones included, with a French message", async () => {
    const limited = makeServices({ QUOTE_RATE_LIMIT: "3" });
    try {
      expect((await post(form(), { using: limited, ip: "198.51.100.1" })).status).toBe(200);
      // A refused request counts too: refusing may already have cost work.
      expect((await post(form({ user_name: "A" }), { using: limited, ip: "198.51.100.1" })).status).toBe(400);
      expect((await post(form(), { using: limited, ip: "198.51.100.1" })).status).toBe(200);
      const fourth = await post(form(), { using: limited, ip: "198.51.100.1" });
      expect(fourth).toMatchObject({ status: 429, body: { formError: QUOTE_FORM_ERRORS.rateLimited } });
      expect((await post(form(), { using: limited, ip: "198.51.100.2" })).status).toBe(200);
      expect(await database.db.select().from(erpSubmissions)).toHaveLength(3);
      // At once, from one new address: the limit still holds.
      const burst = await Promise.all(
        Array.from({ length: 6 }, () => post(form(), { using: limited, ip: "198.51.100.3" })),
      );
      expect(burst.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      limited.mailer.close();
    }
  });

  it("with the database unreachable the visitor gets a 503 and a French message, and no photo is left", async () => {
    const broken = await createTestDatabase();
    await broken.cleanup();
    const local = testServices(
      broken,
      testEnv({ DATA_DIR: dataDir, NOTIFY_EMAIL: NOTIFY, QUOTE_RATE_LIMIT: "0" }),
    );
    const before = uploadedFiles().length;
    const answer = await post(form({}, [await png()]), { using: local });
    expect(answer).toMatchObject({
      status: 503,
      body: { status: "error", formError: "Une erreur est survenue. Veuillez réessayer." },
    });
    expect(uploadedFiles()).toHaveLength(before);
  });

  it("random field values never get a 500 nor store an invalid row (property)", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 120 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.constantFrom(
        "",
        " ",
        "Marie Dupont",
        "0612345678",
        "+33 6 12 34 56 78",
        "a@b.fr",
        "<script>x</script>",
      ),
      fc.string({ minLength: 4000, maxLength: 6000 }),
    );
    // Mostly valid values, so that many requests are stored and checked, mixed with anything at all.
    const field = (valid: fc.Arbitrary<string>) =>
      fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: text, weight: 1 });
    const fields = fc.record({
      user_name: field(fc.constantFrom("Marie Dupont", "Jo", "Élodie N'Guessan-Loïc", "李 小龍")),
      user_email: field(fc.constantFrom("a@b.fr", "marie.dupont+devis@example.co.uk")),
      user_phone: field(fc.stringMatching(/^(?:0|\+33 ?)[1-9](?:[ .-]?\d\d){4}$/)),
      work_type: field(fc.constantFrom(...WORK_TYPES)),
      budget: field(fc.constant("")),
      message: field(fc.string({ minLength: 10, maxLength: 300 })),
      consent: fc.constantFrom("on", "on", "on", "true", "", "off", "1"),
      source: field(fc.constantFrom("modal", "page")),
      honeypot: field(fc.constant("")),
      js: fc.constantFrom("1", ""),
    });
    await fc.assert(
      fc.asyncProperty(fields, async (values) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(values)) body.set(name, value);
        const answer = await post(body);
        expect([200, 303, 400]).toContain(answer.status);
      }),
      { numRuns: 150 },
    );
    const rows = await database.db.select().from(erpSubmissions).where(eq(erpSubmissions.module, "devis"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row.data).sort()).toEqual(
        ["budget", "email", "message", "nom", "source", "telephone", "type_projet"].sort(),
      );
      const reparsed = QuoteRequestSchema.safeParse({
        user_name: row.data.nom,
        user_email: row.data.email,
        user_phone: row.data.telephone,
        work_type: row.data.type_projet,
        budget: row.data.budget,
        message: row.data.message,
        consent: true,
      });
      expect(reparsed.success, JSON.stringify(row.data)).toBe(true);
      expect(Object.values(SOURCE_LABELS)).toContain(row.data.source);
    }
  });
});
