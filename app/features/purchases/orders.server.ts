import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { jobSiteLots, jobSites, OPEN_JOB_SITE_STATUSES } from "#app/db/schema/job-sites.ts";
import {
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
  purchaseDeliveries,
  purchaseDeliveryLines,
  purchaseOrderLines,
  purchaseOrders,
} from "#app/db/schema/purchase-orders.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import { documentStorageKey } from "#app/lib/documents.server.ts";
import { heading, paragraph, renderEmail } from "#app/lib/email-html.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { type Cents, formatCents, formatQuantity, type Milli, MoneyError } from "#app/lib/money.ts";
import { takeNextNumber } from "#app/lib/numbering.server.ts";
import { type DbExecutor, type DbTransaction, enqueueMail } from "#app/lib/outbox.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { storeRenderedPdf } from "#app/lib/pdf/store.server.ts";
import { escapeLike, foldedWords } from "#app/lib/search-text.ts";
import { lotsBySite } from "#app/lib/site-lots.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { computeTotals, type VatCode } from "#app/lib/vat.ts";
import { renderOrderPdf } from "./order-pdf.server.ts";
import {
  COMMITTED_STATUSES,
  ORDER_MESSAGES,
  ORDERS_PAGE_SIZE,
  type OrderData,
  type OrderFilters,
  orderSort,
  type PurchaseOrderStatus,
} from "./order-schema.ts";
import { VigilanceStopError } from "./subcontracts.server.ts";
import { orderInvoicing } from "./supplier-invoice-matching.server.ts";
import { invoicedMilliByOrderLine, orderStillCommitted } from "./supplier-invoice-matching.ts";
import type { Actor } from "./suppliers.server.ts";
import { useVigilanceOverride, type VigilanceActor, vigilanceGate } from "./vigilance.server.ts";

/*
 * Purchase orders (Achats › Commandes): drafts typed by the office, sent to the supplier
 * (the BC number, the PDF stored once, the e-mail queued in the same transaction),
 * cancelled, and received in one or several deliveries whose quantities move the status to
 * « Livré partiellement » then « Livré » by themselves. `orderCommitments` is what the
 * sent orders commit on a job site, per lot.
 */

export class OrderNotFoundError extends Error {
  constructor() {
    super(ORDER_MESSAGES.notFound);
    this.name = "OrderNotFoundError";
  }
}

/** A refusal about one field of the form (or of the page's action): its name and French message. */
export class OrderFieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "OrderFieldError";
    this.field = field;
  }
}

/** An action the order's status does not allow (409). */
export class OrderStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OrderStateError";
  }
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────

export type OrderListItem = {
  id: string;
  number: string | null;
  status: PurchaseOrderStatus;
  supplierId: string;
  supplierName: string;
  jobSiteId: string | null;
  siteNumber: string | null;
  siteTitle: string | null;
  totalHtCents: Cents;
  totalTtcCents: Cents;
  wantedOn: string | null;
  createdAt: Date;
};

export type OrderPage = {
  items: OrderListItem[];
  total: number;
  page: number;
  pageCount: number;
  anyOrder: boolean;
};

const listColumns = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  status: purchaseOrders.status,
  supplierId: purchaseOrders.supplierId,
  supplierName: suppliers.legalName,
  jobSiteId: purchaseOrders.jobSiteId,
  siteNumber: jobSites.number,
  siteTitle: jobSites.title,
  totalHtCents: purchaseOrders.totalHtCents,
  totalTtcCents: purchaseOrders.totalTtcCents,
  wantedOn: purchaseOrders.wantedOn,
  createdAt: purchaseOrders.createdAt,
};

function conditions(filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  for (const word of foldedWords(filters.q ?? "")) {
    const like = `%${escapeLike(word)}%`;
    where.push(
      sql`(lower(coalesce(${purchaseOrders.number}, '')) like ${like} or ${suppliers.searchText} like ${like})`,
    );
  }
  if (filters.statut) where.push(eq(purchaseOrders.status, filters.statut));
  if (filters.fournisseur) where.push(eq(purchaseOrders.supplierId, filters.fournisseur));
  if (filters.chantier) where.push(eq(purchaseOrders.jobSiteId, filters.chantier));
  return where;
}

