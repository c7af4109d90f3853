import { describe, expect, it } from "vitest";
import { isCommonPassword, newPasswordProblem } from "./password-rules.server.ts";

const EMAIL = "jean.dupont@batirade.test";
const COMMON = "Ce mot de passe est trop courant : choisissez-en un autre.";
const IS_EMAIL = "Le mot de passe ne peut pas être votre adresse e-mail.";
const BLANK = "Le mot de passe ne peut pas être composé uniquement d'espaces.";

describe("the rules of a new password", () => {
  it.each([
    "correct-horse-battery",
    "mot-de-passe-solide-2025",
    "Toulon, le 14 juillet !",
    "  espaces autour compris  ",
    "p".repeat(64),
    "q".repeat(128),
  ])("accepts %j", (password) => {
    expect(newPasswordProblem(password, EMAIL)).toBeNull();
  });

  it("refuses the common passwords of the list, in any case, and their words dressed in digits", () => {
    for (const password of [
      "123456789012",
      "qwerty123456",
      "1q2w3e4r5t6y",
      "Password1234",
      "PASSWORD1234",
      "Sunshine2025!",
      "!!Iloveyou2024",
      "azertyuiop123",
      "motdepasse2025",
    ]) {
      expect(newPasswordProblem(password, EMAIL), password).toBe(COMMON);
    }
    expect(isCommonPassword("correct-horse-battery")).toBe(false);
  });

  it("refuses the account's own e-mail, whatever its case, and a long local part", () => {
    expect(newPasswordProblem("Jean.Dupont@Batirade.test", EMAIL)).toBe(IS_EMAIL);
    expect(newPasswordProblem(" jean.dupont@batirade.test ", EMAIL)).toBe(IS_EMAIL);
    expect(newPasswordProblem("JEAN.DUPONT.TOULON", "jean.dupont.toulon@batirade.test")).toBe(IS_EMAIL);
    expect(newPasswordProblem("jean.dupont.toulon!", "jean.dupont.toulon@batirade.test")).toBeNull();
    // Someone else's address is not refused for that reason.
    expect(newPasswordProblem("marie.durand@batirade.test", EMAIL)).toBeNull();
  });

  it("refuses a password made only of spaces, tabs or other blanks", () => {
    expect(newPasswordProblem(" ".repeat(12), EMAIL)).toBe(BLANK);
    expect(newPasswordProblem("\t \u00a0\u2003".repeat(4), EMAIL)).toBe(BLANK);
    expect(newPasswordProblem("   ", EMAIL)).toBe(BLANK);
  });

  it("keeps the length rule and its French messages", () => {
    expect(newPasswordProblem("court", EMAIL)).toBe("Le mot de passe doit contenir au moins 12 caractères.");
    expect(newPasswordProblem("x".repeat(129), EMAIL)).toBe(
      "Le mot de passe ne peut dépasser 128 caractères.",
    );
    expect(newPasswordProblem(undefined, EMAIL)).toBe("Le mot de passe est requis.");
    expect(newPasswordProblem(42, EMAIL)).toBe("Le mot de passe est requis.");
  });
});
