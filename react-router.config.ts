import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/routes/public-paths.ts";

export default {
  appDirectory: "app",
  // BUILD_DIR lets parallel checkouts or benchmarks keep separate builds.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Public pages that do not depend on the request are rendered to HTML at build
  // time; the server hands them out as static files (see server/static.ts).
  prerender: [...prerenderedPaths],
  // The whole route manifest ships with the first load (about 4 KB compressed), so
  // hydration does not end with a /__manifest request and a route patch for every
  // link on the page (decision 009).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
