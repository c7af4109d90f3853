import { describe, expect, it } from "vitest";
import { ACCEPTED_PHONES } from "#tests/helpers/phones.ts";
import {
  BUDGETS,
  fieldErrorsOf,
  PHOTO_MAX_BYTES,
  QUOTE_MESSAGES,
  QuoteRequestSchema,
  readQuoteFormData,
  WORK_TYPES,
} from "./schema.ts";

const valid = {
  user_name: "Marie Dupont",
  user_email: "marie.dupont@example.fr",
  user_phone: "06 12 34 56 78",
  work_type: "Rénovation complète",
  budget: "",
  message: "Rénovation complète d'un appartement de 70 m².",
  photos: [] as File[],
  consent: true,
  honeypot: "",
  source: "modal",
};

function errorsFor(overrides: Record<string, unknown>) {
  const result = QuoteRequestSchema.safeParse({ ...valid, ...overrides });
  return result.success ? {} : fieldErrorsOf(result.error);
}

function photo(bytes: number, type = "image/jpeg", name = "photo.jpg") {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe("QuoteRequestSchema", () => {
  it("accepts a complete request and trims the text", () => {
    const result = QuoteRequestSchema.parse({ ...valid, user_name: "  Marie Dupont  " });
    expect(result.user_name).toBe("Marie Dupont");
    expect(result.source).toBe("modal");
    expect(result.budget).toBe("");
  });

  it("name: 1 character is refused, 2 are accepted", () => {
    expect(errorsFor({ user_name: "A" })).toEqual({ user_name: "Le nom/prénom est requis." });
    expect(errorsFor({ user_name: "Al" })).toEqual({});
    expect(errorsFor({ user_name: "   A   " })).toEqual({ user_name: QUOTE_MESSAGES.name });
    expect(errorsFor({ user_name: undefined })).toEqual({ user_name: QUOTE_MESSAGES.name });
  });

  it("name: 100 characters are accepted, 101 refused", () => {
    expect(errorsFor({ user_name: "a".repeat(100) })).toEqual({});
    expect(errorsFor({ user_name: "a".repeat(101) })).toEqual({ user_name: QUOTE_MESSAGES.nameTooLong });
  });

  it("e-mail: a valid address is accepted, broken ones are refused", () => {
    expect(errorsFor({ user_email: "a@b.fr" })).toEqual({});
    for (const email of ["", "marie", "marie@", "@exemple.fr", "marie@exemple", "ma rie@exemple.fr"]) {
      expect(errorsFor({ user_email: email })).toEqual({ user_email: "L'adresse email n'est pas valide." });
    }
    expect(errorsFor({ user_email: `${"a".repeat(250)}@b.fr` })).toEqual({
      user_email: QUOTE_MESSAGES.email,
    });
  });

  it("phone: French formats with +33 or 0, separators between pairs", () => {
    for (const phone of ACCEPTED_PHONES) {
      expect(errorsFor({ user_phone: phone }), phone).toEqual({});
    }
  });

  // The rule itself is app/lib/phone.ts's (tested there); here, that the form uses it
  // and answers with the spec's message.
  it("phone: anything else is refused with the spec's message", () => {
    for (const phone of ["", "061234567", "+44 6 12 34 56 78", "06/12/34/56/78"]) {
      expect(errorsFor({ user_phone: phone }), phone).toEqual({
        user_phone: "Le numéro de téléphone est invalide.",
      });
    }
  });

  it("work type: each of the six options is accepted, nothing else", () => {
    for (const workType of WORK_TYPES) expect(errorsFor({ work_type: workType })).toEqual({});
    for (const workType of ["", "Plomberie", undefined]) {
      expect(errorsFor({ work_type: workType })).toEqual({
        work_type: "Veuillez sélectionner un type de travaux.",
      });
    }
  });

  it("budget: optional, else one of the six options", () => {
    for (const budget of ["", ...BUDGETS]) expect(errorsFor({ budget })).toEqual({});
    expect(errorsFor({ budget: undefined })).toEqual({});
    expect(errorsFor({ budget: "1 000 000 €" })).toEqual({ budget: QUOTE_MESSAGES.budget });
  });

  it("description: 9 characters are refused, 10 accepted, 5 000 accepted, 5 001 refused", () => {
    expect(errorsFor({ message: "123456789" })).toEqual({
      message: "Veuillez décrire votre projet (10 caractères minimum).",
    });
    expect(errorsFor({ message: "1234567890" })).toEqual({});
    expect(errorsFor({ message: "x".repeat(5000) })).toEqual({});
    expect(errorsFor({ message: "x".repeat(5001) })).toEqual({ message: QUOTE_MESSAGES.messageTooLong });
  });

  it("control characters are refused, line breaks in the description are kept", () => {
    expect(errorsFor({ user_name: "Marie\u0000Dupont" })).toEqual({
      user_name: QUOTE_MESSAGES.controlCharacters,
    });
    expect(errorsFor({ message: "Première ligne\nDeuxième ligne\tfin" })).toEqual({});
    expect(errorsFor({ message: "Texte avec \u001b[31m couleur" })).toEqual({
      message: QUOTE_MESSAGES.controlCharacters,
    });
  });

  it("photos: 5 MB is accepted, 5 MB + 1 byte refused", () => {
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(errorsFor({ photos: [photo(PHOTO_MAX_BYTES)] })).toEqual({});
    expect(errorsFor({ photos: [photo(PHOTO_MAX_BYTES + 1)] })).toEqual({
      photos: "La taille max. par photo est 5MB.",
    });
  });

  it("photos: jpeg, jpg, png and webp are accepted; other types refused", () => {
    for (const type of ["image/jpeg", "image/jpg", "image/png", "image/webp"]) {
      expect(errorsFor({ photos: [photo(10, type)] }), type).toEqual({});
    }
    for (const type of ["image/gif", "image/svg+xml", "application/pdf", "application/x-msdownload", ""]) {
      expect(errorsFor({ photos: [photo(10, type, "fichier")] }), type).toEqual({
        photos: "Formats acceptés : .jpg, .jpeg, .png, .webp.",
      });
    }
  });

  it("photos: optional, at most 10", () => {
    expect(errorsFor({ photos: undefined })).toEqual({});
    const ten = Array.from({ length: 10 }, () => photo(10));
    expect(errorsFor({ photos: ten })).toEqual({});
    expect(errorsFor({ photos: [...ten, photo(10)] })).toEqual({ photos: QUOTE_MESSAGES.photoCount });
  });

  it("consent must be true", () => {
    expect(errorsFor({ consent: false })).toEqual({
      consent: "Vous devez accepter notre politique de confidentialité.",
    });
    expect(errorsFor({ consent: undefined })).toEqual({ consent: QUOTE_MESSAGES.consent });
  });

  it("an unknown source falls back to the page", () => {
    expect(QuoteRequestSchema.parse({ ...valid, source: "ailleurs" }).source).toBe("page");
  });
});

describe("readQuoteFormData", () => {
  it("reads the text fields, the consent box and the photos, skipping an untouched file input", () => {
    const form = new FormData();
    form.set("user_name", "Marie");
    form.append("user_name", "Second");
    form.set("consent", "on");
    form.set("source", "page");
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    form.append("photos", new File(["x"], "a.png", { type: "image/png" }));
    const input = readQuoteFormData(form);
    expect(input.user_name).toBe("Marie");
    expect(input.consent).toBe(true);
    expect(input.honeypot).toBe("");
    expect((input.photos as File[]).map((file) => file.name)).toEqual(["a.png"]);
  });

  it("a missing consent box means no consent", () => {
    expect(readQuoteFormData(new FormData()).consent).toBe(false);
  });
});
