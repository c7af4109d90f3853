import { invalid, refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { Refusal } from "#app/components/forms/refusal.ts";
import type { Database } from "#app/db/client.server.ts";
import { newStorageKey } from "#app/lib/file-storage.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { type Milli, parseQuantity } from "#app/lib/money.ts";
import { readPaperScan, type ScanType } from "#app/lib/paper-scan.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { z } from "#app/lib/zod.ts";
import {
  compactOrderValues,
  DeliverySchema,
  ORDER_INTENTS,
  ORDER_MESSAGES,
  OrderSchema,
  orderInput,
  orderPath,
} from "./order-schema.ts";
import {
  cancelOrder,
  createOrder,
  getOrder,
  OrderFieldError,
  OrderNotFoundError,
  OrderStateError,
  receiveDelivery,
  sendOrder,
  updateOrder,
} from "./orders.server.ts";
import type { Actor } from "./suppliers.server.ts";
import { checkVigilance, readOverride } from "./vigilance.server.ts";
import { overrideRefusal, vigilanceRefusal } from "./vigilance-refusal.server.ts";

/*
 * The posts of the purchase orders: the form (new or a draft's edit; « Plus de lignes »
 * gives the form back with more blank rows, for a browser without JavaScript), and the
 * order page's « Envoyer au fournisseur », « Annuler » and « Réceptionner ». Every refusal
 * is a French message (400 for the form, 404, 409 for a status that does not allow it).
 */

export type OrderActionContext = {
  request: Request;
  db: Database;
  storage: FileStorage;
  /** Who acts; their role says whether they may pass a vigilance stop (the owner only). */
  actor: Actor & { role?: string };
  /** The company's identity for the PDF (settings), read only when an order is sent. */
  identity: () => Promise<DocumentIdentity>;
};

function orderRefusal(error: unknown, intent: string, values?: Record<string, string>) {
  if (error instanceof OrderFieldError) {
    return refusedAt(400, intent, error, values);
  }
  if (error instanceof OrderNotFoundError) return refused(404, { intent, message: error.message });
  if (error instanceof OrderStateError) return refused(409, { intent, message: error.message, values });
  return null;
}

const EditSchema = z.object({ revision: z.coerce.number().int().positive() });

/** « Nouvelle commande » (`orderId` null) or « Modifier » a draft: the redirect to the order, or the refusal. */
export async function answerOrderForm(context: OrderActionContext, orderId: string | null, form: FormData) {
  const { request, db, actor } = context;
  const { intent = "", revision: _revision, ...posted } = formValues(form);
  const values = compactOrderValues(posted);
  if (intent === ORDER_INTENTS.moreRows) {
    // Not a refusal: the same form again with what was typed, and more blank rows.
    const again: Refusal<{ moreRows: boolean }> = { ok: false, intent, message: "", values, moreRows: true };
    return again;
  }
  const expected = orderId === null ? ORDER_INTENTS.create : ORDER_INTENTS.edit;
  if (intent !== expected) return refused(400, { message: "Action inconnue." });
  const parsed = OrderSchema.safeParse(orderInput(posted));
  if (!parsed.success) return invalid(intent, parsed, { values });
  try {
    let id = orderId;
    if (id === null) {
      id = (await createOrder(db, actor, parsed.data)).id;
    } else {
      const edit = EditSchema.safeParse({ revision: form.get("revision") });
      if (!edit.success) return refused(400, { intent, message: "Action inconnue.", values });
      await updateOrder(db, actor, id, edit.data.revision, parsed.data);
    }
    return redirectWithFlash(request, orderPath(id), {
      tone: "success",
      message: orderId === null ? "Commande enregistrée en brouillon." : "Brouillon de commande enregistré.",
    });
  } catch (error) {
    const refusal = orderRefusal(error, intent, values);
    if (refusal) return refusal;
    throw error;
  }
}

const PagePostSchema = z.object({
  intent: z.enum([ORDER_INTENTS.send, ORDER_INTENTS.cancel, ORDER_INTENTS.receive], {
    error: "Action inconnue.",
  }),
});

const PHOTO_EXTENSIONS: Record<ScanType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** A post of an order's page: send it, cancel it, or receive a delivery. */
export async function answerOrderPost(context: OrderActionContext, orderId: string, form: FormData) {
  const { request, db, storage, actor } = context;
  const { photo: _photo, ...values } = formValues(form);
  const parsed = PagePostSchema.safeParse(values);
  if (!parsed.success) return refused(400, { message: "Action inconnue." });
  const { intent } = parsed.data;
  try {
    if (intent === ORDER_INTENTS.send) {
      const override = readOverride(form, actor.role);
      if (!override.ok) return await orderVigilanceRefusal(context, orderId, override, values);
      const { number, to, overridden } = await sendOrder(
        db,
        { storage, identity: await context.identity() },
        actor,
        orderId,
        { overrideReason: override.reason },
      );
      return redirectWithFlash(request, orderPath(orderId), {
        tone: "success",
        message: overridden
          ? `Commande ${number} envoyée à ${to} : la raison de passer outre est gardée dans l'historique du sous-traitant.`
          : `Commande ${number} envoyée à ${to}.`,
      });
    }
    if (intent === ORDER_INTENTS.cancel) {
      const { number } = await cancelOrder(db, actor, orderId);
      return redirectWithFlash(request, orderPath(orderId), {
        tone: "success",
        message: number ? `Commande ${number} annulée.` : "Brouillon de commande annulé.",
      });
    }
    return await answerDelivery(context, orderId, form, values);
  } catch (error) {
    if (intent === ORDER_INTENTS.send) {
      const stopped = vigilanceRefusal(error, intent, actor.role, values);
      if (stopped) return stopped;
    }
    const refusal = orderRefusal(error, intent, intent === ORDER_INTENTS.receive ? values : undefined);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * « Passer outre » refused before anything is tried (the staff: 403; a reason too short:
 * 400), with the stop's reason read again so that the page shows it with the form.
 */
async function orderVigilanceRefusal(
  context: OrderActionContext,
  orderId: string,
  problem: { status: 400 | 403; message: string; field?: string },
  values: Record<string, string>,
) {
  const found = await getOrder(context.db, orderId).catch(() => null);
  const stop = found
    ? await checkVigilance(context.db, found.order.supplierId, "order", parisDay(), found.order.totalHtCents)
    : null;
  return overrideRefusal(problem, ORDER_INTENTS.send, stop, context.actor.role, values);
}

async function answerDelivery(
  context: OrderActionContext,
  orderId: string,
  form: FormData,
  values: Record<string, string>,
) {
  const { request, db, storage, actor } = context;
  const intent = ORDER_INTENTS.receive;
  const parsed = DeliverySchema.safeParse(values);
  if (!parsed.success) return invalid(intent, parsed, { values });
  const quantities = new Map<string, Milli>();
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, text] of Object.entries(values)) {
    if (!key.startsWith("received.") || text.trim() === "") continue;
    const quantity = parseQuantity(text);
    if (!quantity.ok) fieldErrors[key] = [quantity.message];
    else if (quantity.milli < 0) fieldErrors[key] = [ORDER_MESSAGES.negativeReceipt];
    else quantities.set(key.slice("received.".length), quantity.milli);
  }
  const [firstField, firstMessages] = Object.entries(fieldErrors)[0] ?? [];
  if (firstField && firstMessages?.[0]) {
    return refused(400, { intent, message: firstMessages[0], field: firstField, fieldErrors, values });
  }
  if (![...quantities.values()].some((quantity) => quantity > 0)) {
    return refused(400, {
      intent,
      message: ORDER_MESSAGES.nothingReceived,
      field: "received",
      fieldErrors: { received: [ORDER_MESSAGES.nothingReceived] },
      values,
    });
  }
  let photo: { storageKey: string; contentType: string } | null = null;
  const file = form.get("photo");
  if (file instanceof File && file.size > 0) {
    const scan = await readPaperScan(file, "du bon de livraison");
    if (!scan.ok) {
      return refused(scan.status, {
        intent,
        message: scan.message,
        field: "photo",
        fieldErrors: { photo: scan.fieldErrors.scan },
        values,
      });
    }
    photo = {
      storageKey: newStorageKey("achats/livraisons", PHOTO_EXTENSIONS[scan.type]),
      contentType: scan.type,
    };
    await storage.put(photo.storageKey, scan.bytes, scan.type);
  }
  try {
    const { status } = await receiveDelivery(db, actor, orderId, {
      receivedOn: parsed.data.receivedOn,
      note: parsed.data.note,
      quantities,
      photo,
    });
    return redirectWithFlash(request, orderPath(orderId), {
      tone: "success",
      message:
        status === "livre"
          ? "Livraison réceptionnée : la commande est entièrement livrée."
          : "Livraison réceptionnée : le reste de la commande est attendu.",
    });
  } catch (error) {
    // The delivery was refused: its photo goes too, nothing stays stored.
    if (photo) await storage.delete(photo.storageKey).catch(() => undefined);
    throw error;
  }
}
