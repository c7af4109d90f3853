import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { jobSiteLogEntries, jobSiteLogPhotos } from "#app/db/schema/site-log.ts";
import {
  answerLogEntry,
  editLogEntry,
  listSiteLog,
  postLogEntry,
  type SiteLogUser,
  siteLogSummary,
} from "#app/features/site-log/log.server.ts";
import { LOG_PAGE_SIZE, SITE_LOG_MESSAGES } from "#app/features/site-log/schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import * as detailRoute from "#app/routes/erp/chantiers/detail.tsx";
import * as logRoute from "#app/routes/erp/chantiers/journal.tsx";
import * as notesRoute from "#app/routes/erp/chantiers/journal-notes.ts";
import * as photoRoute from "#app/routes/erp/chantiers/journal-photo.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The site log (« Journal de chantier ») on a real database and a real disk: a note with
// two phone photos (their GPS location gone from the stored bytes, their capture time
// kept), answers, the 24-hour rule on corrections (an injected clock), and what is refused
// with nothing stored: a 50 MB photo, a PDF named .jpg, control characters, another
// site's entry. 401/403 on every route: tests/integration/erp-route-guard.test.ts.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let other: { cookie: string; userId: string; email: string };
let me: SiteLogUser;
let siteId: string;
let otherSiteId: string;

async function insertSite(number: string, clientId: string): Promise<string> {
  const [row] = await services.db
    .insert(jobSites)
    .values({ number, clientId, title: "Rénovation salle de bains", siteCity: "Toulon" })
    .returning({ id: jobSites.id });
  if (!row) throw new Error("chantier non créé");
  return row.id;
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-site-log-"));
  staff = await signedInStaff(services, "staff", "journal@batirade.test");
  other = await signedInStaff(services, "staff", "collegue@batirade.test");
  me = { id: staff.userId, role: "staff" };
  const clientId = await insertClient(services.db, { name: "Famille Roux", email: "roux@example.fr" });
  siteId = await insertSite("CH-2026-0101", clientId);
  otherSiteId = await insertSite("CH-2026-0102", clientId);
});
afterAll(async () => close());

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

/** A phone photo: JPEG with its capture time and a GPS position in its EXIF block. */
async function phonePhoto(color: string, taken = "2026:11:20 08:45:10"): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "Téléphone", Model: "Test" },
      IFD2: { DateTimeOriginal: taken },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "43/1 7/1 30/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "5/1 55/1 40/1",
      },
    })
    .toBuffer();
}

function file(bytes: Uint8Array, name: string, type = "image/jpeg"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function noteForm(fields: Record<string, string>, photos: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const photo of photos) form.append("photos", photo);
  return form;
}

async function postNote(form: FormData, site = siteId) {
  const outcome = await call(notesRoute.action, `/erp/chantiers/${site}/journal/notes`, {
    method: "POST",
    body: form,
    params: { id: site },
  });
  const response = outcome.data as Response;
  return { status: outcome.status, body: (await response.json()) as Record<string, unknown> };
}

async function stored() {
  const [entries] = await services.db.select({ n: count() }).from(jobSiteLogEntries);
  const [photos] = await services.db.select({ n: count() }).from(jobSiteLogPhotos);
  return { entries: entries?.n, photos: photos?.n, files: (await services.storage.list()).length };
}

/** The GPS IFD pointer (tag 0x8825) in an EXIF block, whatever its byte order. */
function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

