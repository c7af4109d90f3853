import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUILD_DIR, buildIsFresh, computeStamp, STAMP_FILE } from "./build-stamp.ts";
import { precompress } from "./precompress.ts";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Readies a BUILD_DIR outside the project (`/tmp/x/build`); inside it, nothing to do.
 * - The server build imports its packages by name (`react-router`, `pg`, `sharp`, …), and
 *   Node looks for them in the `node_modules` folders above the importing file: in the
 *   project they are found, in `/tmp/x/build` there are none and the first import fails
 *   (the prerender answered 500 for every page, and `npm start` could not load the build
 *   either). A link BUILD_DIR/node_modules → the project's node_modules gives both the
 *   project's packages; a real folder already there is left alone.
 * - React Router empties a BUILD_DIR inside the project, and only there: elsewhere the
 *   files of every earlier build would stay and be served, so client/ and server/ are
 *   removed here. (Its --emptyOutDir would remove the whole folder, the link with it.)
 */
export function prepareBuildDir(buildDir: string = BUILD_DIR, projectRoot: string = PROJECT_ROOT): void {
  const dir = path.resolve(buildDir);
  const relative = path.relative(projectRoot, dir);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return;
  for (const output of ["client", "server"]) rmSync(path.join(dir, output), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const target = path.join(projectRoot, "node_modules");
  const link = path.join(dir, "node_modules");
  const existing = lstatSync(link, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) {
    if (readlinkSync(link) === target) return;
    unlinkSync(link);
  } else if (existing) {
    return;
  }
  // "junction": a folder link Windows makes without privileges; ignored elsewhere.
  symlinkSync(target, link, "junction");
}

/** Production build: React Router (with prerendering), then precompressed static files and the stamp. */
export function build(): void {
  const stamp = computeStamp();
  prepareBuildDir();
  const result = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("Le build a échoué.");
    process.exit(result.status ?? 1);
  }
  const { files, saved } = precompress(`${BUILD_DIR}/client`);
  console.log(`Fichiers précompressés : ${files} (${Math.round(saved / 1024)} Kio économisés)`);
  writeFileSync(STAMP_FILE, `${stamp}\n`);
}

if (import.meta.main) {
  if (process.argv.includes("--if-stale") && buildIsFresh()) console.log("Build de production à jour.");
  else build();
}
