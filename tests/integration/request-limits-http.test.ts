import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { createApp } from "#server/app.ts";
import { BODY_LIMITS, bodyLimitFor, clientAddress } from "#server/request-guards.ts";
import { seedDemoContent } from "#server/seed.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

// The body limits and the client address, on a real HTTP server over loopback: a huge
// body is refused without being read into memory, and no header the client writes
// chooses the address the rate limits count.

let database: TestDatabase;
let build: ServerBuild;
let clientDir: string;
let dataDir: string;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-limits-"));
  await seedDemoContent(database.db);
}, 180_000);
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(overrides: Record<string, string> = {}) {
  const services = staffTestServices(database, { DATA_DIR: dataDir, ...overrides });
  const app = createApp({ services, build, clientDir });
  const server = await new Promise<http.Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started as http.Server),
    ) as http.Server;
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function quoteForm(message = "Isolation des combles perdus, 80 m².") {
  return new URLSearchParams({
    user_name: "Marie Dupont",
    user_email: "marie.dupont@example.fr",
    user_phone: "06 12 34 56 78",
    work_type: "Isolation thermique",
    message,
    consent: "on",
    source: "page",
  });
}

type Sent = { status: number; body: string; bytesSent: number };

/**
 * Streams `total` bytes (chunked, or with a Content-Length) of one reused 1 MB buffer,
 * so the client itself allocates nothing while sending; stops when the server answers.
 */
function streamBody(
  url: string,
  total: number,
  headers: Record<string, string>,
  declareLength = false,
): Promise<Sent> {
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const request = http.request(url, {
      method: "POST",
      headers: declareLength ? { ...headers, "content-length": String(total) } : headers,
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text) => {
        body += text;
      });
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body, bytesSent });
      });
    });
    request.on("error", (error) => {
      // The server closes the connection after its answer: the upload stops there.
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && bytesSent < total) {
        bytesSent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/**
 * The bytes this process holds in buffers (Node's `arrayBuffers`: what a body read into
 * memory is made of), not its resident size, which keeps pages the allocator got back.
 */
function memory(): number {
  return process.memoryUsage().arrayBuffers;
}

/** What `work` resolves to, and the most `memory()` grew above its value before `work` while it ran. */
async function withPeakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  global.gc?.();
  const before = memory();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory());
  }, 20);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, memory()) - before };
  } finally {
    clearInterval(sampler);
  }
}

