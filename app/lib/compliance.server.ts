import { and, desc, inArray, sql } from "drizzle-orm";
import { company } from "#app/config/company.ts";
import { companyDocuments } from "#app/db/schema/company-documents.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { type DocumentIdentity, identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";

/*
 * The décennale, RC pro and RGE facts every quote and invoice prints and checks, read from
 * the compliance register's current documents (the versions no other replaces): one
 * source, typed once, where the attestation's file is (docs/decisions/035-compliance-source.md).
 * Each fact carries its register id, so a refusal links to its renewal.
 */

export type ComplianceDocument = {
  id: string;
  issuer: string;
  number: string;
  validFrom: IsoDay;
  /** The last valid day; null for a décennale copied from the former settings without one. */
  validUntil: IsoDay | null;
  /** False for a row copied from the former settings: « Fichier à joindre ». */
  hasFile: boolean;
  /** `validUntil` is before the day asked about. */
  expired: boolean;
};

export type ComplianceFacts = {
  decennale: (ComplianceDocument & { issuerAddress: string; coverage: string }) | null;
  rcPro: ComplianceDocument | null;
  /** None: the company holds no RGE qualification (a line at 5,5 % is refused). */
  rge: ComplianceDocument | null;
};

const KINDS = ["decennale", "rc_pro", "rge"] as const;

/**
 * The current décennale, RC pro and RGE of the register, with whether each has expired on
 * the Paris day `day`. A kind filed under several labels: the one without a label first,
 * then the one valid the longest.
 */
export async function complianceFacts(db: DbExecutor, day: IsoDay): Promise<ComplianceFacts> {
  const rows = await db
    .select({
      id: companyDocuments.id,
      kind: companyDocuments.kind,
      issuer: companyDocuments.issuer,
      number: companyDocuments.number,
      issuerAddress: companyDocuments.issuerAddress,
      coverage: companyDocuments.coverage,
      validFrom: companyDocuments.validFrom,
      validUntil: companyDocuments.validUntil,
      storageKey: companyDocuments.storageKey,
    })
    .from(companyDocuments)
    .where(
      and(
        inArray(companyDocuments.kind, [...KINDS]),
        sql`not exists (select 1 from company_documents newer where newer.replaces_id = ${companyDocuments.id})`,
      ),
    )
    .orderBy(
      sql`${companyDocuments.label} = '' desc`,
      sql`${companyDocuments.validUntil} desc nulls last`,
      desc(companyDocuments.validFrom),
      desc(companyDocuments.createdAt),
    );
  const first = (kind: (typeof KINDS)[number]) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    if (!row) return null;
    const { storageKey, kind: _kind, ...facts } = row;
    return {
      ...facts,
      hasFile: storageKey !== null,
      expired: row.validUntil !== null && row.validUntil < day,
    };
  };
  const decennale = first("decennale");
  const strip = (value: ReturnType<typeof first>): ComplianceDocument | null => {
    if (!value) return null;
    const { issuerAddress: _address, coverage: _coverage, ...rest } = value;
    return rest;
  };
  return { decennale, rcPro: strip(first("rc_pro")), rge: strip(first("rge")) };
}

/**
 * Who issues the documents: the identity of app/config/company.ts, the décennale and RGE
 * of the register. Without a décennale in the register the insurance line is empty (and
 * « Avant l'envoi » and « Émettre » refuse); an RGE prints only with an end date.
 */
export function identityFromCompliance(facts: ComplianceFacts): DocumentIdentity {
  const { decennale, rge } = facts;
  const identity = identityFromCompanyConfig(
    company,
    rge?.validUntil ? { rge: { number: rge.number, validUntil: rge.validUntil } } : {},
  );
  return {
    ...identity,
    insurance: {
      insurer: decennale?.issuer ?? "",
      address: decennale?.issuerAddress ?? "",
      policy: decennale?.number ?? "",
      coverage: decennale?.coverage ?? "",
      ...(decennale?.validUntil ? { validUntil: decennale.validUntil } : {}),
    },
  };
}
