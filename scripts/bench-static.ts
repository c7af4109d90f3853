import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { type LoadResult, load, printTable, startProductionServer, stopServer } from "./bench-lib.ts";
import { BUILD_DIR } from "./build-stamp.ts";

/*
 * GET / (a prerendered page) from our server beside nginx serving the same built file,
 * on this machine, in the same run. Run alone with `npm run bench` and BENCH_ONLY=http,
 * or `npm run bench:static`.
 */

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
/**
 * Both servers are loaded asking for gzip: each then sends the same bytes, the .gz file
 * written at build time (scripts/precompress.ts; nginx through gzip_static). Brotli
 * would need a module nginx-light does not have.
 */
const COMPARED_ENCODING = "gzip";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 20;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** nginx's temporary folders, for the modules this nginx was built with (nginx-light has fewer). */
function tempPathDirectives(dir: string): string[] {
  const version = spawnSync(NGINX, ["-V"], { encoding: "utf8" });
  const built = `${version.stdout}${version.stderr}`;
  const modules = ["proxy", "fastcgi", "uwsgi", "scgi"].filter(
    (module) => !built.includes(`--without-http_${module}_module`),
  );
  const directives = [`client_body_temp_path ${path.join(dir, "client_body")};`];
  for (const module of modules) directives.push(`${module}_temp_path ${path.join(dir, module)};`);
  return directives;
}

function nginxConfig(dir: string, port: number, root: string): string {
  const asRoot = process.getuid?.() === 0;
  return `# Written by scripts/bench-static.ts for one run, then deleted.
${asRoot ? `# Run as root: the workers would otherwise switch to nobody; they stay the current user.\nuser ${userInfo().username};` : ""}
# Our server is one Node process (server/index.ts, no cluster): one nginx worker is the
# like-for-like comparison, and leaves the other core to autocannon, as it does for us.
worker_processes 1;
# In the foreground, as our child: stopping it is killing one process we started.
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;

events {
  worker_connections 1024;
}

http {
  types {
    text/html html;
    text/javascript js mjs;
    text/css css;
    application/json json;
    image/svg+xml svg;
  }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  # Node's server sets no cap on the requests of a kept-alive connection; nginx's default is 1,000.
  keepalive_requests 1000000;
  ${tempPathDirectives(dir).join("\n  ")}

  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    # The precompressed .gz sibling, as our server sends it.
    gzip_static on;
    gzip_vary on;
    location / {
      try_files $uri $uri/ =404;
    }
  }
}
`;
}

async function waitForHttp(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const log = existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "";
      throw new Error(`nginx s'est arrêté au démarrage (code ${child.exitCode}).\n${log}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("nginx n'a pas répondu à temps.");
}

async function stopNginx(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

/** The pass of median throughput. */
function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)] as LoadResult;
}

/** What one GET / answers with the compared encoding: status, encoding and size on the wire. */
async function firstResponse(url: string): Promise<string> {
  const response = await fetch(url, { headers: { "accept-encoding": COMPARED_ENCODING } });
  await response.arrayBuffer();
  const encoding = response.headers.get("content-encoding") ?? "aucun";
  return `${response.status}, encodage ${encoding}, ${response.headers.get("content-length") ?? "?"} octets`;
}

/**
 * Loads GET / of our server (at `origin`) and of an nginx serving `clientDir` in turn, with
 * the same autocannon settings, and prints the median pass of each and their ratio.
 * Without nginx, says so.
 */
export async function compareWithNginx(origin: string, clientDir: string): Promise<void> {
  if (!existsSync(NGINX)) {
    console.log(
      `\nComparaison avec nginx ignorée : ${NGINX} est introuvable. Pour l'ajouter : sudo apt-get install nginx-light`,
    );
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "batirade-nginx-"));
  const errorLog = path.join(dir, "error.log");
  let nginx: ChildProcess | undefined;
  // Should this process die without reaching `finally`, its nginx goes with it.
  const killOnExit = () => nginx?.kill("SIGKILL");
  process.once("exit", killOnExit);
  try {
    const port = await freePort();
    const config = path.join(dir, "nginx.conf");
    writeFileSync(config, nginxConfig(dir, port, path.resolve(clientDir)));
    nginx = spawn(NGINX, ["-p", dir, "-e", errorLog, "-c", config], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const nginxUrl = `http://127.0.0.1:${port}/`;
    const ourUrl = `${origin}/`;
    await waitForHttp(nginxUrl, nginx, errorLog);

    console.log(
      `\nGET / : notre serveur et nginx (${NGINX}, 1 worker), Accept-Encoding: ${COMPARED_ENCODING}`,
    );
    console.log(`- notre serveur : ${await firstResponse(ourUrl)}`);
    console.log(`- nginx : ${await firstResponse(nginxUrl)}`);
    await load("échauffement", ourUrl, WARM_UP_SECONDS, CONNECTIONS, COMPARED_ENCODING);
    await load("échauffement", nginxUrl, WARM_UP_SECONDS, CONNECTIONS, COMPARED_ENCODING);
    // Passes in turn, so that a burst of other work on the machine weighs on both sides.
    const ours: LoadResult[] = [];
    const reference: LoadResult[] = [];
    for (let pass = 0; pass < ROUNDS; pass++) {
      ours.push(await load(`GET / (notre serveur)`, ourUrl, SECONDS, CONNECTIONS, COMPARED_ENCODING));
      reference.push(
        await load(`GET / (nginx, même fichier)`, nginxUrl, SECONDS, CONNECTIONS, COMPARED_ENCODING),
      );
    }
    const ourMedian = median(ours);
    const nginxMedian = median(reference);
    console.log(`
Médiane de ${ROUNDS} passes de ${SECONDS} s chacune, en alternance :`);
    printTable([ourMedian, nginxMedian]);
    const ratio =
      nginxMedian.requestsPerSecond > 0
        ? (ourMedian.requestsPerSecond / nginxMedian.requestsPerSecond) * 100
        : 0;
    console.log(`\nRapport notre serveur / nginx : ${Math.round(ratio)} % (objectif : 50 % ou plus)`);
  } finally {
    if (nginx) await stopNginx(nginx);
    process.removeListener("exit", killOnExit);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** build/client of the build the production server runs (BUILD_DIR, as scripts/build.ts). */
export function builtClientDir(): string {
  return path.resolve(BUILD_DIR, "client");
}

if (import.meta.main) {
  const port = Number(process.env.BENCH_PORT ?? 3310);
  const server = await startProductionServer(port);
  try {
    await compareWithNginx(`http://127.0.0.1:${port}`, builtClientDir());
  } finally {
    await stopServer(server);
  }
}
