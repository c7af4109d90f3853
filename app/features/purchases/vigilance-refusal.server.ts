import { refused } from "#app/components/forms/refusal.server.ts";
import type { VigilanceRefusalExtra } from "./subcontract-schema.ts";
import { VigilanceStopError } from "./subcontracts.server.ts";
import { VigilanceOwnerOnlyError, VigilanceReasonError } from "./vigilance.server.ts";

/*
 * The answers of a post stopped by the duty of vigilance (an order's sending, an invoice's
 * payment): 409 with the reason and whether the viewer may pass it (the owner), 403 when the
 * staff tries to, 400 when the owner's written reason is too short. The page shows them with
 * `VigilanceStop` (components/vigilance-stop.tsx).
 */

/** « Passer outre » refused before anything is tried, the stop's reason (when still one) given back. */
export function overrideRefusal(
  problem: { status: 400 | 403; message: string; field?: string },
  intent: string,
  stop: string | null,
  role: string | undefined,
  values: Record<string, string>,
) {
  return refused<VigilanceRefusalExtra>(problem.status, {
    intent,
    message: problem.message,
    ...(problem.field ? { field: problem.field, fieldErrors: { [problem.field]: [problem.message] } } : {}),
    ...(stop ? { vigilanceStop: stop, canOverride: role === "owner" } : {}),
    values,
  });
}

/** The refusal of a vigilance error thrown by the write, or null for any other error. */
export function vigilanceRefusal(
  error: unknown,
  intent: string,
  role: string | undefined,
  values: Record<string, string>,
) {
  if (error instanceof VigilanceStopError) {
    return refused<VigilanceRefusalExtra>(409, {
      intent,
      message: error.message,
      vigilanceStop: error.message,
      canOverride: role === "owner",
      values,
    });
  }
  if (error instanceof VigilanceOwnerOnlyError)
    return refused(403, { intent, message: error.message, values });
  if (error instanceof VigilanceReasonError) {
    return refused(400, {
      intent,
      message: error.message,
      field: "overrideReason",
      fieldErrors: { overrideReason: [error.message] },
      values,
    });
  }
  return null;
}
