import { spawnSync } from "node:child_process";
import { load, printTable, startProductionServer, stopServer } from "./bench-lib.ts";
import { builtClientDir, compareWithNginx } from "./bench-static.ts";

// `npm run bench`: GET / (prerendered) and GET /faq (database), 10 s each, 20 connections,
// then GET / beside nginx serving the same file. BENCH_ONLY=http stops there, without the
// database and browser benches that follow.
const port = Number(process.env.BENCH_PORT ?? 3310);
const server = await startProductionServer(port);
try {
  const rows = [
    await load("GET / (prérendu)", `http://127.0.0.1:${port}/`),
    await load("GET /faq (base de données)", `http://127.0.0.1:${port}/faq`),
  ];
  printTable(rows);
  await compareWithNginx(`http://127.0.0.1:${port}`, builtClientDir());
} catch (error) {
  console.error(`Banc HTTP interrompu : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopServer(server);
}

const heavyBenches = [
  // The Prospects list on 5,000 requests (database queries only, no HTTP).
  "scripts/bench-leads.ts",
  // The quotes list on 5,000 quotes and the PDF of a 200-line quote (no HTTP either).
  "scripts/bench-quotes-list.ts",
  // Issuing 1,000 invoices (Factur-X PDF and XML) and the invoices list on 10,000 invoices (no HTTP).
  "scripts/bench-invoices.ts",
  // Chantiers: the month planning (50 sites, 15 people) and a site page with long histories (no HTTP).
  "scripts/bench-job-sites.ts",
  // Pointage: the office's week grid of 30 employees with 12 weeks of days entered (no HTTP).
  "scripts/bench-time-sheets.ts",
  // Achats: 200 e-invoices imported through the whole path, the supplier invoices list on 20,000 rows (no HTTP).
  "scripts/bench-purchases.ts",
  // The handover file of a site with 200 documents: its PDF and its ZIP (no HTTP).
  "scripts/bench-handover.ts",
  // Documents › Fichiers: the search on 50,000 uploaded files and 5,000 purchase orders, a record's tab (no HTTP).
  "scripts/bench-documents.ts",
  // The quote editor with 200 lines in Chromium: opening, keystrokes, save, moving a line.
  "scripts/bench-quote-editor.ts",
  // The backup and the restore of 10,000 invoices and 2 GB of files (embedded database on disk).
  "scripts/bench-backup.ts",
];
if (process.env.BENCH_ONLY === "http") {
  console.log("\nBENCH_ONLY=http : bancs de la base de données et de l'éditeur de devis ignorés.");
} else {
  for (const script of heavyBenches) {
    const run = spawnSync(process.execPath, [script], { stdio: "inherit" });
    if (run.status !== 0) process.exitCode = 1;
  }
}
