import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "#app/db/client.server.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { startSmtpServer } from "#tests/helpers/smtp-server.ts";
import { startProductionServer, stopServer } from "./bench-lib.ts";

// `npm run bench:quotes`: 1,000 quote requests without photos, then 100 with a 1 MB
// photo, 20 at a time, against the production server (PGlite in a fresh data folder,
// or PostgreSQL at BENCH_DATABASE_URL), mail going to a loopback SMTP server. Prints
// throughput and p50/p99, then checks that every request was stored and every e-mail
// arrived. Exits 1 when anything is missing.

const port = Number(process.env.BENCH_PORT ?? 3311);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const CONCURRENCY = 20;
const PLAIN = Number(process.env.BENCH_QUOTES ?? 1000);
const WITH_PHOTO = Number(process.env.BENCH_QUOTES_PHOTO ?? 100);
const NOTIFY = "devis@bench.test";
const run = randomUUID().slice(0, 8);

async function onePhoto(): Promise<Buffer> {
  // Noise does not compress: about 1 MB of real JPEG.
  const photo = await sharp({
    create: {
      width: 1200,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return photo;
}

function quoteForm(index: number, photo?: Buffer): FormData {
  const body = new FormData();
  body.set("user_name", `Client Banc ${index}`);
  // One mailbox per request and run: acknowledgements are limited per recipient.
  body.set("user_email", `client${index}.${run}@bench.test`);
  body.set("user_phone", "06 12 34 56 78");
  body.set("work_type", "Rénovation complète");
  body.set("budget", "5 000 € - 15 000 €");
  body.set("message", `Demande de banc d'essai ${run} numéro ${index}.`);
  body.set("consent", "on");
  body.set("source", "modal");
  body.set("js", "1");
  if (photo)
    body.append("photos", new File([new Uint8Array(photo)], `photo-${index}.jpg`, { type: "image/jpeg" }));
  return body;
}

type Phase = { label: string; latencies: number[]; failures: string[]; seconds: number };

async function phase(label: string, total: number, offset: number, photo?: Buffer): Promise<Phase> {
  const latencies: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = offset + next++;
      const body = quoteForm(index, photo);
      const t0 = performance.now();
      try {
        const response = await fetch(`http://127.0.0.1:${port}/devis.data`, { method: "POST", body });
        const text = await response.text();
        latencies.push(performance.now() - t0);
        if (response.status !== 200 || !text.includes("success"))
          failures.push(`${response.status} ${text.slice(0, 120)}`);
      } catch (error) {
        latencies.push(performance.now() - t0);
        failures.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { label, latencies, failures, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 10) / 10;
}

function printPhases(phases: Phase[]) {
  console.log(`\nBase : ${databaseUrl ? "PostgreSQL" : "PGlite"} · ${CONCURRENCY} requêtes simultanées`);
  console.log("| cible | requêtes | req/s | p50 (ms) | p99 (ms) | max (ms) | échecs |");
  console.log("|---|---|---|---|---|---|---|");
  for (const result of phases) {
    const sorted = [...result.latencies].sort((a, b) => a - b);
    const rate = Math.round((result.latencies.length / result.seconds) * 10) / 10;
    console.log(
      `| ${result.label} | ${result.latencies.length} | ${rate} | ${percentile(sorted, 50)} | ${percentile(sorted, 99)} | ${percentile(sorted, 100)} | ${result.failures.length} |`,
    );
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-bench-quotes-"));
const smtp = await startSmtpServer({ parse: false });
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  QUOTE_RATE_LIMIT: "0",
  SMTP_URL: smtp.url,
  NOTIFY_EMAIL: NOTIFY,
};
if (databaseUrl) env.DATABASE_URL = databaseUrl;

let ok = true;
const server = await startProductionServer(port, env).catch(async (error: unknown) => {
  await smtp.close();
  throw error;
});
let phases: Phase[] = [];
let mailSeconds = 0;
const expectedMails = 2 * (PLAIN + WITH_PHOTO);
try {
  const photo = await onePhoto();
  console.log(`Photo de test : ${(photo.byteLength / (1024 * 1024)).toFixed(2)} Mo (JPEG)`);
  phases = [
    await phase("POST /devis sans photo", PLAIN, 0),
    await phase("POST /devis avec une photo de 1 Mo", WITH_PHOTO, PLAIN, photo),
  ];
  const mailStart = performance.now();
  await smtp.waitForMessages(expectedMails, 180_000).catch((error: Error) => {
    console.error(`E-mails : ${error.message}`);
    ok = false;
  });
  mailSeconds = (performance.now() - mailStart) / 1000;
} finally {
  await stopServer(server);
  await smtp.close();
}

printPhases(phases);
for (const result of phases) {
  if (result.failures.length > 0) {
    ok = false;
    console.error(`${result.label} : ${result.failures.length} échec(s), par exemple ${result.failures[0]}`);
  }
}

// Counted in the database itself, after the server stopped: nothing public counts requests.
const database = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });
try {
  const marker = `%${run}%`;
  const [rows] = await database.db
    .select({ n: count() })
    .from(erpSubmissions)
    .where(and(eq(erpSubmissions.module, "devis"), sql`${erpSubmissions.data}->>'message' like ${marker}`));
  const [photos] = await database.db
    .select({ n: count() })
    .from(erpSubmissionPhotos)
    .innerJoin(erpSubmissions, eq(erpSubmissionPhotos.submissionId, erpSubmissions.id))
    .where(sql`${erpSubmissions.data}->>'message' like ${marker}`);
  const byStatus = await database.db
    .select({ status: outboxMessages.status, n: count() })
    .from(outboxMessages)
    // Notifications carry the run's marker in their text; acknowledgements repeat nothing
    // the visitor typed, so they are found by their recipient.
    .where(
      sql`(${outboxMessages.payload}->>'text' like ${marker} or ${outboxMessages.payload}->>'to' like ${marker})`,
    )
    .groupBy(outboxMessages.status);
  // The SMTP server was started for this run: everything it holds came from it.
  const received = smtp.messages.length;
  const toCompany = smtp.messages.filter((mail) => mail.envelope.to.includes(NOTIFY)).length;
  const withAttachment = smtp.messages.filter(
    (mail) => mail.envelope.to.includes(NOTIFY) && mail.raw.includes("Content-Disposition: attachment"),
  ).length;

  console.log("\n| vérification | attendu | constaté |");
  console.log("|---|---|---|");
  const checks: [string, number, number][] = [
    ["demandes enregistrées (erp_submissions)", PLAIN + WITH_PHOTO, rows?.n ?? 0],
    ["photos enregistrées", WITH_PHOTO, photos?.n ?? 0],
    ["e-mails reçus par le serveur SMTP", expectedMails, received],
    ["dont notifications à l'entreprise", PLAIN + WITH_PHOTO, toCompany],
    ["dont notifications avec photo jointe", WITH_PHOTO, withAttachment],
    ["messages de la file marqués envoyés", expectedMails, byStatus.find((s) => s.status === "sent")?.n ?? 0],
  ];
  for (const [label, expected, actual] of checks) {
    console.log(`| ${label} | ${expected} | ${actual} |`);
    if (expected !== actual) ok = false;
  }
  console.log(`\nTous les e-mails reçus ${mailSeconds.toFixed(1)} s après la dernière réponse.`);
} finally {
  await database.close();
  if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
}

console.log(ok ? "\nRien de perdu." : "\nÉCHEC : des demandes ou des e-mails manquent.");
process.exit(ok ? 0 : 1);
