import { readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

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
  });

  it.each(["app/db/**", "app/lib/**", "app/components/**", "app/routes/**"])("restricts %s", (layer) => {
    const override = config.overrides.find((entry) => entry.includes.includes(layer));
    expect(JSON.stringify(override?.linter?.rules?.style?.noRestrictedImports)).toContain('"#server/**"');
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
