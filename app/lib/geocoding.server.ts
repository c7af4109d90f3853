import { setTimeout as sleepFor } from "node:timers/promises";
import type { Env } from "#app/config/env.server.ts";
import { ADDRESS_QUERY_MIN, ADDRESS_SUGGESTIONS_MAX, type AddressSuggestion } from "./address-search.ts";
import { z } from "./zod.ts";

/*
 * The State's geocoding service, the Géoplateforme (IGN), which replaced the BAN's
 * « API Adresse » when it was shut down at the start of 2026:
 * - `{GEOCODING_URL}/search` (geocoding): a GeoJSON FeatureCollection whose features carry
 *   a Point in WGS84 (`[lon, lat]`) and properties `label`, `score` (0 to 1), `type`
 *   (housenumber, street, locality, municipality), `postcode`, `citycode`, `city`...
 *   Documented at https://geoservices.ign.fr/documentation/services/services-geoplateforme/geocodage;
 *   50 requests a second per address.
 * - `{GEOCODING_URL}/completion` (suggestions while typing): `{ status: "OK", results: [...] }`,
 *   each result with `fulltext`, `street`, `zipcode`, `city`, `x` (longitude), `y` (latitude).
 *   data.gouv.fr lists it at 10 requests a second per address.
 * Neither answer is trusted: every failure (network, timeout, HTTP error, a body of another
 * shape) becomes a reason the caller shows, never an exception.
 */

export type GeocodingConfig = Pick<Env, "GEOCODING_URL">;

/** The whole call, the wait for the limiter included: a form's save does not hang on the service. */
export const GEOCODING_TIMEOUT_MS = 3_000;
/**
 * Under this score the service's best match is a guess (a similar street in another town,
 * a typo it could not place): the distance is then entered by hand rather than trusted.
 */
export const MIN_GEOCODING_SCORE = 0.5;
/** The services' published limits per address (see above). */
export const SEARCH_REQUESTS_PER_SECOND = 50;
export const COMPLETION_REQUESTS_PER_SECOND = 10;

export type AddressToGeocode = { street: string; postalCode: string; city: string };

/**
 * Why an address has no coordinates: the service did not answer usably (`unreachable`), knows
 * no such address (`not_found`), or its best match is too doubtful to compute a travel zone
 * from (`uncertain`).
 */
export type GeocodingFailure = "unreachable" | "not_found" | "uncertain";

export type GeocodeResult =
  | { ok: true; lat: number; lon: number; label: string; score: number }
  | { ok: false; reason: GeocodingFailure };

export type CompletionResult =
  | { ok: true; suggestions: AddressSuggestion[] }
  | { ok: false; reason: "unreachable" };

type Clock = { now: () => number; sleep: (ms: number, signal?: AbortSignal) => Promise<void> };

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepFor(ms, undefined, signal ? { signal } : undefined),
};

/**
 * At most `perSecond` calls start in any window of one second: a call over the limit waits
 * for its turn (until `signal` aborts the wait, which then rejects). The service answers
 * 429 to a burst over its limit; waiting a few milliseconds is kinder to it and to the user.
 */
export function createRequestLimiter(perSecond: number, clock: Clock = realClock) {
  const started: number[] = [];
  return {
    async acquire(signal?: AbortSignal): Promise<void> {
      for (;;) {
        signal?.throwIfAborted();
        const now = clock.now();
        while (started.length > 0 && (started[0] ?? 0) <= now - 1_000) started.shift();
        if (started.length < perSecond) {
          started.push(now);
          return;
        }
        await clock.sleep((started[0] ?? now) + 1_000 - now, signal);
      }
    },
  };
}

// Process-wide: every request, page and job of this process shares the same allowance.
const searchLimiter = createRequestLimiter(SEARCH_REQUESTS_PER_SECOND);
const completionLimiter = createRequestLimiter(COMPLETION_REQUESTS_PER_SECOND);

const coordinate = z.number().finite();

const SearchAnswerSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.object({
      geometry: z.object({
        type: z.literal("Point"),
        coordinates: z.tuple([coordinate.min(-180).max(180), coordinate.min(-90).max(90)]).rest(z.number()),
      }),
      properties: z.object({
        label: z.string(),
        score: z.number().finite(),
        type: z.string().optional(),
      }),
    }),
  ),
});

