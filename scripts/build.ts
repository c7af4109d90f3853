import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { BUILD_DIR, buildIsFresh, computeStamp, STAMP_FILE } from "./build-stamp.ts";
import { precompress } from "./precompress.ts";

/** Production build: React Router (with prerendering), then precompressed static files and the stamp. */
export function build(): void {
  const stamp = computeStamp();
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
