import { describe, expect, it } from "vitest";
import { paymentTermsWords, SUPPLIER_MESSAGES, SupplierSchema, supplierInput } from "./supplier-schema.ts";

const BASE = {
  kind: "fournisseur",
  legalName: "Négoce du Var",
  siren: "732 829 320",
  vatNumber: "",
  country: "FR",
  paymentTermsDays: "30",
  defaultVatCode: "20",
};

describe("payment terms in words", () => {
  it("says the days, end of month, and « à réception » for none", () => {
    expect(paymentTermsWords(30, true)).toBe("30 jours fin de mois");
    expect(paymentTermsWords(45, false)).toBe("45 jours");
    expect(paymentTermsWords(0, false)).toBe("À réception");
    expect(paymentTermsWords(0, true)).toBe("Fin de mois");
  });
});

describe("SupplierSchema", () => {
  it("derives a French supplier's VAT number from its SIREN, and not a foreign one's", () => {
    expect(SupplierSchema.parse(supplierInput(BASE))).toMatchObject({
      siren: "732829320",
      vatNumber: "FR44732829320",
      paymentTermsDays: 30,
      paymentTermsEndOfMonth: false,
      contacts: [],
    });
    expect(SupplierSchema.parse(supplierInput({ ...BASE, country: "BE", siren: "" }))).toMatchObject({
      siren: null,
      vatNumber: null,
    });
  });

  it("shows the rules across fields beside another field's refusal", () => {
    const parsed = SupplierSchema.safeParse(
      supplierInput({ ...BASE, legalName: "", paymentTermsDays: "50", paymentTermsEndOfMonth: "oui" }),
    );
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["legalName", SUPPLIER_MESSAGES.legalName],
        ["paymentTermsDays", SUPPLIER_MESSAGES.termsEndOfMonth],
      ]),
    );
  });

  it("reads the contacts' rows by their numbers, drops the empty ones, and bounds a forged post", () => {
    const values: Record<string, string> = { ...BASE, "contacts.3.name": "Léa", "contacts.0.name": "Marc" };
    values["contacts.1.role"] = "";
    expect(SupplierSchema.parse(supplierInput(values)).contacts.map((contact) => contact.name)).toEqual([
      "Marc",
      "Léa",
    ]);
    const forged: Record<string, string> = { ...BASE };
    for (let index = 0; index < 500; index++) forged[`contacts.${index}.name`] = `Contact ${index}`;
    expect(supplierInput(forged).contacts).toHaveLength(20);
    expect(SupplierSchema.safeParse(supplierInput(forged)).error?.issues[0]?.message).toBe(
      SUPPLIER_MESSAGES.tooManyContacts,
    );
  });
});
