import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { authSessions, authUsers } from "#app/db/schema/auth.ts";
import { clients as clientRows, clientSites } from "#app/db/schema/clients.ts";
import { invoicePayments, invoices, retentionReleases } from "#app/db/schema/invoices.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import { supplierContacts, suppliers } from "#app/db/schema/purchases.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { quoteDecisions, quoteLibraryItems, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { shareLinks } from "#app/db/schema/share-links.ts";
import {
  shopOrders,
  shopProductImages,
  shopProducts,
  shopStockMovements,
  shopVariantPrices,
  shopVariants,
} from "#app/db/schema/shop.ts";
import { jobSiteLogEntries, jobSiteLogPhotos } from "#app/db/schema/site-log.ts";
import { subcontracts, supplierDocuments, vigilanceOverrides } from "#app/db/schema/subcontracts.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { employees, timeEntries } from "#app/db/schema/time-sheets.ts";
import { createShareLink } from "#app/features/documents/share-links.server.ts";
import { createOrder } from "#app/features/purchases/orders.server.ts";
import { createSupplier } from "#app/features/purchases/suppliers.server.ts";
import { toDraftInput } from "#app/features/quotes/content.ts";
import { createQuote, getQuote } from "#app/features/quotes/quotes.server.ts";
import { applyOrderAction } from "#app/features/shop/admin/orders.server.ts";
import { dayCellField } from "#app/features/time-sheets/day-grid.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { cellField } from "#app/features/time-sheets/week-grid.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { hasControlCharactersInText } from "#app/lib/text-rules.ts";
import { createApp } from "#server/app.ts";
import { seedDemoContent } from "#server/seed.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { type GeoplateformeStub, startGeoplateformeStub } from "#tests/helpers/geoplateforme-stub.ts";
import { insertQuoteRequest } from "#tests/helpers/leads.ts";
import { placeTestOrder } from "#tests/helpers/shop.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

/*
 * The product attacked as an outsider (and a signed-in staff member) would: every form,
 * API and page parameter receives hostile values, and every body shape that is not the
 * expected one. Nothing may answer 5xx; what must be refused (a control character, a
 * date outside 1900–2100, a body that is not a form) is refused with a 4xx and changes
 * no stored data. The suite prints how many requests it sent and how many were 5xx.
 */

const SITE = "http://localhost";
const STORE = "/api/store/batirade-toulon";

let database: TestDatabase;
let services: AppServices;
let build: ServerBuild;
let clientDir: string;
let dataDir: string;
let app: ReturnType<typeof createApp>;
/** The State's geocoding service, on loopback: address completion reaches it. */
let geoplateforme: GeoplateformeStub;
let owner: { cookie: string; userId: string };
let leadId: string;
/** A client to edit (its id is the one a staff member could send). */
let clientId: string;
/** A draft quote of that client, and its editor's content as the browser posts it. */
let quoteId: string;
let quoteDraft: ReturnType<typeof toDraftInput>;
/** A product of the demo catalogue whose page's forms are attacked. */
const PRODUCT = "niveau-laser-croix";
/** A shop order in preparation, to be delivered: its page's forms (ship, cancel) are attacked. */
let shopOrderId: string;
/** A job site whose log is attacked, and a note of another site's log (its id sent to the first). */
let logSiteId: string;
let otherSiteEntryId: string;
/** An employee of the time sheets' register: its record and its days are attacked. */
let employeeId: string;
/** A supplier of the Achats register: its record, its form and its archiving are attacked. */
let supplierId: string;
/** A supplier invoice (Achats › Factures fournisseurs): its page, its payment and allocation are attacked. */
let supplierInvoiceId: string;
let purchaseOrderId: string;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-hostile-"));
  await seedDemoContent(database.db);
  geoplateforme = await startGeoplateformeStub();
  services = staffTestServices(database, {
    DATA_DIR: dataDir,
    SITE_URL: SITE,
    QUOTE_RATE_LIMIT: "0",
    GEOCODING_URL: geoplateforme.url,
  });
  app = createApp({ services, build, clientDir });
  owner = await signedInStaff(services, "owner", "gerant-hostile@batirade.test");
  leadId = await insertQuoteRequest(database.db);
  const [client] = await database.db
    .insert(clientRows)
    .values({
      kind: "particulier",
      name: "Client Hostile",
      email: "client@example.fr",
      searchText: "client hostile",
    })
    .returning({ id: clientRows.id });
  clientId = client?.id ?? "";
  ({ id: quoteId } = await createQuote(
    database.db,
    { clientId },
    { id: owner.userId, email: "gerant-hostile@batirade.test" },
  ));
  quoteDraft = toDraftInput((await getQuote(database.db, quoteId)).quote.content);
  ({ id: shopOrderId } = await placeTestOrder(database.db, { fulfilment: "delivery" }));
  const orderActor = { id: owner.userId, email: "gerant-hostile@batirade.test" };
  await applyOrderAction(services, shopOrderId, "payer", {}, orderActor);
  await applyOrderAction(services, shopOrderId, "preparer", {}, orderActor);
  const [logSite, otherSite] = await database.db
    .insert(jobSites)
    .values([
      { number: "CH-2026-0901", clientId, title: "Journal attaqué", siteCity: "Toulon" },
      { number: "CH-2026-0902", clientId, title: "Autre chantier", siteCity: "Toulon" },
    ])
    .returning({ id: jobSites.id });
  logSiteId = logSite?.id ?? "";
  const [otherEntry] = await database.db
    .insert(jobSiteLogEntries)
    .values({
      jobSiteId: otherSite?.id ?? "",
      authorId: owner.userId,
      body: "Note d'un autre chantier",
      occurredOn: "2026-11-20",
    })
    .returning({ id: jobSiteLogEntries.id });
  otherSiteEntryId = otherEntry?.id ?? "";
  ({ id: employeeId } = await createEmployee(
    database.db,
    { id: owner.userId, email: "gerant-hostile@batirade.test" },
    {
      lastName: "Hostile",
      firstName: "Employé",
      qualification: "Maçon",
      coefficient: 185,
      contractKind: "temps_plein",
      weeklyMinutes: 2100,
      hireDate: "2020-01-06",
      leaveDate: null,
      loadedHourlyCostCents: 3800,
      homeStreet: "",
      homePostalCode: "",
      homeCity: "",
      userId: null,
      notes: "",
    },
  ));
  ({ id: supplierId } = await createSupplier(
    database.db,
    { id: owner.userId, email: "gerant-hostile@batirade.test" },
    {
      kind: "sous_traitant",
      legalName: "Fournisseur Hostile",
      siren: "912345675",
      vatNumber: "FR65912345675",
      street: "",
      postcode: "83000",
      city: "Toulon",
      country: "FR",
      email: null,
      phone: null,
      paymentTermsDays: 30,
      paymentTermsEndOfMonth: false,
      iban: null,
      bic: null,
      defaultVatCode: "autoliquidation",
      trade: "Plomberie",
      notes: "",
      contacts: [{ name: "Nadia Roux", role: "", email: null, phone: null }],
    },
  ));
  const [supplierInvoice] = await database.db
    .insert(supplierInvoices)
    .values({
      supplierId,
      number: "FH-2026-1",
      issueDate: "2026-10-05",
      dueDate: "2026-11-04",
      netCents: 10000,
      vatCents: 2000,
      grossCents: 12000,
      dueCents: 12000,
      source: "manual",
      originalStorageKey: "factures-fournisseurs/2026/10/hostile.pdf",
      originalContentType: "application/pdf",
      originalFileName: "hostile.pdf",
      originalSha256: "a".repeat(64),
    })
    .returning({ id: supplierInvoices.id });
  supplierInvoiceId = supplierInvoice?.id ?? "";
  ({ id: purchaseOrderId } = await createOrder(
    database.db,
    { id: owner.userId, email: "gerant-hostile@batirade.test" },
    {
      supplierId,
      jobSiteId: logSiteId,
      lotId: null,
      deliveryPlace: "chantier",
      wantedOn: null,
      notes: "",
      lines: [
        {
          reference: "",
          designation: "Sac de ciment",
          unit: "sac",
          quantity: 10_000,
          unitPrice: 850,
          vatCode: "20",
        },
      ],
    },
  ));
  VALID_PURCHASE_ORDER.supplierId = supplierId;
  VALID_PURCHASE_ORDER.jobSiteId = logSiteId;
  // The week grid's post names its cells after the employee: known only now.
  GRID_FORM.chantier = logSiteId;
  GRID_FORM[cellField(employeeId, GRID_DAY)] = "8";
  GRID_FIELDS.push(cellField(employeeId, GRID_DAY));
  DAY_GRID_FORM[dayCellField(employeeId, logSiteId)] = "8";
  DAY_GRID_FIELDS.push(dayCellField(employeeId, logSiteId));
}, 180_000);
afterAll(async () => {
  await geoplateforme.close();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Values that must be refused wherever a text, an id or a date is expected. */
const REFUSED_VALUES = [
  "\u0000",
  "a\u0000b",
  "Toulon\u0000; DROP TABLE erp_leads",
  "\u0007bip",
  "\u001b[31mrouge",
  "ligne\r\nSet-Cookie: pirate=1",
  "\u007f",
];
const REFUSED_DATES = ["0000-01-01", "1899-12-31", "2101-01-01", "9999-12-31", "-001-01-01"];
const MULTI_LINE_FIELDS = new Set([
  "message",
  "note",
  "notes",
  "paymentTermsText",
  "description",
  "body",
  "scope",
  "trades",
  "overrideReason",
  "disputeReason",
]);
/** Odd but legal values: they may be accepted or refused, never a 5xx. */
const ODD_VALUES = [
  "",
  " ",
  "' OR 1=1 --",
  '"; select pg_sleep(5); --',
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "%E0%A4%A",
  "x".repeat(10_000),
  "𝕏💥\uFFFF",
  "\uD800",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "[]",
  "{}",
  "null",
  "0x10",
  "2026-02-30",
  "2026-13-01",
];

let clients = 0;
function nextClient() {
  clients += 1;
  return {
    incoming: {
      socket: { remoteAddress: `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` },
    },
  };
}

type Outcome = { name: string; status: number; refused: boolean };
const outcomes: Outcome[] = [];

async function send(name: string, url: string, init: RequestInit = {}, refused = false): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("origin") && init.method && init.method !== "GET") headers.set("origin", SITE);
  // Signed in, the sign-in page sends its visitor on to the Espace Pro whatever was posted.
  if (!url.startsWith("/erp/login")) headers.set("cookie", owner.cookie);
  headers.set("accept", headers.get("accept") ?? "text/html");
  // Each request from its own address, so that no rate limit hides what a route answers.
  const response = await app.request(`${SITE}${url}`, { ...init, headers }, nextClient());
  outcomes.push({ name, status: response.status, refused });
  await response.body?.cancel();
  return response;
}

