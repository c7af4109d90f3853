import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox"] });
const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableFullPageScreenshot: true, additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" });
await chrome.kill();
const m = r.lhr.audits.metrics.details.items[0];
console.log("score", r.lhr.categories.performance.score, "FCP", m.firstContentfulPaint, "LCP", m.largestContentfulPaint, "TBT", m.totalBlockingTime, "obsFCP", m.observedFirstContentfulPaint, "obsLoad", m.observedLoad);
const ev = r.artifacts.Trace.traceEvents;
const parse = ev.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url === url);
const { pid, tid } = parse;
const nav = ev.filter((e) => e.name === "navigationStart" && e.pid === pid && e.args?.data?.documentLoaderURL === url).pop();
const t0 = nav.ts;
const main = ev.filter((e) => e.pid === pid && e.tid === tid && e.ts >= t0).sort((a, b) => a.ts - b.ts);
const chunks = ev.filter((e) => e.name === "ProfileChunk" && e.pid === pid);
const nodes = new Map(); const samples = []; 
const profile = ev.find((e) => e.name === "Profile" && e.pid === pid);
let t = profile?.args?.data?.startTime ?? 0;
for (const c of chunks) {
  const d = c.args?.data?.cpuProfile; if (!d) continue;
  for (const n of d.nodes ?? []) nodes.set(n.id, n);
  const deltas = c.args.data.timeDeltas ?? [];
  (d.samples ?? []).forEach((s, i) => { t += deltas[i]; samples.push([t, s]); });
}
const parents = new Map(); for (const n of nodes.values()) if (n.parent) parents.set(n.id, n.parent);
const name = (n) => `${n.callFrame.functionName || "(anon)"}@${(n.callFrame.url ?? "").split("/").pop()}:${n.callFrame.lineNumber}`;
for (const task of main.filter((e) => e.name === "RunTask" && e.dur > 12000 && (e.ts - t0) / 1000 > m.observedFirstContentfulPaint - 50)) {
  const inTask = samples.filter(([ts]) => ts >= task.ts && ts < task.ts + task.dur);
  const self = new Map(); const incl = new Map();
  for (let i = 0; i < inTask.length; i++) {
    const dt = ((inTask[i + 1]?.[0] ?? inTask[i][0]) - inTask[i][0]) / 1000;
    let n = nodes.get(inTask[i][1]); if (!n) continue;
    self.set(name(n), (self.get(name(n)) ?? 0) + dt);
    const seen = new Set();
    while (n) { const k = name(n); if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + dt); seen.add(k); } n = nodes.get(parents.get(n.id)); }
  }
  console.log(`\n== ${((task.ts - t0) / 1000).toFixed(0)}ms task ${(task.dur / 1000).toFixed(1)}ms`);
  console.log(" incl: " + [...incl.entries()].filter(([k]) => !k.startsWith("(root)") && !k.startsWith("(program)")).sort((a, b) => b[1] - a[1]).slice(0, 60).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(" | "));
}
