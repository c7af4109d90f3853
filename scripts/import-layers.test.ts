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
