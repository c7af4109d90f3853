import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md: Radix primitives are wrapped once, in app/components/ui. A feature or
// a route that imports "radix-ui" itself is named here.
const UI_DIR = path.join("app", "components", "ui");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("Radix boundary", () => {
  it('only app/components/ui imports from "radix-ui"', () => {
    const offenders = sourceFiles("app").filter(
      (file) =>
        !file.startsWith(`${UI_DIR}${path.sep}`) &&
        /from\s+["']radix-ui(?:\/[^"']*)?["']|import\(\s*["']radix-ui/.test(readFileSync(file, "utf8")),
    );
    expect(offenders, "importez le composant de app/components/ui à la place").toEqual([]);
  });
});
