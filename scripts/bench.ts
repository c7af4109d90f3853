import { spawnSync } from "node:child_process";
import { load, printTable, startProductionServer, stopServer } from "./bench-lib.ts";

// `npm run bench`: GET / (prerendered) and GET /faq (database), 10 s each, 20 connections.
const port = Number(process.env.BENCH_PORT ?? 3310);
const server = await startProductionServer(port);
try {
  const rows = [
    await load("GET / (prérendu)", `http://127.0.0.1:${port}/`),
    await load("GET /faq (base de données)", `http://127.0.0.1:${port}/faq`),
  ];
  printTable(rows);
} finally {
  await stopServer(server);
}

// The Prospects list on 5,000 requests (database queries only, no HTTP).
const leads = spawnSync(process.execPath, ["scripts/bench-leads.ts"], { stdio: "inherit" });
if (leads.status !== 0) process.exitCode = 1;

// The quotes list on 5,000 quotes and the PDF of a 200-line quote (no HTTP either).
const quotesList = spawnSync(process.execPath, ["scripts/bench-quotes-list.ts"], { stdio: "inherit" });
if (quotesList.status !== 0) process.exitCode = 1;

// Issuing 1,000 invoices (Factur-X PDF and XML) and the invoices list on 10,000 invoices (no HTTP).
const invoicesBench = spawnSync(process.execPath, ["scripts/bench-invoices.ts"], { stdio: "inherit" });
if (invoicesBench.status !== 0) process.exitCode = 1;

// The quote editor with 200 lines in Chromium: opening, keystrokes, save, moving a line.
const quoteEditor = spawnSync(process.execPath, ["scripts/bench-quote-editor.ts"], { stdio: "inherit" });
if (quoteEditor.status !== 0) process.exitCode = 1;
