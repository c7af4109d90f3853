import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { type QuoteStatus, quotes } from "#app/db/schema/quotes.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { QuotesDashboard } from "./components/quotes-dashboard.tsx";
import { emptyQuoteContent } from "./content.ts";
import { type QuotesDashboardFigures, quotesDashboard } from "./dashboard.server.ts";
import { expireQuotes } from "./expiry.server.ts";

// The dashboard's Devis block on a real database (PGlite; PostgreSQL in CI's second
// pass). Rows are written straight into `quotes` with what the table's checks ask of a
// sent version; every expected figure below is counted by hand from those rows.

const SHA = "ab".repeat(32);
let numbering = 0;

type Version = {
  title: string;
  status: QuoteStatus;
  /** ISO instants, in UTC (the Paris time in the comment beside each). */
  sentAt?: string;
  validUntil?: string;
  decidedAt?: string;
  totalHt?: number;
};

/** A version sent at `sentAt` and waiting for the client's answer, valid until `validUntil`. */
const sent = (title: string, sentAt: string, validUntil: string): Version => ({
  title,
  status: "envoye",
  sentAt,
  validUntil,
});

type Inserted = { id: string; seriesId: string; number: string | null; version: number };

/** One version of a quote; `after` makes it the next version of that series, under the same number. */
async function insertQuote(db: Database, clientId: string, v: Version, after?: Inserted): Promise<Inserted> {
  const id = randomUUID();
  const seriesId = after?.seriesId ?? id;
  const version = after ? after.version + 1 : 1;
  const sent = v.status !== "brouillon";
  numbering += 1;
  const number = after?.number ?? (sent ? `DEV-2026-${String(numbering).padStart(4, "0")}` : null);
  const content = emptyQuoteContent({
    title: v.title,
    description: "",
    site: { street: "12 rue des Lilas", postalCode: "83000", city: "Toulon" },
    validityDays: 30,
    paymentTerms: "À réception de facture.",
    reverseCharge: false,
  });
  await db.insert(quotes).values({
    id,
    seriesId,
    version,
    number,
    status: v.status,
    clientId,
    content,
    title: v.title,
    siteCity: "Toulon",
    totalHtCents: v.totalHt ?? 100_000,
    totalTtcCents: Math.round((v.totalHt ?? 100_000) * 1.1),
    sentAt: v.sentAt ? new Date(v.sentAt) : null,
    validUntil: v.validUntil ?? null,
    sentTo: sent ? "client@example.fr" : null,
    pdfSha256: sent ? SHA : null,
    decidedAt: v.decidedAt ? new Date(v.decidedAt) : null,
  });
  return { id, seriesId, number, version };
}

const titles = <T extends { id: string }>(items: T[], byId: Map<string, string>) =>
  items.map((item) => byId.get(item.id));