/** One page of the orders, the newest first by default. */
export async function listOrders(db: Database, filters: OrderFilters): Promise<OrderPage> {
  const where = and(...conditions(filters));
  const [totalRow] = await db
    .select({ n: count() })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, ORDERS_PAGE_SIZE);
  let anyOrder = total > 0;
  if (!anyOrder)
    anyOrder = (await db.select({ id: purchaseOrders.id }).from(purchaseOrders).limit(1)).length > 0;
  const sort = orderSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "date"
      ? [direction(sql`${purchaseOrders.wantedOn} nulls last`), direction(purchaseOrders.id)]
      : [direction(purchaseOrders.createdAt), direction(purchaseOrders.id)];
  const items = await db
    .select(listColumns)
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(jobSites, eq(jobSites.id, purchaseOrders.jobSiteId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount, anyOrder };
}

/** The orders of one supplier, the newest first (its page's « Commandes » panel). */
export async function listSupplierOrders(
  db: DbExecutor,
  supplierId: string,
  limit = 20,
): Promise<OrderListItem[]> {
  if (!isUuid(supplierId)) return [];
  return db
    .select(listColumns)
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(jobSites, eq(jobSites.id, purchaseOrders.jobSiteId))
    .where(eq(purchaseOrders.supplierId, supplierId))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(limit);
}

export type OrderChoices = {
  suppliers: { id: string; legalName: string; email: string | null; defaultVatCode: VatCode }[];
  sites: { id: string; number: string; title: string; lots: { id: string; title: string }[] }[];
};

/** What the form offers: the active suppliers, the open sites and their lots. */
export async function orderChoices(db: DbExecutor): Promise<OrderChoices> {
  const supplierRows = await db
    .select({
      id: suppliers.id,
      legalName: suppliers.legalName,
      email: suppliers.email,
      defaultVatCode: suppliers.defaultVatCode,
    })
    .from(suppliers)
    .where(isNull(suppliers.archivedAt))
    .orderBy(asc(suppliers.legalName));
  const siteRows = await db
    .select({ id: jobSites.id, number: jobSites.number, title: jobSites.title })
    .from(jobSites)
    .where(inArray(jobSites.status, [...OPEN_JOB_SITE_STATUSES]))
    .orderBy(desc(jobSites.number));
  const lots = await lotsBySite(
    db,
    siteRows.map((site) => site.id),
  );
  return {
    suppliers: supplierRows.map((row) => ({ ...row, defaultVatCode: row.defaultVatCode as VatCode })),
    sites: siteRows.map((site) => ({
      ...site,
      lots: lots.get(site.id) ?? [],
    })),
  };
}

export type OrderLineView = PurchaseOrderLineRow & {
  vatCode: VatCode;
  receivedMilli: Milli;
  /** Ordered − received, never below 0. */
  remainingMilli: Milli;
};

export type OrderDetail = {
  order: PurchaseOrderRow;
  supplier: {
    id: string;
    legalName: string;
    email: string | null;
    street: string;
    postcode: string;
    city: string;
    country: string;
    siren: string | null;
    archivedAt: Date | null;
  };
  site: { id: string; number: string; title: string; street: string; postcode: string; city: string } | null;
  lot: { id: string; title: string } | null;
  lines: OrderLineView[];
  deliveries: {
    id: string;
    receivedOn: string;
    note: string;
    hasPhoto: boolean;
    lines: { lineId: string; quantityMilli: Milli }[];
  }[];
};