/** Percent-encodes a value; a lone surrogate (no UTF-8 form) is sent as the raw bytes a client could send. */
const q = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.toWellFormed()).replaceAll("%EF%BF%BD", "%ED%A0%80");
  }
};

function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

/** Everything stored that a refused request must leave as it was. */
async function snapshot() {
  const [submissions] = await database.db.select({ n: count() }).from(erpSubmissions);
  const [leads] = await database.db.select({ n: count() }).from(erpLeads);
  const [notes] = await database.db.select({ n: count() }).from(activityEvents);
  const [orders] = await database.db.select({ n: count() }).from(shopOrders);
  const orderRows = await database.db.select().from(shopOrders);
  const [users] = await database.db.select({ n: count() }).from(authUsers);
  const [sessions] = await database.db.select({ n: count() }).from(authSessions);
  const [mails] = await database.db.select({ n: count() }).from(outboxMessages);
  const leadRows = await database.db.select().from(erpLeads);
  const clientList = await database.db.select().from(clientRows);
  const siteList = await database.db.select().from(clientSites);
  const settings = await database.db.select().from(companySettings);
  const quoteRows = await database.db.select().from(quotes);
  const libraryRows = await database.db.select().from(quoteLibraryItems);
  const decisions = await database.db.select({ n: count() }).from(quoteDecisions);
  const invoiceRows = await database.db.select().from(invoices);
  const payments = await database.db.select({ n: count() }).from(invoicePayments);
  const releases = await database.db.select({ n: count() }).from(retentionReleases);
  const stock = await database.db
    .select({ id: shopVariants.id, quantity: shopVariants.inventoryQuantity })
    .from(shopVariants);
  const products = await database.db.select().from(shopProducts);
  const variants = await database.db.select().from(shopVariants);
  const prices = await database.db.select().from(shopVariantPrices);
  const pictures = await database.db.select().from(shopProductImages);
  const [movements] = await database.db.select({ n: count() }).from(shopStockMovements);
  const logEntries = await database.db.select().from(jobSiteLogEntries);
  const [logPhotos] = await database.db.select({ n: count() }).from(jobSiteLogPhotos);
  const storedFiles = await services.storage.list();
  const employeeRows = await database.db.select().from(employees);
  const timeRows = await database.db.select().from(timeEntries);
  const supplierRows = await database.db.select().from(suppliers);
  const supplierContactRows = await database.db.select().from(supplierContacts);
  const subcontractRows = await database.db.select().from(subcontracts);
  const supplierDocumentRows = await database.db.select().from(supplierDocuments);
  const overrideRows = await database.db.select().from(vigilanceOverrides);
  const purchaseOrderRows = await database.db.select().from(purchaseOrders);
  const shareLinkRows = await database.db.select().from(shareLinks);
  return {
    shareLinks: JSON.stringify(shareLinkRows.sort((a, b) => a.id.localeCompare(b.id))),
    purchaseOrders: JSON.stringify(purchaseOrderRows.sort((a, b) => a.id.localeCompare(b.id))),
    submissions: submissions?.n,
    leads: leads?.n,
    notes: notes?.n,
    orders: orders?.n,
    orderRows: JSON.stringify(orderRows.sort((a, b) => a.id.localeCompare(b.id))),
    users: users?.n,
    sessions: sessions?.n,
    mails: mails?.n,
    leadRows: JSON.stringify(leadRows),
    clients: JSON.stringify(clientList),
    clientSites: JSON.stringify(siteList),
    settings: JSON.stringify(settings),
    quotes: JSON.stringify(quoteRows.sort((a, b) => a.id.localeCompare(b.id))),
    library: JSON.stringify(libraryRows.sort((a, b) => a.id.localeCompare(b.id))),
    decisions: decisions[0]?.n,
    invoices: JSON.stringify(invoiceRows.sort((a, b) => a.id.localeCompare(b.id))),
    payments: payments[0]?.n,
    releases: releases[0]?.n,
    stock: JSON.stringify(stock.sort((a, b) => a.id.localeCompare(b.id))),
    catalogue: JSON.stringify([
      products.sort((a, b) => a.id.localeCompare(b.id)),
      variants.sort((a, b) => a.id.localeCompare(b.id)),
      prices.sort((a, b) => a.id - b.id),
      pictures.sort((a, b) => a.id - b.id),
    ]),
    movements: movements?.n,
    logEntries: JSON.stringify(logEntries.sort((a, b) => a.id.localeCompare(b.id))),
    logPhotos: logPhotos?.n,
    storedFiles: storedFiles.length,
    employees: JSON.stringify(employeeRows.sort((a, b) => a.id.localeCompare(b.id))),
    timeEntries: JSON.stringify(timeRows.sort((a, b) => a.id.localeCompare(b.id))),
    suppliers: JSON.stringify([
      supplierRows.sort((a, b) => a.id.localeCompare(b.id)),
      supplierContactRows.sort((a, b) => a.id.localeCompare(b.id)),
    ]),
    vigilance: JSON.stringify([subcontractRows, supplierDocumentRows, overrideRows]),
  };
}

