import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type GeoplateformeStub,
  KNOWN_ADDRESSES,
  startGeoplateformeStub,
} from "#tests/helpers/geoplateforme-stub.ts";
import {
  COMPLETION_REQUESTS_PER_SECOND,
  completeAddress,
  createRequestLimiter,
  GEOCODING_TIMEOUT_MS,
  type GeocodingConfig,
  geocodeAddress,
  MIN_GEOCODING_SCORE,
} from "./geocoding.server.ts";

/*
 * The client against a loopback stand-in of the Géoplateforme speaking its protocol
 * (tests/helpers/geoplateforme-stub.ts): what it asks, what it makes of each answer, and
 * that no failure of the service ever throws.
 */

let stub: GeoplateformeStub;
let config: GeocodingConfig;

beforeAll(async () => {
  stub = await startGeoplateformeStub();
  config = { GEOCODING_URL: stub.url };
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.mode("normal");
  stub.requests.length = 0;
});

const office = KNOWN_ADDRESSES.toulonOffice;
const officeAddress = { street: "12 Rue Picot", postalCode: "83000", city: "Toulon" };

describe("geocodeAddress", () => {
  it("places a known address, asking the service's address index for one match of the whole address", async () => {
    const result = await geocodeAddress(config, officeAddress);
    expect(result).toEqual({
      ok: true,
      lat: office.lat,
      lon: office.lon,
      label: "12 Rue Picot 83000 Toulon",
      score: 1,
    });
    expect(stub.requests).toEqual([
      {
        method: "GET",
        path: "/geocodage/search",
        params: {
          q: "12 Rue Picot 83000 Toulon",
          index: "address",
          limit: "1",
          autocomplete: "0",
          postcode: "83000",
        },
        at: expect.any(Number),
      },
    ]);
  });

  it.each([
    ["La Seyne-sur-Mer", KNOWN_ADDRESSES.laSeyne, "5 Quai Saturnin Fabre"],
    ["Hyères", KNOWN_ADDRESSES.hyeres, "20 Avenue Gambetta"],
    ["Draguignan", KNOWN_ADDRESSES.draguignan, "8 Boulevard Georges Clemenceau"],
    ["Marseille", KNOWN_ADDRESSES.marseille, "40 La Canebière"],
  ])("places a site in %s at its own coordinates", async (_town, known, street) => {
    const result = await geocodeAddress(config, { street, postalCode: known.postcode, city: known.city });
    expect(result).toMatchObject({ ok: true, lat: known.lat, lon: known.lon });
  });

  it("sends no postcode filter when the postcode is not five digits, and trims what was typed", async () => {
    const result = await geocodeAddress(config, {
      street: "  12 Rue Picot ",
      postalCode: "",
      city: " Toulon ",
    });
    expect(result).toMatchObject({ ok: true, lat: office.lat, lon: office.lon });
    expect(stub.requests[0]?.params).toEqual({
      q: "12 Rue Picot Toulon",
      index: "address",
      limit: "1",
      autocomplete: "0",
    });
  });

  it("answers not_found for an address the service does not know, and for a street of another postcode", async () => {
    expect(
      await geocodeAddress(config, {
        street: "1 rue de Nulle Part",
        postalCode: "99999",
        city: "Nulle-Part",
      }),
    ).toEqual({ ok: false, reason: "not_found" });
    expect(await geocodeAddress(config, { ...officeAddress, postalCode: "83200" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(stub.requests.map((request) => request.params.postcode)).toEqual(["99999", "83200"]);
  });

  it("answers not_found without asking when neither a postcode nor a town is given", async () => {
    expect(await geocodeAddress(config, { street: "12 Rue Picot", postalCode: " ", city: "" })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(stub.requests).toEqual([]);
  });

  it("answers uncertain when the best match scores under the threshold", async () => {
    const noisy = {
      street: "Chez Mme Martin résidence Les Pins bâtiment B escalier 3 appartement 12 5 Quai Saturnin Fabre",
      postalCode: "83500",
      city: "La Seyne-sur-Mer",
    };
    expect(await geocodeAddress(config, noisy)).toEqual({ ok: false, reason: "uncertain" });
    expect(MIN_GEOCODING_SCORE).toBe(0.5);
  });

  it("answers uncertain when a street was given but only the town was found (its town hall is not the site)", async () => {
    expect(
      await geocodeAddress(config, { street: "Avenue Inconnue", postalCode: "83000", city: "Toulon" }),
    ).toEqual({ ok: false, reason: "uncertain" });
  });

  it("places a town at its town hall when no street is given", async () => {
    const result = await geocodeAddress(config, { street: "", postalCode: "83300", city: "Draguignan" });
    expect(result).toMatchObject({ ok: true, label: "Draguignan 83300 Draguignan" });
  });

  it.each([
    ["error", "a 500"],
    ["busy", "a 429 (its rate limit)"],
    ["garbage", "a body cut in the middle of its JSON"],
    ["wrong-shape", "JSON of another shape"],
  ] as const)("answers unreachable, without throwing, to %s (%s)", async (mode, _what) => {
    stub.mode(mode);
    expect(await geocodeAddress(config, officeAddress)).toEqual({ ok: false, reason: "unreachable" });
    expect(stub.requests).toHaveLength(1);
  });

  it("answers unreachable when nothing listens at GEOCODING_URL", async () => {
    const closed = { GEOCODING_URL: "http://127.0.0.1:9/geocodage" };
    expect(await geocodeAddress(closed, officeAddress)).toEqual({ ok: false, reason: "unreachable" });
  });

  it("gives up on a service that does not answer after the timeout", async () => {
    stub.mode("hang");
    const started = performance.now();
    expect(await geocodeAddress(config, officeAddress, { timeoutMs: 300 })).toEqual({
      ok: false,
      reason: "unreachable",
    });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2_000);
    expect(stub.requests).toHaveLength(1);
  });

  it("waits about three seconds by default, not more", async () => {
    stub.mode("hang");
    const started = performance.now();
    expect(await geocodeAddress(config, officeAddress)).toEqual({ ok: false, reason: "unreachable" });
    const elapsed = performance.now() - started;
    expect(GEOCODING_TIMEOUT_MS).toBe(3_000);
    expect(elapsed).toBeGreaterThanOrEqual(2_990);
    expect(elapsed).toBeLessThan(4_500);
  });
});

describe("completeAddress", () => {
  it("suggests the addresses that complete what is typed, split as the forms store them", async () => {
    expect(await completeAddress(config, "12 rue pic")).toEqual({
      ok: true,
      suggestions: [
        {
          label: "12 Rue Picot, 83000 Toulon",
          street: "12 Rue Picot",
          postalCode: "83000",
          city: "Toulon",
          lat: office.lat,
          lon: office.lon,
        },
      ],
    });
    expect(stub.requests).toEqual([
      {
        method: "GET",
        path: "/geocodage/completion",
        params: { text: "12 rue pic", type: "StreetAddress", maximumResponses: "5" },
        at: expect.any(Number),
      },
    ]);
  });

  it("offers every address the text starts, in the service's order", async () => {
    const result = await completeAddress(config, "toulon");
    expect(result.ok && result.suggestions.map((suggestion) => suggestion.street)).toEqual([
      "12 Rue Picot",
      "1 Quai Cronstadt",
    ]);
  });

  it("answers an empty list for a text the service knows nothing of", async () => {
    expect(await completeAddress(config, "impasse des Oubliés")).toEqual({ ok: true, suggestions: [] });
    expect(stub.requests).toHaveLength(1);
  });

  it("asks nothing for fewer than three characters", async () => {
    for (const text of ["", "  ", "12", " ru "]) {
      expect(await completeAddress(config, text)).toEqual({ ok: true, suggestions: [] });
    }
    expect(stub.requests).toEqual([]);
  });

  it.each(["error", "busy", "garbage", "wrong-shape"] as const)(
    "answers unreachable, without throwing, when the service answers %s",
    async (mode) => {
      stub.mode(mode);
      expect(await completeAddress(config, "12 rue pic")).toEqual({ ok: false, reason: "unreachable" });
    },
  );

  it("answers unreachable when the service hangs past the timeout", async () => {
    stub.mode("hang");
    expect(await completeAddress(config, "12 rue pic", { timeoutMs: 200 })).toEqual({
      ok: false,
      reason: "unreachable",
    });
  });

  it("never sends the service more requests a second than it allows, whatever the callers ask at once", async () => {
    const burst = COMPLETION_REQUESTS_PER_SECOND + 5;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: burst }, () => completeAddress(config, "quai saturnin")),
    );
    expect(results.every((result) => result.ok && result.suggestions.length === 1)).toBe(true);
    const arrivals = stub.requests.map((request) => request.at);
    expect(arrivals).toHaveLength(burst);
    // Arrival times, not send times, reach the stub: a loaded machine may delay a request on
    // its way, never make one leave early. So within the burst's first second, the allowance
    // at most; and the burst cannot be over before a second has passed.
    expect(arrivals.filter((at) => at < started + 1_000).length).toBeLessThanOrEqual(
      COMPLETION_REQUESTS_PER_SECOND,
    );
    expect(Math.max(...arrivals) - started).toBeGreaterThanOrEqual(1_000);
  });
});

