import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** What the production bundle is made from; a change to any of it makes the build stale. */
const INPUTS = [
  "app",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
  "tsconfig.json",
];
/** The canonical origin is baked into prerendered pages (its default follows PORT). */
function bakedSiteUrl(): string {
  return process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`;
}

export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const STAMP_FILE = path.join(BUILD_DIR, ".stamp");

function files(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter(
      (dirent) =>
        !dirent.name.startsWith(".") &&
        !dirent.name.endsWith(".test.ts") &&
        !dirent.name.endsWith(".test.tsx"),
    )
    .flatMap((dirent) => files(path.join(entry, dirent.name)))
    .sort();
}

export function computeStamp(): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((input) => files(input))) {
    hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(`SITE_URL=${bakedSiteUrl()}\0BUILD_DIR=${BUILD_DIR}\0`);
  return hash.digest("hex");
}

export function buildIsFresh(): boolean {
  if (!existsSync(STAMP_FILE) || !existsSync(path.join(BUILD_DIR, "server", "index.js"))) return false;
  return readFileSync(STAMP_FILE, "utf8").trim() === computeStamp();
}