const GET_TARGETS: [string, (value: string) => string][] = [
  ["API ids[]", (v) => `${STORE}/products?ids[]=${q(v)}`],
  ["API ids", (v) => `${STORE}/products?ids=${q(v)}`],
  ["API to_date", (v) => `${STORE}/products?to_date=${q(v)}`],
  ["API offset", (v) => `${STORE}/products?offset=${q(v)}`],
  ["API limit", (v) => `${STORE}/products?limit=${q(v)}`],
  ["API sort_by", (v) => `${STORE}/products?sort_by=${q(v)}`],
  ["API order", (v) => `${STORE}/products?order=${q(v)}`],
  ["API is_hidden", (v) => `${STORE}/products?is_hidden=${q(v)}`],
  ["API product", (v) => `${STORE}/products/${q(v)}`],
  ["API product fields", (v) => `${STORE}/products/niveau-laser-croix?fields=${q(v)}`],
  ["API variants", (v) => `${STORE}/variants?product_ids[]=${q(v)}`],
  ["API variants fields", (v) => `${STORE}/variants?fields=${q(v)}&product_ids[]=niveau-laser-croix`],
  ["product page", (v) => `/product/${q(v)}`],
  ["order confirmation", (v) => `/commande/confirmation?commande=${q(v)}`],
  ["leads q", (v) => `/erp/leads?q=${q(v)}`],
  ["leads statut", (v) => `/erp/leads?statut=${q(v)}`],
  ["leads type", (v) => `/erp/leads?type=${q(v)}`],
  ["leads budget", (v) => `/erp/leads?budget=${q(v)}`],
  ["leads suivi", (v) => `/erp/leads?suivi=${q(v)}`],
  ["leads relance", (v) => `/erp/leads?relance=${q(v)}`],
  ["leads page", (v) => `/erp/leads?page=${q(v)}`],
  ["leads du", (v) => `/erp/leads?du=${q(v)}`],
  ["leads au", (v) => `/erp/leads?au=${q(v)}`],
  ["leads data q", (v) => `/erp/leads.data?q=${q(v)}`],
  ["CSV q", (v) => `/api/erp/leads/export.csv?q=${q(v)}`],
  ["CSV du", (v) => `/api/erp/leads/export.csv?du=${q(v)}`],
  ["CSV au", (v) => `/api/erp/leads/export.csv?au=${q(v)}`],
  ["lead page", (v) => `/erp/leads/${q(v)}`],
  ["clients q", (v) => `/erp/clients?q=${q(v)}`],
  ["clients type", (v) => `/erp/clients?type=${q(v)}`],
  ["clients tri", (v) => `/erp/clients?tri=${q(v)}`],
  ["clients ordre", (v) => `/erp/clients?ordre=${q(v)}`],
  ["clients page", (v) => `/erp/clients?page=${q(v)}`],
  ["clients data q", (v) => `/erp/clients.data?q=${q(v)}`],
  ["client page", (v) => `/erp/clients/${q(v)}`],
  ["client edit page", (v) => `/erp/clients/${q(v)}/modifier`],
  ["client JSON", (v) => `/api/erp/clients/${q(v)}/export.json`],
  ["job sites q", (v) => `/erp/chantiers?q=${q(v)}`],
  ["job sites statut", (v) => `/erp/chantiers?statut=${q(v)}`],
  ["job sites tri", (v) => `/erp/chantiers?tri=${q(v)}`],
  ["job sites page", (v) => `/erp/chantiers?page=${q(v)}`],
  ["job site page", (v) => `/erp/chantiers/${q(v)}`],
  ["job site edit page", (v) => `/erp/chantiers/${q(v)}/modifier`],
  ["job site log", (v) => `/erp/chantiers/${q(v)}/journal`],
  ["job site log page", (v) => `/erp/chantiers/${logSiteId}/journal?page=${q(v)}`],
  ["job site log photo", (v) => `/erp/chantiers/${logSiteId}/journal/photos/${q(v)}`],
  ["job site log photo site", (v) => `/erp/chantiers/${q(v)}/journal/photos/${MISSING_INVOICE}`],
  [
    "job site log photo taille",
    (v) => `/erp/chantiers/${logSiteId}/journal/photos/${MISSING_INVOICE}?taille=${q(v)}`,
  ],
  ["new job site devis", (v) => `/erp/chantiers/nouveau?devis=${q(v)}`],
  ["new job site client", (v) => `/erp/chantiers/nouveau?client=${q(v)}`],
  ["new job site q", (v) => `/erp/chantiers/nouveau?q=${q(v)}`],
  ["planning vue", (v) => `/erp/chantiers/planning?vue=${q(v)}`],
  // « du » puts it among the date targets: an out-of-range day is a 400 too.
  ["planning du jour", (v) => `/erp/chantiers/planning?vue=mois&jour=${q(v)}`],
  ["employees q", (v) => `/erp/temps?q=${q(v)}`],
  ["employees statut", (v) => `/erp/temps?statut=${q(v)}`],
  ["employees tri", (v) => `/erp/temps?tri=${q(v)}`],
  ["employee page", (v) => `/erp/temps/salaries/${q(v)}`],
  ["employee edit page", (v) => `/erp/temps/salaries/${q(v)}/modifier`],
  ["employee day page", (v) => `/erp/temps/salaries/${q(v)}/jour`],
  // « du » puts them among the date targets: a day outside 1900–2100 is a 400.
  ["employee day du jour", (v) => `/erp/temps/salaries/${employeeId}/jour?jour=${q(v)}`],
  ["week grid semaine", (v) => `/erp/temps/semaine?semaine=${q(v)}`],
  ["day grid du jour", (v) => `/erp/temps/jour?jour=${q(v)}`],
  ["day grid ajout", (v) => `/erp/temps/jour?ajout=${q(v)}`],
  ["my hours du jour", (v) => `/erp/mes-heures?jour=${q(v)}`],
  ["employee statement du", (v) => `/erp/temps/salaries/${employeeId}/releve.pdf?du=${q(v)}&au=2026-11-20`],
  ["employee statement au", (v) => `/erp/temps/salaries/${employeeId}/releve.pdf?du=2026-11-01&au=${q(v)}`],
  ["employee statement id", (v) => `/erp/temps/salaries/${q(v)}/releve.pdf?du=2026-11-01&au=2026-11-20`],
  // « du » puts them among the date targets: a month outside 1900–2100, or a day, is a 400.
  ["payroll du mois", (v) => `/erp/temps/paie?mois=${q(v)}`],
  ["payroll CSV du mois", (v) => `/erp/temps/paie.csv?mois=${q(v)}`],
  ["payroll PDF du mois", (v) => `/erp/temps/paie.pdf?mois=${q(v)}`],
  ["suppliers q", (v) => `/erp/achats?q=${q(v)}`],
  ["suppliers type", (v) => `/erp/achats?type=${q(v)}`],
  ["suppliers statut", (v) => `/erp/achats?statut=${q(v)}`],
  ["suppliers tri", (v) => `/erp/achats?tri=${q(v)}`],
  ["suppliers page", (v) => `/erp/achats?page=${q(v)}`],
  ["supplier page", (v) => `/erp/achats/fournisseurs/${q(v)}`],
  ["supplier edit page", (v) => `/erp/achats/fournisseurs/${q(v)}/modifier`],
  ["supplier documents page", (v) => `/erp/achats/fournisseurs/${q(v)}/documents`],
  ["supplier document file", (v) => `/erp/achats/fournisseurs/${supplierId}/documents/${q(v)}`],
  ["supplier document file supplier", (v) => `/erp/achats/fournisseurs/${q(v)}/documents/${MISSING_INVOICE}`],
  ["client documents page", (v) => `/erp/clients/${q(v)}/documents`],
  ["client file", (v) => `/erp/clients/${clientId}/documents/${q(v)}`],
  ["client file client", (v) => `/erp/clients/${q(v)}/documents/${MISSING_INVOICE}`],
  ["job site documents page", (v) => `/erp/chantiers/${q(v)}/documents`],
  ["job site file", (v) => `/erp/chantiers/${logSiteId}/documents/${q(v)}`],
  ["supplier files page", (v) => `/erp/achats/fournisseurs/${q(v)}/fichiers`],
  ["supplier file", (v) => `/erp/achats/fournisseurs/${supplierId}/fichiers/${q(v)}`],
  ["files search q", (v) => `/erp/docs/fichiers?q=${q(v)}`],
  ["files search type", (v) => `/erp/docs/fichiers?type=${q(v)}`],
  ["files search page", (v) => `/erp/docs/fichiers?page=${q(v)}`],
  ["company document page", (v) => `/erp/docs/${q(v)}`],
  ["company document file", (v) => `/erp/docs/${q(v)}/fichier`],
  ["company document renewal remplace", (v) => `/erp/docs/nouveau?remplace=${q(v)}`],
  ["attestations share link", (v) => `/attestations/${q(v)}`],
  ["attestations share link file", (v) => `/attestations/${q(v)}/${MISSING_INVOICE}`],
  ["attestations share link file id", (v) => `/attestations/${"A".repeat(43)}/${q(v)}`],
  ["dossier share link", (v) => `/dossier/${q(v)}`],
  ["dossier share link PDF", (v) => `/dossier/${q(v)}/dossier.pdf`],
  ["dossier share link ZIP", (v) => `/dossier/${q(v)}/dossier.zip`],
  ["job site handover page", (v) => `/erp/chantiers/${q(v)}/dossier`],
  ["job site handover PDF", (v) => `/erp/chantiers/${q(v)}/dossier.pdf`],
  ["job site handover ZIP", (v) => `/erp/chantiers/${q(v)}/dossier.zip`],
  ["company document new type", (v) => `/erp/docs/nouveau?type=${q(v)}`],
  ["subcontract page", (v) => `/erp/achats/sous-traitances/${q(v)}`],
  ["new subcontract fournisseur", (v) => `/erp/achats/sous-traitances/nouvelle?fournisseur=${q(v)}`],
  ["supplier invoices q", (v) => `/erp/achats/factures?q=${q(v)}`],
  ["supplier invoices statut", (v) => `/erp/achats/factures?statut=${q(v)}`],
  ["supplier invoices echeance", (v) => `/erp/achats/factures?echeance=${q(v)}`],
  ["supplier invoices fournisseur", (v) => `/erp/achats/factures?fournisseur=${q(v)}`],
  ["supplier invoices du", (v) => `/erp/achats/factures?du=${q(v)}`],
  ["supplier invoices au", (v) => `/erp/achats/factures?au=${q(v)}`],
  ["supplier invoices tri", (v) => `/erp/achats/factures?tri=${q(v)}`],
  ["supplier invoices page", (v) => `/erp/achats/factures?page=${q(v)}`],
  ["supplier invoice page", (v) => `/erp/achats/factures/${q(v)}`],
  ["supplier invoice original", (v) => `/erp/achats/factures/${q(v)}/original`],
  ["purchase orders q", (v) => `/erp/achats/commandes?q=${q(v)}`],
  ["purchase orders statut", (v) => `/erp/achats/commandes?statut=${q(v)}`],
  ["purchase orders fournisseur", (v) => `/erp/achats/commandes?fournisseur=${q(v)}`],
  ["purchase orders chantier", (v) => `/erp/achats/commandes?chantier=${q(v)}`],
  ["purchase orders page", (v) => `/erp/achats/commandes?page=${q(v)}`],
  ["purchase order page", (v) => `/erp/achats/commandes/${q(v)}`],
  ["purchase order edit page", (v) => `/erp/achats/commandes/${q(v)}/modifier`],
  ["purchase order PDF", (v) => `/erp/achats/commandes/${q(v)}/pdf`],
  ["quotes q", (v) => `/erp/devis?q=${q(v)}`],
  ["quotes statut", (v) => `/erp/devis?statut=${q(v)}`],
  ["quotes du", (v) => `/erp/devis?du=${q(v)}`],
  ["quotes au", (v) => `/erp/devis?au=${q(v)}`],
  ["quotes tri", (v) => `/erp/devis?tri=${q(v)}`],
  ["quotes ordre", (v) => `/erp/devis?ordre=${q(v)}`],
  ["quotes page", (v) => `/erp/devis?page=${q(v)}`],
  ["quotes data q", (v) => `/erp/devis.data?q=${q(v)}`],
  ["new quote q", (v) => `/erp/devis/nouveau?q=${q(v)}`],
  ["quote page", (v) => `/erp/devis/${q(v)}`],
  ["quote PDF", (v) => `/erp/devis/${q(v)}/pdf`],
  ["quote signed copy", (v) => `/erp/devis/${q(v)}/copie-signee`],
  ["library q", (v) => `/erp/devis/bibliotheque?q=${q(v)}`],
  ["library archives", (v) => `/erp/devis/bibliotheque?archives=${q(v)}`],
  ["library tri", (v) => `/erp/devis/bibliotheque?tri=${q(v)}`],
  ["library page", (v) => `/erp/devis/bibliotheque?page=${q(v)}`],
  ["library item", (v) => `/erp/devis/bibliotheque/${q(v)}`],
  ["library JSON q", (v) => `/api/erp/devis/bibliotheque.json?q=${q(v)}`],
  ["address completion q", (v) => `/erp/adresse-completion?q=${q(v)}`],
  ["invoices q", (v) => `/erp/factures?q=${q(v)}`],
  ["invoices type", (v) => `/erp/factures?type=${q(v)}`],
  ["invoices statut", (v) => `/erp/factures?statut=${q(v)}`],
  ["invoices du", (v) => `/erp/factures?du=${q(v)}`],
  ["invoices au", (v) => `/erp/factures?au=${q(v)}`],
  ["invoices tri", (v) => `/erp/factures?tri=${q(v)}`],
  ["invoices page", (v) => `/erp/factures?page=${q(v)}`],
  ["invoices client", (v) => `/erp/factures?client=${q(v)}`],
  ["invoice page", (v) => `/erp/factures/${q(v)}`],
  ["invoice PDF", (v) => `/erp/factures/${q(v)}/pdf`],
  ["shop orders q", (v) => `/erp/boutique/commandes?q=${q(v)}`],
  ["shop orders statut", (v) => `/erp/boutique/commandes?statut=${q(v)}`],
  ["shop orders reception", (v) => `/erp/boutique/commandes?reception=${q(v)}`],
  ["shop orders paiement", (v) => `/erp/boutique/commandes?paiement=${q(v)}`],
  ["shop orders du", (v) => `/erp/boutique/commandes?du=${q(v)}`],
  ["shop orders au", (v) => `/erp/boutique/commandes?au=${q(v)}`],
  ["shop orders tri", (v) => `/erp/boutique/commandes?tri=${q(v)}`],
  ["shop orders page", (v) => `/erp/boutique/commandes?page=${q(v)}`],
  ["shop order page", (v) => `/erp/boutique/commandes/${q(v)}`],
  ["catalogue q", (v) => `/erp/boutique/produits?q=${q(v)}`],
  ["catalogue statut", (v) => `/erp/boutique/produits?statut=${q(v)}`],
  ["catalogue stock", (v) => `/erp/boutique/produits?stock=${q(v)}`],
  ["catalogue page", (v) => `/erp/boutique/produits?page=${q(v)}`],
  ["catalogue product", (v) => `/erp/boutique/produits/${q(v)}`],
  ["product image", (v) => `/images/produits/${q(v)}`],
  ["new invoice q", (v) => `/erp/factures/nouvelle?q=${q(v)}`],
  ["export du", (v) => `/erp/factures/export?du=${q(v)}&au=2026-10-31`],
  ["export au", (v) => `/erp/factures/export?du=2026-10-01&au=${q(v)}`],
  ["export CSV du", (v) => `/erp/factures/export.csv?du=${q(v)}&au=2026-10-31`],
  ["export ZIP au", (v) => `/erp/factures/export.zip?du=2026-10-01&au=${q(v)}`],
  ["purchase export du", (v) => `/erp/achats/export?du=${q(v)}&au=2026-10-31`],
  ["purchase export au", (v) => `/erp/achats/export?du=2026-10-01&au=${q(v)}`],
  ["purchase export CSV du", (v) => `/erp/achats/export.csv?du=${q(v)}&au=2026-10-31`],
  ["purchase export ZIP au", (v) => `/erp/achats/export.zip?du=2026-10-01&au=${q(v)}`],
  ["agreement page", (v) => `/accord/${q(v)}`],
  ["agreement PDF", (v) => `/accord/${q(v)}/pdf`],
  ["agreement signed copy", (v) => `/accord/${q(v)}/copie-signee`],
  ["lead JSON", (v) => `/api/erp/leads/${q(v)}/export.json`],
  ["photo", (v) => `/api/erp/photos/${q(v)}`],
  ["login redirectTo", (v) => `/erp/login?redirectTo=${q(v)}`],
  ["FAQ", (v) => `/faq?${q(v)}=${q(v)}`],
];

