import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|data|txt|xml|webmanifest)$/;

/** Writes .br and .gz beside every compressible file of the client build, once, at build time. */
export function precompress(root: string): { files: number; saved: number } {
  let files = 0;
  let saved = 0;
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
        continue;
      }
      if (!COMPRESSIBLE.test(entry.name) || statSync(full).size < 1024) continue;
      const content = readFileSync(full);
      const br = zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      const gz = zlib.gzipSync(content, { level: 9 });
      writeFileSync(`${full}.br`, br);
      writeFileSync(`${full}.gz`, gz);
      files += 1;
      saved += content.length - br.length;
    }
  };
  visit(root);
  return { files, saved };
}
