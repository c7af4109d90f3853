import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "./build.ts";
import { buildIsFresh } from "./build-stamp.ts";

// The production server on a fresh data directory, for the end-to-end tests.
process.env.NODE_ENV = "production";
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "batirade-e2e-"));
if (!buildIsFresh()) build();
await import("../server/index.ts");
