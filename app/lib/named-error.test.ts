import { describe, expect, it } from "vitest";
import { namedError } from "./named-error.ts";

class MissingError extends namedError("MissingError", "Introuvable.") {}
class RefusedError extends namedError("RefusedError") {}

describe("namedError", () => {
  it("names its errors and says its own message unless told another", () => {
    const missing = new MissingError();
    expect(missing).toBeInstanceOf(MissingError);
    expect(missing).toBeInstanceOf(Error);
    expect(missing.name).toBe("MissingError");
    expect(missing.message).toBe("Introuvable.");
    expect(new MissingError("Autre chose.").message).toBe("Autre chose.");
  });

  it("keeps the classes apart", () => {
    const refused = new RefusedError("Refusé.");
    expect(refused).not.toBeInstanceOf(MissingError);
    expect(refused.name).toBe("RefusedError");
    expect(refused.message).toBe("Refusé.");
    expect(String(refused)).toBe("RefusedError: Refusé.");
  });
});
