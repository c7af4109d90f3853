import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.server.ts";

/** What loadEnv refuses in `source` (none: it loads). */
function problems(source: Record<string, string>) {
  try {
    loadEnv(source);
    return [];
  } catch (error) {
    return (error as EnvError).problems;
  }
}

/** A complete S3 setting for the application's files (AWS itself: no endpoint). */
const S3_FILES = {
  S3_BUCKET: "batirade-fichiers",
  S3_REGION: "eu-west-3",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret-exemple",
};

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

  it("reaches the Géoplateforme's geocoding by default; GEOCODING_URL points elsewhere, an http(s) URL only", () => {
    expect(loadEnv({}).GEOCODING_URL).toBe("https://data.geopf.fr/geocodage");
    expect(loadEnv({ GEOCODING_URL: "" }).GEOCODING_URL).toBe("https://data.geopf.fr/geocodage");
    expect(loadEnv({ GEOCODING_URL: "http://127.0.0.1:4010/geocodage/" }).GEOCODING_URL).toBe(
      "http://127.0.0.1:4010/geocodage",
    );
    expect(problems({ GEOCODING_URL: "ftp://data.geopf.fr" })).toEqual([
      "GEOCODING_URL : doit être une URL http(s)",
    ]);
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

  it("keeps files on the disk when no S3_* variable is set", () => {
    const env = loadEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_ENDPOINT).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadEnv({ S3_BUCKET: "", S3_ENDPOINT: "", S3_FORCE_PATH_STYLE: "" }).S3_BUCKET).toBeUndefined();
  });

  it("reads an S3-compatible bucket; the endpoint is optional (AWS itself)", () => {
    const aws = loadEnv(S3_FILES);
    expect(aws.S3_BUCKET).toBe("batirade-fichiers");
    expect(aws.S3_ENDPOINT).toBeUndefined();
    expect(aws.S3_FORCE_PATH_STYLE).toBe(false);
    const compatible = loadEnv({
      ...S3_FILES,
      S3_ENDPOINT: "https://s3.example.net",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(compatible.S3_ENDPOINT).toBe("https://s3.example.net");
    expect(compatible.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it("with S3_BUCKET, names each missing region or key in French, and never a secret", () => {
    try {
      loadEnv({ S3_BUCKET: "batirade-fichiers", S3_SECRET_ACCESS_KEY: "ne-pas-afficher" });
      expect.unreachable("loadEnv devait échouer");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems).toEqual([
        "S3_REGION : obligatoire quand S3_BUCKET est renseignée (fichiers sur un stockage S3)",
        "S3_ACCESS_KEY_ID : obligatoire quand S3_BUCKET est renseignée (fichiers sur un stockage S3)",
      ]);
      expect((error as EnvError).message).not.toContain("ne-pas-afficher");
    }
  });

  it("refuses S3 settings without a bucket, a bad endpoint, bucket name or path-style flag", () => {
    expect(problems({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "eu-west-3" })).toEqual([
      "S3_BUCKET : manquante alors que S3_ENDPOINT, S3_REGION sont renseignées : sans compartiment, les fichiers resteraient sur le disque local",
    ]);
    const complete = { S3_BUCKET: "b1b", S3_REGION: "r", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" };
    expect(problems({ ...complete, S3_ENDPOINT: "ftp://x" })[0]).toMatch(/^S3_ENDPOINT : /);
    expect(problems({ ...complete, S3_BUCKET: "a" })[0]).toMatch(/^S3_BUCKET : nom de compartiment invalide/);
    expect(problems({ ...complete, S3_FORCE_PATH_STYLE: "oui" })).toEqual([
      "S3_FORCE_PATH_STYLE : doit valoir true ou false",
    ]);
  });
  it("scheduled backups on S3: a prefix on the files' bucket, or another bucket whose settings fall back to S3_*", () => {
    const same = loadEnv({ ...S3_FILES, BACKUP_S3_PREFIX: "sauvegardes" });
    expect(same.BACKUP_S3_PREFIX).toBe("sauvegardes/");
    expect(same.BACKUP_S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(problems({ ...S3_FILES, BACKUP_S3_PREFIX: "devis/" })).toEqual([
      "BACKUP_S3_PREFIX : dans le compartiment des fichiers (S3_BUCKET), le dossier des sauvegardes doit commencer par « sauvegarde » (sauvegardes/), pour ne jamais se mêler aux fichiers de l'application",
    ]);
    // Another bucket: any prefix, the S3_* keys reused.
    expect(problems({ ...S3_FILES, BACKUP_S3_PREFIX: "batirade/", BACKUP_S3_BUCKET: "hors-site" })).toEqual(
      [],
    );
    expect(problems({ BACKUP_S3_PREFIX: "Sauvegardes Du Jour" })[0]).toMatch(
      /^BACKUP_S3_PREFIX : dossier dans le compartiment : lettres minuscules/,
    );
    expect(
      problems({ BACKUP_S3_PREFIX: "sauvegardes/", BACKUP_S3_SECRET_ACCESS_KEY: "ne-pas-afficher" }),
    ).toEqual([
      "BACKUP_S3_BUCKET : obligatoire avec BACKUP_S3_PREFIX quand S3_BUCKET n'est pas renseignée : dans quel compartiment déposer les sauvegardes ?",
      "BACKUP_S3_REGION : obligatoire pour les sauvegardes sur S3 (BACKUP_S3_PREFIX), faute de S3_REGION",
      "BACKUP_S3_ACCESS_KEY_ID : obligatoire pour les sauvegardes sur S3 (BACKUP_S3_PREFIX), faute de S3_ACCESS_KEY_ID",
    ]);
    expect(problems({ BACKUP_S3_BUCKET: "hors-site", BACKUP_S3_FORCE_PATH_STYLE: "true" })).toEqual([
      "BACKUP_S3_PREFIX : manquante alors que BACKUP_S3_BUCKET, BACKUP_S3_FORCE_PATH_STYLE sont renseignées : sans elle, les sauvegardes automatiques vont sur le disque (BACKUP_DIR)",
    ]);
    expect(
      problems({ ...S3_FILES, BACKUP_S3_PREFIX: "sauvegardes/", BACKUP_S3_FORCE_PATH_STYLE: "oui" }),
    ).toEqual(["BACKUP_S3_FORCE_PATH_STYLE : doit valoir true ou false"]);
  });
});