const DATE_TARGETS = GET_TARGETS.filter(([name]) => /to_date| du| au/.test(name));

const VALID_LEAD = {
  nom: "Camille Martin",
  telephone: "06 12 34 56 78",
  email: "camille@example.fr",
  town: "Toulon",
  type_projet: "Rénovation complète",
  budget: "5 000 € - 15 000 €",
  source: "Appel téléphonique",
  message: "Rénovation d'une salle de bains de 6 m².",
};
const VALID_ORDER = {
  intent: "order",
  cart: JSON.stringify([{ variantId: "niveau-laser-croix--standard", quantity: 1 }]),
  name: "Camille Martin",
  email: "camille@example.fr",
  phone: "06 12 34 56 78",
  fulfilment: "pickup",
  line1: "",
  postalCode: "",
  city: "",
  terms: "on",
};
const VALID_QUOTE = {
  user_name: "Marie Dupont",
  user_email: "marie.dupont@example.fr",
  user_phone: "06 12 34 56 78",
  work_type: "Isolation thermique",
  budget: "",
  message: "Isolation des combles perdus, 80 m².",
  consent: "on",
  source: "page",
};

/** A company client with a site: every field of the client form, valid. */
const VALID_EMPLOYEE = {
  intent: "creer",
  lastName: "Durand",
  firstName: "Paul",
  qualification: "Plaquiste",
  coefficient: "170",
  contract: "35",
  partTimeHours: "",
  hireDate: "2024-02-01",
  leaveDate: "",
  loadedHourlyCost: "35,00",
  homeStreet: "",
  homePostalCode: "",
  homeCity: "",
  userId: "",
  notes: "",
};
const VALID_SUPPLIER = {
  intent: "creer",
  kind: "fournisseur",
  legalName: "Négoce Hostile",
  siren: "732 829 320",
  vatNumber: "",
  street: "1 rue du Port",
  postcode: "83000",
  city: "Toulon",
  country: "FR",
  email: "negoce@example.fr",
  phone: "04 94 00 00 00",
  paymentTermsDays: "30",
  paymentTermsEndOfMonth: "oui",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "BNPAFRPP",
  defaultVatCode: "20",
  trade: "",
  notes: "",
  "contacts.0.name": "Léa Martin",
  "contacts.0.role": "Commerciale",
  "contacts.0.email": "lea@example.fr",
  "contacts.0.phone": "06 12 34 56 78",
};
const SUPPLIER_FIELDS = Object.keys(VALID_SUPPLIER);
/** A purchase order's form; the supplier and the site are known once seeded. */
const VALID_PURCHASE_ORDER: Record<string, string> = {
  intent: "creer",
  supplierId: "",
  jobSiteId: "",
  lotId: "",
  deliveryPlace: "chantier",
  wantedOn: "2026-12-15",
  notes: "Livraison le matin.",
  "lines.0.reference": "CIM-35",
  "lines.0.designation": "Sac de ciment 35 kg",
  "lines.0.unit": "sac",
  "lines.0.quantity": "10",
  "lines.0.unitPrice": "8,50",
  "lines.0.vatCode": "20",
};
const PURCHASE_ORDER_FIELDS = Object.keys(VALID_PURCHASE_ORDER);
const VALID_CLIENT = {
  kind: "entreprise",
  name: "Maçonnerie du Faron",
  legalName: "MACONNERIE DU FARON",
  siren: "912345675",
  vatNumber: "FR65912345675",
  mainContractor: "oui",
  email: "contact@faron.example.fr",
  phone: "04 94 11 22 33",
  billingStreet: "12 rue Picot",
  billingPostalCode: "83000",
  billingCity: "Toulon",
  notes: "Portail bleu.",
  "sites.0.label": "Dépôt",
  "sites.0.street": "3 chemin des Routes",
  "sites.0.postalCode": "83200",
  "sites.0.city": "Toulon",
  // The « Créer quand même » box, left unticked.
  confirmDuplicate: "",
};

/** Every field of the company settings form, valid (the owner's page). */
const VALID_SETTINGS = {
  bankAccountHolder: "BATI RADE TOULON",
  iban: "FR76 3000 6000 0112 3456 7890 189",
  bic: "AGRIFRPP",
  paymentTermsDays: "30",
  paymentTermsText: "Paiement à 30 jours à réception de facture, par virement.",
  quoteValidityDays: "30",
  latePaymentRate: "12,15",
  vatOnDebits: "",
  hourlyCost: "45,00",
  autoSendInvoices: "",
  revision: "1",
};

