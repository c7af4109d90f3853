import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { QUOTE_FORM_ERRORS, QUOTE_MESSAGES } from "#app/features/quote-request/schema.ts";
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

describe("photos whose decoding would cost too much are refused from their headers", () => {
  // Nine one-bit PNGs of 7,070 × 7,070 pixels: 6 KB each, but 50 megapixels each to
  // decode. Each passes the per-photo cap; together they are far over the request's.
  let onebit: Buffer;
  beforeAll(async () => {
    onebit = await sharp({ create: { width: 7070, height: 7070, channels: 3, background: "#ffffff" } })
      .png({ palette: true, colours: 2, effort: 1, dither: 0 })
      .toBuffer();
  }, 60_000);

  function bombForm(js: boolean): FormData {
    const body = quoteForm(js ? "modal" : "page");
    if (js) body.set("js", "1");
    for (let index = 0; index < 9; index++) {
      body.append("photos", new File([new Uint8Array(onebit)], `plan-${index}.png`, { type: "image/png" }));
    }
    return body;
  }

  it("a 400 with the French message under the photos field, nothing stored, and every attempt counted", async () => {
    const header = await sharp(onebit).metadata();
    expect([header.width, header.height, header.bitsPerSample]).toEqual([7070, 7070, 1]);
    expect(9 * onebit.byteLength).toBeLessThan(100_000);
    await database.db.delete(rateLimitHits);
    await database.db.delete(outboxMessages);

    const limit = 3;
    const site = app({ QUOTE_RATE_LIMIT: String(limit) });
    const headers = { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" };
    // Without JavaScript: the page again, with the message under the photos.
    const page = await site.request("/devis", {
      method: "POST",
      body: bombForm(false),
      headers: { ...headers, Accept: "text/html" },
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Vos photos sont trop grandes au total (250 mégapixels au maximum");
    // The modal's script submission: the same message, as data.
    for (let attempt = 2; attempt <= limit; attempt++) {
      const response = await site.request("/devis.data", { method: "POST", body: bombForm(true), headers });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(QUOTE_MESSAGES.photosPixels);
    }
    expect(await stored()).toBe(0);
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);

    // Refused, and still counted: the next attempt of this address is turned away at once.
    const over = await site.request("/devis.data", { method: "POST", body: bombForm(true), headers });
    expect(over.status).toBe(429);
    expect(await over.text()).toContain(QUOTE_FORM_ERRORS.rateLimited);
    const valid = await site.request("/devis.data", { method: "POST", body: quoteForm("modal"), headers });
    expect(valid.status).toBe(429);
    expect(await stored()).toBe(0);
  }, 60_000);
});

describe("a photo refused without JavaScript comes back in the page, under the photo field", () => {
  /** The attributes of the first tag of `html` matching `pattern`. */
  function tagWith(html: string, pattern: RegExp): Record<string, string> {
    const tag = [...html.matchAll(/<(?:input|p|div)\b[^>]*>/g)]
      .map(([text]) => text)
      .find((t) => pattern.test(t));
    if (!tag) throw new Error(`aucune balise ne correspond à ${pattern}`);
    return Object.fromEntries(
      [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    );
  }

  /** The text of the element with this id, as rendered (not the data the page carries for its script). */
  function renderedText(html: string, id: string): string {
    const match = new RegExp(`<(\\w+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
    if (!match) throw new Error(`élément #${id} absent de la page`);
    return (match[2] ?? "").replace(/<[^>]+>/g, "");
  }

  async function postWithoutScript(photo: File) {
    const body = quoteForm();
    body.set("message", "Façade fissurée, voir la photo.");
    body.append("photos", photo);
    const response = await app().request("/devis", {
      method: "POST",
      body,
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", Accept: "text/html" },
    });
    return { status: response.status, html: await response.text() };
  }

  function expectPhotoError(html: string, message: string) {
    const input = tagWith(html, /type="file"/);
    expect(input.name).toBe("photos");
    expect(input["aria-invalid"]).toBe("true");
    const errorId = input["aria-describedby"]?.split(" ").find((id) => id.endsWith("-erreur"));
    expect(errorId, "aria-describedby de l'input des photos").toBeDefined();
    expect(renderedText(html, errorId ?? "")).toBe(message);
    // The summary above the form, and what was typed is still there.
    expect(/<div[^>]*role="alert"[^>]*><p>([^<]*)<\/p><\/div>/.exec(html)?.[1]).toBe(
      QUOTE_FORM_ERRORS.invalid,
    );
    expect(tagWith(html, /name="user_name"/).value).toBe("Marie Dupont");
  }

  it("a file that is not an image, named .jpg", async () => {
    const fake = new File([new TextEncoder().encode("ceci n'est pas une photo".repeat(50))], "facade.jpg", {
      type: "image/jpeg",
    });
    const { status, html } = await postWithoutScript(fake);
    expect(status).toBe(400);
    expectPhotoError(html, QUOTE_MESSAGES.photoType);
    expect(await stored()).toBe(0);
  });

  it("a 6 MB photo", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c73e1d" } })
        .png()
        .toBuffer(),
    );
    const { status, html } = await postWithoutScript(new File([big], "grande.png", { type: "image/png" }));
    expect(status).toBe(400);
    expectPhotoError(html, QUOTE_MESSAGES.photoSize);
    expect(await stored()).toBe(0);
  });
});
