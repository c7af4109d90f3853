import { describe, expect, it } from "vitest";
import { firstIssue, parseIntent } from "#app/lib/form-intent.ts";
import { InvoicePostSchema, PaymentSchema, RetentionReleaseSchema } from "./request.ts";

function post(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const REFERENCE_REFUSED = "La référence est invalide (120 caractères au plus).";

describe("the payment rule, shared by a payment and a retention release", () => {
  it("reads a payment: the cents, the method, no reference as null", () => {
    const parsed = PaymentSchema.parse({ paidOn: "2026-03-02", amount: "1 200,50", method: "cheque" });
    expect(parsed).toEqual({ paidOn: "2026-03-02", amount: 120_050, method: "cheque", reference: null });
  });

  it("refuses a reference too long or with a control character, in both forms, with one message", () => {
    for (const reference of ["x".repeat(121), "VIR\u0007042"]) {
      const payment = PaymentSchema.safeParse({
        paidOn: "2026-03-02",
        amount: "10",
        method: "virement",
        reference,
      });
      const release = RetentionReleaseSchema.safeParse({
        releasedOn: "2026-03-02",
        amount: "10",
        method: "virement",
        reference,
      });
      expect(payment.success ? null : firstIssue(payment.error)).toEqual({
        message: REFERENCE_REFUSED,
        field: "reference",
      });
      expect(release.success ? null : firstIssue(release.error)).toEqual({
        message: REFERENCE_REFUSED,
        field: "reference",
      });
    }
    expect(
      PaymentSchema.parse({ paidOn: "2026-03-02", amount: "10", method: "virement", reference: " VIR-1 " })
        .reference,
    ).toBe("VIR-1");
  });

  it("answers the first field in the form's order, and the release's amount under its label", () => {
    const payment = PaymentSchema.safeParse({ paidOn: "", amount: "abc", method: "troc" });
    expect(payment.success ? null : firstIssue(payment.error).field).toBe("paidOn");
    const release = RetentionReleaseSchema.safeParse({ amount: "abc", method: "troc" });
    expect(release.success ? null : firstIssue(release.error).message).toMatch(/^Montant versé : /);
    const method = RetentionReleaseSchema.safeParse({ amount: "10", method: "troc" });
    expect(method.success ? null : firstIssue(method.error).message).toBe("Choisissez le moyen de paiement.");
  });
});

describe("an invoice page's post", () => {
  it("tells an unknown intent from a refused form, and a refused confirmation names no field", () => {
    expect(parseIntent(InvoicePostSchema, post({ intent: "voler" }))).toMatchObject({
      ok: false,
      unknown: true,
    });
    const remove = parseIntent(InvoicePostSchema, post({ intent: "supprimer" }));
    expect(remove.ok || remove.unknown ? null : firstIssue(remove.error)).toEqual({
      message: "Confirmez la suppression.",
    });
    expect(parseIntent(InvoicePostSchema, post({ intent: "supprimer", confirmation: "oui" })).ok).toBe(true);
  });
});