export async function getOrder(db: DbExecutor, id: string): Promise<OrderDetail> {
  if (!isUuid(id)) throw new OrderNotFoundError();
  const [order] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  if (!order) throw new OrderNotFoundError();
  const [supplier] = await db
    .select({
      id: suppliers.id,
      legalName: suppliers.legalName,
      email: suppliers.email,
      street: suppliers.street,
      postcode: suppliers.postcode,
      city: suppliers.city,
      country: suppliers.country,
      siren: suppliers.siren,
      archivedAt: suppliers.archivedAt,
    })
    .from(suppliers)
    .where(eq(suppliers.id, order.supplierId));
  if (!supplier) throw new OrderNotFoundError();
  const [site] = order.jobSiteId
    ? await db
        .select({
          id: jobSites.id,
          number: jobSites.number,
          title: jobSites.title,
          street: jobSites.siteStreet,
          postcode: jobSites.sitePostalCode,
          city: jobSites.siteCity,
        })
        .from(jobSites)
        .where(eq(jobSites.id, order.jobSiteId))
    : [];
  const [lot] = order.lotId
    ? await db
        .select({ id: jobSiteLots.id, title: jobSiteLots.title })
        .from(jobSiteLots)
        .where(eq(jobSiteLots.id, order.lotId))
    : [];
  const lineRows = await db
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, id))
    .orderBy(asc(purchaseOrderLines.position));
  const deliveryRows = await db
    .select()
    .from(purchaseDeliveries)
    .where(eq(purchaseDeliveries.orderId, id))
    .orderBy(asc(purchaseDeliveries.receivedOn), asc(purchaseDeliveries.createdAt));
  const received =
    deliveryRows.length === 0
      ? []
      : await db
          .select()
          .from(purchaseDeliveryLines)
          .where(
            inArray(
              purchaseDeliveryLines.deliveryId,
              deliveryRows.map((delivery) => delivery.id),
            ),
          );
  const lines = lineRows.map((line) => {
    const receivedMilli = received
      .filter((row) => row.lineId === line.id)
      .reduce((sum, row) => sum + row.quantityMilli, 0);
    return {
      ...line,
      vatCode: line.vatCode as VatCode,
      receivedMilli,
      remainingMilli: Math.max(0, line.quantityMilli - receivedMilli),
    };
  });
  return {
    order,
    supplier,
    site: site ?? null,
    lot: lot ?? null,
    lines,
    deliveries: deliveryRows.map((delivery) => ({
      id: delivery.id,
      receivedOn: delivery.receivedOn,
      note: delivery.note,
      hasPhoto: delivery.photoStorageKey !== null,
      lines: received
        .filter((row) => row.deliveryId === delivery.id)
        .map((row) => ({ lineId: row.lineId, quantityMilli: row.quantityMilli })),
    })),
  };
}

/** The stored photo of a delivery note: its key and type, or null. */
export async function deliveryPhoto(
  db: DbExecutor,
  orderId: string,
  deliveryId: string,
): Promise<{ key: string; contentType: string } | null> {
  if (!isUuid(orderId) || !isUuid(deliveryId)) return null;
  const [row] = await db
    .select({ key: purchaseDeliveries.photoStorageKey, contentType: purchaseDeliveries.photoContentType })
    .from(purchaseDeliveries)
    .where(and(eq(purchaseDeliveries.id, deliveryId), eq(purchaseDeliveries.orderId, orderId)));
  return row?.key && row.contentType ? { key: row.key, contentType: row.contentType } : null;
}

// ─── Writing a draft ─────────────────────────────────────────────────────────────────

/** The lines with their totals, and the order's totals (exact cents, app/lib/vat.ts). */
export function orderAmounts(lines: OrderData["lines"]) {
  let totals: ReturnType<typeof computeTotals>;
  try {
    totals = computeTotals(
      lines.map((line) => ({
        kind: "item" as const,
        quantity: line.quantity,
        unitPriceHt: line.unitPrice,
        vatCode: line.vatCode,
      })),
    );
  } catch (error) {
    if (error instanceof MoneyError) throw new OrderFieldError("lines", error.message);
    throw error;
  }
  return {
    lineTotals: totals.lines.map((line) => (line.kind === "item" ? line.totalHt : 0)),
    totalHtCents: totals.totalHt,
    totalVatCents: totals.totalVat,
    totalTtcCents: totals.totalTtc,
    byRate: totals.byRate,
  };
}

/** The supplier active, the site open, the lot of that site: else the field's refusal. */
/** The order's columns as its form gives them, with its totals. */
function orderColumns(data: OrderData, amounts: ReturnType<typeof orderAmounts>) {
  return {
    supplierId: data.supplierId,
    jobSiteId: data.jobSiteId,
    lotId: data.lotId,
    deliveryPlace: data.deliveryPlace,
    wantedOn: data.wantedOn,
    notes: data.notes,
    totalHtCents: amounts.totalHtCents,
    totalVatCents: amounts.totalVatCents,
    totalTtcCents: amounts.totalTtcCents,
  };
}

