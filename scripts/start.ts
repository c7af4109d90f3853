import { build } from "./build.ts";
import { buildIsFresh } from "./build-stamp.ts";

// `npm start`: build the production bundle when it is missing or stale, then serve.
process.env.NODE_ENV ??= "production";
if (!buildIsFresh()) {
  console.log("Build de production absent ou périmé : construction en cours…");
  build();
}
await import("../server/index.ts");
