import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback stand-in for the Géoplateforme's geocoding service (app/lib/geocoding.server.ts),
 * speaking its protocol over real HTTP on 127.0.0.1: `GET /geocodage/search` (q, index,
 * limit, autocomplete, postcode, citycode) answers a GeoJSON FeatureCollection whose features
 * carry a WGS84 Point (`[lon, lat]`) and the properties the service documents (label, score,
 * type, housenumber, street, name, postcode, citycode, city, x, y, _type); `GET
 * /geocodage/completion` (text, type, maximumResponses) answers `{ status: "OK", results }`
 * with fulltext, street, zipcode, city, x, y. Its knowledge is a few addresses of the Var
 * and Marseille; switches make it fail the ways the real one can, and it records every
 * request it gets.
 */

export type KnownAddress = {
  housenumber?: string;
  street: string;
  postcode: string;
  citycode: string;
  city: string;
  lat: number;
  lon: number;
};

/** The company's office in Toulon, then sites at growing distances from it. */
export const KNOWN_ADDRESSES = {
  toulonOffice: {
    housenumber: "12",
    street: "Rue Picot",
    postcode: "83000",
    citycode: "83137",
    city: "Toulon",
    lat: 43.12494,
    lon: 5.93012,
  },
  toulonHarbour: {
    housenumber: "1",
    street: "Quai Cronstadt",
    postcode: "83000",
    citycode: "83137",
    city: "Toulon",
    lat: 43.12033,
    lon: 5.93167,
  },
  laSeyne: {
    housenumber: "5",
    street: "Quai Saturnin Fabre",
    postcode: "83500",
    citycode: "83126",
    city: "La Seyne-sur-Mer",
    lat: 43.10179,
    lon: 5.88195,
  },
  hyeres: {
    housenumber: "20",
    street: "Avenue Gambetta",
    postcode: "83400",
    citycode: "83069",
    city: "Hyères",
    lat: 43.11978,
    lon: 6.13025,
  },
  draguignan: {
    housenumber: "8",
    street: "Boulevard Georges Clemenceau",
    postcode: "83300",
    citycode: "83050",
    city: "Draguignan",
    lat: 43.53662,
    lon: 6.46463,
  },
  marseille: {
    housenumber: "40",
    street: "La Canebière",
    postcode: "13001",
    citycode: "13201",
    city: "Marseille",
    lat: 43.29728,
    lon: 5.37854,
  },
} as const satisfies Record<string, KnownAddress>;

/** Where the service puts a town when it finds nothing finer (its town hall). */
const TOWN_CENTRES: Record<string, { lat: number; lon: number }> = {
  "83137": { lat: 43.12421, lon: 5.92797 },
  "83126": { lat: 43.10067, lon: 5.87911 },
  "83069": { lat: 43.12034, lon: 6.12983 },
  "83050": { lat: 43.53739, lon: 6.46452 },
  "13201": { lat: 43.29617, lon: 5.36995 },
};

/**
 * How the stub answers: as the service does (`normal`), a 500 (`error`), a 429 as when the
 * limit is exceeded (`busy`), never (`hang`: the connection stays open), a body cut in the
 * middle of its JSON (`garbage`), or JSON of another shape (`wrong-shape`).
 */
export type StubMode = "normal" | "error" | "busy" | "hang" | "garbage" | "wrong-shape";

export type StubRequest = {
  method: string;
  /** The path, without the query (`/geocodage/search`). */
  path: string;
  /** Every query parameter as sent. */
  params: Record<string, string>;
  /** When it arrived (ms since the epoch). */
  at: number;
};

export type GeoplateformeStub = {
  /** The GEOCODING_URL that reaches it. */
  url: string;
  requests: StubRequest[];
  mode: (mode: StubMode) => void;
  close: () => Promise<void>;
};

const words = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);

const streetLine = (address: KnownAddress) =>
  address.housenumber ? `${address.housenumber} ${address.street}` : address.street;

type Feature = {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: Record<string, string | number>;
};

function feature(
  address: KnownAddress,
  kind: "housenumber" | "street" | "municipality",
  score: number,
): Feature {
  const centre = kind === "municipality" ? TOWN_CENTRES[address.citycode] : undefined;
  const lat = centre?.lat ?? address.lat;
  const lon = centre?.lon ?? address.lon;
  const name =
    kind === "municipality" ? address.city : kind === "street" ? address.street : streetLine(address);
  return {
    type: "Feature",
    geometry: { type: "Point", coordinates: [lon, lat] },
    properties: {
      label: `${name} ${address.postcode} ${address.city}`,
      score,
      ...(kind === "housenumber" && address.housenumber ? { housenumber: address.housenumber } : {}),
      ...(kind === "municipality" ? {} : { street: address.street }),
      name,
      postcode: address.postcode,
      citycode: address.citycode,
      city: address.city,
      type: kind,
      x: lon,
      y: lat,
      _type: "address",
    },
  };
}