describe("body limits on a real server", () => {
  it("documents a limit for every path, the quote form's 60 MB included", () => {
    expect(bodyLimitFor("/devis")).toBe(60 * 1024 * 1024);
    expect(bodyLimitFor("/erp/login")).toBe(16 * 1024);
    expect(bodyLimitFor("/erp/logout.data")).toBe(16 * 1024);
    expect(bodyLimitFor("/api/auth/change-password")).toBe(16 * 1024);
    expect(bodyLimitFor("/api/store/batirade-toulon/checkout")).toBe(64 * 1024);
    expect(bodyLimitFor("/commande")).toBe(64 * 1024);
    expect(bodyLimitFor("/erp/leads/nouveau")).toBe(1024 * 1024);
    // A product's page takes one picture of 5 MB at most; its list takes none.
    expect(bodyLimitFor("/erp/boutique/produits/perforateur-sds-plus")).toBe(6 * 1024 * 1024);
    expect(bodyLimitFor("/erp/boutique/produits")).toBe(1024 * 1024);
    expect(bodyLimitFor("/faq")).toBe(64 * 1024);
    // A note of a site's log takes 8 photos of 10 MB; the site's page an expense's receipt of 10 MB.
    expect(bodyLimitFor("/erp/chantiers/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/journal/notes")).toBe(
      81 * 1024 * 1024,
    );
    expect(bodyLimitFor("/erp/chantiers/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/journal.data")).toBe(
      81 * 1024 * 1024,
    );
    expect(bodyLimitFor("/erp/chantiers/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f")).toBe(12 * 1024 * 1024);
    expect(bodyLimitFor("/erp/chantiers/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/modifier")).toBe(1024 * 1024);
    // A record's files: 10 files of 20 MB at most, 100 MB in all.
    for (const path of [
      "/erp/clients/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/documents",
      "/erp/chantiers/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/documents.data",
      "/erp/achats/fournisseurs/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/fichiers",
    ]) {
      expect(bodyLimitFor(path), path).toBe(101 * 1024 * 1024);
    }
    expect(bodyLimitFor("/erp/achats/fournisseurs/0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f/documents")).toBe(
      1024 * 1024,
    );
    expect(BODY_LIMITS.every((rule) => rule.what.length > 0)).toBe(true);
  });

  it("refuses a 1 GB chunked body to each record's files at 101 MB, the client reading the 413, memory flat", async () => {
    const server = await startServer();
    try {
      const id = "0b6f3c1e-8c53-4a0e-9f57-2d3c4b5a6e7f";
      const answers: (Sent & { target: string; growth: number })[] = [];
      for (const target of [
        `/erp/chantiers/${id}/documents`,
        `/erp/clients/${id}/documents.data`,
        `/erp/achats/fournisseurs/${id}/fichiers`,
      ]) {
        // Each upload's growth from the memory before it: what a garbage collection not yet
        // run keeps of the previous one is not counted twice.
        // 1 GB announced by nothing (chunked), made of one reused 1 MB buffer: never held whole.
        const { result: sent, growth } = await withPeakGrowth(() =>
          streamBody(`${server.origin}${target}`, 1024 * 1024 * 1024, {
            "content-type": "multipart/form-data; boundary=----batirade",
            origin: server.origin,
          }),
        );
        answers.push({ ...sent, target, growth });
      }
      for (const sent of answers) {
        expect(sent.status, sent.target).toBe(413);
        expect(JSON.parse(sent.body), sent.target).toEqual({
          message: "Envoi trop volumineux. Cet envoi dépasse la taille autorisée (101 Mo).",
        });
        // The server stopped reading at its limit: the client could send little more.
        expect(sent.bytesSent, sent.target).toBeGreaterThan(101 * 1024 * 1024);
        expect(sent.bytesSent, sent.target).toBeLessThan(160 * 1024 * 1024);
        // The server keeps at most the limit in memory (the test's client and server share
        // this process): a gigabyte read whole would show here.
        expect(sent.growth, sent.target).toBeLessThan(256 * 1024 * 1024);
      }
    } finally {
      await server.close();
    }
  });

  it("refuses a 300 MB chunked body to the checkout, the sign-in and /commande at the limit, memory flat", async () => {
    const server = await startServer();
    try {
      const targets = [
        ["/api/store/batirade-toulon/checkout", "application/json"],
        ["/erp/login", "application/x-www-form-urlencoded"],
        ["/commande", "application/x-www-form-urlencoded"],
        ["/erp/logout", "application/x-www-form-urlencoded"],
      ] as const;
      const { result: answers, growth } = await withPeakGrowth(async () => {
        const sent: (Sent & { target: string })[] = [];
        for (const [target, type] of targets) {
          sent.push({
            ...(await streamBody(`${server.origin}${target}`, 300 * 1024 * 1024, {
              "content-type": type,
              origin: server.origin,
            })),
            target,
          });
        }
        return sent;
      });
      // 300 MB read whole would show here; a few chunks in flight do not.
      expect(growth).toBeLessThan(64 * 1024 * 1024);
      for (const sent of answers) {
        expect(sent.status, sent.target).toBe(413);
        expect(sent.body, sent.target).toContain("Envoi trop volumineux.");
        // The server stopped reading long before the end of the body.
        expect(sent.bytesSent, sent.target).toBeLessThan(64 * 1024 * 1024);
      }
    } finally {
      await server.close();
    }
  });

  it("refuses a body whose declared length is over the limit before reading it", async () => {
    const server = await startServer();
    try {
      const sent = await streamBody(
        `${server.origin}/api/store/batirade-toulon/checkout`,
        300 * 1024 * 1024,
        { "content-type": "application/json" },
        true,
      );
      expect(sent.status).toBe(413);
      expect(JSON.parse(sent.body)).toEqual({
        error: {
          status: 413,
          message: "Envoi trop volumineux. Cet envoi dépasse la taille autorisée (64 Ko).",
        },
      });
      expect(sent.bytesSent).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it("still takes a form under its limit sent in chunks", async () => {
    const server = await startServer({ QUOTE_RATE_LIMIT: "0" });
    try {
      const body = quoteForm("Isolation des combles perdus, 80 m², envoyée par morceaux.").toString();
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`${server.origin}/devis`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on("error", reject);
        request.write(body.slice(0, 40));
        request.end(body.slice(40));
      });
      expect(status).toBe(303);
      const stored = await database.db
        .select()
        .from(erpSubmissions)
        .where(eq(erpSubmissions.module, "devis"));
      expect(stored.some((row) => String(row.data.message).includes("envoyée par morceaux"))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe("the client's address", () => {
  const request = (forwarded?: string) =>
    new Request("http://localhost/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} });

  it("is the socket's without a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request("1.2.3.4"), "203.0.113.7", { proxy: false, hops: 1 })).toBe("203.0.113.7");
  });

  it("is the entry the trusted proxy added, never one the client wrote", () => {
    const trust = { proxy: true, hops: 1 };
    expect(clientAddress(request("198.51.100.9"), "127.0.0.1", trust)).toBe("198.51.100.9");
    expect(clientAddress(request("1.2.3.4, 198.51.100.9"), "127.0.0.1", trust)).toBe("198.51.100.9");
    expect(clientAddress(request("127.0.0.1,198.51.100.9"), "127.0.0.1", trust)).toBe("198.51.100.9");
    expect(
      clientAddress(request("1.2.3.4, 198.51.100.9, 10.0.0.2"), "127.0.0.1", { proxy: true, hops: 2 }),
    ).toBe("198.51.100.9");
    expect(clientAddress(request("not-an-address"), "127.0.0.1", trust)).toBe("127.0.0.1");
    expect(clientAddress(request(), "127.0.0.1", trust)).toBe("127.0.0.1");
  });

  it("counts quote requests per real address: a forged X-Forwarded-For does not reset the limit", async () => {
    const server = await startServer({ TRUST_PROXY: "true", QUOTE_RATE_LIMIT: "2" });
    try {
      await database.db.delete(rateLimitHits);
      const post = (forwarded: string) =>
        fetch(`${server.origin}/devis`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: server.origin,
            // The client writes the left part; the proxy appends the address it saw.
            "x-forwarded-for": forwarded,
          },
          body: quoteForm(),
        });
      const statuses = [];
      for (const forged of ["1.1.1.1", "2.2.2.2", "3.3.3.3", "127.0.0.1"]) {
        const response = await post(`${forged}, 198.51.100.20`);
        await response.body?.cancel();
        statuses.push(response.status);
      }
      expect(statuses).toEqual([303, 303, 429, 429]);
      // Another real client is not affected.
      const other = await post("198.51.100.21");
      await other.body?.cancel();
      expect(other.status).toBe(303);
    } finally {
      await server.close();
    }
  });

  it("without TRUST_PROXY, X-Forwarded-For is ignored: the socket's address is counted", async () => {
    const server = await startServer({ TRUST_PROXY: "false", QUOTE_RATE_LIMIT: "1" });
    try {
      await database.db.delete(rateLimitHits);
      const statuses = [];
      for (const forged of ["1.1.1.1", "2.2.2.2"]) {
        const response = await fetch(`${server.origin}/devis`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: server.origin,
            "x-forwarded-for": forged,
          },
          body: quoteForm(),
        });
        await response.body?.cancel();
        statuses.push(response.status);
      }
      expect(statuses).toEqual([303, 429]);
    } finally {
      await server.close();
    }
  });
});
