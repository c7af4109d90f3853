import type { FieldValues, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "#app/lib/zod.ts";
import { errorList, fieldNameOf, firstFieldErrors, zodFieldErrors } from "./field-errors.ts";
import { schemaResolver } from "./schema-resolver.ts";

const Schema = z
  .object({
    email: z.email("L'adresse e-mail n'est pas valide.").max(10, "Trop longue."),
    phone: z.string().regex(/^0\d{9}$/, "Le numéro de téléphone est invalide."),
    photos: z.array(z.string().endsWith(".jpg", "Formats acceptés : .jpg.")).max(2, "Deux photos au plus."),
    address: z.object({ city: z.string().min(1, "La ville est requise.") }),
    lines: z.array(z.object({ quantity: z.number().min(1, "Une quantité d'au moins 1.") })),
    start: z.string(),
    end: z.string(),
  })
  .refine((value) => value.start <= value.end, "La période est à l'envers.")
  .refine((value) => value.start !== "", { message: "Indiquez le début.", path: ["start"] });

const valid = {
  email: "a@b.fr",
  phone: "0612345678",
  photos: ["a.jpg"],
  address: { city: "Toulon" },
  lines: [{ quantity: 1 }],
  start: "2025-01-01",
  end: "2025-02-01",
};

describe("zodFieldErrors", () => {
  it("gives each field its messages, in zod's order, each message once", () => {
    const parsed = Schema.safeParse({
      ...valid,
      email: "pas-une-adresse-du-tout",
      photos: ["a.png", "b.png"],
      address: { city: "" },
      lines: [{ quantity: 1 }, { quantity: 0 }],
    });
    expect(parsed.success).toBe(false);
    const { fieldErrors, formErrors, firstMessage } = zodFieldErrors(parsed);
    expect(fieldErrors).toEqual({
      email: ["L'adresse e-mail n'est pas valide.", "Trop longue."],
      // Two refused photos, one message under the photos input.
      photos: ["Formats acceptés : .jpg."],
      "address.city": ["La ville est requise."],
      "lines.1.quantity": ["Une quantité d'au moins 1."],
    });
    expect(Object.keys(fieldErrors)).toEqual(["email", "photos", "address.city", "lines.1.quantity"]);
    expect(formErrors).toEqual([]);
    expect(firstMessage).toBe("L'adresse e-mail n'est pas valide.");
  });

  it("puts the array's own checks under the array too", () => {
    const { fieldErrors } = zodFieldErrors(
      Schema.safeParse({ ...valid, photos: ["a.jpg", "b.jpg", "c.jpg"] }),
    );
    expect(fieldErrors).toEqual({ photos: ["Deux photos au plus."] });
  });

  it("puts an object-level refine without a path in the form's errors, one with a path under its field", () => {
    const parsed = Schema.safeParse({ ...valid, start: "", end: "" });
    expect(zodFieldErrors(parsed)).toEqual({
      fieldErrors: { start: ["Indiquez le début."] },
      formErrors: [],
      firstMessage: "Indiquez le début.",
    });
    const reversed = zodFieldErrors(Schema.safeParse({ ...valid, start: "2025-03-01" }));
    expect(reversed.formErrors).toEqual(["La période est à l'envers."]);
    expect(reversed.fieldErrors).toEqual({});
  });

  it("takes a ZodError as well as a safeParse result, and nothing from a success", () => {
    const parsed = z
      .object({ name: z.string().min(2, "Le nom/prénom est requis.") })
      .safeParse({ name: "A" });
    if (parsed.success) throw new Error("refus attendu");
    expect(zodFieldErrors(parsed.error)).toEqual(zodFieldErrors(parsed));
    expect(zodFieldErrors(Schema.safeParse(valid))).toEqual({
      fieldErrors: {},
      formErrors: [],
      firstMessage: undefined,
    });
  });

  it("reports an issue on a whole non-object schema as the form's", () => {
    const { fieldErrors, formErrors } = zodFieldErrors(z.string().min(1, "La note est vide.").safeParse(""));
    expect(fieldErrors).toEqual({});
    expect(formErrors).toEqual(["La note est vide."]);
  });
});

describe("helpers", () => {
  it("fieldNameOf drops trailing array indexes only", () => {
    expect(fieldNameOf([])).toBe("");
    expect(fieldNameOf(["photos", 3])).toBe("photos");
    expect(fieldNameOf(["lines", 2, "quantity"])).toBe("lines.2.quantity");
    expect(fieldNameOf(["grid", 1, 2])).toBe("grid");
  });

  it("firstFieldErrors keeps one message per field", () => {
    expect(firstFieldErrors({ email: ["a", "b"], phone: ["c"], empty: [] })).toEqual({
      email: "a",
      phone: "c",
    });
  });

  it("errorList accepts one message, several, or none", () => {
    expect(errorList(undefined)).toEqual([]);
    expect(errorList(null)).toEqual([]);
    expect(errorList("")).toEqual([]);
    expect(errorList("Requis.")).toEqual(["Requis."]);
    expect(errorList(["Un.", " ", "Deux."])).toEqual(["Un.", "Deux."]);
  });
});

describe("schemaResolver (react-hook-form)", () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

  it("answers the parsed values when the schema accepts them", async () => {
    const resolver = schemaResolver(z.object({ email: z.string().trim().toLowerCase() }));
    const emailOptions = options as unknown as ResolverOptions<{ email: string }>;
    expect(await resolver({ email: " A@B.FR " }, undefined, emailOptions)).toEqual({
      values: { email: "a@b.fr" },
      errors: {},
    });
  });

  it("puts the first message of each field where react-hook-form reads it, nested names included", async () => {
    const resolver = schemaResolver(Schema as unknown as z.ZodType<unknown, FieldValues>);
    const result = await resolver(
      { ...valid, phone: "12", photos: ["x.gif"], address: { city: "" }, start: "2025-09-01" },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      phone: { type: "validation", message: "Le numéro de téléphone est invalide." },
      photos: { type: "validation", message: "Formats acceptés : .jpg." },
      address: { city: { type: "validation", message: "La ville est requise." } },
      root: { type: "validation", message: "La période est à l'envers." },
    });
  });

  it("gives every message with criteriaMode « all »", async () => {
    const resolver = schemaResolver(Schema as unknown as z.ZodType<unknown, FieldValues>);
    const result = await resolver({ ...valid, email: "pas-une-adresse-du-tout" }, undefined, {
      ...options,
      criteriaMode: "all",
    });
    expect(result.errors.email).toMatchObject({
      message: "L'adresse e-mail n'est pas valide.",
      types: { zod0: "L'adresse e-mail n'est pas valide.", zod1: "Trop longue." },
    });
  });
});
