import { describe, expect, it } from "vitest";
import { type SetupFacts, setupChecklist } from "./setup.ts";

const TODAY = "2026-11-26";

const DECENNALE = {
  issuer: "Assurances du Var",
  issuerAddress: "1 place de la Liberté, 83000 Toulon",
  number: "DEC-123456",
  coverage: "France métropolitaine",
  validUntil: "2027-06-30",
};

function complete(fields: Partial<SetupFacts> = {}): SetupFacts {
  return {
    decennale: DECENNALE,
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
    expect(setupChecklist(complete({ decennale: { ...DECENNALE, validUntil: TODAY } }), TODAY)).toEqual([]);
  });

  it("sends a décennale missing from the register to the register's form, the settings' facts to their fields", () => {
    const none = setupChecklist(complete({ decennale: null }), TODAY);
    expect(none).toEqual([
      {
        message: "L'attestation d'assurance décennale, dans le registre des documents.",
        href: "/erp/docs/nouveau?type=decennale",
      },
    ]);
    const items = setupChecklist(
      complete({
        decennale: { issuer: " ", issuerAddress: "", number: "", coverage: "", validUntil: null },
        bankAccountHolder: null,
        iban: null,
        bic: null,
        paymentTermsText: "",
      }),
      TODAY,
    );
    expect(items[0]?.message).toBe(
      "Assurance décennale du registre des documents : l'assureur, son adresse, le numéro de contrat, la couverture géographique.",
    );
    expect(items[1]?.message).toBe(
      "La date de fin de validité de l'assurance décennale (à renseigner dans le registre).",
    );
    expect(items.map((item) => item.href)).toEqual([
      "/erp/docs/nouveau?type=decennale",
      "/erp/docs/nouveau?type=decennale",
      "/erp/parametres#bankAccountHolder",
      "/erp/parametres#paymentTermsText",
    ]);
    expect(items.every((item) => item.message.endsWith("."))).toBe(true);
  });

  it("asks for a valid décennale once the recorded one has expired, and for the bank field that is missing", () => {
    expect(
      setupChecklist(complete({ decennale: { ...DECENNALE, validUntil: "2026-11-25" }, bic: "" }), TODAY),
    ).toEqual([
      {
        message:
          "Une attestation d'assurance décennale en cours de validité (celle du registre a expiré le 25 novembre 2026).",
        href: "/erp/docs/nouveau?type=decennale",
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
