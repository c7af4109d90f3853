import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The one-way imports of ARCHITECTURE.md are Biome rules (biome.json, noRestrictedImports per
 * layer and per feature). A feature folder added without its override would escape the
 * "no reaching into another feature" rule: this test names the missing one.
 */
type Override = { includes: string[]; linter?: { rules?: Record<string, Record<string, unknown>> } };

const config = JSON.parse(readFileSync("biome.json", "utf8")) as {
  linter: { rules: { suspicious?: { noImportCycles?: { level: string } } } };
  overrides: Override[];
};

describe("import layers in biome.json", () => {
  it("refuses import cycles, type-only ones included", () => {
    expect(config.linter.rules.suspicious?.noImportCycles).toMatchObject({
      level: "error",
      options: { ignoreTypes: false },
    });
  });

  const features = readdirSync("app/features").filter((name) =>
    statSync(`app/features/${name}`).isDirectory(),
  );

  it.each(features)("keeps app/features/%s out of the other features' files", (feature) => {
    const override = config.overrides.find((entry) => entry.includes.includes(`app/features/${feature}/**`));
    expect(override, `biome.json : ajoutez l'override de app/features/${feature}`).toBeDefined();
    const groups = JSON.stringify(override?.linter?.rules?.style?.noRestrictedImports);
    expect(groups).toContain('"#app/features/**"');
    expect(groups).toContain(`"!#app/features/${feature}/**"`);
    expect(groups).toContain('"#server/**"');
    // The relative paths: every other feature's folder name, whatever the depth of `../`.
    const others = features.filter((other) => other !== feature).join(",");
    expect(groups).toContain(`"**/{${others}}/**"`);
  });

  it.each(["app/db/**", "app/lib/**", "app/components/**", "app/routes/**"])("restricts %s", (layer) => {
    const override = config.overrides.find((entry) => entry.includes.includes(layer));
    expect(JSON.stringify(override?.linter?.rules?.style?.noRestrictedImports)).toContain('"#server/**"');
  });
});

/**
 * The rules above read import paths as written, so a feature could reach another by a
 * relative path (`../../invoices/labels.ts`) where `#app/features/**` does not match.
 * Plants such imports in a copy of the tree's biome.json (every feature, several depths
 * and spellings) beside files that stay inside their feature, runs Biome on it, and
 * checks it refuses exactly the crossing lines. (Biome's rule reads imports and re-exports,
 * static and dynamic, but not a `typeof import("…")` type.)
 */
describe("a feature reaching another by any path", () => {
  const features = readdirSync("app/features").filter((name) =>
    statSync(`app/features/${name}`).isDirectory(),
  );
  let root = "";
  const crossing = new Map<string, number[]>();
  let diagnostics: { category: string; location: { path: string; start: { line: number } } }[] = [];

  const plant = (path: string, specifiers: string[]) => {
    const source = specifiers.map((specifier, index) => `export * as m${index} from "${specifier}";`);
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${source.join("\n")}\n`);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "import-layers-"));
    const copy = { ...config, $schema: undefined, vcs: { enabled: false } };
    writeFileSync(join(root, "biome.json"), JSON.stringify(copy));
    for (const feature of features) {
      const others = features.filter((other) => other !== feature);
      plant(
        `app/features/${feature}/crossing.ts`,
        others.map((other) => `../${other}/x.ts`),
      );
      const deep = [
        ...others.map((other) => `../../../${other}/x.ts`),
        ...others.map((other) => `./../../../${other}/schema.ts`),
        ...others.map((other) => `../../../../features/${other}/x.ts`),
        ...others.map((other) => `#app/features/${feature}/../${other}/x.ts`),
      ];
      plant(`app/features/${feature}/components/deep/crossing.ts`, deep);
      crossing.set(
        `app/features/${feature}/crossing.ts`,
        others.map((_, index) => index + 1),
      );
      crossing.set(
        `app/features/${feature}/components/deep/crossing.ts`,
        deep.map((_, index) => index + 1),
      );
      plant(`app/features/${feature}/components/deep/clean.ts`, [
        "./sibling.ts",
        "../panel.tsx",
        "../../schema.ts",
        `#app/features/${feature}/schema.ts`,
        "../../../../lib/money.ts",
        "#app/lib/money.ts",
        "#app/components/ui/button.tsx",
        "zod",
      ]);
    }
    const biome = spawnSync(
      process.execPath,
      [
        resolve("node_modules/@biomejs/biome/bin/biome"),
        "lint",
        "--only=style/noRestrictedImports",
        "--reporter=json",
        "--max-diagnostics=none",
        "app",
      ],
      { cwd: root, encoding: "utf8" },
    );
    diagnostics = JSON.parse(biome.stdout).diagnostics;
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const linesOf = (path: string) =>
    diagnostics
      .filter((entry) => entry.location.path === path && entry.category === "lint/style/noRestrictedImports")
      .map((entry) => entry.location.start.line)
      .sort((a, b) => a - b);

  it.each(features)("refuses app/features/%s reaching any other feature by a relative path", (feature) => {
    for (const path of [
      `app/features/${feature}/crossing.ts`,
      `app/features/${feature}/components/deep/crossing.ts`,
    ]) {
      expect(linesOf(path), path).toEqual(crossing.get(path));
    }
  });

  it.each(features)("lets app/features/%s import itself, lib and components", (feature) => {
    expect(linesOf(`app/features/${feature}/components/deep/clean.ts`)).toEqual([]);
  });
});

/**
 * The server and the commands run under plain Node (type stripping), which loads `.ts`
 * and not `.tsx`: a `.server.ts` module that reaches a component through a chain of
 * imports starts in Vitest and in the build, then crashes the production server. Walks
 * the static imports from every entry point Node runs and names the chain.
 */
describe("modules Node runs directly", () => {
  const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/g;
  const resolve = (from: string, specifier: string): string | null => {
    if (specifier.startsWith("#app/")) return `app/${specifier.slice(5)}`;
    if (specifier.startsWith("#server/")) return `server/${specifier.slice(8)}`;
    if (specifier.startsWith(".")) {
      const base = from.split("/").slice(0, -1);
      for (const part of specifier.split("/")) {
        if (part === "..") base.pop();
        else if (part !== ".") base.push(part);
      }
      return base.join("/");
    }
    return null;
  };
  const chainToTsx = (entry: string): string[] | null => {
    const seen = new Set<string>();
    const walk = (file: string, chain: string[]): string[] | null => {
      if (seen.has(file)) return null;
      seen.add(file);
      if (file.endsWith(".tsx")) return [...chain, file];
      if (!file.endsWith(".ts")) return null;
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(IMPORT)) {
        const target = resolve(file, match[1] ?? "");
        if (!target) continue;
        const found = walk(target, [...chain, file]);
        if (found) return found;
      }
      return null;
    };
    return walk(entry, []);
  };
  const entries = [
    ...readdirSync("server")
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => `server/${name}`),
    ...readdirSync("scripts")
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => `scripts/${name}`),
  ];

  it.each(entries)("%s never reaches a .tsx file", (entry) => {
    expect(chainToTsx(entry), "chaîne d'imports jusqu'à un .tsx").toBeNull();
  });
});
