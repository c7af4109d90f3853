import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erpSubmissions } from "#app/db/schema.ts";
import { createApp } from "#server/app.ts";
import { QUOTE_BODY_LIMIT_BYTES } from "#server/form-guards.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { testEnv, testServices } from "#tests/helpers/services.ts";

// The quote action behind the real Hono server and the production build: the
// cross-site refusal and the body limit sit in front of React Router.

let database: TestDatabase;
let build: ServerBuild;
let clientDir: string;
let dataDir: string;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-quote-http-"));
}, 180_000);
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(erpSubmissions);
});

function app(overrides: Record<string, string> = {}) {
  const env = testEnv({ DATA_DIR: dataDir, QUOTE_RATE_LIMIT: "0", ...overrides });
  return createApp({ services: testServices(database, env), build, clientDir });
}

function quoteForm(source = "page"): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries({
    user_name: "Marie Dupont",
    user_email: "marie.dupont@example.fr",
    user_phone: "06 12 34 56 78",
    work_type: "Isolation thermique",
    message: "Isolation des combles perdus, 80 m².",
    consent: "on",
    source,
  })) {
    body.set(name, value);
  }
  return body;
}

const stored = async () => (await database.db.select().from(erpSubmissions)).length;

describe("same-site submissions", () => {
  it("a form posted without JavaScript from the site is stored and redirected to /merci", async () => {
    const response = await app().request("/devis", {
      method: "POST",
      body: quoteForm(),
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", Accept: "text/html" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/merci");
    expect(await stored()).toBe(1);
  });

  it("the modal's script submission (/devis.data) is stored", async () => {
    const body = quoteForm("modal");
    body.set("js", "1");
    const response = await app().request("/devis.data", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("success");
    const [row] = await database.db.select().from(erpSubmissions);
    expect(row?.data.source).toBe("Site Web - Modal Devis");
  });

  it("behind a TLS proxy, a post from the public https origin is accepted", async () => {
    const response = await app({ TRUST_PROXY: "true", SITE_URL: "https://www.example.test" }).request(
      "http://internal:3000/devis",
      {
        method: "POST",
        body: quoteForm(),
        headers: {
          Origin: "https://www.example.test",
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "www.example.test",
          "Sec-Fetch-Site": "same-origin",
        },
      },
    );
    expect(response.status).toBe(303);
    expect(await stored()).toBe(1);
  });

  it("a client without Origin nor Sec-Fetch-Site (a script, a webhook) is not taken for a browser attack", async () => {
    const response = await app().request("/devis", { method: "POST", body: quoteForm() });
    expect(response.status).toBe(303);
  });
});

describe("cross-site posts are refused with a 403", () => {
  const cases: [string, Record<string, string>][] = [
    ["a foreign Origin", { Origin: "https://pirate.example" }],
    ["Origin null (sandboxed frame)", { Origin: "null" }],
    ["an unreadable Origin", { Origin: "pas une adresse" }],
    ["Sec-Fetch-Site cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site same-site (another subdomain)", { "Sec-Fetch-Site": "same-site" }],
    [
      "a foreign Origin with a lying Sec-Fetch-Site",
      { Origin: "https://pirate.example", "Sec-Fetch-Site": "same-origin" },
    ],
  ];
  for (const [label, headers] of cases) {
    for (const target of ["/devis", "/devis.data"]) {
      it(`${target}, ${label}`, async () => {
        const response = await app().request(target, {
          method: "POST",
          body: quoteForm(),
          headers: { Accept: "text/html", ...headers },
        });
        expect(response.status).toBe(403);
        expect(await response.text()).toContain("Ce formulaire ne peut être envoyé que depuis notre site.");
        expect(await stored()).toBe(0);
      });
    }
  }

  it("any other action of the site too", async () => {
    const response = await app().request("/contact", {
      method: "POST",
      body: new FormData(),
      headers: { Origin: "https://pirate.example" },
    });
    expect(response.status).toBe(403);
  });

  it("the forwarded origin counts only when TRUST_PROXY is set", async () => {
    const headers = {
      Origin: "https://pirate.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "pirate.example",
    };
    const response = await app().request("/devis", { method: "POST", body: quoteForm(), headers });
    expect(response.status).toBe(403);
  });
});

describe("bodies over 60 MB are refused with a 413 before being read", () => {
  it("from their Content-Length", async () => {
    const response = await app().request("/devis", {
      method: "POST",
      body: "x",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(QUOTE_BODY_LIMIT_BYTES + 1),
        Accept: "text/html",
      },
    });
    expect(response.status).toBe(413);
    const text = await response.text();
    expect(text).toContain('lang="fr"');
    expect(text).toContain("Votre demande dépasse 60 Mo.");
  });

  it("while streaming, when no length is announced", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > QUOTE_BODY_LIMIT_BYTES + chunk.byteLength) {
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await app().request("/devis.data", {
      method: "POST",
      body,
      duplex: "half",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("Votre demande dépasse 60 Mo.");
    expect(sent).toBeLessThan(QUOTE_BODY_LIMIT_BYTES + 3 * chunk.byteLength);
    expect(await stored()).toBe(0);
  });
});