async function checkReferences(tx: DbExecutor, data: OrderData): Promise<void> {
  const [supplier] = await tx
    .select({ archivedAt: suppliers.archivedAt })
    .from(suppliers)
    .where(eq(suppliers.id, data.supplierId));
  if (!supplier || supplier.archivedAt) throw new OrderFieldError("supplierId", ORDER_MESSAGES.supplier);
  if (data.jobSiteId) {
    const [site] = await tx
      .select({ status: jobSites.status })
      .from(jobSites)
      .where(eq(jobSites.id, data.jobSiteId));
    if (!site || !OPEN_JOB_SITE_STATUSES.includes(site.status)) {
      throw new OrderFieldError("jobSiteId", ORDER_MESSAGES.site);
    }
  }
  if (data.lotId) {
    const [lot] = await tx
      .select({ jobSiteId: jobSiteLots.jobSiteId })
      .from(jobSiteLots)
      .where(eq(jobSiteLots.id, data.lotId));
    if (!lot || lot.jobSiteId !== data.jobSiteId) throw new OrderFieldError("lotId", ORDER_MESSAGES.lot);
  }
}

async function writeLines(tx: DbTransaction, orderId: string, data: OrderData, lineTotals: Cents[]) {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
  await tx.insert(purchaseOrderLines).values(
    data.lines.map((line, position) => ({
      orderId,
      position,
      reference: line.reference,
      designation: line.designation,
      unit: line.unit,
      quantityMilli: line.quantity,
      unitPriceHtCents: line.unitPrice,
      vatCode: line.vatCode,
      totalHtCents: lineTotals[position] ?? 0,
    })),
  );
}

export async function createOrder(db: Database, actor: Actor, data: OrderData): Promise<{ id: string }> {
  const amounts = orderAmounts(data.lines);
  return db.transaction(async (tx) => {
    await checkReferences(tx, data);
    const [row] = await tx
      .insert(purchaseOrders)
      .values({ ...orderColumns(data, amounts), createdBy: actor.id })
      .returning({ id: purchaseOrders.id });
    if (!row) throw new Error("Commande non enregistrée.");
    await writeLines(tx, row.id, data, amounts.lineTotals);
    await recordActivity(tx, {
      subjectType: "bon_commande",
      subjectId: row.id,
      kind: "created",
      summary: `Commande en brouillon (${formatCents(amounts.totalHtCents)} HT)`,
      actor,
    });
    return { id: row.id };
  });
}

async function lockOrder(tx: DbTransaction, id: string): Promise<PurchaseOrderRow> {
  if (!isUuid(id)) throw new OrderNotFoundError();
  const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)).for("update");
  if (!order) throw new OrderNotFoundError();
  return order;
}

/** « Modifier » a draft: refused once sent, or when the form was opened before another save. */
export async function updateOrder(
  db: Database,
  actor: Actor,
  id: string,
  revision: number,
  data: OrderData,
): Promise<void> {
  const amounts = orderAmounts(data.lines);
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== "brouillon") throw new OrderStateError(ORDER_MESSAGES.notDraft);
    if (order.revision !== revision) throw new OrderStateError(ORDER_MESSAGES.stale);
    await checkReferences(tx, data);
    await tx
      .update(purchaseOrders)
      .set({ ...orderColumns(data, amounts), revision: order.revision + 1, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
    await writeLines(tx, id, data, amounts.lineTotals);
    await recordActivity(tx, {
      subjectType: "bon_commande",
      subjectId: id,
      kind: "updated",
      summary: `Brouillon modifié (${formatCents(amounts.totalHtCents)} HT)`,
      actor,
    });
  });
}

// ─── Sending ─────────────────────────────────────────────────────────────────────────

export type SendOrderDeps = { storage: FileStorage; identity: DocumentIdentity; now?: Date };

/** Where the goods go, as printed: the site's address, or the company's (the depot). */
export function deliveryAddressOf(
  place: PurchaseOrderRow["deliveryPlace"],
  site: OrderDetail["site"],
  identity: Pick<DocumentIdentity, "tradeName" | "addressLines">,
): string {
  if (place === "chantier" && site) {
    const town = [site.postcode, site.city].filter(Boolean).join(" ");
    return [`Chantier ${site.number} — ${site.title}`, site.street, town].filter(Boolean).join("\n");
  }
  return [`${identity.tradeName} (dépôt)`, ...identity.addressLines].filter(Boolean).join("\n");
}

