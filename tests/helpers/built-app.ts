import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { build } from "../../scripts/build.ts";
import { BUILD_DIR, buildIsFresh } from "../../scripts/build-stamp.ts";

/** The production build of the application (built first when missing or stale). */
export async function loadServerBuild(): Promise<{ build: ServerBuild; clientDir: string }> {
  if (!buildIsFresh()) build();
  const serverBuild = (await import(
    pathToFileURL(path.resolve(BUILD_DIR, "server", "index.js")).href
  )) as ServerBuild;
  return { build: serverBuild, clientDir: path.resolve(BUILD_DIR, "client") };
}
