import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.server.ts";

describe("loadEnv", () => {
  it("gives the documented defaults on an empty environment", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.TRUST_PROXY).toBe(false);
  });

  it("derives SITE_URL from PORT and strips a trailing slash from a given one", () => {
    expect(loadEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(loadEnv({ SITE_URL: "https://www.example.fr/" }).SITE_URL).toBe("https://www.example.fr");
  });

  it("treats empty strings as unset", () => {
    expect(loadEnv({ DATABASE_URL: "", SITE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("lists every invalid variable at once, in French", () => {
    try {
      loadEnv({ PORT: "soixante", DATABASE_URL: "mysql://x", LOG_LEVEL: "bavard", SITE_URL: "ftp://x" });
      expect.unreachable("loadEnv devait échouer");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "LOG_LEVEL", "SITE_URL"]) expect(problems).toContain(name);
      expect((error as EnvError).message).toMatch(/^Configuration invalide/);
    }
  });
});
