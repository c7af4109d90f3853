import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepareBuildDir } from "./build.ts";

/**
 * BUILD_DIR outside the project (README: parallel checkouts, benchmarks). The server build
 * imports its packages by name, as `build/server/assets/*.js` does (`react-router`, `pg`,
 * …); from a folder outside the project Node found none of them, so the prerender of
 * `npm run build` answered 500 for `/` and `npm start` could not load the build. A full
 * build takes a minute on a busy machine: this test reproduces the failing import itself,
 * in a folder of the system's temporary directory, before and after `prepareBuildDir`.
 */
const projectRoot = path.resolve(import.meta.dirname, "..");
let outside: string;

/** Runs a module of the server build's shape from `dir`, as the prerender and `npm start` load it. */
function importPackagesFrom(buildDir: string) {
  const assets = path.join(buildDir, "server", "assets");
  mkdirSync(assets, { recursive: true });
  writeFileSync(
    path.join(assets, "server-build.js"),
    'import { createContext } from "react-router";\nimport { z } from "zod";\nconsole.log(typeof createContext, typeof z.object);\n',
  );
  return spawnSync(process.execPath, [path.join(assets, "server-build.js")], {
    cwd: outside,
    encoding: "utf8",
  });
}

beforeEach(() => {
  outside = realpathSync(mkdtempSync(path.join(tmpdir(), "batirade-build-dir-")));
});
afterEach(() => rmSync(outside, { recursive: true, force: true }));

describe("a BUILD_DIR outside the project", () => {
  it("is outside the project", () => {
    expect(path.relative(projectRoot, outside).startsWith("..")).toBe(true);
  });

  it("lets the server build import the project's packages", () => {
    const buildDir = path.join(outside, "x", "build");
    const before = importPackagesFrom(buildDir);
    expect(before.status).not.toBe(0);
    expect(before.stderr).toContain("ERR_MODULE_NOT_FOUND");

    prepareBuildDir(buildDir, projectRoot);
    const after = importPackagesFrom(buildDir);
    expect(after.stderr).toBe("");
    expect(after.stdout.trim()).toBe("function function");
    expect(readlinkSync(path.join(buildDir, "node_modules"))).toBe(path.join(projectRoot, "node_modules"));
  });

  it("empties the client and server of an earlier build, and keeps the link once made", () => {
    const buildDir = path.join(outside, "build");
    prepareBuildDir(buildDir, projectRoot);
    mkdirSync(path.join(buildDir, "client", "assets"), { recursive: true });
    writeFileSync(path.join(buildDir, "client", "assets", "old-ABC123.js"), "");
    mkdirSync(path.join(buildDir, "server"), { recursive: true });
    writeFileSync(path.join(buildDir, "server", "index.js"), "");

    prepareBuildDir(buildDir, projectRoot);
    expect(existsSync(path.join(buildDir, "client"))).toBe(false);
    expect(existsSync(path.join(buildDir, "server"))).toBe(false);
    expect(lstatSync(path.join(buildDir, "node_modules")).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(buildDir, "node_modules", "react-router", "package.json"))).toBe(true);
  });

  it("points a link left by another checkout at this project's packages", () => {
    const buildDir = path.join(outside, "build");
    mkdirSync(buildDir);
    symlinkSync(path.join(outside, "elsewhere"), path.join(buildDir, "node_modules"));
    prepareBuildDir(buildDir, projectRoot);
    expect(readlinkSync(path.join(buildDir, "node_modules"))).toBe(path.join(projectRoot, "node_modules"));
  });

  it("leaves a real node_modules folder alone", () => {
    const buildDir = path.join(outside, "build");
    mkdirSync(path.join(buildDir, "node_modules"), { recursive: true });
    prepareBuildDir(buildDir, projectRoot);
    expect(lstatSync(path.join(buildDir, "node_modules")).isDirectory()).toBe(true);
  });
});

describe("a BUILD_DIR inside the project", () => {
  it("is left to React Router: no link, nothing removed", () => {
    const fakeProject = path.join(outside, "project");
    const buildDir = path.join(fakeProject, "build");
    mkdirSync(path.join(buildDir, "client"), { recursive: true });
    prepareBuildDir(buildDir, fakeProject);
    expect(existsSync(path.join(buildDir, "client"))).toBe(true);
    expect(existsSync(path.join(buildDir, "node_modules"))).toBe(false);
  });
});
