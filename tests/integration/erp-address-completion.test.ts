import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddressCompletionAnswer } from "#app/lib/address-search.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import * as route from "#app/routes/erp/adresse-completion.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import {
  type GeoplateformeStub,
  KNOWN_ADDRESSES,
  startGeoplateformeStub,
} from "#tests/helpers/geoplateforme-stub.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The Espace Pro's address completion (GET /erp/adresse-completion?q=) through its loader,
// with the State's geocoding service played by a loopback stub. 401 without a session and
// 403 to a site worker are proved for every route by tests/integration/erp-route-guard.test.ts.

let database: TestDatabase;
let stub: GeoplateformeStub;
let services: AppServices;
let staff: { cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  stub = await startGeoplateformeStub();
  services = staffTestServices(database, { GEOCODING_URL: stub.url });
  staff = await signedInStaff(services, "staff", "secretariat-adresses@batirade.test");
});
afterAll(async () => {
  await stub.close();
  await database.cleanup();
});
beforeEach(() => {
  stub.mode("normal");
  stub.requests.length = 0;
});

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

async function ask(q: string | null, cookie?: string) {
  const url = q === null ? "/erp/adresse-completion" : `/erp/adresse-completion?q=${encodeURIComponent(q)}`;
  const outcome = await call(route.loader, url, cookie ? { cookie } : {});
  const response = outcome.data as Response;
  return {
    status: outcome.status,
    headers: outcome.headers,
    body: (await response.json()) as AddressCompletionAnswer,
  };
}

describe("GET /erp/adresse-completion", () => {
  it("answers the service's suggestions as JSON, kept out of every cache", async () => {
    const { status, headers, body } = await ask("5 quai saturnin");
    const known = KNOWN_ADDRESSES.laSeyne;
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      suggestions: [
        {
          label: "5 Quai Saturnin Fabre, 83500 La Seyne-sur-Mer",
          street: "5 Quai Saturnin Fabre",
          postalCode: "83500",
          city: "La Seyne-sur-Mer",
          lat: known.lat,
          lon: known.lon,
        },
      ],
    });
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(stub.requests.map((request) => request.params)).toEqual([
      { text: "5 quai saturnin", type: "StreetAddress", maximumResponses: "5" },
    ]);
  });

  it("answers an empty list, without asking the service, for no q or fewer than three characters", async () => {
    for (const q of [null, "", "  ", "Hy"]) {
      expect(await ask(q)).toMatchObject({ status: 200, body: { ok: true, suggestions: [] } });
    }
    expect(stub.requests).toEqual([]);
  });

  it("lets the owner in too", async () => {
    const owner = await signedInStaff(services, "owner", "gerant-adresses@batirade.test");
    expect(await ask("avenue gambetta", owner.cookie)).toMatchObject({
      status: 200,
      body: { ok: true, suggestions: [{ city: "Hyères" }] },
    });
  });

  it("refuses a q of more than 200 characters with a 400 and a French message, asking nothing", async () => {
    expect(await ask("a".repeat(200))).toMatchObject({ status: 200 });
    stub.requests.length = 0;
    expect(await ask("a".repeat(201))).toEqual({
      status: 400,
      headers: expect.any(Headers),
      body: { ok: false, message: "L'adresse cherchée est trop longue (200 caractères au plus)." },
    });
    expect(stub.requests).toEqual([]);
  });

  it("refuses control characters with a 400 and a French message, asking nothing", async () => {
    for (const q of ["12 rue\u0000Picot", "rue\r\nSet-Cookie: x=1", "\u001b[31mToulon", "Toulon\u007f"]) {
      expect(await ask(q), JSON.stringify(q)).toMatchObject({
        status: 400,
        body: { ok: false, message: TEXT_RULE_MESSAGES.controlCharacters },
      });
    }
    expect(stub.requests).toEqual([]);
  });

  it.each(["error", "hang", "garbage"] as const)(
    "answers ok: false with a French message when the service fails (%s), so the field stays a plain one",
    async (mode) => {
      stub.mode(mode);
      const { status, headers, body } = await ask("12 rue picot");
      expect(status).toBe(200);
      expect(headers.get("retry-after")).toBe("30");
      expect(body).toEqual({
        ok: false,
        message:
          "Le service d'adresses de l'État ne répond pas : saisissez l'adresse à la main, elle sera enregistrée telle quelle.",
      });
    },
    10_000,
  );
});
