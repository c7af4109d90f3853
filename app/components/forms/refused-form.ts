import type { Refusal } from "./refusal.ts";

type RefusedPost = Pick<Refusal, "message" | "fieldErrors" | "values"> | null | undefined;

/**
 * What a record's form shows after its post was refused: each field's messages under
 * its field or, when the refusal names no field, its message on top of the form.
 */
export function refusedFormErrors(refusal: RefusedPost) {
  return {
    errors: refusal?.fieldErrors,
    formErrors: refusal && !refusal.fieldErrors ? [refusal.message] : [],
  };
}

/** The values a form shows: the stored (or empty) ones, under what a refused post sent. */
export function valuesAfterRefusal<Values extends Record<string, string>>(
  values: Values,
  refusal: RefusedPost,
): Values {
  return refusal?.values ? { ...values, ...refusal.values } : values;
}
