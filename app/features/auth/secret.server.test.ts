import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { resolveAuthSecret } from "./secret.server.ts";

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "auth-secret-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the session secret", () => {
  it("is AUTH_SECRET when set, and refuses one under 32 characters", () => {
    const env = loadEnv({
      NODE_ENV: "production",
      SITE_URL: "https://www.batirade.fr",
      AUTH_SECRET: "s".repeat(40),
      DATA_DIR: dataDir(),
    });
    expect(resolveAuthSecret(env)).toBe("s".repeat(40));
    expect(() => loadEnv({ AUTH_SECRET: "court" })).toThrow(EnvError);
  });

  it("on a local machine: generated once into DATA_DIR/auth-secret (0600), then kept", () => {
    const dir = dataDir();
    const env = loadEnv({ NODE_ENV: "production", DATA_DIR: dir });
    const first = resolveAuthSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(loadEnv({ NODE_ENV: "development", DATA_DIR: dir }))).toBe(first);
  });

  it("stops a public production site without AUTH_SECRET, unless a generated one exists", () => {
    const dir = dataDir();
    const env = loadEnv({ NODE_ENV: "production", SITE_URL: "https://www.batirade.fr", DATA_DIR: dir });
    expect(() => resolveAuthSecret(env)).toThrow(/AUTH_SECRET : obligatoire en production/);
    writeFileSync(path.join(dir, "auth-secret"), `${"g".repeat(43)}\n`, { mode: 0o600 });
    expect(resolveAuthSecret(env)).toBe("g".repeat(43));
  });
});
