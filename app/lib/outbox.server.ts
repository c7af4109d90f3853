import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/client.server.ts";
import { type OutboxMailPayload, outboxMessages } from "#app/db/schema/outbox.ts";
import { type MailAttachment, type Mailer, mailDomain } from "./mailer.server.ts";
import type { FileStorage } from "./storage.server.ts";

/**
 * The outbox: e-mails are written in the same transaction as the business row that
 * causes them (a quote request, an order), then sent by a worker that retries for
 * at least 24 hours. A message is never lost because SMTP was down, and never sent
 * by two instances at once (rows are claimed with FOR UPDATE SKIP LOCKED).
 *
 * Usage, from any server module:
 *
 *   await db.transaction(async (tx) => {
 *     const order = await tx.insert(...)...;
 *     await enqueueMail(tx, { kind: "order.confirmation", to, subject, text, html });
 *   });
 *   services.outbox.wake(); // after the commit: send now rather than at the next poll
 */

/** A Drizzle transaction, as handed to the callback of `db.transaction`. */
export type DbTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbExecutor = Database | DbTransaction;

/** An e-mail to send; attachments are storage keys, read when the message is sent. */
export type OutboxMail = OutboxMailPayload;
export type OutboxMessageInput = OutboxMail & {
  /** What the message is, for logs: 'quote.notification', 'order.confirmation', ... */
  kind: string;
};

/** Adds a message to the outbox, inside the caller's transaction. Returns its id. */
export async function enqueueMail(tx: DbExecutor, message: OutboxMessageInput): Promise<string> {
  const [id] = await enqueueMails(tx, [message]);
  if (!id) throw new Error("Message non enregistré dans la file d'envoi.");
  return id;
}

/** Adds several messages in one statement, inside the caller's transaction. Returns their ids. */
export async function enqueueMails(tx: DbExecutor, messages: OutboxMessageInput[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outboxMessages)
    .values(messages.map(({ kind, ...payload }) => ({ kind, payload })))
    .returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}

/** Tells the workers of this process that messages are waiting (call it after the commit). */
export type OutboxSignal = { wake: () => void; onWake: (listener: () => void) => () => void };

