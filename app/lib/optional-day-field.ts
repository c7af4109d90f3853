import { formText } from "./form-intent.ts";
import { IsoDaySchema } from "./text-rules.ts";
import { z } from "./zod.ts";

/** A form's optional day: empty is null, else a valid day (« AAAA-MM-JJ ») with IsoDaySchema's message. */
export const optionalDayField = formText(
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") return;
      const result = IsoDaySchema.safeParse(value);
      if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "" });
    })
    .transform((value) => (value === "" ? null : value)),
);