describe("a note with two phone photos", () => {
  let entryId: string;

  it("is stored with both photos, their location gone and their capture time kept", async () => {
    const original = await phonePhoto("#a33");
    expect(hasGpsPointer((await sharp(original).metadata()).exif)).toBe(true);
    const answer = await postNote(
      noteForm(
        {
          intent: "publier",
          body: "Dépose de la baignoire.\nLe mur derrière est humide.",
          weather: "pluie",
          peoplePresent: "Marc, Julie",
          isProblem: "on",
        },
        [
          file(original, "IMG_0001.JPG"),
          file(await phonePhoto("#3a3", "2026:11:20 09:02:00"), "IMG_0002.jpg"),
        ],
      ),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, intent: "publier" });
    entryId = String(answer.body.entryId);

    const photos = await services.db
      .select()
      .from(jobSiteLogPhotos)
      .where(eq(jobSiteLogPhotos.entryId, entryId))
      .orderBy(jobSiteLogPhotos.position);
    expect(photos).toHaveLength(2);
    // 08:45:10 in Toulon in November is 07:45:10 UTC.
    expect(photos.map((photo) => photo.takenAt?.toISOString())).toEqual([
      "2026-11-20T07:45:10.000Z",
      "2026-11-20T08:02:00.000Z",
    ]);
    for (const photo of photos) {
      const bytes = await services.storage.get(photo.storageKey);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.exif).toBeUndefined();
      expect(hasGpsPointer(metadata.exif)).toBe(false);
      expect(photo.byteSize).toBe(bytes.byteLength);
      expect([photo.width, photo.height]).toEqual([1200, 900]);
    }
  });

  it("is listed on the log page with its photos, newest first", async () => {
    const outcome = await call(logRoute.loader, `/erp/chantiers/${siteId}/journal`, {
      params: { id: siteId },
    });
    expect(outcome.status).toBe(200);
    const page = outcome.data as Awaited<ReturnType<typeof logRoute.loader>>;
    expect(page.total).toBe(1);
    const [entry] = page.entries;
    expect(entry).toMatchObject({
      id: entryId,
      body: "Dépose de la baignoire.\nLe mur derrière est humide.",
      weather: "pluie",
      peoplePresent: "Marc, Julie",
      isProblem: true,
      editable: true,
    });
    expect(entry?.photos).toHaveLength(2);
  });

  it("serves its photos, full size and as a thumbnail, only under its own site", async () => {
    const [photo] = await services.db
      .select({ id: jobSiteLogPhotos.id })
      .from(jobSiteLogPhotos)
      .where(eq(jobSiteLogPhotos.entryId, entryId));
    const photoId = photo?.id ?? "";
    const url = `/erp/chantiers/${siteId}/journal/photos/${photoId}`;
    const full = await call(photoRoute.loader, url, { params: { id: siteId, photoId } });
    expect(full.status).toBe(200);
    expect((full.data as Response).headers.get("content-type")).toBe("image/jpeg");
    const thumbnail = await call(photoRoute.loader, `${url}?taille=vignette`, {
      params: { id: siteId, photoId },
    });
    expect((thumbnail.data as Response).headers.get("content-type")).toBe("image/webp");
    const elsewhere = await call(
      photoRoute.loader,
      `/erp/chantiers/${otherSiteId}/journal/photos/${photoId}`,
      { params: { id: otherSiteId, photoId } },
    );
    expect(elsewhere.status).toBe(404);
    const badSize = await call(photoRoute.loader, `${url}?taille=geante`, {
      params: { id: siteId, photoId },
    });
    expect(badSize.status).toBe(400);
  });

  it("shows on the site's page: one note, one problem nobody answered", async () => {
    const outcome = await call(detailRoute.loader, `/erp/chantiers/${siteId}`, { params: { id: siteId } });
    expect(outcome.status).toBe(200);
    expect((outcome.data as { log: unknown }).log).toEqual({ entries: 1, openProblems: 1 });
  });

  it("takes an answer, listed under the note, and the problem is no longer open", async () => {
    const form = noteForm({ intent: "repondre", entryId, body: "Plombier prévenu, il passe jeudi." });
    const outcome = await call(logRoute.action, `/erp/chantiers/${siteId}/journal`, {
      method: "POST",
      body: form,
      params: { id: siteId },
      cookie: other.cookie,
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const log = await listSiteLog(services.db, me, siteId);
    expect(log.total).toBe(1);
    expect(log.entries[0]?.answers.map((answer) => [answer.body, answer.authorId])).toEqual([
      ["Plombier prévenu, il passe jeudi.", other.userId],
    ]);
    expect(await siteLogSummary(services.db, siteId)).toEqual({ entries: 1, openProblems: 0 });
  });

  it("refuses an answer to an answer, and to another site's note, storing nothing", async () => {
    const log = await listSiteLog(services.db, me, siteId);
    const answerId = log.entries[0]?.answers[0]?.id ?? "";
    const before = await stored();
    const nested = await postNote(noteForm({ intent: "repondre", entryId: answerId, body: "Et ensuite ?" }));
    expect(nested.status).toBe(409);
    expect(nested.body.message).toBe(SITE_LOG_MESSAGES.answerOfAnswer);
    const crossSite = await postNote(
      noteForm({ intent: "repondre", entryId, body: "Réponse égarée" }),
      otherSiteId,
    );
    expect(crossSite.status).toBe(404);
    expect(crossSite.body.message).toBe(SITE_LOG_MESSAGES.entryNotFound);
    const badId = await postNote(noteForm({ intent: "repondre", entryId: "pas-un-id", body: "x" }));
    expect(badId.status).toBe(404);
    expect(await stored()).toEqual(before);
  });
});