/** The week grid's quick entry: its site and its cell are filled in once the employee exists. */
const GRID_DAY = "2026-11-18";
const GRID_FORM: Record<string, string> = { intent: "enregistrer-grille", semaine: "2026-W47" };
const GRID_FIELDS = ["intent", "semaine", "chantier"];
/** The day grid's quick entry: its cell is filled in once the employee and the site exist. */
const DAY_GRID_FORM: Record<string, string> = { intent: "enregistrer-journee", jour: GRID_DAY };
const DAY_GRID_FIELDS = ["intent", "jour", "ajout"];

/** Form posts: [name, path, valid fields, fields to poison]. */
const MISSING_INVOICE = "00000000-0000-4000-8000-000000000000";
const FORM_TARGETS: [string, () => string, Record<string, string>, string[]][] = [
  ["sign-in", () => "/erp/login", { email: "x@example.fr", password: "mauvais-mot-de-passe" }, ["email"]],
  ["new lead", () => "/erp/leads/nouveau", VALID_LEAD, Object.keys(VALID_LEAD)],
  ["lead note", () => `/erp/leads/${leadId}`, { intent: "note", note: "Rappeler lundi." }, ["note"]],
  [
    "lead follow-up",
    () => `/erp/leads/${leadId}`,
    { intent: "suivi", status: "contacte", assigneeId: "", nextFollowUp: "2026-12-01", town: "Toulon" },
    ["status", "assigneeId", "nextFollowUp", "town"],
  ],
  [
    "checkout page",
    () => "/commande",
    VALID_ORDER,
    ["cart", "name", "email", "phone", "fulfilment", "line1", "postalCode", "city"],
  ],
  [
    "quote",
    () => "/devis",
    VALID_QUOTE,
    ["user_name", "user_email", "user_phone", "work_type", "budget", "message"],
  ],
  [
    "accounts create",
    () => "/erp/comptes",
    {
      intent: "creer",
      email: "nouveau@batirade.test",
      password: "phrase-de-passe-solide-2026",
      role: "staff",
    },
    ["email", "role"],
  ],
  ["accounts sessions", () => "/erp/comptes", { intent: "sessions", userId: "x" }, ["userId"]],
  ["new client", () => "/erp/clients/nouveau", VALID_CLIENT, Object.keys(VALID_CLIENT)],
  ["client edit", () => `/erp/clients/${clientId}/modifier`, VALID_CLIENT, Object.keys(VALID_CLIENT)],
  // Revision 1: the seeded row, unchanged by the refused posts that run first.
  ["company settings", () => "/erp/parametres", VALID_SETTINGS, Object.keys(VALID_SETTINGS)],
  ["new quote", () => "/erp/devis/nouveau", { clientId: "" }, ["clientId", "prospect"]],
  [
    "invoice from a quote",
    () => `/erp/devis/${quoteId}`,
    { intent: "facturer", kind: "acompte", mode: "pourcentage", value: "30" },
    ["kind", "value"],
  ],
  [
    "quote handover",
    () => `/erp/devis/${quoteId}`,
    { intent: "reception", handoverOn: "2026-11-20" },
    ["intent", "handoverOn"],
  ],
  [
    "retention release",
    () => `/erp/devis/${quoteId}`,
    {
      intent: "retenue",
      releasedOn: "2026-11-20",
      amount: "120,00",
      method: "virement",
      reference: "VIR 12",
    },
    ["intent", "releasedOn", "amount", "method", "reference"],
  ],
  ["new invoice", () => "/erp/factures/nouvelle", { clientId: "" }, ["clientId"]],
  [
    "invoice payment",
    () => `/erp/factures/${MISSING_INVOICE}`,
    {
      intent: "paiement",
      paidOn: "2026-11-20",
      amount: "120,50",
      method: "virement",
      reference: "Chèque 1234",
    },
    ["intent", "paidOn", "amount", "method", "reference"],
  ],
  [
    "credit note",
    () => `/erp/factures/${MISSING_INVOICE}`,
    {
      intent: "avoir",
      mode: "correction-pourcentage",
      percent: "10",
      ttc: "",
      motif: "Quantité de carrelage corrigée",
      designation: "",
    },
    ["intent", "mode", "percent", "ttc", "motif", "designation"],
  ],
  [
    "standalone invoice save",
    () => `/erp/factures/${MISSING_INVOICE}`,
    { intent: "enregistrer", revision: "1", draft: "{}" },
    ["revision", "draft"],
  ],
  [
    "invoice reminder",
    () => `/erp/factures/${MISSING_INVOICE}`,
    { intent: "relancer", confirmation: "oui" },
    ["intent", "confirmation"],
  ],
  [
    "new library item",
    () => "/erp/devis/bibliotheque/nouveau",
    {
      designation: "Enduit de façade",
      description: "",
      unit: "m²",
      unitPriceHt: "45,50",
      vatCode: "10",
      labourHours: "0,5",
      materials: "6,20",
    },
    ["designation", "description", "unit", "unitPriceHt", "vatCode", "labourHours", "materials"],
  ],
  [
    "quote agreement",
    () => `/accord/${"A".repeat(43)}`,
    { intent: "accepter", name: "Élodie", code: "123456", bonPourAccord: "oui" },
    ["intent", "name", "code", "bonPourAccord", "certification", "signature"],
  ],
  // Shipping first: the odd values may ship it, then cancel it (both are legal then).
  [
    "shop order shipping",
    () => `/erp/boutique/commandes/${shopOrderId}`,
    { intent: "expedier", trackingReference: "6A12345678901" },
    ["intent", "trackingReference"],
  ],
  [
    "shop order cancellation",
    () => `/erp/boutique/commandes/${shopOrderId}`,
    { intent: "annuler", reason: "Doublon" },
    ["intent", "reason"],
  ],
  [
    "shop order payment method",
    () => `/erp/boutique/commandes/${shopOrderId}`,
    { intent: "payer", paymentMethod: "cheque" },
    ["paymentMethod"],
  ],
  [
    "new product",
    () => "/erp/boutique/produits",
    { intent: "creer", title: "Produit hostile" },
    ["intent", "title"],
  ],
  [
    "product texts",
    () => `/erp/boutique/produits/${PRODUCT}`,
    {
      intent: "fiche",
      title: "Niveau laser",
      subtitle: "Croix",
      ribbonText: "Promo",
      description: "<p>Précis</p>",
    },
    ["intent", "title", "subtitle", "ribbonText", "description"],
  ],
  [
    "product variant",
    () => `/erp/boutique/produits/${PRODUCT}`,
    {
      intent: "variante",
      variantId: `${PRODUCT}--standard`,
      title: "Standard",
      sku: "NLC-1",
      price: "89,90",
      salePrice: "",
      weight: "500",
      lowStockThreshold: "3",
      manageInventory: "on",
    },
    ["variantId", "title", "sku", "price", "salePrice", "weight", "lowStockThreshold"],
  ],
  [
    "stock adjustment",
    () => `/erp/boutique/produits/${PRODUCT}`,
    { intent: "stock", variantId: `${PRODUCT}--standard`, reason: "reception", quantity: "1", note: "BL 12" },
    ["variantId", "reason", "quantity", "note"],
  ],
  [
    "product picture text",
    () => `/erp/boutique/produits/${PRODUCT}`,
    { intent: "image-texte", imageId: "1", alt: "Niveau laser" },
    ["imageId", "alt"],
  ],
  [
    "site log note",
    () => `/erp/chantiers/${logSiteId}/journal`,
    { intent: "publier", body: "Dalle coulée.", weather: "pluie", peoplePresent: "Marc", isProblem: "on" },
    ["intent", "body", "weather", "peoplePresent"],
  ],
  // The script's endpoint (/journal/notes) runs the same code: its bodies and uploads are attacked below.
  [
    "site log answer to another site's note",
    () => `/erp/chantiers/${logSiteId}/journal/notes`,
    { intent: "repondre", entryId: MISSING_INVOICE, body: "Vu." },
    ["entryId", "body"],
  ],
  [
    "site log correction",
    () => `/erp/chantiers/${logSiteId}/journal`,
    {
      intent: "corriger",
      entryId: MISSING_INVOICE,
      revision: "1",
      body: "Corrigé",
      weather: "",
      peoplePresent: "",
    },
    ["entryId", "revision", "body"],
  ],
  [
    "new employee",
    () => "/erp/temps/salaries/nouveau",
    VALID_EMPLOYEE,
    [
      "lastName",
      "firstName",
      "qualification",
      "coefficient",
      "contract",
      "hireDate",
      "leaveDate",
      "userId",
      "notes",
    ],
  ],
  [
    "employee's day",
    () => `/erp/temps/salaries/${employeeId}/jour`,
    {
      intent: "enregistrer",
      jour: "2026-11-17",
      "type.0": "travail",
      "chantier.0": "",
      "debut.0": "08:00",
      "fin.0": "12:00",
      "pause.0": "0",
      "note.0": "Dépôt",
      motif: "",
    },
    ["intent", "jour", "type.0", "chantier.0", "debut.0", "fin.0", "pause.0", "note.0", "motif"],
  ],
  ["week grid", () => "/erp/temps/semaine", GRID_FORM, GRID_FIELDS],
  ["day grid", () => "/erp/temps/jour", DAY_GRID_FORM, DAY_GRID_FIELDS],
  ["new supplier", () => "/erp/achats/fournisseurs/nouveau", VALID_SUPPLIER, SUPPLIER_FIELDS],
  [
    "supplier edit",
    () => `/erp/achats/fournisseurs/${supplierId}/modifier`,
    {
      ...VALID_SUPPLIER,
      intent: "modifier",
      revision: "1",
      siren: "912345675",
      legalName: "Fournisseur Hostile",
    },
    [...SUPPLIER_FIELDS, "revision"],
  ],
  ["supplier archiving", () => `/erp/achats/fournisseurs/${supplierId}`, { intent: "archiver" }, ["intent"]],
  ["new purchase order", () => "/erp/achats/commandes/nouvelle", VALID_PURCHASE_ORDER, PURCHASE_ORDER_FIELDS],
  [
    "purchase order edit",
    () => `/erp/achats/commandes/${purchaseOrderId}/modifier`,
    { ...VALID_PURCHASE_ORDER, intent: "modifier", revision: "1" },
    [...PURCHASE_ORDER_FIELDS, "revision"],
  ],
  [
    "purchase order action",
    () => `/erp/achats/commandes/${purchaseOrderId}`,
    { intent: "annuler" },
    ["intent"],
  ],
  [
    // « Envoyer » with the owner's « Passer outre » of a vigilance stop.
    "purchase order send override",
    () => `/erp/achats/commandes/${purchaseOrderId}`,
    {
      intent: "envoyer",
      vigilance: "passer_outre",
      overrideReason: "Attestation reçue par courrier ce matin",
    },
    ["intent", "vigilance", "overrideReason"],
  ],
  [
    // A subcontractor without any document: even a valid form is stopped by vigilance (409).
    "new subcontract",
    () => "/erp/achats/sous-traitances/nouvelle",
    {
      intent: "creer",
      // Read when the form is sent: the ids exist only after beforeAll.
      get supplierId() {
        return supplierId;
      },
      get jobSiteId() {
        return logSiteId;
      },
      lotId: "",
      scope: "Étanchéité de la terrasse",
      priceHt: "6 000",
      startOn: "2026-12-01",
      endOn: "2026-12-31",
      signedOn: "",
      reverseCharge: "oui",
      overrideReason: "",
    },
    [
      "intent",
      "supplierId",
      "jobSiteId",
      "lotId",
      "scope",
      "priceHt",
      "startOn",
      "endOn",
      "signedOn",
      "reverseCharge",
    ],
  ],
  [
    // Posted without its file: refused whatever the fields say.
    "supplier document",
    () => `/erp/achats/fournisseurs/${supplierId}/documents`,
    { kind: "decennale", issuedOn: "2026-11-01", validUntil: "2027-11-01", trades: "Étanchéité" },
    ["kind", "issuedOn", "validUntil", "trades"],
  ],
  [
    // Posted without any file: refused whatever the kind says, nothing stored.
    "job site files",
    () => `/erp/chantiers/${logSiteId}/documents`,
    { intent: "deposer", kind: "plan" },
    ["intent", "kind"],
  ],
  [
    // Posted without any file, or deleting a file that is not the supplier's.
    "supplier files",
    () => `/erp/achats/fournisseurs/${supplierId}/fichiers`,
    { intent: "supprimer", fileId: MISSING_INVOICE, confirmation: "oui" },
    ["intent", "fileId", "confirmation"],
  ],
  [
    // Posted without its file: refused whatever the fields say.
    "company document",
    () => "/erp/docs/nouveau",
    {
      kind: "decennale",
      label: "",
      issuer: "SMABTP",
      number: "D-2026-118",
      issuerAddress: "8 rue Louis Armand, 75015 Paris",
      coverage: "France métropolitaine",
      validFrom: "2026-11-01",
      validUntil: "2027-11-01",
      notes: "",
      replacesId: "",
    },
    [
      "kind",
      "label",
      "issuer",
      "number",
      "issuerAddress",
      "coverage",
      "validFrom",
      "validUntil",
      "notes",
      "replacesId",
    ],
  ],
  [
    "attestations share link",
    () => "/erp/docs/partage",
    { intent: "creer-lien", label: "SCI Les Pins", expiresOn: addDays(parisDay(), 30) },
    ["intent", "label", "expiresOn"],
  ],
  [
    "attestations share link revocation",
    () => "/erp/docs/partage",
    { intent: "revoquer-lien", linkId: "00000000-0000-4000-8000-000000000000", confirmation: "oui" },
    ["intent", "linkId", "confirmation"],
  ],
  [
    // The site has no PV de réception: refused whatever the fields say.
    "job site handover",
    () => `/erp/chantiers/${logSiteId}/dossier`,
    { intent: "envoyer-dossier", expiresOn: addDays(parisDay(), 30) },
    ["intent", "expiresOn"],
  ],
  [
    "supplier invoice payment",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    { intent: "payee", paidOn: "2026-11-02", paymentMethod: "virement", paymentReference: "VIR-1" },
    ["intent", "paidOn", "paymentMethod", "paymentReference"],
  ],
  [
    // The owner passes a vigilance stop on a payment (the invoice's supplier is under the threshold).
    "supplier invoice payment override",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    {
      intent: "payee",
      paidOn: "2026-11-02",
      paymentMethod: "virement",
      paymentReference: "VIR-1",
      vigilance: "passer_outre",
      overrideReason: "Attestation reçue par courrier ce matin",
    },
    ["vigilance", "overrideReason"],
  ],
  [
    "supplier invoice dispute",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    { intent: "litige", disputeReason: "Livraison incomplète" },
    ["intent", "disputeReason"],
  ],
  [
    "supplier invoice allocation",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    {
      intent: "repartir",
      "allocations.0.jobSiteId": "",
      "allocations.0.lotId": "",
      "allocations.0.lineId": "",
      "allocations.0.amount": "100,00",
    },
    ["allocations.0.jobSiteId", "allocations.0.lotId", "allocations.0.lineId", "allocations.0.amount"],
  ],
  [
    "supplier invoice order link",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    {
      intent: "lier_commande",
      // Read when the form is sent: the id exists only after beforeAll.
      get orderId() {
        return purchaseOrderId;
      },
    },
    ["intent", "orderId"],
  ],
  [
    "supplier invoice order unlink",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    { intent: "delier_commande" },
    ["intent"],
  ],
  [
    "supplier invoice line pairing",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    { intent: "apparier_ligne", invoiceLineId: MISSING_INVOICE, orderLineId: MISSING_INVOICE },
    ["intent", "invoiceLineId", "orderLineId"],
  ],
  [
    "supplier invoice gap acceptance",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    { intent: "accepter_ecart", kind: "prix", subjectId: MISSING_INVOICE },
    ["intent", "kind", "subjectId"],
  ],
  [
    "supplier invoice gap dispute",
    () => `/erp/achats/factures/${supplierInvoiceId}`,
    {
      intent: "contester_ecart",
      kind: "quantite",
      subjectId: MISSING_INVOICE,
      reason: "Livraison incomplète",
    },
    ["intent", "kind", "subjectId", "reason"],
  ],
  [
    "supplier invoice manual entry",
    () => "/erp/achats/factures/importer",
    {
      intent: "saisir",
      sha256: "b".repeat(64),
      fileName: "scan.pdf",
      supplierId: "00000000-0000-4000-8000-000000000000",
      number: "FH-2",
      issueDate: "2026-10-05",
      dueDate: "",
      orderReference: "",
      "base.20": "100",
    },
    ["sha256", "fileName", "supplierId", "number", "issueDate", "dueDate", "orderReference", "base.20"],
  ],
  [
    "client removal",
    () => `/erp/clients/${clientId}`,
    { intent: "anonymiser", confirmation: "non" },
    ["intent", "confirmation"],
  ],
];

