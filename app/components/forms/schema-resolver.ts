import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "#app/lib/zod.ts";
import { zodFieldErrors } from "./field-errors.ts";

/**
 * react-hook-form's resolver for a zod schema, through the same mapping as the server
 * actions (`zodFieldErrors`): the browser and the server put a message under the same
 * field. Messages about the whole form go to `errors.root`.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: parsed.data, errors: {} };
    }
    const { fieldErrors, formErrors } = zodFieldErrors(parsed.error);
    const errors: Record<string, FieldError> = {};
    const all = options.criteriaMode === "all";
    for (const [name, messages] of Object.entries(fieldErrors)) {
      errors[name] = {
        type: "validation",
        message: messages[0],
        ...(all
          ? { types: Object.fromEntries(messages.map((message, index) => [`zod${index}`, message])) }
          : {}),
      };
    }
    if (formErrors.length > 0) errors.root = { type: "validation", message: formErrors[0] };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
