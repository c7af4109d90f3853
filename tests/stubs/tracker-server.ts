import { createServer } from "node:http";

/**
 * A loopback stand-in for the two third-party trackers (the video-ad pixel and the
 * tracking script), for the consent tests: it serves their scripts, records what
 * they send, and answers GET /events with everything received.
 */
type Received = { event: string; properties: Record<string, unknown>; from: string; at: string };

const PIXEL_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const send = (event, properties) =>
    fetch(origin + "/collect", { method: "POST", mode: "cors", headers: { "content-type": "text/plain" },
      body: JSON.stringify({ event, properties: properties || {}, from: "pixel" }) });
  const queue = window.ttq || [];
  const pending = Array.isArray(queue) ? queue.splice(0) : [];
  queue.page = () => send("Pageview", { url: location.pathname });
  queue.track = (event, properties) => send(event, properties);
  queue.revokeConsent = () => send("revoke", {});
  for (const [method, ...args] of pending) if (typeof queue[method] === "function") queue[method](...args);
})();`;

const TRACKING_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  fetch(origin + "/collect", { method: "POST", mode: "cors", headers: { "content-type": "text/plain" },
    body: JSON.stringify({ event: "visit", properties: { url: location.pathname }, from: "script" }) });
})();`;

export function startTrackerServer(port: number, host = "127.0.0.1") {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    response.setHeader("Access-Control-Allow-Origin", "*");
    response.setHeader("Access-Control-Allow-Headers", "content-type");
    const url = new URL(request.url ?? "/", `http://${host}`);
    if (request.method === "OPTIONS") return void response.writeHead(204).end();
    if (url.pathname === "/i18n/pixel/events.js") {
      response.writeHead(200, { "content-type": "text/javascript" }).end(PIXEL_SCRIPT);
      return;
    }
    if (url.pathname === "/tracker.js") {
      response.writeHead(200, { "content-type": "text/javascript" }).end(TRACKING_SCRIPT);
      return;
    }
    if (url.pathname === "/collect" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        try {
          const parsed = JSON.parse(body) as Omit<Received, "at">;
          received.push({ ...parsed, at: new Date().toISOString() });
        } catch {
          // ignore malformed beacons
        }
        response.writeHead(204).end();
      });
      return;
    }
    if (url.pathname === "/events") {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(received));
      return;
    }
    if (url.pathname === "/reset" && request.method === "POST") {
      received.length = 0;
      response.writeHead(204).end();
      return;
    }
    if (url.pathname === "/healthz") return void response.writeHead(200).end("ok");
    response.writeHead(404).end();
  });
  server.listen(port, host);
  return { server, received };
}

if (import.meta.main) {
  const port = Number(process.env.TRACKER_PORT ?? 3299);
  startTrackerServer(port);
  console.log(`Traceurs factices sur http://127.0.0.1:${port}`);
}