function renderBlock(figures: QuotesDashboardFigures): string {
  return renderToString(
    createElement(MemoryRouter, { initialEntries: ["/erp"] }, createElement(QuotesDashboard, { figures })),
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

describe("quotesDashboard, one day in November", () => {
  let database: TestDatabase;
  // 10 November 2026 23:30 UTC is already 11 November in Paris (00:30, winter time):
  // every « today » below is the 11th, where a UTC computation would say the 10th.
  const now = new Date("2026-11-10T23:30:00Z");
  const byId = new Map<string, string>();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const garnier = await insertClient(db);
    const benali = await insertClient(db, { name: "Karim Benali", email: "karim.benali@example.fr" });
    const pins = await insertClient(db, {
      kind: "entreprise",
      name: "SCI Les Pins",
      email: "sci@example.fr",
    });
    const add = async (clientId: string, v: Version, after?: Inserted) => {
      const row = await insertQuote(db, clientId, v, after);
      byId.set(row.id, v.title);
      ids[v.title] = row.id;
      return row;
    };

    // ── Awaiting an answer (status « envoye », latest sent version) ──
    // Last valid day yesterday; the daily job has not yet marked it « expire ».
    // sent: 11 Oct 10:00 Paris → 31 days
    await add(garnier, sent("Valable jusqu'à hier", "2026-10-11T08:00:00Z", "2026-11-10"));
    // sent: 30 days
    await add(benali, sent("Dernier jour aujourd'hui", "2026-10-12T08:00:00Z", "2026-11-11"));
    // sent: 23 days
    await add(pins, sent("Dernier jour dans 8 jours", "2026-10-19T08:00:00Z", "2026-11-19"));
    // V1 sent on 1 October, replaced by V2 sent on 20 October: only V2 waits.
    const revisedV1 = await add(garnier, {
      title: "Révisé V1",
      status: "remplace",
      sentAt: "2026-10-01T08:00:00Z",
      validUntil: "2026-10-31",
      decidedAt: "2026-10-20T08:00:00Z",
    });
    await add(
      garnier,
      {
        title: "Révisé V2",
        status: "envoye",
        sentAt: "2026-10-20T08:00:00Z", // 22 days
        validUntil: "2026-11-17", // 6 days left
      },
      revisedV1,
    );
    // sent: 30 Oct 10:00 Paris → 12 days
    await add(benali, sent("Douze jours", "2026-10-30T09:00:00Z", "2026-11-29"));
    // V2 is only a draft: the client may still accept V1, which keeps waiting.
    // sent: 9 days
    const draftNextV1 = await add(pins, sent("V2 en préparation", "2026-11-02T09:00:00Z", "2026-12-02"));
    await add(pins, { title: "Brouillon de V2", status: "brouillon" }, draftNextV1);
    // sent: 10 Nov 23:45 Paris → 1 day
    await add(garnier, sent("Hier soir", "2026-11-10T22:45:00Z", "2026-12-10"));
    // sent: 11 Nov 00:10 Paris → 0 day; valid: exactly 7 days left
    await add(benali, sent("Cette nuit", "2026-11-10T23:10:00Z", "2026-11-18"));

    // ── Neither waiting nor accepted ──
    await add(garnier, { title: "Brouillon seul", status: "brouillon" });
    await add(benali, {
      title: "Refusé",
      status: "refuse",
      sentAt: "2026-10-20T08:00:00Z",
      validUntil: "2026-11-12", // would be « expiring » if it were still waiting
      decidedAt: "2026-10-25T08:00:00Z",
    });
    await add(pins, {
      title: "Expiré",
      status: "expire",
      sentAt: "2026-09-01T08:00:00Z",
      validUntil: "2026-10-01",
      decidedAt: "2026-10-02T04:00:00Z",
    });
    await add(garnier, {
      title: "Envoyé le 14 août à 0 h",
      status: "refuse",
      sentAt: "2026-08-13T22:00:00Z", // 14 Aug 00:00 Paris (summer time): first day of the 90
      validUntil: "2026-09-13",
      decidedAt: "2026-08-20T08:00:00Z",
    });

    // ── Accepted ──
    await add(benali, {
      title: "Accepté le 31 octobre à 23 h 59",
      status: "accepte",
      sentAt: "2026-10-10T08:00:00Z",
      validUntil: "2026-11-09",
      decidedAt: "2026-10-31T22:59:00Z", // 31 Oct 23:59 Paris: October
      totalHt: 400_000,
    });
    await add(garnier, {
      title: "Accepté le 1er novembre à 0 h 30",
      status: "accepte",
      sentAt: "2026-10-15T08:00:00Z",
      validUntil: "2026-11-14",
      decidedAt: "2026-10-31T23:30:00Z", // 1 Nov 00:30 Paris: November (31 Oct in UTC)
      totalHt: 100_000,
    });
    await add(pins, {
      title: "Accepté le 9 novembre",
      status: "accepte",
      sentAt: "2026-10-25T08:00:00Z",
      validUntil: "2026-11-24",
      decidedAt: "2026-11-09T14:00:00Z",
      totalHt: 250_050,
    });
    // V1 replaced, V2 accepted: one quote, accepted once; only V2's amount counts.
    const acceptedSeriesV1 = await add(benali, {
      title: "Remplacé puis accepté V1",
      status: "remplace",
      sentAt: "2026-10-05T08:00:00Z",
      validUntil: "2026-11-04",
      decidedAt: "2026-10-25T08:00:00Z",
      totalHt: 280_000,
    });
    await add(
      benali,
      {
        title: "Remplacé puis accepté V2",
        status: "accepte",
        sentAt: "2026-10-25T08:00:00Z",
        validUntil: "2026-11-24",
        decidedAt: "2026-11-05T10:00:00Z",
        totalHt: 300_000,
      },
      acceptedSeriesV1,
    );
    await add(pins, {
      title: "Envoyé le 13 août à 23 h 59",
      status: "accepte",
      sentAt: "2026-08-13T21:59:00Z", // 13 Aug 23:59 Paris: the day before the 90
      validUntil: "2026-09-12",
      decidedAt: "2026-08-20T08:00:00Z",
      totalHt: 50_000,
    });
    // First sent in August, out of the 90 days, though its V2 (accepted) was sent in October.
    const oldSeriesV1 = await add(garnier, {
      title: "Ancienne série V1",
      status: "remplace",
      sentAt: "2026-08-01T08:00:00Z",
      validUntil: "2026-08-31",
      decidedAt: "2026-10-01T08:00:00Z",
    });
    await add(
      garnier,
      {
        title: "Ancienne série V2",
        status: "accepte",
        sentAt: "2026-10-01T08:00:00Z",
        validUntil: "2026-10-31",
        decidedAt: "2026-10-05T08:00:00Z",
        totalHt: 120_000,
      },
      oldSeriesV1,
    );
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it("reads the hand-written instants as their Paris days (the premises of the counts below)", () => {
    expect(parisDay(now)).toBe("2026-11-11");
    expect(parisDay(new Date("2026-10-31T23:30:00Z"))).toBe("2026-11-01");
    expect(parisDay(new Date("2026-10-31T22:59:00Z"))).toBe("2026-10-31");
    expect(parisMidnight("2026-08-14").toISOString()).toBe("2026-08-13T22:00:00.000Z");
    expect(addDays("2026-11-11", -89)).toBe("2026-08-14");
  });

  it("lists the quotes waiting for an answer, oldest sending first, with their age in Paris days", async () => {
    const { today, pending } = await quotesDashboard(database.db, now);
    expect(today).toBe("2026-11-11");
    expect(pending.count).toBe(8);
    expect(titles(pending.items, byId)).toEqual([
      "Valable jusqu'à hier",
      "Dernier jour aujourd'hui",
      "Dernier jour dans 8 jours",
      "Révisé V2",
      "Douze jours",
      "V2 en préparation",
      "Hier soir",
      "Cette nuit",
    ]);
    expect(pending.items.map((quote) => quote.ageDays)).toEqual([31, 30, 23, 22, 12, 9, 1, 0]);
    const revised = pending.items.find((quote) => quote.id === ids["Révisé V2"]);
    expect(revised).toMatchObject({
      displayNumber: expect.stringMatching(/^DEV-2026-\d{4}-V2$/),
      clientName: "Élodie Garnier",
      validUntil: "2026-11-17",
      totalHt: 100_000,
    });
    expect(revised?.sentAt.toISOString()).toBe("2026-10-20T08:00:00.000Z");
  });

  it("lists the sent quotes whose last valid day is today to today + 7, with the days left", async () => {
    const { expiringSoon } = await quotesDashboard(database.db, now);
    expect(expiringSoon.until).toBe("2026-11-18");
    // Not: valid until yesterday (already over), the 19th (8 days), the refused one (the 12th).
    expect(expiringSoon.count).toBe(3);
    expect(titles(expiringSoon.items, byId)).toEqual(["Dernier jour aujourd'hui", "Révisé V2", "Cette nuit"]);
    expect(expiringSoon.items.map((quote) => [quote.validUntil, quote.daysLeft])).toEqual([
      ["2026-11-11", 0],
      ["2026-11-17", 6],
      ["2026-11-18", 7],
    ]);
  });

  it("counts and sums the quotes accepted during the Paris calendar month", async () => {
    const { acceptedThisMonth } = await quotesDashboard(database.db, now);
    // 1 Nov 00:30 Paris (1 000,00) + 9 Nov (2 500,50) + the accepted V2 (3 000,00, not its V1's 2 800,00);
    // not 31 Oct 23:59 Paris (4 000,00), nor the August and October acceptances.
    expect(acceptedThisMonth).toEqual({ count: 3, totalHt: 650_050, monthStart: "2026-11-01" });
    // Seen on 31 October at 23:59:30 Paris, the month is October: the 31 Oct 23:59 acceptance
    // (4 000,00) and the old series' V2 (1 200,00); the 1 Nov 00:30 one falls outside.
    const october = await quotesDashboard(database.db, new Date("2026-10-31T22:59:30Z"));
    expect(october.acceptedThisMonth).toEqual({ count: 2, totalHt: 520_000, monthStart: "2026-10-01" });
  });

  it("computes the conversion over the quotes first sent in the last 90 days, each series once", async () => {
    const { conversion } = await quotesDashboard(database.db, now);
    // Sent since 14 Aug 00:00 Paris, one per series: the 8 waiting (« Révisé » once), the
    // refused, the expired, the one sent at 14 Aug 0 h, the 4 accepted (« Remplacé puis
    // accepté » once) = 15. Out: sent 13 Aug 23:59, the old series (first sent 1 Aug), drafts.
    // Accepted: 31 Oct, 1 Nov, 9 Nov, the replaced-then-accepted series = 4; 4/15 = 26,7 % → 27.
    expect(conversion).toEqual({ since: "2026-08-14", sent: 15, accepted: 4, percent: 27 });
  });

  it("lists the accepted quotes to schedule, oldest acceptance first, with the client and total HT", async () => {
    const { toSchedule } = await quotesDashboard(database.db, now);
    expect(toSchedule.count).toBe(6);
    expect(titles(toSchedule.items, byId)).toEqual([
      "Envoyé le 13 août à 23 h 59",
      "Ancienne série V2",
      "Accepté le 31 octobre à 23 h 59",
      "Accepté le 1er novembre à 0 h 30",
      "Remplacé puis accepté V2",
      "Accepté le 9 novembre",
    ]);
    expect(toSchedule.items.map((quote) => [quote.clientName, quote.totalHt])).toEqual([
      ["SCI Les Pins", 50_000],
      ["Élodie Garnier", 120_000],
      ["Karim Benali", 400_000],
      ["Élodie Garnier", 100_000],
      ["Karim Benali", 300_000],
      ["SCI Les Pins", 250_050],
    ]);
    expect(toSchedule.items[4]?.displayNumber).toMatch(/^DEV-2026-\d{4}-V2$/);
  });

  it("renders the block in French, each quote linking to its page (« Créer le chantier » for one to schedule) and the counts to the filtered list", async () => {
    const html = renderBlock(await quotesDashboard(database.db, now));
    expect(html).toContain("envoyé il y a 12 jours");
    expect(html).toContain("envoyé hier");
    expect(html).toContain("envoyé aujourd'hui");
    expect(html).toContain("dernier jour aujourd'hui");
    expect(html).toContain("dernier jour dans 7 jours");
    expect(html).toContain("6\u202f500,50\u00a0€ HT");
    expect(html).toContain("en novembre 2026");
    expect(html).toContain("4 acceptés sur 15 envoyés");
    expect(html).toContain("27\u00a0%");
    expect(html).toContain(`href="/erp/devis/${ids["Douze jours"]}"`);
    expect(html).toContain(`href="/erp/chantiers/nouveau?devis=${ids["Accepté le 9 novembre"]}"`);
    expect(html).toContain('href="/erp/devis?statut=envoye"');
    expect(html).toContain('href="/erp/devis?statut=accepte"');
  });

  it("lets a quote past its last day go once the daily job has marked it expired", async () => {
    expect(await expireQuotes(database.db, now)).toBe(1);
    const { pending, expiringSoon, conversion } = await quotesDashboard(database.db, now);
    expect(pending.count).toBe(7);
    expect(pending.items.map((quote) => quote.id)).not.toContain(ids["Valable jusqu'à hier"]);
    expect(expiringSoon.count).toBe(3);
    expect(conversion).toMatchObject({ sent: 15, accepted: 4 });
  });

  it("shows only the latest sent version of a series, even one whose V1 was left « envoye »", async () => {
    const db = database.db;
    const clientId = await insertClient(db, { name: "Lucie Fabre", email: "lucie.fabre@example.fr" });
    const v1 = await insertQuote(db, clientId, {
      title: "Incohérent V1",
      status: "envoye",
      sentAt: "2026-10-03T08:00:00Z",
      validUntil: "2026-11-12", // would be « expiring » (1 day left)
    });
    const v2 = await insertQuote(
      db,
      clientId,
      { title: "Incohérent V2", status: "envoye", sentAt: "2026-11-03T09:00:00Z", validUntil: "2026-12-03" },
      v1,
    );
    const { pending, expiringSoon, conversion } = await quotesDashboard(db, now);
    expect(pending.count).toBe(8);
    const pendingIds = pending.items.map((quote) => quote.id);
    expect(pendingIds).toContain(v2.id);
    expect(pendingIds).not.toContain(v1.id);
    expect(expiringSoon.count).toBe(3);
    // One more series sent (on 3 October), not accepted: 4 on 16 = 25 %.
    expect(conversion).toMatchObject({ sent: 16, accepted: 4, percent: 25 });
  });
});

describe("quotesDashboard, empty then past its list size", () => {
  let database: TestDatabase;
  // 10 April 2026, 12:00 Paris (summer time).
  const now = new Date("2026-04-10T10:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it("says there is nothing yet: zero counts, empty lists, no rate", async () => {
    const figures = await quotesDashboard(database.db, now);
    expect(figures).toEqual({
      today: "2026-04-10",
      pending: { count: 0, items: [] },
      expiringSoon: { count: 0, until: "2026-04-17", items: [] },
      acceptedThisMonth: { count: 0, totalHt: 0, monthStart: "2026-04-01" },
      conversion: { since: "2026-01-11", sent: 0, accepted: 0, percent: null },
      toSchedule: { count: 0, items: [] },
    });
    const html = renderBlock(figures);
    expect(html).toContain("Aucun devis en attente : chaque devis envoyé a reçu une réponse.");
    expect(html).toContain("Aucun devis n'arrive en fin de validité d'ici le 17 avril 2026.");
    expect(html).toContain("Aucun devis accepté en avril 2026 pour l'instant.");
    expect(html).toContain('<span aria-hidden="true">—</span>');
    expect(html).toContain("Aucun devis envoyé depuis le 11 janvier 2026");
    expect(html).toContain("Aucun devis accepté en attente de son chantier.");
  });

  it("shows 8 quotes per list and counts them all", async () => {
    const db = database.db;
    const clientId = await insertClient(db);
    const today = parisDay(now);
    const waiting: string[] = [];
    const accepted: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const sentDay = addDays(today, -(20 - i));
      const row = await insertQuote(db, clientId, {
        title: `En attente ${i}`,
        status: "envoye",
        sentAt: new Date(parisMidnight(sentDay).getTime() + 9 * 3_600_000).toISOString(),
        // 0, 1, … 7 days left, then 0 again for the ninth.
        validUntil: addDays(today, i % 8),
      });
      waiting.push(row.id);
    }
    for (let i = 0; i < 9; i += 1) {
      const row = await insertQuote(db, clientId, {
        title: `Accepté ${i}`,
        status: "accepte",
        sentAt: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
        validUntil: addDays(today, 10),
        // 1 April 10:00 UTC to 9 April: all in April.
        decidedAt: new Date(now.getTime() - (9 - i) * 86_400_000).toISOString(),
        totalHt: 10_000 * (i + 1),
      });
      accepted.push(row.id);
    }
    const figures = await quotesDashboard(db, now);
    expect(figures.pending.count).toBe(9);
    // Oldest sending first: the ninth, sent last, is left out.
    expect(figures.pending.items.map((quote) => quote.id)).toEqual(waiting.slice(0, 8));
    expect(figures.expiringSoon.count).toBe(9);
    // Soonest last day first, then oldest sending: 0 (1st), 0 (9th), 1 … 6; the 7-day one is left out.
    expect(figures.expiringSoon.items.map((quote) => quote.id)).toEqual([
      waiting[0],
      waiting[8],
      ...waiting.slice(1, 7),
    ]);
    expect(figures.toSchedule.count).toBe(9);
    expect(figures.toSchedule.items.map((quote) => quote.id)).toEqual(accepted.slice(0, 8));
    // 100 + 200 + … + 900 €.
    expect(figures.acceptedThisMonth).toEqual({ count: 9, totalHt: 450_000, monthStart: "2026-04-01" });
    expect(figures.conversion).toMatchObject({ sent: 18, accepted: 9, percent: 50 });
    const html = renderBlock(figures);
    expect(html).toContain("Les 9 devis envoyés");
    expect(html).toContain("Les 9 devis acceptés");
  });
});
