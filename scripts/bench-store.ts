import { load, printTable, startProductionServer, stopServer } from "./bench-lib.ts";

// `npm run bench:store`: the store API's listing and the shop pages that read it, under
// autocannon (10 s each, 20 connections) on the production build, in the same run twice:
// with the shop's answers read from the database at every request (SHOP_CACHE=off, as
// before decision 020), then from memory (SHOP_CACHE=on, the default).
const port = Number(process.env.BENCH_PORT ?? 3311);
const storeId = process.env.STORE_ID ?? "batirade-toulon";
const base = `http://127.0.0.1:${port}`;

const targets = [
  ["GET /api/store/…/products?limit=24 (API, liste)", `${base}/api/store/${storeId}/products?limit=24`],
  ["GET /store (page)", `${base}/store`],
  ["GET /api/store/…/products/{id} (API, fiche)", `${base}/api/store/${storeId}/products/casque-chantier`],
  ["GET /product/{id} (page)", `${base}/product/casque-chantier`],
] as const;

for (const cache of ["off", "on"] as const) {
  const server = await startProductionServer(port, { SHOP_CACHE: cache });
  try {
    const rows = [];
    for (const [label, url] of targets) rows.push(await load(`${label}, SHOP_CACHE=${cache}`, url));
    printTable(rows);
  } finally {
    await stopServer(server);
  }
}
