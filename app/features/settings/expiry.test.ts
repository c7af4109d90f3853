import { describe, expect, it } from "vitest";
import { EXPIRY_WARNING_DAYS, expiryWarnings } from "./expiry.ts";

const TODAY = "2026-11-23";
const none = { rgeNumber: null, rgeValidUntil: null };

describe("expiry warnings of the settings page", () => {
  it("says nothing beyond 60 days", () => {
    expect(expiryWarnings({ insuranceValidUntil: "2027-01-23", ...none }, TODAY)).toEqual([]);
    expect(EXPIRY_WARNING_DAYS).toBe(60);
  });

  it("warns from 60 days before the last valid day, which is still valid", () => {
    expect(expiryWarnings({ insuranceValidUntil: "2027-01-22", ...none }, TODAY)).toEqual([
      "L'attestation d'assurance décennale expire le 22 janvier 2027 (dans 60 jours) : demandez la nouvelle à l'assureur.",
    ]);
    expect(expiryWarnings({ insuranceValidUntil: "2026-11-24", ...none }, TODAY)[0]).toContain("(demain)");
    expect(expiryWarnings({ insuranceValidUntil: TODAY, ...none }, TODAY)[0]).toContain(
      "expire le 23 novembre 2026 (aujourd'hui)",
    );
  });

  it("says an expired attestation has expired", () => {
    expect(expiryWarnings({ insuranceValidUntil: "2026-11-22", ...none }, TODAY)).toEqual([
      "L'attestation d'assurance décennale a expiré le 22 novembre 2026 : aucun devis ne peut être envoyé sans assurance en cours de validité. Renouvelez-la, puis mettez à jour sa date.",
    ]);
  });

  it("asks for the décennale's date when unknown", () => {
    expect(expiryWarnings({ insuranceValidUntil: null, ...none }, TODAY)).toEqual([
      expect.stringContaining("n'est pas renseignée"),
    ]);
  });

  it("warns about the RGE certificate after the décennale, and not without one", () => {
    expect(
      expiryWarnings(
        { insuranceValidUntil: "2026-12-31", rgeNumber: "E-E123456", rgeValidUntil: "2026-10-31" },
        TODAY,
      ),
    ).toEqual([
      "L'attestation d'assurance décennale expire le 31 décembre 2026 (dans 38 jours) : demandez la nouvelle à l'assureur.",
      "Le certificat RGE n° E-E123456 a expiré le 31 octobre 2026 : il ne peut plus figurer sur les devis de rénovation énergétique.",
    ]);
    expect(
      expiryWarnings(
        { insuranceValidUntil: "2028-01-01", rgeNumber: "E-E123456", rgeValidUntil: "2027-01-01" },
        TODAY,
      ),
    ).toEqual([
      "Le certificat RGE n° E-E123456 expire le 1 janvier 2027 (dans 39 jours) : pensez à son renouvellement.",
    ]);
  });
});
