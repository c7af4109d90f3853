import type { AppServices } from "#app/lib/app-context.ts";
import { answerLogEntry, editLogEntry, postLogEntry, SiteLogError, type SiteLogUser } from "./log.server.ts";
import { SITE_LOG_MESSAGES } from "./schema.ts";

/*
 * The log page's form posts, whichever way they come (the page's action without
 * JavaScript, the upload endpoint with it): « publier » a new entry with its photos,
 * « repondre » to an entry, « corriger » an entry within 24 hours. The answer is the
 * same shape for both: done, or refused with its status, message, field and the text
 * that was typed (to fill the form again).
 */

export const SITE_LOG_INTENTS = ["publier", "repondre", "corriger"] as const;
export type SiteLogIntent = (typeof SITE_LOG_INTENTS)[number];

export type SiteLogPostResult =
  | { ok: true; intent: SiteLogIntent; entryId: string; message: string }
  | {
      ok: false;
      status: number;
      intent?: string;
      message: string;
      field?: string;
      entryId?: string;
      values: Record<string, string>;
    };

/** A field's text, line breaks as « \n » (a multipart body sends them as « \r\n »). */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
}

function files(form: FormData): File[] {
  return form.getAll("photos").filter((value): value is File => typeof value !== "string");
}

/** What was typed, to give back with a refusal (never the photos: the browser keeps them). */
function typed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ["body", "weather", "peoplePresent", "isProblem", "entryId"]) {
    const value = text(form, name);
    if (value) values[name] = value.slice(0, 10_000);
  }
  return values;
}

export async function handleSiteLogPost(
  services: AppServices,
  user: SiteLogUser,
  siteId: string,
  form: FormData,
  now: Date = new Date(),
): Promise<SiteLogPostResult> {
  const intent = text(form, "intent");
  const entryId = text(form, "entryId");
  const fields = {
    body: text(form, "body"),
    weather: text(form, "weather"),
    peoplePresent: text(form, "peoplePresent"),
    isProblem: form.get("isProblem") === "on",
  };
  try {
    if (intent === "publier") {
      const { id } = await postLogEntry(services, user, siteId, { ...fields, photos: files(form) }, now);
      return { ok: true, intent, entryId: id, message: "Note publiée dans le journal." };
    }
    if (intent === "repondre") {
      const { id } = await answerLogEntry(
        services,
        user,
        siteId,
        entryId,
        { body: fields.body, photos: files(form) },
        now,
      );
      return { ok: true, intent, entryId: id, message: "Réponse publiée." };
    }
    if (intent === "corriger") {
      const revision = Number(text(form, "revision"));
      if (!Number.isSafeInteger(revision) || revision < 1) {
        return {
          ok: false,
          status: 400,
          intent,
          message: SITE_LOG_MESSAGES.stale,
          entryId,
          values: typed(form),
        };
      }
      await editLogEntry(services, user, siteId, entryId, { ...fields, revision }, now);
      return { ok: true, intent, entryId, message: "Note corrigée." };
    }
    return { ok: false, status: 400, message: "Action inconnue.", values: {} };
  } catch (error) {
    if (error instanceof SiteLogError) {
      return {
        ok: false,
        status: error.status,
        intent,
        message: error.message,
        field: error.field,
        entryId: entryId || undefined,
        values: typed(form),
      };
    }
    throw error;
  }
}
