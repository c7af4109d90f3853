import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#app/db/client.server.ts";
import { companyDocuments } from "#app/db/schema/company-documents.ts";
import { companyRegister } from "#app/features/documents/company-documents.server.ts";
import { complianceFacts, identityFromCompliance } from "#app/lib/compliance.server.ts";
import { decennaleProblem } from "#app/lib/compliance.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";

/*
 * Migration 0043 moves the décennale, RC pro and RGE typed in « Paramètres de l'entreprise »
 * into the compliance register (docs/decisions/035-compliance-source.md). The settings'
 * columns are gone once every migration has run, so this test puts them back as 0010 made
 * them, fills them, empties the register, runs the migration's hand-written data section
 * again, and reads what the register and the documents now hold.
 */

let database: TestDatabase;
const today = parisDay();
const MIGRATION = "0043_compliance_source.sql";

function dataSection(): string[] {
  const text = readFileSync(path.join(migrationsFolder, MIGRATION), "utf8");
  const start = text.indexOf("-- ─── Hand-written data move");
  const end = text.indexOf("-- ─── End of the hand-written data move");
  if (start < 0 || end < start) throw new Error(`${MIGRATION} : section de reprise introuvable`);
  return text
    .slice(start, end)
    .split("--> statement-breakpoint")
    .filter((statement) => statement.replace(/--.*$/gm, "").trim() !== "");
}

async function runDataMove() {
  for (const statement of dataSection()) await database.db.execute(sql.raw(statement));
}

async function emptyRegister() {
  await database.db.update(companyDocuments).set({ replacesId: null });
  await database.db.delete(companyDocuments);
}

async function settingsHold(values: { insuranceUntil: string | null; rge: [string, string] | null }) {
  await database.db.execute(sql`update "company_settings" set
    "insurer_name" = 'Assurances du Littoral',
    "insurer_address" = '3 quai Cronstadt, 83000 Toulon',
    "decennial_policy" = 'DEC-2024-000321',
    "liability_policy" = 'RCP-2024-000322',
    "insurance_coverage" = 'France métropolitaine',
    "insurance_valid_until" = ${values.insuranceUntil},
    "rge_number" = ${values.rge?.[0] ?? null},
    "rge_valid_until" = ${values.rge?.[1] ?? null}
    where "id" = 1`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`alter table "company_settings"
    add column "insurer_name" text not null default 'x',
    add column "insurer_address" text not null default 'x',
    add column "decennial_policy" text not null default 'x',
    add column "liability_policy" text not null default 'x',
    add column "insurance_coverage" text not null default 'x',
    add column "insurance_valid_until" date,
    add column "rge_number" text,
    add column "rge_valid_until" date`);
});
afterAll(async () => {
  await database.cleanup();
});

describe("migration 0043: the settings' insurance and RGE move into the register", () => {
  it("copies the décennale, the RC pro and the RGE as register rows awaiting their file", async () => {
    await emptyRegister();
    const decennaleUntil = addDays(today, 40);
    const rgeUntil = addDays(today, -5);
    await settingsHold({ insuranceUntil: decennaleUntil, rge: ["E-E182736", rgeUntil] });
    await runDataMove();

    const rows = await database.db.select().from(companyDocuments).orderBy(asc(companyDocuments.kind));
    expect(rows.map((row) => row.kind)).toEqual(["decennale", "rc_pro", "rge"]);
    const [decennale, rcPro, rge] = rows;
    expect(decennale).toMatchObject({
      label: "",
      issuer: "Assurances du Littoral",
      number: "DEC-2024-000321",
      issuerAddress: "3 quai Cronstadt, 83000 Toulon",
      coverage: "France métropolitaine",
      validFrom: today,
      validUntil: decennaleUntil,
      storageKey: null,
      fileName: null,
      sizeBytes: null,
      replacesId: null,
    });
    expect(rcPro).toMatchObject({
      number: "RCP-2024-000322",
      validFrom: today,
      validUntil: null,
      storageKey: null,
    });
    // An end already past: valid_from is that end (least(today, valid_until)).
    expect(rge).toMatchObject({
      number: "E-E182736",
      validFrom: rgeUntil,
      validUntil: rgeUntil,
      storageKey: null,
    });

    // What quotes and invoices now print and check.
    const facts = await complianceFacts(database.db, today);
    expect(identityFromCompliance(facts).insurance).toEqual({
      insurer: "Assurances du Littoral",
      address: "3 quai Cronstadt, 83000 Toulon",
      policy: "DEC-2024-000321",
      coverage: "France métropolitaine",
      validUntil: decennaleUntil,
    });
    expect(facts.rge).toMatchObject({ number: "E-E182736", expired: true, hasFile: false });
    // The register lists them, their file to attach.
    const register = await companyRegister(database.db, today);
    expect(register.flatMap((group) => group.documents.map((document) => document.fileName))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("keeps a décennale without end « à renseigner », and the quote's refusal says so", async () => {
    await emptyRegister();
    await settingsHold({ insuranceUntil: null, rge: null });
    await runDataMove();
    const rows = await database.db.select().from(companyDocuments);
    expect(rows.map((row) => row.kind).sort()).toEqual(["decennale", "rc_pro"]);
    const facts = await complianceFacts(database.db, today);
    expect(facts.decennale).toMatchObject({ validFrom: today, validUntil: null, hasFile: false });
    expect(facts.rge).toBeNull();
    expect(decennaleProblem(facts.decennale, today, "un devis")?.message).toBe(
      "La date de fin de validité de l'assurance décennale est à renseigner : joignez l'attestation dans le registre des documents.",
    );
  });

  it("leaves a décennale already filed in the register, giving it the insurer's address and coverage", async () => {
    await emptyRegister();
    const [filed] = await database.db
      .insert(companyDocuments)
      .values({
        kind: "decennale",
        issuer: "SMABTP",
        number: "DEC-2026-1",
        validFrom: "2026-01-01",
        validUntil: "2026-12-31",
        storageKey: "documents-entreprise/decennale.pdf",
        contentType: "application/pdf",
        fileName: "decennale.pdf",
        sizeBytes: 1200,
        sha256: "0".repeat(64),
      })
      .returning({ id: companyDocuments.id });
    await settingsHold({ insuranceUntil: "2030-01-01", rge: null });
    await runDataMove();
    const decennales = await database.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.kind, "decennale"));
    expect(decennales).toHaveLength(1);
    expect(decennales[0]).toMatchObject({
      id: filed?.id,
      issuer: "SMABTP",
      validUntil: "2026-12-31",
      issuerAddress: "3 quai Cronstadt, 83000 Toulon",
      coverage: "France métropolitaine",
      fileName: "decennale.pdf",
    });
  });

  it("refuses a half-filed file: its five columns together or none", async () => {
    await expect(
      database.db.insert(companyDocuments).values({
        kind: "autre",
        validFrom: today,
        storageKey: "documents-entreprise/x.pdf",
      }),
    ).rejects.toThrow();
  });
});