describe("the 24-hour rule: a note is evidence", () => {
  const written = new Date("2026-11-24T16:30:00Z");
  const later = (ms: number) => new Date(written.getTime() + ms);
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  let entryId: string;

  beforeAll(async () => {
    ({ id: entryId } = await postLogEntry(
      services,
      me,
      siteId,
      { body: "Chape coulée.", weather: "nuageux", peoplePresent: "Marc", isProblem: false, photos: [] },
      written,
    ));
  });

  it("lets its author correct it at 23 h 59", async () => {
    await editLogEntry(
      services,
      me,
      siteId,
      entryId,
      {
        body: "Chape coulée, séchage 3 semaines.",
        weather: "nuageux",
        peoplePresent: "Marc",
        isProblem: false,
        revision: 1,
      },
      later(23 * HOUR + 59 * MINUTE),
    );
    const [row] = await services.db.select().from(jobSiteLogEntries).where(eq(jobSiteLogEntries.id, entryId));
    expect(row).toMatchObject({ body: "Chape coulée, séchage 3 semaines.", revision: 2 });
    expect(row?.editedAt?.toISOString()).toBe(later(23 * HOUR + 59 * MINUTE).toISOString());
    // The day of the note is the Paris day it was written, whatever the correction.
    expect(row?.occurredOn).toBe("2026-11-24");
  });

  it("refuses the correction at 24 h 01 (409, « seulement complétée par une réponse »), and the note stays", async () => {
    const attempt = editLogEntry(
      services,
      me,
      siteId,
      entryId,
      { body: "Réécrit après coup.", weather: "", peoplePresent: "", isProblem: false, revision: 2 },
      later(24 * HOUR + MINUTE),
    );
    await expect(attempt).rejects.toMatchObject({ status: 409, message: SITE_LOG_MESSAGES.editTooLate });
    const [row] = await services.db.select().from(jobSiteLogEntries).where(eq(jobSiteLogEntries.id, entryId));
    expect(row?.body).toBe("Chape coulée, séchage 3 semaines.");
    // It can still be answered.
    await answerLogEntry(
      services,
      me,
      siteId,
      entryId,
      { body: "Complément : bâche posée.", photos: [] },
      later(30 * HOUR),
    );
  });

  it("shows « Corriger » only to its author within the 24 hours", async () => {
    const within = await listSiteLog(services.db, me, siteId, { now: later(HOUR) });
    expect(within.entries.find((entry) => entry.id === entryId)?.editable).toBe(true);
    const after = await listSiteLog(services.db, me, siteId, { now: later(25 * HOUR) });
    expect(after.entries.find((entry) => entry.id === entryId)?.editable).toBe(false);
    const colleague = await listSiteLog(services.db, { id: other.userId, role: "staff" }, siteId, {
      now: later(HOUR),
    });
    expect(colleague.entries.find((entry) => entry.id === entryId)?.editable).toBe(false);
  });

  it("refuses another author's correction (403) and a stale one (409)", async () => {
    const { id } = await postLogEntry(services, me, siteId, {
      body: "Livraison du carrelage.",
      weather: "",
      peoplePresent: "",
      isProblem: false,
      photos: [],
    });
    const fields = { body: "Modifié", weather: "" as const, peoplePresent: "", isProblem: false };
    await expect(
      editLogEntry(services, { id: other.userId, role: "staff" }, siteId, id, { ...fields, revision: 1 }),
    ).rejects.toMatchObject({ status: 403, message: SITE_LOG_MESSAGES.notAuthor });
    await expect(editLogEntry(services, me, siteId, id, { ...fields, revision: 7 })).rejects.toMatchObject({
      status: 409,
      message: SITE_LOG_MESSAGES.stale,
    });
  });

  it("answers the route's correction past 24 hours with 409 and the typed text", async () => {
    const { id } = await postLogEntry(
      services,
      me,
      siteId,
      { body: "Ancienne note.", weather: "", peoplePresent: "", isProblem: false, photos: [] },
      new Date(Date.now() - 25 * HOUR),
    );
    const outcome = await call(logRoute.action, `/erp/chantiers/${siteId}/journal`, {
      params: { id: siteId },
      form: {
        intent: "corriger",
        entryId: id,
        revision: "1",
        body: "Réécriture",
        weather: "",
        peoplePresent: "",
      },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toMatchObject({
      message: SITE_LOG_MESSAGES.editTooLate,
      values: { body: "Réécriture" },
    });
  });
});

describe("refused notes store nothing", () => {
  const note = { intent: "publier", body: "Note avec pièce jointe", weather: "", peoplePresent: "" };

  it("refuses a 50 MB photo with a French message", async () => {
    const before = await stored();
    const huge = new Uint8Array(50 * 1024 * 1024);
    huge.set(await phonePhoto("#333"));
    const answer = await postNote(
      noteForm(note, [file(await phonePhoto("#777"), "ok.jpg"), file(huge, "enorme.jpg")]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      field: "photos",
      message: SITE_LOG_MESSAGES.photoSize,
      values: { body: note.body },
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a PDF renamed .jpg, from its bytes", async () => {
    const before = await stored();
    const pdf = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n",
    );
    const answer = await postNote(
      noteForm(note, [file(await phonePhoto("#777"), "ok.jpg"), file(pdf, "photo.jpg")]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: "photos", message: SITE_LOG_MESSAGES.photoType });
    expect(await stored()).toEqual(before);
  });

  it("refuses control characters, an unknown weather, an empty text", async () => {
    const before = await stored();
    for (const [fields, field, message] of [
      [{ body: "Note\u0007" }, "body", TEXT_RULE_MESSAGES.controlCharacters],
      [{ peoplePresent: "Marc\nJulie" }, "peoplePresent", TEXT_RULE_MESSAGES.controlCharacters],
      [{ weather: "tempete" }, "weather", SITE_LOG_MESSAGES.weather],
      [{ body: "   " }, "body", SITE_LOG_MESSAGES.body],
    ] as const) {
      const answer = await postNote(noteForm({ ...note, ...fields }));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toMatchObject({ field, message });
    }
    expect(await stored()).toEqual(before);
  });

  it("refuses an unknown site and an unknown intent", async () => {
    const missing = await postNote(noteForm(note), "00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    const unknown = await postNote(noteForm({ ...note, intent: "supprimer" }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Action inconnue.");
    const page = await call(logRoute.loader, `/erp/chantiers/${siteId}/journal?page=-3`, {
      params: { id: siteId },
    });
    expect(page.status).toBe(400);
  });
});

describe("a long log", () => {
  it("reads a page of a 2,000-note log with 500 photos in a few indexed queries", async () => {
    const clientId = await insertClient(services.db, { name: "Syndic Horizon", email: "horizon@example.fr" });
    const bigSite = await insertSite("CH-2026-0999", clientId);
    const start = new Date("2025-01-01T07:00:00Z").getTime();
    const rows = Array.from({ length: 2000 }, (_, index) => ({
      jobSiteId: bigSite,
      authorId: staff.userId,
      body: `Note ${index}`,
      isProblem: index % 50 === 0,
      occurredOn: "2025-01-01",
      createdAt: new Date(start + index * 3_600_000),
    }));
    const ids: string[] = [];
    for (let at = 0; at < rows.length; at += 500) {
      const inserted = await services.db
        .insert(jobSiteLogEntries)
        .values(rows.slice(at, at + 500))
        .returning({ id: jobSiteLogEntries.id });
      ids.push(...inserted.map((row) => row.id));
    }
    await services.db.insert(jobSiteLogPhotos).values(
      ids.slice(-500).map((entryId, index) => ({
        entryId,
        storageKey: `journal/2025/01/bench${String(index).padStart(4, "0")}.jpg`,
        contentType: "image/jpeg",
        width: 100,
        height: 100,
        byteSize: 1000,
        position: 0,
      })),
    );
    const began = performance.now();
    const first = await listSiteLog(services.db, me, bigSite);
    const elapsed = performance.now() - began;
    console.info(`journal de 2 000 notes et 500 photos : première page lue en ${elapsed.toFixed(0)} ms`);
    expect(first.total).toBe(2000);
    expect(first.pageCount).toBe(Math.ceil(2000 / LOG_PAGE_SIZE));
    expect(first.entries).toHaveLength(LOG_PAGE_SIZE);
    expect(first.entries[0]?.body).toBe("Note 1999");
    expect(first.entries[0]?.photos).toHaveLength(1);
    const last = await listSiteLog(services.db, me, bigSite, { page: 100 });
    expect(last.entries.at(-1)?.body).toBe("Note 0");
    expect(await siteLogSummary(services.db, bigSite)).toEqual({ entries: 2000, openProblems: 40 });
    expect(elapsed).toBeLessThan(2000);
  });
});