const CHECKOUT_JSON = {
  items: [{ variant_id: "niveau-laser-croix--standard", quantity: 1 }],
  successUrl: `${SITE}/success`,
  cancelUrl: `${SITE}/commande`,
  locale: "fr",
  customer: { name: "Camille Martin", email: "camille@example.fr", phone: "06 12 34 56 78" },
  fulfilment: { method: "pickup" },
  termsAccepted: true,
};

function poisonCheckout(pathKeys: string[], value: unknown): unknown {
  const body = structuredClone(CHECKOUT_JSON) as Record<string, unknown>;
  let node = body as Record<string, unknown>;
  for (const key of pathKeys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[pathKeys[pathKeys.length - 1] as string] = value;
  return body;
}
const CHECKOUT_FIELDS = [
  ["items", "0", "variant_id"],
  ["customer", "name"],
  ["customer", "email"],
  ["customer", "phone"],
  ["successUrl"],
  ["cancelUrl"],
  ["locale"],
  ["fulfilment", "method"],
];

/** Bodies that are not what an action reads. */
const BAD_BODIES: [string, RequestInit][] = [
  ["no body", { method: "POST" }],
  ["empty JSON", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
  ["JSON array", { method: "POST", headers: { "content-type": "application/json" }, body: "[1,2]" }],
  ["text/plain", { method: "POST", headers: { "content-type": "text/plain" }, body: "email=a&password=b" }],
  ["XML", { method: "POST", headers: { "content-type": "application/xml" }, body: "<a/>" }],
  [
    "multipart without boundary",
    { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "--x\r\n" },
  ],
  [
    "broken multipart",
    { method: "POST", headers: { "content-type": "multipart/form-data; boundary=abc" }, body: "garbage" },
  ],
];
const ACTION_PATHS = () => [
  "/erp/login",
  "/erp/logout",
  "/commande",
  "/erp/leads/nouveau",
  `/erp/leads/${leadId}`,
  "/erp/leads",
  "/erp/comptes",
  "/erp",
  "/faq",
  "/erp/login.data",
  `/erp/leads/${leadId}.data`,
  "/erp/clients/nouveau",
  `/erp/clients/${clientId}`,
  `/erp/clients/${clientId}/modifier`,
  `/erp/clients/depuis-prospect/${leadId}`,
  "/erp/parametres",
  "/erp/devis/nouveau",
  `/erp/devis/${quoteId}`,
  "/erp/devis/bibliotheque/nouveau",
  `/accord/${"A".repeat(43)}`,
  "/erp/factures/00000000-0000-4000-8000-000000000000",
  `/erp/boutique/commandes/${shopOrderId}`,
  "/erp/boutique/produits",
  `/erp/boutique/produits/${PRODUCT}`,
  "/erp/chantiers/nouveau",
  "/erp/chantiers/00000000-0000-4000-8000-000000000000",
  "/erp/chantiers/00000000-0000-4000-8000-000000000000/modifier",
  "/erp/chantiers/planning",
  `/erp/chantiers/${logSiteId}/journal`,
  `/erp/chantiers/${logSiteId}/journal/notes`,
  "/erp/achats/fournisseurs/nouveau",
  `/erp/achats/fournisseurs/${supplierId}`,
  `/erp/achats/fournisseurs/${supplierId}/modifier`,
  `/erp/achats/fournisseurs/${supplierId}/documents`,
  "/erp/docs/nouveau",
  `/erp/clients/${clientId}/documents`,
  `/erp/chantiers/${logSiteId}/documents`,
  `/erp/achats/fournisseurs/${supplierId}/fichiers`,
  "/erp/achats/sous-traitances",
  "/erp/achats/sous-traitances/nouvelle",
  "/erp/achats/factures/importer",
  `/erp/achats/factures/${supplierInvoiceId}`,
  "/erp/achats/commandes/nouvelle",
  `/erp/achats/commandes/${purchaseOrderId}`,
  `/erp/achats/commandes/${purchaseOrderId}/modifier`,
];

// Thousands of requests: on a loaded machine a loop takes longer than the default 30 s.
describe("hostile inputs against the production build", { timeout: 360_000 }, () => {
  it("refuses control characters in every address parameter, and out-of-range dates, with a 4xx and no change", async () => {
    const before = await snapshot();
    for (const [name, target] of GET_TARGETS) {
      for (const value of REFUSED_VALUES) {
        const response = await send(`GET ${name} ${JSON.stringify(value)}`, target(value), {}, true);
        expect.soft(response.status, `${name} ${JSON.stringify(value)}`).toBeGreaterThanOrEqual(400);
        expect.soft(response.status, `${name} ${JSON.stringify(value)}`).toBeLessThan(500);
      }
    }
    for (const [name, target] of DATE_TARGETS) {
      for (const value of REFUSED_DATES) {
        const response = await send(`GET ${name} ${value}`, target(value), {}, true);
        expect.soft(response.status, `${name} ${value}`).toBe(400);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers odd but legal parameters without a 5xx", async () => {
    for (const [name, target] of GET_TARGETS) {
      for (const value of ODD_VALUES) {
        const response = await send(`GET ${name} ${JSON.stringify(value.slice(0, 20))}`, target(value));
        expect.soft(response.status, `${name} ${JSON.stringify(value.slice(0, 20))}`).toBeLessThan(500);
      }
    }
  });

  it("refuses a control character in any field of every form with a 4xx, storing nothing", async () => {
    const before = await snapshot();
    for (const [name, target, valid, fields] of FORM_TARGETS) {
      for (const field of fields) {
        for (const value of REFUSED_VALUES) {
          // A description or a note keeps its line breaks.
          if (MULTI_LINE_FIELDS.has(field) && !hasControlCharactersInText(value)) continue;
          const label = `POST ${name} ${field}=${JSON.stringify(value)}`;
          const response = await send(label, target(), form({ ...valid, [field]: value }), true);
          expect.soft(response.status, label).toBeGreaterThanOrEqual(400);
          expect.soft(response.status, label).toBeLessThan(500);
        }
      }
    }
    for (const value of REFUSED_DATES) {
      const label = `POST lead follow-up nextFollowUp=${value}`;
      const response = await send(
        label,
        `/erp/leads/${leadId}`,
        form({ intent: "suivi", status: "contacte", nextFollowUp: value }),
        true,
      );
      expect.soft(response.status, label).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 410 to a revoked share link and 404 to an unknown one, on every public route, without a 5xx", async () => {
    const actor = { id: owner.userId };
    const revoked = await createShareLink(database.db, actor, {
      kind: "attestations",
      label: "Révoqué",
      expiresOn: addDays(parisDay(), 30),
    });
    const revokedDossier = await createShareLink(database.db, actor, {
      kind: "dossier",
      jobSiteId: logSiteId,
      label: "Révoqué",
      expiresOn: addDays(parisDay(), 30),
    });
    await database.db.update(shareLinks).set({ revokedAt: new Date(), revokedBy: owner.userId });
    const before = await snapshot();
    for (const url of [
      `/attestations/${revoked.token}`,
      `/attestations/${revoked.token}/${MISSING_INVOICE}`,
      `/dossier/${revokedDossier.token}`,
      `/dossier/${revokedDossier.token}/dossier.pdf`,
      `/dossier/${revokedDossier.token}/dossier.zip`,
    ]) {
      expect.soft((await send(`GET revoked ${url}`, url, {}, true)).status, url).toBe(410);
    }
    for (const url of [
      `/attestations/${"B".repeat(43)}`,
      `/attestations/${"B".repeat(43)}/${MISSING_INVOICE}`,
      `/dossier/${"B".repeat(43)}`,
      `/dossier/${revoked.token}`,
      `/dossier/${"B".repeat(43)}/dossier.zip`,
    ]) {
      expect.soft((await send(`GET unknown ${url}`, url, {}, true)).status, url).toBe(404);
    }
    // A revoked link stays revoked: nothing counted, nothing changed.
    expect(await snapshot()).toEqual(before);
  });

  describe("answers odd but legal form values without a 5xx", () => {
    // One test per form (some 13,000 requests in all): each keeps its own time limit.
    for (const [name, target, valid, fields] of FORM_TARGETS) {
      it(`POST ${name}`, async () => {
        for (const field of fields) {
          for (const value of ODD_VALUES) {
            const label = `POST ${name} ${field}=${JSON.stringify(value.slice(0, 20))}`;
            const response = await send(label, target(), form({ ...valid, [field]: value }));
            expect.soft(response.status, label).toBeLessThan(500);
          }
        }
      });
    }
  });

  it("refuses a control character in any text of the store API's checkout with a 400, ordering nothing", async () => {
    const before = await snapshot();
    for (const field of CHECKOUT_FIELDS) {
      for (const value of REFUSED_VALUES) {
        const label = `POST checkout ${field.join(".")}=${JSON.stringify(value)}`;
        const response = await send(
          label,
          `${STORE}/checkout`,
          {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify(poisonCheckout(field, value)),
          },
          true,
        );
        expect.soft(response.status, label).toBe(400);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers odd checkout values and shapes without a 5xx", async () => {
    const oddJson: unknown[] = [...ODD_VALUES, 0, -1, 1e308, 2 ** 53, true, null, [], {}, ["a"], { $gt: "" }];
    for (const field of CHECKOUT_FIELDS) {
      for (const value of oddJson) {
        const label = `POST checkout ${field.join(".")}=${JSON.stringify(value)?.slice(0, 20)}`;
        const response = await send(label, `${STORE}/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(poisonCheckout(field, value)),
        });
        expect.soft(response.status, label).toBeLessThan(500);
      }
    }
    for (const body of ["", "{", "null", "[]", '"x"', "1", '{"items":null}', "\u0000"]) {
      const label = `POST checkout body ${JSON.stringify(body)}`;
      const response = await send(label, `${STORE}/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect.soft(response.status, label).toBeGreaterThanOrEqual(400);
      expect.soft(response.status, label).toBeLessThan(500);
    }
  });

  it("refuses a control character in any text of a quote's content with a 400, saving nothing", async () => {
    const before = await snapshot();
    const save = (draft: unknown, label: string, refused: boolean) =>
      send(
        label,
        `/erp/devis/${quoteId}`,
        form({ intent: "enregistrer", revision: "1", draft: JSON.stringify(draft) }),
        refused,
      );
    const line = {
      id: "l1",
      kind: "item",
      designation: "Cloison",
      description: "",
      unit: "m²",
      quantity: "12,5",
      unitPriceHt: "45,50",
      vatCode: "10",
      optional: false,
      libraryItemId: null,
      cost: null,
    };
    const withLine = { ...quoteDraft, lots: [{ id: "lot1", title: "Plâtrerie", lines: [line] }] };
    const paths: [string, (draft: typeof withLine, value: string) => void][] = [
      ["title", (d, v) => (d.title = v)],
      ["description", (d, v) => (d.description = v)],
      ["site.city", (d, v) => (d.site.city = v)],
      ["site.postalCode", (d, v) => (d.site.postalCode = v)],
      ["lot title", (d, v) => ((d.lots[0] as { title: string }).title = v)],
      ["line designation", (d, v) => ((d.lots[0]?.lines[0] as { designation: string }).designation = v)],
      ["line description", (d, v) => ((d.lots[0]?.lines[0] as { description: string }).description = v)],
      ["line quantity", (d, v) => ((d.lots[0]?.lines[0] as { quantity: string }).quantity = v)],
      ["line price", (d, v) => ((d.lots[0]?.lines[0] as { unitPriceHt: string }).unitPriceHt = v)],
      ["line unit", (d, v) => ((d.lots[0]?.lines[0] as { unit: string }).unit = v)],
      ["line id", (d, v) => ((d.lots[0]?.lines[0] as { id: string }).id = v)],
      ["terms duration", (d, v) => (d.terms.duration = v)],
      ["terms note", (d, v) => (d.terms.noteToClient = v)],
      ["terms start", (d, v) => (d.terms.startOn = v)],
      ["terms validity", (d, v) => (d.terms.validityDays = v)],
    ];
    for (const [name, poison] of paths) {
      for (const value of REFUSED_VALUES) {
        if (/description|note/.test(name) && !hasControlCharactersInText(value)) continue;
        const draft = structuredClone(withLine);
        poison(draft, value);
        const label = `POST quote ${name}=${JSON.stringify(value)}`;
        const response = await save(draft, label, true);
        expect.soft(response.status, label).toBe(400);
      }
      for (const value of REFUSED_DATES) {
        if (name !== "terms start") continue;
        const draft = structuredClone(withLine);
        poison(draft, value);
        const response = await save(draft, `POST quote start=${value}`, true);
        expect.soft(response.status, `start ${value}`).toBe(400);
      }
    }
    // Shapes that are not a quote at all.
    for (const draft of [
      null,
      [],
      "x",
      1,
      {},
      { ...withLine, lots: "x" },
      { ...withLine, lots: [{ lines: [{ kind: "?" }] }] },
    ]) {
      const response = await save(draft, `POST quote draft ${JSON.stringify(draft).slice(0, 30)}`, true);
      expect.soft(response.status, JSON.stringify(draft).slice(0, 30)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers odd values in a quote's content without a 5xx", async () => {
    for (const value of ODD_VALUES) {
      for (const field of ["title", "quantity", "unitPriceHt", "validityDays", "discount"] as const) {
        const draft = structuredClone(quoteDraft) as Record<string, unknown> & typeof quoteDraft;
        const line = {
          id: "l1",
          kind: "item",
          designation: "Cloison",
          description: "",
          unit: "m²",
          quantity: field === "quantity" ? value : "1",
          unitPriceHt: field === "unitPriceHt" ? value : "10",
          vatCode: "20",
          optional: false,
          libraryItemId: null,
          cost: null,
        };
        draft.lots = [{ id: "lot1", title: "Lot", lines: [line as never] }];
        if (field === "title") draft.title = value;
        if (field === "validityDays") draft.terms.validityDays = value;
        if (field === "discount") draft.discount = { kind: "amount", value };
        const label = `POST quote odd ${field}=${JSON.stringify(value.slice(0, 20))}`;
        // The revision may have moved: a 409 is an answer too.
        const response = await send(
          label,
          `/erp/devis/${quoteId}`,
          form({ intent: "enregistrer", revision: "1", draft: JSON.stringify(draft) }),
        );
        expect.soft(response.status, label).toBeLessThan(500);
      }
    }
  });

  it("refuses every body that is not a form on every action with 400 or 415, changing nothing", async () => {
    const before = await snapshot();
    for (const target of ACTION_PATHS()) {
      for (const [name, init] of BAD_BODIES) {
        const label = `POST ${target} ${name}`;
        const response = await send(label, target, init, true);
        expect.soft([400, 415], label).toContain(response.status);
      }
    }
    // The quote form reads its own multipart body, and refuses the same shapes.
    for (const [name, init] of BAD_BODIES) {
      const label = `POST /devis ${name}`;
      const response = await send(label, "/devis", init, true);
      expect.soft([400, 415], label).toContain(response.status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers a wrong method on a resource route with 405, Allow and a French message", async () => {
    const resources = [
      [`${STORE}/products`, "GET, HEAD"],
      [`${STORE}/products/niveau-laser-croix`, "GET, HEAD"],
      [`${STORE}/variants`, "GET, HEAD"],
      [`/api/erp/photos/00000000-0000-4000-8000-000000000000`, "GET, HEAD"],
      [`/api/erp/leads/export.csv`, "GET, HEAD"],
      ["/erp/adresse-completion", "GET, HEAD"],
      [`/api/erp/leads/${"00000000-0000-4000-8000-000000000000"}/export.json`, "GET, HEAD"],
      ["/api/public-config", "GET, HEAD"],
      ["/sitemap.xml", "GET, HEAD"],
    ] as const;
    for (const [url, allow] of resources) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await app.request(`${SITE}${url}`, {
          method,
          headers: {
            origin: SITE,
            cookie: owner.cookie,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "a=b",
        });
        outcomes.push({ name: `${method} ${url}`, status: response.status, refused: true });
        expect.soft(response.status, `${method} ${url}`).toBe(405);
        expect.soft(response.headers.get("allow"), `${method} ${url}`).toBe(allow);
        expect.soft(await response.text(), `${method} ${url}`).toContain("Méthode non autorisée");
      }
    }
    const checkout = await app.request(`${SITE}${STORE}/checkout`, {
      headers: { accept: "application/json" },
    });
    outcomes.push({ name: "GET checkout", status: checkout.status, refused: true });
    expect(checkout.status).toBe(405);
    expect(checkout.headers.get("allow")).toBe("POST");
  });

  it("logs a wrong method as a client's mistake (info), never as a render error", async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const logged = createApp({ services: { ...services, logger }, build, clientDir });
    const response = await logged.request(`${SITE}/api/erp/photos/x`, {
      method: "POST",
      headers: { origin: SITE, cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    outcomes.push({ name: "POST photo (logged)", status: response.status, refused: true });
    expect(response.status).toBe(405);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.some((line) => line.level === 30 && line.msg === "méthode non autorisée")).toBe(true);
  });

  it("refuses a site log note's hostile photos and another site's note with a 4xx and a French message, storing nothing", async () => {
    const before = await snapshot();
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
    const huge = new Uint8Array(50 * 1024 * 1024);
    huge.set(jpeg);
    const pdf = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n",
    );
    const note = (photo?: [Uint8Array, string], extra: Record<string, string> = {}) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "publier", body: "Mur fissuré", ...extra })) {
        body.set(name, value);
      }
      if (photo)
        body.append("photos", new File([new Uint8Array(photo[0])], photo[1], { type: "image/jpeg" }));
      return { method: "POST", body } satisfies RequestInit;
    };
    const cases: [string, string, RequestInit, number][] = [
      ["50 MB photo", "notes", note([huge, "enorme.jpg"]), 400],
      ["PDF named .jpg", "notes", note([pdf, "facture.jpg"]), 400],
      ["PDF named .jpg (page)", "", note([pdf, "facture.jpg"]), 400],
      [
        "another site's note",
        "notes",
        note(undefined, { intent: "repondre", entryId: otherSiteEntryId }),
        404,
      ],
      [
        "another site's note (correction)",
        "notes",
        note(undefined, { intent: "corriger", entryId: otherSiteEntryId, revision: "1" }),
        404,
      ],
    ];
    for (const [name, endpoint, init, status] of cases) {
      const url = `/erp/chantiers/${logSiteId}/journal${endpoint ? `/${endpoint}` : ""}`;
      const response = await app.request(
        `${SITE}${url}`,
        { ...init, headers: { origin: SITE, cookie: owner.cookie, accept: "application/json" } },
        nextClient(),
      );
      outcomes.push({ name: `POST site log ${name}`, status: response.status, refused: true });
      expect.soft(response.status, name).toBe(status);
      if (endpoint === "notes") {
        const answer = (await response.json()) as { message?: string };
        expect.soft(answer.message, name).toMatch(/photo|note du journal/i);
      } else {
        await response.body?.cancel();
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a hostile address search with a 400 and a French message, never passing it on to the geocoding service", async () => {
    geoplateforme.requests.length = 0;
    for (const value of [...REFUSED_VALUES, "x".repeat(201), `12 rue Picot ${"x".repeat(10_000)}`]) {
      const label = `GET address completion ${JSON.stringify(value.slice(0, 20))}`;
      const response = await app.request(
        `${SITE}/erp/adresse-completion?q=${q(value)}`,
        { headers: { cookie: owner.cookie, accept: "application/json" } },
        nextClient(),
      );
      outcomes.push({ name: label, status: response.status, refused: true });
      expect.soft(response.status, label).toBe(400);
      // A control character is refused by the server's guard before the route (its own check
      // is proved in erp-address-completion.test.ts); the length, by the route.
      const answer = (await response.json()) as { message: string };
      expect.soft(answer.message, label).toMatch(/caractères non autorisés|trop longue/);
    }
    expect(geoplateforme.requests).toEqual([]);
  });

  it("says how many hostile requests it sent and how many were answered 5xx", () => {
    const failures = outcomes.filter((outcome) => outcome.status >= 500);
    const refusedButAccepted = outcomes.filter((outcome) => outcome.refused && outcome.status < 400);
    console.log(
      `Requêtes hostiles envoyées : ${outcomes.length} ; réponses 5xx : ${failures.length} ; acceptées à tort : ${refusedButAccepted.length}`,
    );
    expect(failures.map((outcome) => `${outcome.status} ${outcome.name}`)).toEqual([]);
    expect(refusedButAccepted.map((outcome) => `${outcome.status} ${outcome.name}`)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(1000);
  });
});
