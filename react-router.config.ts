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
} satisfies Config;
