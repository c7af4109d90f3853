import { randomBytes } from "node:crypto";
import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { clients } from "#app/db/schema/clients.ts";
import { purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { RECORD_FILE_KIND_VALUES, recordFiles } from "#app/db/schema/record-files.ts";
import { recordFilesOf } from "#app/features/record-files/record.server.ts";
import { searchFiles } from "#app/features/record-files/search.server.ts";
import { FileSearchSchema } from "#app/features/record-files/search-schema.ts";
import { ms, timings } from "./bench-timing.ts";

/**
 * `npm run bench` (database part): Documents › Fichiers on 50,000 uploaded files of 2,000
 * clients and 100 suppliers, with 5,000 purchase orders among the documents made, in an
 * in-memory PGlite. Times the search page's loader query (first page, a search, a type
 * filter, a far page) and one record's documents tab: median and p95 of 20 calls after a
 * warm-up, aim under 100 ms. The figures are printed, nothing is asserted.
 */

const FILES = Number(process.env.BENCH_RECORD_FILES ?? 50_000);
const CLIENTS = 2000;
const SUPPLIERS = 100;
const ORDERS = 5000;
const RUNS = 20;
const AIM_MS = 100;
const WORDS = [
  "plan",
  "facade",
  "cuisine",
  "salle-de-bain",
  "toiture",
  "notice",
  "rapport",
  "photo",
  "dalle",
  "escalier",
];

const handle = await openDatabase({ memory: true });
await handle.migrate();
const db = handle.db;
const seeding = performance.now();
await db.insert(authUsers).values({
  id: "bench-user",
  email: "bench@batirade.test",
  name: "Bench",
  role: "staff",
  emailVerified: true,
});

const clientIds: string[] = [];
for (let offset = 0; offset < CLIENTS; offset += 500) {
  const rows = await db
    .insert(clients)
    .values(
      Array.from({ length: Math.min(500, CLIENTS - offset) }, (_, i) => ({
        kind: "particulier" as const,
        name: `Client ${offset + i} Garnier`,
        email: `client${offset + i}@exemple.fr`,
      })),
    )
    .returning({ id: clients.id });
  clientIds.push(...rows.map((row) => row.id));
}
const supplierIds = (
  await db
    .insert(suppliers)
    .values(
      Array.from({ length: SUPPLIERS }, (_, i) => ({
        kind: "fournisseur" as const,
        legalName: `Négoce ${i} du Var`,
        email: `negoce${i}@exemple.fr`,
      })),
    )
    .returning({ id: suppliers.id })
).map((row) => row.id);

const start = Date.UTC(2022, 0, 1);
const span = Date.now() - start;
for (let offset = 0; offset < FILES; offset += 1000) {
  await db.insert(recordFiles).values(
    Array.from({ length: Math.min(1000, FILES - offset) }, (_, j) => {
      const i = offset + j;
      const onSupplier = i % 10 === 0;
      return {
        clientId: onSupplier ? null : (clientIds[i % CLIENTS] ?? null),
        supplierId: onSupplier ? (supplierIds[i % SUPPLIERS] ?? null) : null,
        kind: RECORD_FILE_KIND_VALUES[i % RECORD_FILE_KIND_VALUES.length] ?? "autre",
        fileName: `${WORDS[i % WORDS.length]}-${i}.pdf`,
        contentType: "application/pdf",
        sizeBytes: 100_000 + (i % 5000) * 100,
        sha256: randomBytes(32).toString("hex"),
        storageKey: `fichiers/bench/${i}.pdf`,
        createdBy: "bench-user",
        createdAt: new Date(start + Math.floor((span * i) / FILES)),
      };
    }),
  );
}
for (let offset = 0; offset < ORDERS; offset += 1000) {
  await db.insert(purchaseOrders).values(
    Array.from({ length: Math.min(1000, ORDERS - offset) }, (_, j) => {
      const i = offset + j;
      return {
        number: `BC-${2022 + (i % 4)}-${String(i).padStart(5, "0")}`,
        supplierId: supplierIds[i % SUPPLIERS] ?? "",
        status: "envoye" as const,
        deliveryPlace: "depot" as const,
        sentAt: new Date(start + Math.floor((span * i) / ORDERS)),
      };
    }),
  );
}
await db.execute("analyze");
const seededIn = performance.now() - seeding;

const cases: [string, Record<string, string>][] = [
  ["1re page, tout", {}],
  ["recherche « facade »", { q: "facade" }],
  ["recherche d'un client", { q: "client 1234 garnier" }],
  ["type « Plan »", { type: "plan" }],
  ["type « Bon de commande »", { type: "bon_commande" }],
  ["page 1 000", { page: "1000" }],
];
const lines: string[] = [];
for (const [label, params] of cases) {
  const filters = FileSearchSchema.parse(params);
  let shown = 0;
  const times = await timings(async () => {
    shown = (await searchFiles(db, filters)).total;
  }, RUNS);
  lines.push(
    `  ${label.padEnd(30)} (${String(shown).padStart(6)} résultats)  médiane ${ms(times.median)}  p95 ${ms(times.p95)}${times.median > AIM_MS ? "  au-dessus de l'objectif" : ""}`,
  );
}
const oneClient = clientIds[17] ?? "";
const tab = await timings(() => recordFilesOf(db, { type: "client", id: oneClient }), RUNS);
lines.push(
  `  onglet Documents d'un client (${(await recordFilesOf(db, { type: "client", id: oneClient })).length} fichiers)  médiane ${ms(tab.median)}  p95 ${ms(tab.p95)}${tab.median > AIM_MS ? "  au-dessus de l'objectif" : ""}`,
);

console.log(
  [
    "",
    `Documents › Fichiers (PGlite en mémoire) : ${FILES} fichiers déposés, ${ORDERS} bons de commande (insérés en ${(seededIn / 1000).toFixed(1)} s ; ${RUNS} appels, objectif : moins de ${AIM_MS} ms)`,
    ...lines,
  ].join("\n"),
);

await handle.close();