/**
 * The service's search, in small: an address whose street and town (or postcode) are all in
 * `q` is found, scored by the share of `q`'s words it explains (extra words lower it); a
 * town alone is found at its town hall (type municipality); anything else is not found.
 */
function search(params: Record<string, string>): Feature[] {
  const typed = words(params.q ?? "");
  const has = (text: string) => words(text).every((word) => typed.includes(word));
  const limit = Math.min(Math.max(Number(params.limit) || 10, 1), 50);
  const found: Feature[] = [];
  for (const address of Object.values(KNOWN_ADDRESSES) as KnownAddress[]) {
    if (params.postcode && params.postcode !== address.postcode) continue;
    if (params.citycode && params.citycode !== address.citycode) continue;
    const townNamed = has(address.city) || typed.includes(address.postcode);
    if (!townNamed) continue;
    const label = words(`${streetLine(address)} ${address.postcode} ${address.city}`);
    const explained = typed.filter((word) => label.includes(word)).length;
    const score = Math.round((explained / typed.length) * 100) / 100;
    if (has(address.street)) {
      const numbered = address.housenumber !== undefined && typed.includes(address.housenumber);
      found.push(feature(address, numbered ? "housenumber" : "street", score));
    } else {
      found.push(feature(address, "municipality", score));
    }
  }
  return found.sort((a, b) => Number(b.properties.score) - Number(a.properties.score)).slice(0, limit);
}

/** The service's completion, in small: every typed word starts a word of the address. */
function complete(params: Record<string, string>) {
  const typed = words(params.text ?? "");
  const max = Math.min(Math.max(Number(params.maximumResponses) || 10, 1), 15);
  return (Object.values(KNOWN_ADDRESSES) as KnownAddress[])
    .filter((address) => {
      const known = words(`${streetLine(address)} ${address.postcode} ${address.city}`);
      return typed.every((word) => known.some((candidate) => candidate.startsWith(word)));
    })
    .slice(0, max)
    .map((address) => ({
      country: "StreetAddress",
      city: address.city,
      x: address.lon,
      y: address.lat,
      zipcode: address.postcode,
      street: streetLine(address),
      metropole: true,
      classification: 7,
      kind: "",
      fulltext: `${streetLine(address)}, ${address.postcode} ${address.city}`,
    }));
}

function json(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** Starts the stub on a free port of 127.0.0.1. */
export async function startGeoplateformeStub(): Promise<GeoplateformeStub> {
  const requests: StubRequest[] = [];
  let mode: StubMode = "normal";

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      params: Object.fromEntries(url.searchParams),
      at: Date.now(),
    });
    if (mode === "hang") return;
    if (mode === "error") {
      response.writeHead(500, { "content-type": "text/html" });
      response.end("<html><body>Internal Server Error</body></html>");
      return;
    }
    if (mode === "busy") {
      response.writeHead(429, { "content-type": "text/html" });
      response.end("<html><body>Erreur 429</body></html>");
      return;
    }
    if (mode === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"type":"FeatureCollection","features":[{"type":"Fea');
      return;
    }
    if (mode === "wrong-shape") return json(response, 200, { message: "ok", data: [1, 2, 3] });
    const params = Object.fromEntries(url.searchParams);
    if (request.method !== "GET") return json(response, 405, { code: 405, message: "Method Not Allowed" });
    if (url.pathname === "/geocodage/search") {
      if (!params.q?.trim()) return json(response, 400, { code: 400, message: "q: must not be empty" });
      return json(response, 200, { type: "FeatureCollection", features: search(params) });
    }
    if (url.pathname === "/geocodage/completion") {
      if (!params.text?.trim()) {
        return json(response, 400, {
          status: "Error",
          error: { code: 400, description: "text is required" },
        });
      }
      return json(response, 200, { status: "OK", results: complete(params) });
    }
    json(response, 404, { code: 404, message: "Not Found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/geocodage`,
    requests,
    mode: (next) => {
      mode = next;
    },
    close: async () => {
      // Hanging answers keep their connections open: cut them, or close would wait forever.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
