import { describe, expect, it } from "vitest";
import { type SetupFacts, setupChecklist } from "./setup.ts";

const TODAY = "2026-11-26";

function complete(fields: Partial<SetupFacts> = {}): SetupFacts {
  return {
    insurerName: "Assurances du Var",
    insurerAddress: "1 place de la Liberté, 83000 Toulon",
    decennialPolicy: "DEC-123456",
    insuranceCoverage: "France métropolitaine",
    insuranceValidUntil: "2027-06-30",
    bankAccountHolder: "BATI RADE TOULON",
    iban: "FR7630006000011234567890189",
    bic: "AGRIFRPP",
    paymentTermsText: "Paiement à 30 jours.",
    identity: {
      legalName: "BATI RADE TOULON",
      siret: "91234567500009",
      vatNumber: "FR65912345675",
      street: "145 avenue de la République",
      city: "Toulon",
    },
    ...fields,
  };
}

describe("setupChecklist", () => {
  it("is empty when every fact the documents need is there (the décennale valid today included)", () => {
    expect(setupChecklist(complete(), TODAY)).toEqual([]);
    expect(setupChecklist(complete({ insuranceValidUntil: TODAY }), TODAY)).toEqual([]);
  });

  it("lists each missing fact with the field of the settings that fixes it", () => {
    const items = setupChecklist(
      complete({
        insurerName: " ",
        insurerAddress: "",
        decennialPolicy: "",
        insuranceCoverage: "",
        insuranceValidUntil: null,
        bankAccountHolder: null,
        iban: null,
        bic: null,
        paymentTermsText: "",
      }),
      TODAY,
    );
    expect(items.map((item) => item.href)).toEqual([
      "/erp/parametres#insurerName",
      "/erp/parametres#insurerAddress",
      "/erp/parametres#decennialPolicy",
      "/erp/parametres#insuranceCoverage",
      "/erp/parametres#insuranceValidUntil",
      "/erp/parametres#bankAccountHolder",
      "/erp/parametres#paymentTermsText",
    ]);
    expect(items.every((item) => item.message.endsWith("."))).toBe(true);
  });

  it("asks for a valid décennale once the recorded one has expired, and for the bank field that is missing", () => {
    expect(setupChecklist(complete({ insuranceValidUntil: "2026-11-25", bic: "" }), TODAY)).toEqual([
      {
        message:
          "Une attestation d'assurance décennale en cours de validité (celle enregistrée a expiré le 25 novembre 2026).",
        href: "/erp/parametres#insuranceValidUntil",
      },
      { message: "Les coordonnées bancaires (titulaire, IBAN, BIC).", href: "/erp/parametres#bic" },
    ]);
  });

  it("names the identity facts that are missing, which have no field to link to", () => {
    const items = setupChecklist(
      complete({ identity: { legalName: "X", siret: "", vatNumber: "", street: "1 rue", city: "" } }),
      TODAY,
    );
    expect(items).toEqual([
      {
        message:
          "Identité de l'entreprise : le SIRET, le numéro de TVA intracommunautaire, l'adresse du siège (fixés dans la configuration du site : adressez-vous à son prestataire).",
        href: null,
      },
    ]);
  });
});
