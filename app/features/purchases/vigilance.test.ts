import { describe, expect, it } from "vitest";
import {
  addMonths,
  coversTrade,
  type VigilanceDocument,
  validUntilOf,
  vigilanceStatus,
  vigilanceStop,
} from "./vigilance.ts";

const TODAY = "2026-11-27";

function allValid(overrides: Partial<Record<VigilanceDocument["kind"], Partial<VigilanceDocument>>> = {}) {
  const docs: VigilanceDocument[] = [
    { kind: "attestation_vigilance", issuedOn: "2026-10-01", validUntil: "2027-04-01" },
    { kind: "kbis", issuedOn: "2026-11-01", validUntil: "2027-02-01" },
    { kind: "decennale", issuedOn: "2026-01-01", validUntil: "2026-12-31", trades: "Plomberie, Chauffage" },
  ];
  return docs.map((doc) => ({ ...doc, ...overrides[doc.kind] }));
}

const stateOf = (docs: VigilanceDocument[], kind: string, today = TODAY, trade = "plomberie") =>
  vigilanceStatus(docs, 500_000, today, trade).documents.find((d) => d.kind === kind)?.state;

describe("validity computed from the issue", () => {
  it("vigilance: 6 months, Kbis: 3 months, month ends clamped; décennale as typed", () => {
    expect(validUntilOf("attestation_vigilance", "2026-01-15", null)).toBe("2026-07-15");
    expect(validUntilOf("kbis", "2026-01-15", "2030-01-01")).toBe("2026-04-15");
    expect(validUntilOf("kbis", "2026-11-30", null)).toBe("2027-02-28");
    expect(validUntilOf("attestation_vigilance", "2026-08-31", null)).toBe("2027-02-28");
    expect(validUntilOf("decennale", "2026-01-01", "2026-12-31")).toBe("2026-12-31");
    expect(addMonths("2027-12-31", 2)).toBe("2028-02-29");
  });
});

describe("the 5 000 € HT threshold", () => {
  it("stops nothing at 4 999,99 €, stops at exactly 5 000 €", () => {
    expect(vigilanceStop(vigilanceStatus([], 499_999, TODAY, "Plomberie"), "X")).toBeNull();
    expect(vigilanceStatus([], 499_999, TODAY).required).toBe(false);
    const status = vigilanceStatus([], 500_000, TODAY, "Plomberie");
    expect(status.required).toBe(true);
    expect(vigilanceStop(status, "Plomberie du Faron", "Plomberie")).toBe(
      "L'attestation de vigilance URSSAF de Plomberie du Faron manque ; l'extrait Kbis de Plomberie du Faron manque ; l'attestation d'assurance décennale de Plomberie du Faron manque : devoir de vigilance (Code du travail L8222-1), demandez le document à jour avant de continuer.",
    );
  });

  it("lets everything through when each document is valid", () => {
    const status = vigilanceStatus(allValid(), 1_000_000, TODAY, "Plomberie");
    expect(status.documents.map((d) => d.state)).toEqual(["valid", "valid", "valid"]);
    expect(vigilanceStop(status, "X", "Plomberie")).toBeNull();
  });
});

describe("expiry", () => {
  it("is valid on its last day, expired the day after, with the date in the reason", () => {
    const docs = allValid({ attestation_vigilance: { issuedOn: "2026-05-27", validUntil: "2026-11-27" } });
    expect(stateOf(docs, "attestation_vigilance", "2026-11-27")).toBe("expiring");
    expect(stateOf(docs, "attestation_vigilance", "2026-11-28")).toBe("expired");
    const stop = vigilanceStop(
      vigilanceStatus(docs, 500_000, "2026-11-28", "plomberie"),
      "Faron",
      "plomberie",
    );
    expect(stop).toBe(
      "L'attestation de vigilance URSSAF de Faron a expiré le 27 novembre 2026 : devoir de vigilance (Code du travail L8222-1), demandez le document à jour avant de continuer.",
    );
  });

  it("is expiring at 30 days left, valid at 31", () => {
    const docs = allValid({ kbis: { validUntil: "2026-12-27" } });
    expect(stateOf(docs, "kbis", "2026-11-27")).toBe("expiring");
    expect(stateOf(docs, "kbis", "2026-11-26")).toBe("valid");
  });

  it("reads the best document of a kind: a new attestation replaces the expired one", () => {
    const docs = [
      ...allValid(),
      { kind: "attestation_vigilance" as const, issuedOn: "2026-01-01", validUntil: "2026-07-01" },
    ];
    expect(stateOf(docs, "attestation_vigilance")).toBe("valid");
  });

  it("does not count a document issued after the day asked", () => {
    const docs = allValid({ kbis: { issuedOn: "2026-12-01", validUntil: "2027-03-01" } });
    expect(stateOf(docs, "kbis")).toBe("missing");
  });
});

describe("the décennale covers the trade", () => {
  it("folds case and accents, reads a list of trades", () => {
    expect(coversTrade("Plomberie, Chauffage", "PLOMBERIE")).toBe(true);
    expect(coversTrade("Électricité générale ; Courants faibles", "electricite")).toBe(true);
    expect(coversTrade("Maçonnerie et carrelage", "Carrelage")).toBe(true);
    expect(coversTrade("Maçonnerie", "Plomberie")).toBe(false);
    expect(coversTrade("Maçonnerie", "")).toBe(false);
  });

  it("stops when the trade is not covered, naming it", () => {
    const status = vigilanceStatus(allValid(), 500_000, TODAY, "Électricité");
    expect(status.documents[2]?.state).toBe("not_covering");
    expect(vigilanceStop(status, "Faron", "Électricité")).toContain(
      "L'attestation d'assurance décennale de Faron ne couvre pas son métier (« Électricité »)",
    );
  });
});
