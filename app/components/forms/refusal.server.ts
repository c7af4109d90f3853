import { data } from "react-router";
import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import type { Refusal } from "#app/components/forms/refusal.ts";

/*
 * How an action refuses a post: `refused(status, body)` answers with THE refusal shape
 * (lib/refusal.ts) and its status; `invalid` turns a zod error into that shape through the
 * one zod → field-errors mapping; `notFound` is the one 404 of a loader whose record does
 * not exist (thrown: the page's error boundary says it). Server-side because React
 * Router's `data()` is only meant for loaders and actions.
 */

/** A refused post: `{ ok: false, …body }` with its status (400 when the form is wrong, 404, 409…). */
export function refused<Extra extends object = object>(status: number, body: Omit<Refusal<Extra>, "ok">) {
  return data({ ok: false as const, ...body } as Refusal<Extra>, { status });
}

/**
 * A post refused at one field, when the error names one (`field`): its message on top and
 * beside that field, with what was posted.
 */
export function refusedAt(
  status: number,
  intent: string | undefined,
  { message, field }: { message: string; field?: string | null },
  values?: Record<string, string>,
) {
  return refused(status, {
    intent,
    message,
    ...(field ? { field, fieldErrors: { [field]: [message] } } : {}),
    values,
  });
}

type SafeParseFailure = Parameters<typeof zodFieldErrors>[0];

/** A post refused by its schema: every field's messages, the first one as the answer's message. */
export function invalid<Extra extends object = object>(
  intent: string | undefined,
  parsed: SafeParseFailure,
  extra?: Omit<Refusal<Extra>, "ok" | "intent" | "message" | "fieldErrors">,
) {
  const { fieldErrors, firstMessage } = zodFieldErrors(parsed);
  return refused<Extra>(400, {
    intent,
    message: firstMessage ?? "Données invalides.",
    fieldErrors,
    ...extra,
  } as Omit<Refusal<Extra>, "ok">);
}

/** The record a loader was asked for does not exist: throw it, the page answers 404 with the message. */
export function notFound(message: string) {
  return data({ message }, { status: 404 });
}

/**
 * A loader's error: the feature's « not found » error (`missing`) becomes the 404 page with
 * its message; any other error goes on.
 */
export function throwNotFound(error: unknown, missing: abstract new (...args: never[]) => Error): never {
  if (error instanceof missing) throw notFound(error.message);
  throw error;
}
