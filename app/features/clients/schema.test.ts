import { describe, expect, it } from "vitest";
import { CLIENT_MESSAGES, ClientSchema, clientFormValues, vatNumberProblem } from "./schema.ts";
import { clientSearchText, foldText, searchFragments } from "./search-text.ts";

describe("VAT number", () => {
  it("says what is wrong with a French VAT number: its shape, then its key", () => {
    expect(vatNumberProblem("FR65912345675")).toBeNull();
    expect(vatNumberProblem("FR66912345675")).toBe(CLIENT_MESSAGES.vatKey);
    expect(vatNumberProblem("DE123456789")).toBe(CLIENT_MESSAGES.vatFormat);
  });
});

describe("ClientSchema", () => {
  const base = {
    kind: "entreprise",
    name: "Rade Rénov",
    legalName: "RADE RENOV SAS",
    siren: "912 345 675",
    vatNumber: "fr65 912 345 675",
    email: "",
    phone: "04 94 00 00 00",
    billingStreet: "",
    billingPostalCode: "",
    billingCity: "",
    notes: "",
    sites: [{ id: "", label: "", street: "", postalCode: "", city: "" }],
  };

  it("normalises what people type and drops the empty site rows", () => {
    const parsed = ClientSchema.parse(base);
    expect(parsed).toMatchObject({
      siren: "912345675",
      vatNumber: "FR65912345675",
      email: null,
      phone: "04 94 00 00 00",
      sites: [],
      notes: null,
    });
  });

  it("reads the form's site rows by their numbers, holes skipped", () => {
    const form = new FormData();
    form.set("name", "X");
    form.set("sites.3.city", "Toulon");
    form.set("sites.0.city", "Hyères");
    form.set("sites.0.evil", "ignored");
    expect(clientFormValues(form).sites.map((site) => site.city)).toEqual(["Hyères", "Toulon"]);
  });
});

describe("search text", () => {
  it("folds accents, case and ligatures, and keeps the phone as digits with +33 written 0", () => {
    expect(foldText("  Œuvre  ÉLODIE ")).toBe("oeuvre elodie");
    expect(
      clientSearchText({
        name: "Élodie Dupont",
        phone: "+33 6 12 34 56 78",
        sites: [{ city: "La Seyne-sur-Mer" }],
      }),
    ).toBe("elodie dupont la seyne-sur-mer 0612345678");
  });

  it("turns a query into fragments: a phone number as one, words folded", () => {
    expect(searchFragments("+33 6 12 34")).toEqual(["061234"]);
    expect(searchFragments("06.12")).toEqual(["0612"]);
    expect(searchFragments("Élodie TOULON")).toEqual(["elodie", "toulon"]);
    expect(searchFragments("dupont +336")).toEqual(["dupont", "06"]);
    expect(searchFragments("   ")).toEqual([]);
  });
});
