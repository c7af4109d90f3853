import { describe, expect, it } from "vitest";
import { refusedFormErrors, valuesAfterRefusal } from "./refused-form.ts";

describe("refusedFormErrors", () => {
  it("shows nothing before a post", () => {
    expect(refusedFormErrors(null)).toEqual({ errors: undefined, formErrors: [] });
  });

  it("puts each field's messages under its field, and nothing on top", () => {
    const fieldErrors = { name: ["Le nom est obligatoire."] };
    expect(refusedFormErrors({ message: "Le nom est obligatoire.", fieldErrors })).toEqual({
      errors: fieldErrors,
      formErrors: [],
    });
  });

  it("puts a refusal that names no field on top of the form", () => {
    expect(refusedFormErrors({ message: "Fiche modifiée entre-temps." })).toEqual({
      errors: undefined,
      formErrors: ["Fiche modifiée entre-temps."],
    });
  });
});

describe("valuesAfterRefusal", () => {
  it("keeps the stored values without a refused post", () => {
    const values = { name: "Dupont", city: "Lyon" };
    expect(valuesAfterRefusal(values, null)).toBe(values);
  });

  it("shows what the refused post sent over the stored values", () => {
    expect(
      valuesAfterRefusal({ name: "Dupont", city: "Lyon" }, { message: "Refusé.", values: { name: "" } }),
    ).toEqual({ name: "", city: "Lyon" });
  });
});