const CompletionAnswerSchema = z.object({
  status: z.literal("OK"),
  results: z.array(z.unknown()),
});

const CompletionItemSchema = z.object({
  fulltext: z.string().min(1),
  street: z.string().optional(),
  zipcode: z.string().optional(),
  city: z.string().optional(),
  x: coordinate.min(-180).max(180).optional(),
  y: coordinate.min(-90).max(90).optional(),
});

/** The parsed JSON body of a GET, or null for anything but a 2xx with JSON in time. */
async function getJson(
  url: URL,
  limiter: ReturnType<typeof createRequestLimiter>,
  timeoutMs: number,
): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await limiter.acquire(signal);
    const response = await fetch(url, { signal, headers: { accept: "application/json" } });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return JSON.parse(await response.text()) as unknown;
  } catch {
    // Refused connection, DNS failure, timeout, a body cut short or not JSON: all the same
    // to the caller, who falls back to typing by hand.
    return null;
  }
}

/**
 * The coordinates of an address (a job site's, to compute travel zones), through the
 * service's `search` on its address index. The postcode, when it is one, filters the
 * answer, so that a street of the same name elsewhere is never taken for this one.
 */
export async function geocodeAddress(
  config: GeocodingConfig,
  address: AddressToGeocode,
  options: { timeoutMs?: number } = {},
): Promise<GeocodeResult> {
  const street = address.street.trim();
  const postalCode = address.postalCode.trim();
  const city = address.city.trim();
  const q = [street, postalCode, city].filter(Boolean).join(" ");
  if (!postalCode && !city) return { ok: false, reason: "not_found" };
  const url = new URL(`${config.GEOCODING_URL}/search`);
  url.searchParams.set("q", q);
  url.searchParams.set("index", "address");
  url.searchParams.set("limit", "1");
  // The whole address is typed: no completion of the last word into another one.
  url.searchParams.set("autocomplete", "0");
  if (/^\d{5}$/.test(postalCode)) url.searchParams.set("postcode", postalCode);
  const body = await getJson(url, searchLimiter, options.timeoutMs ?? GEOCODING_TIMEOUT_MS);
  const parsed = SearchAnswerSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: "unreachable" };
  const best = parsed.data.features[0];
  if (!best) return { ok: false, reason: "not_found" };
  const { label, score, type } = best.properties;
  // A street was given but only the town was found: its town hall, which may be 10 km off
  // in a large commune (Hyères), is not the site.
  if (score < MIN_GEOCODING_SCORE || (street !== "" && type === "municipality")) {
    return { ok: false, reason: "uncertain" };
  }
  const [lon, lat] = best.geometry.coordinates;
  return { ok: true, lat, lon, label, score };
}

/**
 * Up to five addresses that complete what is typed in an address field, through the
 * service's `completion` (street addresses only). Under three characters nothing is asked.
 */
export async function completeAddress(
  config: GeocodingConfig,
  text: string,
  options: { timeoutMs?: number } = {},
): Promise<CompletionResult> {
  const typed = text.trim();
  if (typed.length < ADDRESS_QUERY_MIN) return { ok: true, suggestions: [] };
  const url = new URL(`${config.GEOCODING_URL}/completion`);
  url.searchParams.set("text", typed);
  url.searchParams.set("type", "StreetAddress");
  url.searchParams.set("maximumResponses", String(ADDRESS_SUGGESTIONS_MAX));
  const body = await getJson(url, completionLimiter, options.timeoutMs ?? GEOCODING_TIMEOUT_MS);
  const parsed = CompletionAnswerSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: "unreachable" };
  const suggestions: AddressSuggestion[] = [];
  for (const result of parsed.data.results) {
    // One odd entry does not cost the others.
    const item = CompletionItemSchema.safeParse(result);
    if (!item.success) continue;
    const { fulltext, street, zipcode, city, x, y } = item.data;
    suggestions.push({
      label: fulltext,
      street: street ?? "",
      postalCode: zipcode ?? "",
      city: city ?? "",
      ...(x !== undefined && y !== undefined ? { lat: y, lon: x } : {}),
    });
    if (suggestions.length === ADDRESS_SUGGESTIONS_MAX) break;
  }
  return { ok: true, suggestions };
}