describe("createRequestLimiter", () => {
  /** A clock that moves only when the limiter waits. */
  function fakeClock() {
    const clock = {
      time: 0,
      now: () => clock.time,
      sleep: async (ms: number) => {
        clock.time += ms;
      },
    };
    return clock;
  }

  it("lets 50 calls start in a second, and makes the next ones wait for the following seconds", async () => {
    const clock = fakeClock();
    const limiter = createRequestLimiter(50, clock);
    const starts: number[] = [];
    for (let call = 0; call < 120; call += 1) {
      await limiter.acquire();
      starts.push(clock.time);
    }
    expect(starts.filter((time) => time === 0)).toHaveLength(50);
    expect(starts.filter((time) => time === 1_000)).toHaveLength(50);
    expect(starts.filter((time) => time === 2_000)).toHaveLength(20);
    for (let index = 50; index < starts.length; index += 1) {
      expect((starts[index] ?? 0) - (starts[index - 50] ?? 0)).toBeGreaterThanOrEqual(1_000);
    }
  });

  it("does not make a call wait when the last second's allowance is free again", async () => {
    const clock = fakeClock();
    const limiter = createRequestLimiter(2, clock);
    await limiter.acquire();
    clock.time = 600;
    await limiter.acquire();
    clock.time = 1_000;
    await limiter.acquire();
    expect(clock.time).toBe(1_000);
    await limiter.acquire();
    expect(clock.time).toBe(1_600);
  });

  it("gives up waiting when the caller's signal aborts", async () => {
    const limiter = createRequestLimiter(1);
    await limiter.acquire();
    await expect(limiter.acquire(AbortSignal.timeout(50))).rejects.toThrow();
    await expect(limiter.acquire(AbortSignal.abort())).rejects.toThrow();
  });
});
