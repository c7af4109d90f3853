import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statfsSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients, issuedDocuments } from "#app/db/schema/clients.ts";
import { documentCounters } from "#app/db/schema/documents.ts";
import { invoicePayments, invoices } from "#app/db/schema/invoices.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { clientSearchText } from "#app/features/clients/search-text.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import {
  createStandaloneDraft,
  saveStandaloneDraft,
  standaloneDraftEditor,
} from "#app/features/invoices/standalone.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { formatSize, makeBackup } from "#app/lib/backup/backup.server.ts";
import { restoreBackup } from "#app/lib/backup/restore.server.ts";
import { documentStorageKey } from "#app/lib/documents.server.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { sha256Hex } from "#app/lib/pdf/store.server.ts";
import { foldText } from "#app/lib/search-text.ts";
import { createLocalStorage, newStorageKey } from "#app/lib/storage.server.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { seededRandom } from "./bench-random.ts";

/**
 * `npm run bench` (last part) and `npm run bench:backup`: the backup and the restore of a
 * company with INVOICES issued invoices and GB gigabytes of stored files, on the embedded
 * database in a data directory on disk (a temporary folder, removed afterwards).
 *
 * One invoice is issued through the real « Émettre » (a standalone invoice: Factur-X PDF,
 * register row, counter); the others are written straight into the tables over the three
 * years before, as issuing them would: a register row each (issued_documents), the frozen
 * invoice with its number, dates, totals and PDF fingerprint, the year's counter, a payment
 * for the paid ones, and each one's PDF stored under its key (the issued one's bytes with
 * its own number appended after %%EOF, so that every file has its own SHA-256). Random
 * bytes (incompressible, as photos are) make up the rest of the files, 1 to 4 MiB each.
 *
 * Then `makeBackup` (encrypted with a passphrase, as the README asks) and `restoreBackup`
 * into a fresh data directory and storage, timed; the archive's size and the machine's
 * load average are printed. Aim: under 5 minutes each. Nothing is asserted about times;
 * the run fails when the restore does not find every row and file again.
 * BENCH_BACKUP_INVOICES and BENCH_BACKUP_GB set smaller sizes for a quick run;
 * BENCH_BACKUP_PLAIN=1 leaves the archive unencrypted.
 */

const INVOICES = Number(process.env.BENCH_BACKUP_INVOICES ?? 10_000);
const GIGABYTES = Number(process.env.BENCH_BACKUP_GB ?? 2);
const CLIENTS = 500;
const AIM_SECONDS = 300;
/** Encrypted, as the README asks, unless BENCH_BACKUP_PLAIN=1 (to see what the encryption costs). */
const PASSPHRASE = process.env.BENCH_BACKUP_PLAIN === "1" ? null : "phrase secrète du banc de sauvegarde";
const MIB = 1024 ** 2;
const targetBytes = Math.round(GIGABYTES * 1024 ** 3);

if (!Number.isInteger(INVOICES) || INVOICES < 1 || !(GIGABYTES > 0)) {
  console.error("BENCH_BACKUP_INVOICES doit être un entier positif et BENCH_BACKUP_GB un nombre positif.");
  process.exit(1);
}
// The source files, the archive and the restored copy: three times the files, and some room.
const free = (() => {
  const stats = statfsSync(tmpdir());
  return stats.bavail * stats.bsize;
})();
if (free < targetBytes * 3.2 + 2 * 1024 ** 3) {
  console.error(
    `Banc de sauvegarde : ${formatSize(free)} libres dans ${tmpdir()}, il en faut ${formatSize(targetBytes * 3.2 + 2 * 1024 ** 3)} (BENCH_BACKUP_GB pour moins).`,
  );
  process.exit(1);
}

