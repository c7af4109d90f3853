import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#app/db/client.server.ts";
import { leadEventSummary } from "#app/features/leads/event-summary.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { insertQuoteRequest } from "#tests/helpers/leads.ts";

/*
 * Migration 0011 copies the leads' old timeline (erp_lead_events) into the shared
 * activity history. The old table is gone once every migration has run, so this test
 * puts it back as 0004 made it, fills it with one event of every kind, runs 0011's SQL
 * again, and checks that each copied sentence is the one the code writes today.
 */

let database: TestDatabase;
let leadId: string;

const EVENTS: { kind: string; note?: string; from?: string; to?: string }[] = [
  { kind: "created", to: "Appel téléphonique" },
  { kind: "created" },
  { kind: "status", from: "nouveau", to: "contacte" },
  { kind: "status", from: "devis_envoye", to: "gagne" },
  { kind: "assignee", to: "julien@batirade.test" },
  { kind: "assignee", from: "julien@batirade.test" },
  { kind: "follow_up", to: "2026-03-14" },
  { kind: "follow_up", to: "2027-01-01" },
  { kind: "follow_up", from: "2026-03-14" },
  { kind: "do_not_contact", to: "oui" },
  { kind: "do_not_contact", to: "non" },
  { kind: "town", to: "La Seyne-sur-Mer" },
  { kind: "town", from: "Toulon" },
  { kind: "note", note: "Rappeler lundi,\nvisite jeudi." },
  { kind: "export" },
];

beforeAll(async () => {
  database = await createTestDatabase();
  leadId = await insertQuoteRequest(database.db, { nom: "Historique Ancien" });
  await database.db.execute(sql`create table "erp_lead_events" (
    "id" uuid primary key default gen_random_uuid() not null,
    "submission_id" uuid not null references "erp_submissions"("id") on delete cascade,
    "kind" text not null,
    "note" text,
    "from_value" text,
    "to_value" text,
    "actor_id" text,
    "actor_email" text not null,
    "created_at" timestamp with time zone default now() not null
  )`);
  for (const [index, event] of EVENTS.entries()) {
    await database.db.execute(sql`insert into "erp_lead_events"
      ("submission_id", "kind", "note", "from_value", "to_value", "actor_email", "created_at")
      values (${leadId}, ${event.kind}, ${event.note ?? null}, ${event.from ?? null}, ${event.to ?? null},
        'gerant@batirade.test', ${new Date(Date.UTC(2026, 0, 1, 9, index)).toISOString()})`);
  }
  const migration = readFileSync(path.join(migrationsFolder, "0011_lead_history_shared.sql"), "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) {
    await database.db.execute(sql.raw(statement));
  }
});
afterAll(async () => {
  await database.cleanup();
});

describe("migration 0011: the leads' timeline moves into the shared history", () => {
  it("copies every event, oldest last, with the sentence the code writes today", async () => {
    const events = await listActivity(database.db, "lead", leadId);
    expect(events).toHaveLength(EVENTS.length);
    const oldestFirst = [...events].reverse();
    for (const [index, expected] of EVENTS.entries()) {
      const copied = oldestFirst[index];
      expect(copied?.kind).toBe(expected.kind);
      expect(copied?.summary, expected.kind).toBe(leadEventSummary(expected.kind, expected));
      expect(copied?.actorEmail).toBe("gerant@batirade.test");
    }
  });

  it("keeps a note's text and the values in the event's data, and drops the old table", async () => {
    const events = await listActivity(database.db, "lead", leadId);
    expect(events.find((event) => event.kind === "note")?.data).toEqual({
      note: "Rappeler lundi,\nvisite jeudi.",
    });
    expect(events.find((event) => event.kind === "export")?.data).toBeNull();
    expect(events.find((event) => event.kind === "status")?.data).toEqual({
      from: "devis_envoye",
      to: "gagne",
    });
    const [table] = await database.db
      .select({ name: sql<string | null>`to_regclass('erp_lead_events')::text` })
      .from(sql`(select 1) as one`);
    expect(table?.name).toBeNull();
  });
});
