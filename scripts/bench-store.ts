import { load, printTable, startProductionServer, stopServer } from "./bench-lib.ts";

// `npm run bench:store`: the store API's listing and the shop pages that read it,
// under autocannon (10 s each, 20 connections) on the production build.
const port = Number(process.env.BENCH_PORT ?? 3311);
const storeId = process.env.STORE_ID ?? "batirade-toulon";
const server = await startProductionServer(port);
const base = `http://127.0.0.1:${port}`;
try {
  const rows = [
    await load(
      "GET /api/store/…/products?limit=24 (API, liste)",
      `${base}/api/store/${storeId}/products?limit=24`,
    ),
    await load("GET /store (page, rendue à la demande)", `${base}/store`),
    await load(
      "GET /api/store/…/products/{id} (API, fiche)",
      `${base}/api/store/${storeId}/products/casque-chantier`,
    ),
    await load("GET /product/{id} (page, rendue à la demande)", `${base}/product/casque-chantier`),
  ];
  printTable(rows);
} finally {
  await stopServer(server);
}
