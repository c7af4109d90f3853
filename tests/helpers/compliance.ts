import { and, eq, sql } from "drizzle-orm";
import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { type CompanyDocumentKind, companyDocuments } from "#app/db/schema/company-documents.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, type IsoDay, parisDay } from "#app/lib/paris-time.ts";

/*
 * The compliance register's décennale, RC pro and RGE as a test needs them: what quotes and
 * invoices print and check (app/lib/compliance.server.ts). Each given fact files a new
 * version of its kind (renewing the current one, as the register does); the files are left
 * out, as for a row copied from the former settings.
 */

export type SeedComplianceOptions = {
  /** The décennale's last valid day; null: « date à renseigner ». Omitted: left as it is. */
  decennaleUntil?: IsoDay | null;
  /** The décennale's insurer and policy (the migration's copy of the company config otherwise). */
  decennale?: { issuer?: string; number?: string; issuerAddress?: string; coverage?: string };
  /** The RC pro's policy number and last valid day. */
  rcPro?: { number: string; validUntil: IsoDay | null };
  /** The RGE certificate; null: none held (the current ones removed). Omitted: left as it is. */
  rge?: { number: string; validUntil: IsoDay } | null;
};

const isCurrent = sql`not exists (select 1 from company_documents newer where newer.replaces_id = ${companyDocuments.id})`;

async function current(db: DbExecutor, kind: CompanyDocumentKind) {
  const [row] = await db
    .select()
    .from(companyDocuments)
    .where(and(eq(companyDocuments.kind, kind), eq(companyDocuments.label, ""), isCurrent))
    .limit(1);
  return row ?? null;
}

function validFrom(until: IsoDay | null): IsoDay {
  const today = parisDay();
  return until && until < today ? addDays(until, -365) : today;
}

export async function seedCompliance(
  db: Database | DbExecutor,
  options: SeedComplianceOptions,
): Promise<void> {
  if (options.decennaleUntil !== undefined || options.decennale) {
    const before = await current(db, "decennale");
    const until =
      options.decennaleUntil !== undefined ? options.decennaleUntil : (before?.validUntil ?? null);
    await db.insert(companyDocuments).values({
      kind: "decennale",
      issuer: options.decennale?.issuer ?? before?.issuer ?? company.insurer.name,
      number: options.decennale?.number ?? before?.number ?? company.insurer.decennialPolicy,
      issuerAddress: options.decennale?.issuerAddress ?? before?.issuerAddress ?? company.insurer.address,
      coverage: options.decennale?.coverage ?? before?.coverage ?? company.insurer.coverage,
      validFrom: validFrom(until),
      validUntil: until,
      replacesId: before?.id ?? null,
    });
  }
  if (options.rcPro) {
    const before = await current(db, "rc_pro");
    await db.insert(companyDocuments).values({
      kind: "rc_pro",
      issuer: before?.issuer ?? company.insurer.name,
      number: options.rcPro.number,
      validFrom: validFrom(options.rcPro.validUntil),
      validUntil: options.rcPro.validUntil,
      replacesId: before?.id ?? null,
    });
  }
  if (options.rge === null) {
    await db.update(companyDocuments).set({ replacesId: null }).where(eq(companyDocuments.kind, "rge"));
    await db.delete(companyDocuments).where(eq(companyDocuments.kind, "rge"));
  } else if (options.rge) {
    const before = await current(db, "rge");
    await db.insert(companyDocuments).values({
      kind: "rge",
      issuer: "Qualibat",
      number: options.rge.number,
      validFrom: validFrom(options.rge.validUntil),
      validUntil: options.rge.validUntil,
      replacesId: before?.id ?? null,
    });
  }
}