const { random, between, pick } = seededRandom(2025);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2).replace(".", ","))
    .join(" / ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace(".", ",")} s`;

const root = mkdtempSync(path.join(tmpdir(), "batirade-bench-backup-"));
const sourceDir = path.join(root, "source");
const restoredDir = path.join(root, "restauree");
const archivePath = path.join(root, "sauvegarde.tar.age");
let handle: DatabaseHandle | null = null;

const STREETS = [
  "rue des Lilas",
  "avenue de la République",
  "chemin des Oliviers",
  "boulevard de Strasbourg",
];
const TOWNS: [string, string][] = [
  ["Toulon", "83000"],
  ["Hyères", "83400"],
  ["La Seyne-sur-Mer", "83500"],
  ["La Garde", "83130"],
];
const NAMES = ["Martin", "Bernard", "Dubois", "Durand", "Lefèvre", "Moreau", "Garnier", "Faure", "Blanc"];

try {
  const started = performance.now();
  handle = await openDatabase({ dataDir: sourceDir });
  await handle.migrate();
  const db = handle.db;
  const storage = createLocalStorage(path.join(sourceDir, "uploads"));
  await db.insert(authUsers).values({
    id: "bench-user",
    email: "bench@batirade.test",
    name: "Bench",
    role: "owner",
    emailVerified: true,
  });
  const actor = { id: "bench-user", email: "bench@batirade.test" };
  await seedCompliance(db, { decennaleUntil: "2035-12-31" });
  await db
    .update(companySettings)
    .set({
      bankAccountHolder: "BATI RADE TOULON",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
    })
    .where(eq(companySettings.id, 1));

  // ─── Clients ────────────────────────────────────────────────────────────────────────
  const clientRows = Array.from({ length: CLIENTS }, (_, i) => {
    const [city, postalCode] = pick(TOWNS);
    const row = {
      kind: "particulier" as const,
      name: `${pick(["Camille", "Lucas", "Léa", "Hugo", "Chloé"])} ${pick(NAMES)} ${i}`,
      email: `client.${i}@exemple.fr`,
      billingStreet: `${between(1, 120)} ${pick(STREETS)}`,
      billingPostalCode: postalCode,
      billingCity: city,
      createdBy: actor.id,
    };
    return { ...row, searchText: clientSearchText(row) };
  });
  const benchClients: { id: string; name: string }[] = [];
  for (let offset = 0; offset < CLIENTS; offset += 250) {
    const inserted = await db
      .insert(clients)
      .values(clientRows.slice(offset, offset + 250))
      .returning({ id: clients.id, name: clients.name });
    benchClients.push(...inserted);
  }

  // ─── One invoice issued for real: its PDF and figures are the others' model ─────────
  const first = benchClients[0];
  if (!first) throw new Error("aucun client");
  const { id: modelId } = await createStandaloneDraft(db, first.id, actor);
  const [draftRow] = await db.select().from(invoices).where(eq(invoices.id, modelId));
  const editor = draftRow ? await standaloneDraftEditor(db, draftRow) : null;
  if (!editor) throw new Error("brouillon de facture introuvable");
  const lot = editor.content.lots[0];
  if (!lot) throw new Error("lot manquant");
  await saveStandaloneDraft(
    db,
    modelId,
    {
      revision: editor.revision,
      content: {
        ...editor.content,
        title: "Réparation d'une fuite",
        lots: [
          {
            ...lot,
            lines: [
              {
                id: "mo",
                kind: "item",
                designation: "Main-d'œuvre",
                description: "",
                unit: "h",
                quantity: 2_500,
                unitPriceHt: 5_500,
                vatCode: "10",
                optional: false,
                libraryItemId: null,
                cost: null,
              },
              {
                id: "fa",
                kind: "item",
                designation: "Faïence posée",
                description: "",
                unit: "m²",
                quantity: 3_200,
                unitPriceHt: 3_333,
                vatCode: "10",
                optional: false,
                libraryItemId: null,
                cost: null,
              },
            ],
          },
        ],
      },
    },
    actor,
  );
  await issueInvoice(db, { storage, identity: await documentIdentity(db) }, modelId, actor);
  const [model] = await db.select().from(invoices).where(eq(invoices.id, modelId));
  if (!model?.pdfStorageKey) throw new Error("la facture modèle n'a pas été émise");
  const modelPdf = await storage.get(model.pdfStorageKey);

  // ─── The other invoices, over the three years before this one ────────────────────────
  const thisYear = Number(parisDay().slice(0, 4));
  const from = parisMidnight(`${thisYear - 3}-01-01`).getTime();
  const until = parisMidnight(`${thisYear - 1}-12-31`).getTime();
  const instants = Array.from(
    { length: INVOICES - 1 },
    () => from + Math.floor(random() * (until - from)),
  ).sort((a, b) => a - b);
  const counters = new Map<number, { last: number; lastIssuedOn: string }>();
  let pdfBytes = modelPdf.byteLength;
  const bulkStarted = performance.now();
  for (let offset = 0; offset < instants.length; offset += 500) {
    const documents: (typeof issuedDocuments.$inferInsert)[] = [];
    const rows: (typeof invoices.$inferInsert)[] = [];
    const payments: (typeof invoicePayments.$inferInsert)[] = [];
    const files: { key: string; bytes: Buffer }[] = [];
    for (const instant of instants.slice(offset, offset + 500)) {
      const issuedAt = new Date(instant);
      const issuedOn = parisDay(issuedAt);
      const year = Number(issuedOn.slice(0, 4));
      const next = (counters.get(year)?.last ?? 0) + 1;
      counters.set(year, { last: next, lastIssuedOn: issuedOn });
      const number = `FAC-${year}-${String(next).padStart(4, "0")}`;
      const client = pick(benchClients);
      const bytes = Buffer.concat([modelPdf, Buffer.from(`\n%${number}\n`, "latin1")]);
      const key = documentStorageKey("facture", year, number);
      const sha256 = sha256Hex(bytes);
      const documentId = randomUUID();
      const invoiceId = randomUUID();
      const paid = random() < 0.9;
      files.push({ key, bytes });
      pdfBytes += bytes.byteLength;
      documents.push({
        id: documentId,
        kind: "facture",
        number,
        clientId: client.id,
        issuedAt,
        pdfStorageKey: key,
        pdfSha256: sha256,
        createdBy: actor.id,
      });
      rows.push({
        id: invoiceId,
        kind: "facture",
        status: paid ? "payee" : "en_retard",
        number,
        clientId: client.id,
        content: model.content,
        issuedOn,
        dueOn: addDays(issuedOn, 30),
        totalHtCents: model.totalHtCents,
        totalVatCents: model.totalVatCents,
        totalTtcCents: model.totalTtcCents,
        netToPayCents: model.netToPayCents,
        paidCents: paid ? model.netToPayCents : 0,
        searchText: foldText(`${number} facture ${client.name}`),
        issuedDocumentId: documentId,
        pdfSha256: sha256,
        pdfStorageKey: key,
        facturxSha256: model.facturxSha256,
        issuedAt,
        createdAt: issuedAt,
        updatedAt: issuedAt,
        createdBy: actor.id,
      });
      if (paid) {
        payments.push({
          invoiceId,
          paidOn: addDays(issuedOn, between(1, 30)),
          amountCents: model.netToPayCents,
          method: "virement",
          createdBy: actor.id,
        });
      }
    }
    await Promise.all(files.map((file) => storage.put(file.key, file.bytes, "application/pdf")));
    await db.insert(issuedDocuments).values(documents);
    await db.insert(invoices).values(rows);
    if (payments.length > 0) await db.insert(invoicePayments).values(payments);
  }
  for (const [year, counter] of counters) {
    await db
      .insert(documentCounters)
      .values({ kind: "facture", year, lastNumber: counter.last, lastIssuedOn: counter.lastIssuedOn });
  }
  const bulkMs = performance.now() - bulkStarted;

  // ─── Random bytes up to the size asked: the photos ───────────────────────────────────
  const photosStarted = performance.now();
  let photoBytes = 0;
  let photos = 0;
  const room = () => targetBytes - pdfBytes - photoBytes;
  while (room() > 0) {
    const batch: Promise<void>[] = [];
    for (let n = 0; n < 8 && room() > 0; n += 1) {
      const size = Math.min(room(), between(1 * MIB, 4 * MIB));
      photoBytes += size;
      photos += 1;
      batch.push(storage.put(newStorageKey("devis", "jpg"), randomBytes(size), "image/jpeg"));
    }
    await Promise.all(batch);
  }
  const photosMs = performance.now() - photosStarted;
  const setupMs = performance.now() - started;
  const fileCount = INVOICES + photos;

  // ─── The backup ──────────────────────────────────────────────────────────────────────
  const loadBeforeBackup = load();
  const backupStarted = performance.now();
  const backup = await makeBackup(
    {
      db,
      storage,
      dump: handle.dump,
      env: { DATA_DIR: sourceDir, BACKUP_PASSPHRASE: PASSPHRASE ?? undefined },
    },
    { target: archivePath },
  );
  const backupMs = performance.now() - backupStarted;
  const loadAfterBackup = load();
  await handle.close();
  handle = null;

  // ─── The restore, into a fresh data directory and storage ────────────────────────────
  const restoreStarted = performance.now();
  const restored = await restoreBackup(
    archivePath,
    { kind: "pglite", dataDir: restoredDir },
    createLocalStorage(path.join(restoredDir, "uploads")),
    { passphrase: PASSPHRASE },
  );
  const restoreMs = performance.now() - restoreStarted;
  const loadAfterRestore = load();

  const rows = Object.values(backup.manifest.tables).reduce((total, count) => total + count, 0);
  const mark = (ms: number) => (ms > AIM_SECONDS * 1000 ? "  au-dessus de l'objectif" : "");
  const whole = restored.mismatches.length === 0 && restored.files === fileCount;
  console.log(
    [
      `\nSauvegarde et restauration d'une entreprise, base intégrée (PGlite) dans un dossier sur disque, ${cpus().length} cœurs :`,
      `  ${INVOICES.toLocaleString("fr-FR")} factures émises (1 par « Émettre », ${(INVOICES - 1).toLocaleString("fr-FR")} écrites en ${seconds(bulkMs)} avec leur ligne du registre et leur PDF), ${CLIENTS} clients, ${rows.toLocaleString("fr-FR")} lignes en tout`,
      `  ${fileCount.toLocaleString("fr-FR")} fichiers, ${formatSize(pdfBytes + photoBytes)} : ${INVOICES.toLocaleString("fr-FR")} PDF (${formatSize(pdfBytes)}) et ${photos.toLocaleString("fr-FR")} photos d'octets aléatoires (${formatSize(photoBytes)}, écrites en ${seconds(photosMs)})`,
      `  préparation : ${seconds(setupMs)}`,
      `  sauvegarde (makeBackup, ${PASSPHRASE ? "chiffrée" : "non chiffrée"}) : ${seconds(backupMs)}${mark(backupMs)} ; archive ${formatSize(backup.size)} (${backup.size.toLocaleString("fr-FR")} octets ; base ${formatSize(backup.manifest.database.size)})`,
      `  restauration (restoreBackup, dans un dossier vide) : ${seconds(restoreMs)}${mark(restoreMs)} ; ${restored.files.toLocaleString("fr-FR")} fichiers, ${restored.mismatches.length === 0 ? "chaque table au nombre de lignes de la sauvegarde" : `${restored.mismatches.length} table(s) qui diffèrent`}`,
      `  objectif : moins de ${AIM_SECONDS / 60} minutes chacune`,
      `  charge moyenne (1 / 5 / 15 min) : avant la sauvegarde ${loadBeforeBackup}, après ${loadAfterBackup}, après la restauration ${loadAfterRestore}`,
      `  taille de l'archive sur disque : ${formatSize(statSync(archivePath).size)}`,
    ].join("\n"),
  );
  if (!whole) {
    console.error(
      `La restauration n'a pas tout retrouvé : ${restored.files} fichiers sur ${fileCount}, tables qui diffèrent : ${JSON.stringify(restored.mismatches)}`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Banc de sauvegarde interrompu : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await handle?.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
}