/** The PDF of an order as it stands (a draft's preview when `number` is null). */
export function renderOrder(
  detail: OrderDetail,
  identity: DocumentIdentity,
  number: string | null,
  now: Date,
  deliveryAddress?: string,
) {
  const amounts = orderAmounts(
    detail.lines.map((line) => ({
      reference: line.reference,
      designation: line.designation,
      unit: line.unit,
      quantity: line.quantityMilli,
      unitPrice: line.unitPriceHtCents,
      vatCode: line.vatCode,
    })),
  );
  return renderOrderPdf({
    identity,
    number,
    date: parisDay(detail.order.sentAt ?? now),
    creationDate: now,
    supplier: detail.supplier,
    deliveryAddress:
      deliveryAddress ??
      (detail.order.deliveryAddress || deliveryAddressOf(detail.order.deliveryPlace, detail.site, identity)),
    wantedOn: detail.order.wantedOn,
    site: detail.site ? { number: detail.site.number, title: detail.site.title } : null,
    lot: detail.lot?.title ?? null,
    notes: detail.order.notes,
    lines: detail.lines,
    totals: {
      byRate: amounts.byRate,
      totalHt: amounts.totalHtCents,
      totalVat: amounts.totalVatCents,
      totalTtc: amounts.totalTtcCents,
    },
  });
}