export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    wake() {
      for (const listener of listeners) listener();
    },
    onWake(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Delays between attempts: growing, then every 4 hours. */
export const RETRY_DELAYS_MS = [
  30_000,
  60_000,
  2 * 60_000,
  5 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
] as const;
/** A message still failing this long after it was written is marked `failed`. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How long a worker holds a claimed message; a crashed worker's messages come back after it. */
export const LEASE_MS = 10 * 60_000;

/** The delay before the next attempt, after `attempts` failed attempts (1 or more). */
export function retryDelay(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? 4 * 60 * 60_000;
}

/** After a failed attempt: the next attempt's time, or null when the message is to be given up. */
export function nextAttemptAfterFailure(createdAt: Date, attempts: number, now: Date): Date | null {
  if (now.getTime() - createdAt.getTime() >= GIVE_UP_AFTER_MS) return null;
  return new Date(now.getTime() + retryDelay(attempts));
}

export type OutboxDeps = {
  db: Database;
  logger: Logger;
  storage: FileStorage;
  mailer: Mailer;
  env: { MAIL_FROM: string };
};

export type DeliveryReport = { claimed: number; sent: number; retried: number; failed: number };

/**
 * Claims the messages that are due and sends them. Tests call it directly with a
 * chosen `now`; the worker calls it in a loop.
 */
export async function deliverDueMail(
  deps: OutboxDeps,
  {
    now = new Date(),
    batchSize = 20,
    concurrency = 5,
  }: { now?: Date; batchSize?: number; concurrency?: number } = {},
): Promise<DeliveryReport> {
  const { db } = deps;
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lte(outboxMessages.nextAttemptAt, now),
        or(isNull(outboxMessages.lockedUntil), lte(outboxMessages.lockedUntil, now)),
      ),
    )
    .orderBy(outboxMessages.nextAttemptAt, outboxMessages.createdAt)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({
      lockedUntil: new Date(now.getTime() + LEASE_MS),
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();

  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  for (let start = 0; start < claimed.length; start += concurrency) {
    const chunk = claimed.slice(start, start + concurrency);
    const outcomes = await Promise.all(chunk.map((message) => deliverOne(deps, message, now)));
    // Sent messages are marked in one statement: one write per chunk, not per message.
    const sentIds = chunk.filter((_, index) => outcomes[index] === "sent").map((message) => message.id);
    if (sentIds.length > 0) {
      await db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(inArray(outboxMessages.id, sentIds));
    }
    for (const outcome of outcomes) report[outcome] += 1;
  }
  return report;
}

type OutboxRow = typeof outboxMessages.$inferSelect;

/** Sends one message; a failure is recorded here (retry or give up), a success by the caller. */
async function deliverOne(
  deps: OutboxDeps,
  message: OutboxRow,
  now: Date,
): Promise<"sent" | "retried" | "failed"> {
  const { db, logger, mailer, storage, env } = deps;
  try {
    const payload = message.payload;
    const attachments: MailAttachment[] = [];
    for (const attachment of payload.attachments ?? []) {
      attachments.push({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: await storage.get(attachment.storageKey),
      });
    }
    await mailer.send({
      to: payload.to,
      replyTo: payload.replyTo,
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
      attachments,
      messageId: `<${message.id}@${mailDomain(env.MAIL_FROM)}>`,
    });
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const next = nextAttemptAfterFailure(message.createdAt, message.attempts, now);
    if (next) {
      await db
        .update(outboxMessages)
        .set({ nextAttemptAt: next, lockedUntil: null, lastError: reason.slice(0, 1000) })
        .where(eq(outboxMessages.id, message.id));
      logger.warn(
        {
          outboxId: message.id,
          kind: message.kind,
          attempts: message.attempts,
          nextAttemptAt: next,
          err: error,
        },
        "e-mail non envoyé, nouvel essai prévu",
      );
      return "retried";
    }
    await db
      .update(outboxMessages)
      .set({ status: "failed", lockedUntil: null, lastError: reason.slice(0, 1000) })
      .where(eq(outboxMessages.id, message.id));
    logger.error(
      {
        outboxId: message.id,
        kind: message.kind,
        attempts: message.attempts,
        to: message.payload.to,
        err: error,
      },
      "e-mail abandonné après 24 heures d'essais",
    );
    return "failed";
  }
}

export type OutboxWorker = {
  /** Finishes the messages in hand, then stops; call it before closing the database. */
  stop: () => Promise<void>;
};

export type OutboxWorkerOptions = {
  pollMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** After a wake-up, wait this long so that a burst of requests is sent as one batch. */
  coalesceMs?: number;
};

/**
 * Sends due messages as soon as `services.outbox.wake()` is called, and polls every
 * `pollMs` for retries and for messages written by other instances.
 */
export function startOutboxWorker(
  services: OutboxDeps & { outbox: OutboxSignal },
  { pollMs = 5_000, batchSize = 50, concurrency = 5, coalesceMs = 100 }: OutboxWorkerOptions = {},
): OutboxWorker {
  const { logger } = services;
  let stopped = false;
  let woken = false;
  let wakeable = false;
  let release: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const pause = (ms: number, interruptible: boolean) =>
    new Promise<void>((resolve) => {
      wakeable = interruptible;
      release = () => {
        clearTimeout(timer);
        release = undefined;
        resolve();
      };
      timer = setTimeout(release, ms);
    });

  const unsubscribe = services.outbox.onWake(() => {
    woken = true;
    if (wakeable) release?.();
  });

  const loop = async () => {
    while (!stopped) {
      woken = false;
      let claimed = 0;
      try {
        claimed = (await deliverDueMail(services, { batchSize, concurrency })).claimed;
      } catch (error) {
        logger.error({ err: error }, "file d'envoi des e-mails : lecture impossible");
      }
      if (stopped) break;
      if (claimed > 0) continue;
      if (!woken) await pause(pollMs, true);
      // Woken by a commit: let the other requests of a burst commit too, then send them together.
      if (!stopped && woken) await pause(coalesceMs, false);
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      release?.();
      await running;
      unsubscribe();
    },
  };
}