function orderMail(input: {
  to: string;
  number: string;
  supplierName: string;
  wantedOn: string | null;
  deliveryAddress: string;
  totalHt: Cents;
  identity: DocumentIdentity;
  pdfStorageKey: string;
}) {
  const { text, html } = renderEmail({
    title: `Bon de commande ${input.number}`,
    blocks: [
      heading(`Bon de commande ${input.number}`),
      paragraph("Bonjour,"),
      paragraph(
        `Veuillez trouver ci-joint notre bon de commande ${input.number}, d'un montant de ${formatCents(input.totalHt)} HT.`,
      ),
      paragraph(
        `Livraison : ${input.deliveryAddress.replace(/\n/g, ", ")}${input.wantedOn ? `, souhaitée le ${formatDate(input.wantedOn)}` : ""}.`,
      ),
      paragraph(
        "Merci de rappeler ce numéro sur le bon de livraison et sur la facture, et de nous confirmer la date de livraison en répondant à ce message.",
        { tone: "muted" },
      ),
      paragraph(input.identity.tradeName),
    ],
  });
  return {
    kind: "purchase_order.sent",
    to: input.to,
    replyTo: input.identity.email,
    subject: `Bon de commande ${input.number} — ${input.identity.tradeName}`,
    text,
    html,
    attachments: [
      {
        filename: `bon-de-commande-${input.number.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        storageKey: input.pdfStorageKey,
      },
    ],
  };
}

/**
 * « Envoyer au fournisseur »: the number BC-YYYY-NNNN, the delivery address frozen, the PDF
 * rendered and stored, the e-mail with it queued, in one transaction. Refused, nothing
 * changed, when the order is not a draft or the supplier has no e-mail.
 */
export async function sendOrder(
  db: Database,
  deps: SendOrderDeps,
  actor: VigilanceActor,
  id: string,
  { overrideReason = null }: { overrideReason?: string | null } = {},
): Promise<{ number: string; to: string; overridden: boolean }> {
  const now = deps.now ?? new Date();
  const who = { id: actor.id, email: actor.email };
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== "brouillon") throw new OrderStateError(ORDER_MESSAGES.notDraft);
    const detail = await getOrder(tx, id);
    if (!detail.supplier.email) throw new OrderFieldError("supplier", ORDER_MESSAGES.noEmail);
    if (detail.supplier.archivedAt) throw new OrderFieldError("supplierId", ORDER_MESSAGES.supplier);
    if (detail.lines.length === 0) throw new OrderFieldError("lines", ORDER_MESSAGES.noLine);
    // The duty of vigilance: a subcontractor's missing or expired attestation stops the order,
    // unless the owner passes it with a written reason (used here, once, with the number).
    const today = parisDay(now);
    const stop = await vigilanceGate(tx, actor, order.supplierId, "order", {
      today,
      addedHtCents: order.totalHtCents,
      overrideReason,
    });
    if (stop !== null) throw new VigilanceStopError(stop);
    const deliveryAddress = deliveryAddressOf(order.deliveryPlace, detail.site, deps.identity);
    const { number, year } = await takeNextNumber(tx, "bon_commande", now);
    const overridden = await useVigilanceOverride(tx, order.supplierId, "order", number, today);
    const sent = { ...detail, order: { ...order, sentAt: now, deliveryAddress } };
    const pdf = await renderOrder(sent, deps.identity, number, now, deliveryAddress);
    const stored = await storeRenderedPdf(
      deps.storage,
      documentStorageKey("bon_commande", year, number),
      pdf,
    );
    await tx
      .update(purchaseOrders)
      .set({
        number,
        status: "envoye",
        sentAt: now,
        deliveryAddress,
        pdfStorageKey: stored.key,
        pdfSha256: stored.sha256,
        revision: order.revision + 1,
        updatedAt: now,
      })
      .where(eq(purchaseOrders.id, id));
    await enqueueMail(
      tx,
      orderMail({
        to: detail.supplier.email,
        number,
        supplierName: detail.supplier.legalName,
        wantedOn: order.wantedOn,
        deliveryAddress,
        totalHt: order.totalHtCents,
        identity: deps.identity,
        pdfStorageKey: stored.key,
      }),
    );
    await recordActivity(tx, {
      subjectType: "bon_commande",
      subjectId: id,
      kind: "sent",
      summary: `Commande ${number} envoyée à ${detail.supplier.email}`,
      data: { number, sha256: stored.sha256 },
      actor: who,
    });
    await recordActivity(tx, {
      subjectType: "fournisseur",
      subjectId: order.supplierId,
      kind: "order_sent",
      summary: `Commande ${number} envoyée (${formatCents(order.totalHtCents)} HT)`,
      data: { orderId: id, number },
      actor: who,
    });
    return { number, to: detail.supplier.email, overridden };
  });
}

/** « Annuler »: a draft or a sent order not delivered yet in full. */
export async function cancelOrder(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ number: string | null }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status === "annule") throw new OrderStateError(ORDER_MESSAGES.alreadyCancelled);
    if (order.status === "livre") throw new OrderStateError(ORDER_MESSAGES.delivered);
    const now = new Date();
    await tx
      .update(purchaseOrders)
      .set({ status: "annule", cancelledAt: now, revision: order.revision + 1, updatedAt: now })
      .where(eq(purchaseOrders.id, id));
    await recordActivity(tx, {
      subjectType: "bon_commande",
      subjectId: id,
      kind: "cancelled",
      summary: order.number ? `Commande ${order.number} annulée` : "Brouillon annulé",
      actor,
    });
    return { number: order.number };
  });
}

// ─── Deliveries ──────────────────────────────────────────────────────────────────────

export type DeliveryInput = {
  receivedOn: string;
  note: string;
  /** Quantity received per line id (lines not named: nothing received). */
  quantities: Map<string, Milli>;
  photo: { storageKey: string; contentType: string } | null;
};

/** The status the received quantities give a sent order. */
export function deliveryStatus(
  lines: readonly { quantityMilli: Milli; receivedMilli: Milli }[],
): PurchaseOrderStatus {
  if (lines.every((line) => line.receivedMilli >= line.quantityMilli)) return "livre";
  if (lines.some((line) => line.receivedMilli > 0)) return "livre_partiellement";
  return "envoye";
}

/**
 * « Réceptionner »: the quantities received per line, the day, the delivery note's photo.
 * A quantity beyond what remains to come on its line is refused (the supplier's extra
 * goods are not the company's order); at least one line must receive something.
 */
export async function receiveDelivery(
  db: Database,
  actor: Actor,
  id: string,
  input: DeliveryInput,
): Promise<{ status: PurchaseOrderStatus }> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== "envoye" && order.status !== "livre_partiellement") {
      throw new OrderStateError(ORDER_MESSAGES.notOpen);
    }
    const detail = await getOrder(tx, id);
    const received: { lineId: string; quantityMilli: Milli }[] = [];
    for (const [lineId, quantity] of input.quantities) {
      const line = detail.lines.find((candidate) => candidate.id === lineId);
      if (!line) throw new OrderFieldError(`received.${lineId}`, ORDER_MESSAGES.notFound);
      if (quantity < 0) throw new OrderFieldError(`received.${lineId}`, ORDER_MESSAGES.negativeReceipt);
      if (quantity > line.remainingMilli) {
        throw new OrderFieldError(
          `received.${lineId}`,
          ORDER_MESSAGES.overReceipt(
            line.designation,
            `${formatQuantity(line.remainingMilli)}${line.unit ? ` ${line.unit}` : ""}`,
          ),
        );
      }
      if (quantity > 0) received.push({ lineId, quantityMilli: quantity });
    }
    if (received.length === 0) throw new OrderFieldError("received", ORDER_MESSAGES.nothingReceived);
    const [delivery] = await tx
      .insert(purchaseDeliveries)
      .values({
        orderId: id,
        receivedOn: input.receivedOn,
        note: input.note,
        photoStorageKey: input.photo?.storageKey ?? null,
        photoContentType: input.photo?.contentType ?? null,
        createdBy: actor.id,
      })
      .returning({ id: purchaseDeliveries.id });
    if (!delivery) throw new Error("Livraison non enregistrée.");
    await tx
      .insert(purchaseDeliveryLines)
      .values(received.map((row) => ({ ...row, deliveryId: delivery.id })));
    const status = deliveryStatus(
      detail.lines.map((line) => ({
        quantityMilli: line.quantityMilli,
        receivedMilli:
          line.receivedMilli + (received.find((row) => row.lineId === line.id)?.quantityMilli ?? 0),
      })),
    );
    await tx
      .update(purchaseOrders)
      .set({ status, revision: order.revision + 1, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
    await recordActivity(tx, {
      subjectType: "bon_commande",
      subjectId: id,
      kind: "delivery",
      summary: `Livraison du ${formatDate(input.receivedOn)} réceptionnée${status === "livre" ? " : commande livrée" : ""}`,
      data: { deliveryId: delivery.id, status },
      actor,
    });
    return { status };
  });
}

// ─── Committed cost ──────────────────────────────────────────────────────────────────

export type OrderCommitments = {
  /** HT of the sent orders (not cancelled), the whole site. */
  totalHtCents: Cents;
  /** Per lot; `lotId` null for the orders of the whole site. */
  byLot: { lotId: string | null; htCents: Cents }[];
};

/** Pure: the orders' HT summed per lot, the drafts and cancelled ones left out. */
export function commitmentsOf(
  orders: readonly { lotId: string | null; status: PurchaseOrderStatus; totalHtCents: Cents }[],
): OrderCommitments {
  const byLot = new Map<string | null, Cents>();
  let total = 0;
  for (const order of orders) {
    if (!COMMITTED_STATUSES.includes(order.status)) continue;
    byLot.set(order.lotId, (byLot.get(order.lotId) ?? 0) + order.totalHtCents);
    total += order.totalHtCents;
  }
  return { totalHtCents: total, byLot: [...byLot].map(([lotId, htCents]) => ({ lotId, htCents })) };
}

/**
 * What the sent orders commit on a job site, per lot: for each order sent, partially or
 * fully delivered, its HT minus the HT of the supplier invoices linked to it (never below
 * zero; nothing once delivered and invoiced in full). Drafts and cancelled orders count
 * nothing. What is invoiced counts as « spent » through the invoices' allocation instead.
 */
export async function orderCommitments(db: DbExecutor, jobSiteId: string): Promise<OrderCommitments> {
  if (!isUuid(jobSiteId)) return { totalHtCents: 0, byLot: [] };
  const rows = await db
    .select({
      id: purchaseOrders.id,
      lotId: purchaseOrders.lotId,
      status: purchaseOrders.status,
      totalHtCents: purchaseOrders.totalHtCents,
    })
    .from(purchaseOrders)
    .where(
      and(eq(purchaseOrders.jobSiteId, jobSiteId), inArray(purchaseOrders.status, [...COMMITTED_STATUSES])),
    );
  const invoicing = await orderInvoicing(
    db,
    rows.map((row) => row.id),
  );
  return commitmentsOf(
    rows.map((row) => {
      const linked = invoicing.get(row.id);
      const invoiced = invoicedMilliByOrderLine(linked?.orderLines ?? [], linked?.invoices ?? []);
      const fullyInvoiced = (linked?.orderLines ?? []).every(
        (line) => (invoiced.get(line.id) ?? 0) >= line.quantityMilli,
      );
      return {
        lotId: row.lotId,
        status: row.status,
        totalHtCents: orderStillCommitted({
          status: row.status,
          totalHtCents: row.totalHtCents,
          invoices: linked?.invoices ?? [],
          fullyInvoiced,
        }),
      };
    }),
  );
}
